"""Legal token placements are memoised per board revision (``map.tokens``): at every
position of seeded random games of both titles the memoised answer is the one found on
a copy of the board with nothing cached, for every company with a token."""

from __future__ import annotations

from typing import Any

import pytest

from railhouse.bench.positions import playout
from railhouse.map import Board
from railhouse.map.tokens import TokenOptions, legal_token_placements

OPTIONS = (TokenOptions(), TokenOptions(cost=40, one_per="hex"),
           TokenOptions(one_per="hex", replaceable=frozenset({"NS"})))


def _fresh(board: Board) -> Board:
    fresh = board.clone()
    fresh.cache.clear()
    return fresh


@pytest.mark.parametrize(("title", "seed"), [("soh", 1002), ("1839", 1003)])
def test_memoised_placements_equal_a_fresh_listing(title: str, seed: int) -> None:
    checked = [0]

    def visit(game: Any, legal: list[Any]) -> None:
        board = game.board
        for company in game.companies.values():
            if not board.company_cities(company.id):
                continue
            op = game.route_operator(company)
            for opts in OPTIONS:
                memoised = legal_token_placements(board, op, opts)
                assert legal_token_placements(board, op, opts) is memoised
                assert memoised == legal_token_placements(_fresh(board), op, opts)
                checked[0] += 1

    playout(title, 4, seed, visit=visit)
    assert checked[0] > 100


def test_a_clone_lists_its_own_placements_after_it_changes() -> None:
    """A clone shares the board's memo until either changes: a token placed on the
    clone leaves the original's memoised list as it was and gives the clone its own."""
    found: list[tuple[Board, Any, Any]] = []

    def visit(game: Any, legal: list[Any]) -> None:
        if found:
            return
        board = game.board
        for company in game.companies.values():
            if board.company_cities(company.id):
                op = game.route_operator(company)
                if legal_token_placements(board, op, TokenOptions()):
                    found.append((board.clone(), company.id, op))
                    return

    playout("soh", 4, 1004, visit=visit)
    board, company, op = found[0]
    before = legal_token_placements(board, op, TokenOptions())
    other = board.clone()
    spot = before[0]
    other.place_token(spot.hex, spot.city, company)
    after = legal_token_placements(other, op, TokenOptions())
    assert spot not in after
    assert after == legal_token_placements(_fresh(other), op, TokenOptions())
    assert legal_token_placements(board, op, TokenOptions()) is before
    assert before == legal_token_placements(_fresh(board), op, TokenOptions())
