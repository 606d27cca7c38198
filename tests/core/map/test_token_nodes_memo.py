"""Each operator's last ``token_nodes`` answer is given again while the token revision
and the graph's city table are the same (:func:`railhouse.map.graph.token_nodes`): on a
small map here; at every position of seeded random games of both titles against the
answer found from scratch in ``test_full_cities``."""

from __future__ import annotations

from minimap import mini_map

from railhouse.map import Board, Operator
from railhouse.map.graph import city_table, token_nodes
from railhouse.map.network import network_graph


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
