"""``graph.full_cities`` is memoised per board revision and graph (``Board.memo``): the
memo answers a second question, and at every position of a seeded random game its answer
is the one found on a board with nothing cached."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from minimap import mini_map

from railhouse.bench.positions import playout
from railhouse.map import Board, Operator
from railhouse.map.graph import blocked, blocked_cities, city_table, full_cities
from railhouse.map.network import network_graph


def _fresh(board: Board) -> list[tuple[str, tuple[str, ...]]]:
    fresh = board.clone()
    fresh.cache.clear()
    g = network_graph(fresh)
    return [(g.nodes[u].name, owners) for u, owners in full_cities(fresh, g)]


def test_full_cities_are_kept_per_revision_and_found_anew_after_a_token() -> None:
    board = Board(mini_map())
    board.tokens[("D3", 0)] = ["A"]
    board.lay_tile("D3", "57", 1)
    board.lay_tile("D5", "57", 1)
    g = network_graph(board)
    first = full_cities(board, g)
    assert full_cities(board, g) is first  # memoised
    board.place_token("D5", 0, "B")  # D5's one circle is full now
    g = network_graph(board)
    assert [g.nodes[u].name for u, _ in full_cities(board, g)] == ["D3.c0", "D5.c0"]
    assert [g.nodes[u].name for u in blocked_cities(board, g, Operator("A"))] == ["D5.c0"]


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_full_cities_of_every_position_are_a_fresh_answer(title: str) -> None:
    def visit(game: Any, legal: list[Any]) -> None:
        board = game.board
        g = network_graph(board)
        full_cities(board, g)  # memoise, then ask again
        assert [(g.nodes[u].name, o) for u, o in full_cities(board, g)] == _fresh(board)

    playout(title, 4, 1002, visit=visit)


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_a_patched_graph_carries_the_city_table_of_a_fresh_one(title: str) -> None:
    """The table a patch carries over (``network._patched_cities``) is the one found
    from the patched graph's own nodes, at every position of a seeded game."""
    carried = 0

    def visit(game: Any, legal: list[Any]) -> None:
        nonlocal carried
        g = network_graph(game.board)
        if g.cities is None:
            city_table(g)  # the next patch carries it
            return
        carried += 1
        fresh = dataclasses.replace(g)
        fresh.cities = None
        assert city_table(fresh) == g.cities

    playout(title, 4, 1004, visit=visit)
    assert carried > 50


def test_a_clone_lays_into_its_own_city_table_and_leaves_the_original_alone() -> None:
    board = Board(mini_map())
    board.lay_tile("D3", "57", 1)
    before = city_table(network_graph(board))
    kept = dict(before)
    other = board.clone()
    other.lay_tile("D3", "15", 1)  # an upgrade: D3's city is a new node in the clone
    after = city_table(network_graph(other))
    assert city_table(network_graph(board)) is before and before == kept
    assert after[("D3", 0)] != before[("D3", 0)]
    fresh = other.clone()
    fresh.cache.clear()
    g = network_graph(fresh)
    assert {k: g.nodes[u].name for k, (u, _) in city_table(g).items()} == {
        k: network_graph(other).nodes[u].name for k, (u, _) in after.items()}


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_blocked_cities_are_the_cities_blocked_for_each_company(title: str) -> None:
    """``blocked_cities`` (one pass over the tokens, nothing kept) names, at every position
    of a seeded game and for every company's operator, the city nodes :func:`blocked`
    says it may not pass, in the order of :func:`full_cities`."""
    checked = 0

    def visit(game: Any, legal: list[Any]) -> None:
        nonlocal checked
        board = game.board
        for company in game.companies.values():
            op = game.route_operator(company)
            g = network_graph(board, op.released)
            want = [u for u, _ in full_cities(board, g) if blocked(board, g.nodes[u], op)]
            assert blocked_cities(board, g, op) == want
            checked += bool(want)

    playout(title, 4, 1003, visit=visit)
    assert checked > 20
