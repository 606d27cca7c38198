"""``sync_reservations`` skips the comparison when the board's reservations list and the
wanting charters are those it last matched (``stations.MATCHED`` in ``Board.cache``).  At
every position of seeded playouts, after a sync the board's reservations must be what the
companies want, worked out here from the rule itself (an unoperated Major's homes, NRS
only its first; a parred unoperated Local's two homes, R-7.5.5, A-13); and a clone's sync
must not be answered by the original's match, nor change the original (clones played on
from positions of the playouts are checked too)."""

from __future__ import annotations

import random
from typing import Any

from railhouse.bench.positions import choose_playing, playout
from railhouse.engine.actions import LegalAction
from railhouse.engine.record import new_game
from railhouse.map.mapdef import Reservation
from railhouse_m1839.homes import set_homes
from railhouse_m1839.stations import drop_own_reservations, sync_reservations


def _wanted(game: Any) -> list[tuple[str, str, int | None]]:
    out: list[tuple[str, str, int | None]] = []
    for company in game.companies.values():
        if company.closed or company.operated_count > 0:
            continue
        spec = company.spec
        if spec.kind == "major":
            homes = spec.home[:1] if company.id == "NRS" else spec.home
        elif spec.kind == "local" and company.started:
            homes = spec.home
        else:
            continue
        out += [(company.id, h, None) for h in homes]
    return out


def _rows(game: Any) -> list[tuple[str, str, int | None]]:
    return [(r.company, r.hex, r.city) for r in game.board.reservations]


def test_synced_reservations_are_the_wanted_ones_at_every_position() -> None:
    """... of the playouts and of clones played on from them (each with its own board and
    cache, which starts as a copy of the original's)."""
    checked = on_clones = 0

    def check(game: Any) -> None:
        nonlocal checked
        sync_reservations(game)
        assert _rows(game) == _wanted(game), f"action {len(game.actions)}"
        checked += 1

    def visit(game: Any, legal: list[LegalAction]) -> None:
        nonlocal on_clones
        check(game)
        if game.action_count % 29 == 0:  # a clone plays on alone
            twin = game.clone()
            rng = random.Random(game.action_count)
            with twin.looking_ahead_in():
                for _ in range(30):
                    if twin.over:
                        break
                    legal = twin.legal_actions()
                    check(twin)
                    twin.apply(choose_playing(rng, legal))
                    on_clones += 1

    for seed in (1000, 1001):
        playout("1839", 4, seed, visit=visit)
    assert checked > 1000 and on_clones > 500


def test_a_clone_syncs_its_own_board() -> None:
    game = new_game("1839", ["A", "B", "C", "D"], None, 1)
    sync_reservations(game)
    before = _rows(game)
    clone = game.clone()
    major = next(c for c in clone.companies.values()
                 if c.spec.kind == "major" and c.id != "NRS")
    major.operated_count = 1  # it no longer wants its homes reserved
    sync_reservations(clone)
    assert _rows(clone) == _wanted(clone) != before
    sync_reservations(game)
    assert _rows(game) == before == _wanted(game)


def test_each_company_state_the_wanted_homes_read_is_noticed() -> None:
    """Each company state the wanted homes read (operated count, closed and started flags,
    charter) reaches the board when it alone changes, past the sync's shortcut: no playout
    changes ``started`` without the charter, so the playouts alone would not notice."""
    game = new_game("1839", ["A", "B", "C", "D"], None, 1)
    local = game.companies["L1"]
    set_homes(game, "L1", ("E3", "G5"))
    sync_reservations(game)
    assert _rows(game) == _wanted(game)  # not started: nothing reserved for it
    local.started = True
    sync_reservations(game)
    assert ("L1", "E3", None) in _rows(game) and _rows(game) == _wanted(game)
    local.operated_count = 1
    sync_reservations(game)
    assert ("L1", "E3", None) not in _rows(game) and _rows(game) == _wanted(game)
    local.operated_count = 0
    local.closed = True
    sync_reservations(game)
    assert ("L1", "E3", None) not in _rows(game) and _rows(game) == _wanted(game)
    local.closed = False
    set_homes(game, "L1", ("E3", "I3"))
    sync_reservations(game)
    assert ("L1", "I3", None) in _rows(game) and _rows(game) == _wanted(game)


def test_a_local_with_nothing_reserved_leaves_the_board_revision_alone() -> None:
    """A Local's later turns drop no reservation: the board keeps its revision (and all
    memoised for it) instead of moving on as if a reservation had gone."""
    game = new_game("1839", ["A", "B", "C", "D"], None, 1)
    board = game.board
    version = board.token_version
    drop_own_reservations(board, "L1")
    assert board.token_version == version
    board.add_reservation(Reservation("L1", "E3", None))
    version = board.token_version
    drop_own_reservations(board, "L1")
    assert board.token_version == version + 1 and _rows(game) == _wanted(game)
