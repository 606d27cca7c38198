"""``openhexes.open_hexes`` (the city hexes where a company could take a circle, memoised
per board revision and judged company, brought up to date from the board's changes) equals
``places_for`` asked hex by hex on a copy of the board with nothing memoised, for every
Local and NRS at every position of seeded playouts and every 37th of others;
and a clone's board change leaves the original's answer alone."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from railhouse.bench.positions import playout
from railhouse.engine.actions import LegalAction
from railhouse.engine.record import new_game
from railhouse_m1839.homes import SORTED_CITY_HEXES
from railhouse_m1839.openhexes import open_hexes
from railhouse_m1839.stations import places_for, sync_reservations


def _plain(game: Any, company: str) -> tuple[str, ...]:
    board = sync_reservations(game).clone()
    board.cache = {}  # nothing memoised: every hex's row is worked out afresh
    return tuple(h for h in SORTED_CITY_HEXES if places_for(board, h, company) > 0)


def _compared(seeds: tuple[int, ...], every: int,
              companies: Callable[[Any], Iterable[str]]) -> int:
    """Play ``seeds``; at every ``every``-th position compare ``open_hexes`` with the plain
    answer for each of ``companies(game)``; return how many answers were compared."""
    checked = 0

    def visit(game: Any, legal: list[LegalAction]) -> None:
        nonlocal checked
        if game.action_count % every:
            return
        board = sync_reservations(game)
        for company in companies(game):
            assert open_hexes(board, company) == _plain(game, company), (
                f"action {game.action_count}, {company!r}")
            checked += 1

    for seed in seeds:
        playout("1839", 4, seed, visit=visit)
    return checked


def _locals_and_nrs(game: Any) -> list[str]:
    return [c.id for c in game.companies.values()
            if not c.closed and (c.spec.kind == "local" or c.id == "NRS")]


def test_open_hexes_equal_the_hex_by_hex_answer_at_every_position() -> None:
    assert _compared((1000, 1001), 1, _locals_and_nrs) > 1000


def test_a_clone_placing_a_marker_leaves_the_original_answer_alone() -> None:
    game = new_game("1839", ["A", "B", "C", "D"], None, 1)
    board = sync_reservations(game)
    before = open_hexes(board, "")
    coord = next(h for h in before if places_for(board, h, "") == 1)
    clone = game.clone()
    cboard = clone.board
    assert open_hexes(cboard, "") == before  # shared until either board changes
    cboard.place_token(coord, 0, "X")  # (an NS marker would leave its place open)
    assert coord not in open_hexes(cboard, "")
    assert open_hexes(board, "") == before
    assert cboard.cache is not board.cache


def test_open_hexes_brought_up_to_date_over_many_changes_equal_the_plain_answer() -> None:
    """Asked only every 37th position, the stored answer is updated over many lays, marker
    moves and reservation changes at once (``openhexes``: only changed hexes asked again)."""
    assert _compared((1002, 1003), 37, lambda game: ("", "NRS", "L1")) > 60


def test_a_clone_and_the_original_update_their_answers_apart() -> None:
    """The stored answer (``Board.cache``) is shared by a clone's board until either brings
    it up to date; each then stores its own, never changing the shared one."""
    game = new_game("1839", ["A", "B", "C", "D"], None, 1)
    board = sync_reservations(game)
    before = open_hexes(board, "")
    singles = [h for h in before if places_for(board, h, "") == 1]
    clone = game.clone()
    clone.board.place_token(singles[0], 0, "X")
    board.place_token(singles[1], 0, "Y")
    assert open_hexes(clone.board, "") == _plain(clone, "") != before
    assert open_hexes(board, "") == _plain(game, "") != before
    assert singles[0] in open_hexes(board, "") and singles[1] in open_hexes(clone.board, "")


def test_an_answer_lost_with_the_cache_starts_from_the_bare_map_one() -> None:
    """Where a board's cache has no earlier answer (a new game, a trim of the cache) the
    update starts from the answer found on a bare board of the map (``Map._cache``)."""
    checked = 0

    def visit(game: Any, legal: list[LegalAction]) -> None:
        nonlocal checked
        if game.action_count % 13:
            return
        board = sync_reservations(game)
        board.cache.clear()  # as a trim would: no earlier answer, no memo of this revision
        for company in ("", *_locals_and_nrs(game)):
            assert ("1839 open hexes known", "") in board.map._cache
            assert open_hexes(board, company) == _plain(game, company), (
                f"action {game.action_count}, {company!r}")
            checked += 1

    open_hexes(sync_reservations(new_game("1839", ["A", "B", "C", "D"], None, 3)), "")
    for seed in (1002, 1003):
        playout("1839", 4, seed, visit=visit)
    assert checked > 300, checked
