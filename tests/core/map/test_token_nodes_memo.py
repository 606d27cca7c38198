"""Each operator's last ``token_nodes`` answer, given again while the token revision and
the graph's city table are the same (:func:`railhouse.map.graph.token_nodes`), against
the answer found from the tokens at every position of seeded random games."""

from __future__ import annotations

from typing import Any

import pytest
from minimap import mini_map

from railhouse.bench.positions import playout
from railhouse.map import Board, Operator
from railhouse.map.graph import TOKEN_NODES_LAST, _token_nodes, city_table, token_nodes
from railhouse.map.network import network_graph


def _kept(board: Board, g: Any, op: Operator) -> bool:
    """Whether ``token_nodes`` would give its kept answer (same revision and table)."""
    last = board.cache.get((TOKEN_NODES_LAST, op.company, op.non_blocking))
    return last is not None and last[0] == board.token_version and last[1] is city_table(g)


@pytest.mark.parametrize(("title", "seed"), [("soh", 1001), ("1839", 1002)])
def test_the_kept_answer_is_the_one_found_from_the_tokens(title: str, seed: int) -> None:
    given = 0

    def visit(game: Any, legal: list[Any]) -> None:
        nonlocal given
        board = game.board
        for company in game.companies.values():
            op = game.route_operator(company)
            g = network_graph(board, op.released)
            given += _kept(board, g, op)
            assert token_nodes(board, g, op) == _token_nodes(board, city_table(g), op)

    playout(title, 4, seed, visit=visit)
    assert given > 200


def test_a_lay_without_a_city_keeps_the_table_and_one_with_a_city_does_not() -> None:
    board = Board(mini_map())
    board.lay_tile("D3", "57", 1)
    board.place_token("D3", 0, "A")
    op = Operator("A")
    table = city_table(network_graph(board))
    first = token_nodes(board, network_graph(board), op)
    board.lay_tile("D11", "9", 0)  # plain track: the same table, the same answer
    assert city_table(network_graph(board)) is table
    assert token_nodes(board, network_graph(board), op) is first
    board.lay_tile("D3", "15", 1)  # the city upgraded: a new node, a new table
    g = network_graph(board)
    assert city_table(g) is not table
    assert token_nodes(board, g, op) == ([g.index["D3.c0"]], [])
    board.place_token("D3", 0, "B")  # a new token revision: found again
    assert token_nodes(board, g, Operator("B")) == ([g.index["D3.c0"]], [])
