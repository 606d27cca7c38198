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
    game = playout("soh", 4, 1004)
    board = game.board
    company = next(c for c in game.companies.values() if board.company_cities(c.id))
    op = game.route_operator(company)
    before = legal_token_placements(board, op, TokenOptions())
    other = board.clone()
    spot = next((p for p in before), None)
    if spot is not None:
        other.place_token(spot.hex, spot.city, company.id)
        assert legal_token_placements(other, op, TokenOptions()) == legal_token_placements(
            _fresh(other), op, TokenOptions())
    assert legal_token_placements(board, op, TokenOptions()) is before
