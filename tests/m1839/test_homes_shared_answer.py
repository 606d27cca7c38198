"""R-7.5.5: ``can_reserve_two`` judges every company with nothing on the board as one
(``homes.ABSENT``), so the unstarted Locals share one answer per board revision.  At every
position of seeded playouts the memoised answer must equal the plain search for the company
itself on a copy of the board with nothing memoised."""

from __future__ import annotations

from typing import Any

from railhouse.bench.positions import playout
from railhouse.engine.actions import LegalAction
from railhouse_m1839.homes import _two_open, can_reserve_two
from railhouse_m1839.stations import sync_reservations


def _plain(game: Any, company: str) -> bool:
    board = sync_reservations(game).clone()
    board.cache = {}  # nothing memoised: places_for and the pair search start afresh
    return _two_open(game, board, company)


def test_R_7_5_5_shared_answer_equals_the_plain_search_at_every_position() -> None:
    checked = {"shared": 0, "own": 0}

    def visit(game: Any, legal: list[LegalAction]) -> None:
        board = sync_reservations(game)
        on_board = ({o for tokens in board.tokens.values() for o in tokens}
                    | {r.company for r in board.reservations})
        for company in game.companies.values():
            if company.spec.kind != "local" or company.closed:
                continue
            assert can_reserve_two(game, company.id) == _plain(game, company.id), (
                f"action {len(game.actions)}, {company.id}")
            checked["own" if company.id in on_board else "shared"] += 1

    for seed in (1000, 1001):
        playout("1839", 4, seed, visit=visit)
    assert checked["shared"] > 500 and checked["own"] > 500, checked
