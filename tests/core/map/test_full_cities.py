"""The full cities of a board: the city table a patched graph carries over, and the cities
``graph.blocked_cities`` finds in one pass, against answers found from scratch at every
position of seeded random games."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from minimap import mini_map

from railhouse.bench.positions import playout
from railhouse.map import Board, Operator
from railhouse.map.graph import (
    TOKEN_NODES_LAST,
    TrackGraph,
    blocked,
    blocked_cities,
    city_table,
    token_nodes,
    track_graph,
)
from railhouse.map.network import network_graph


def full_cities(board: Board, g: TrackGraph) -> list[int]:
    """The city nodes of ``g`` whose slots all hold tokens, in the order of the board's
    tokens, found from scratch (a name to node scan of the graph)."""
    found = []
    for (hex_id, city), owners in board.tokens.items():
        u = g.index.get(f"{hex_id}.c{city}")
        if u is not None and g.nodes[u].slots and len(owners) >= g.nodes[u].slots:
            found.append(u)
    return found


def kept(board: Board, g: TrackGraph, op: Operator) -> bool:
    """Whether ``token_nodes`` would give ``op`` its kept answer now (the one found at
    the same token revision, on the same city table)."""
    last = board.cache.get((TOKEN_NODES_LAST, op.company, op.non_blocking))
    return last is not None and last[0] == board.token_version and last[1] is city_table(g)


def test_a_full_city_blocks_others_but_not_its_own_token_holder() -> None:
    board = Board(mini_map())
    board.tokens[("D3", 0)] = ["A"]
    board.lay_tile("D3", "57", 1)
    board.lay_tile("D5", "57", 1)
    board.place_token("D5", 0, "B")  # D5's one circle is full now
    g = network_graph(board)
    assert [g.nodes[u].name for u in full_cities(board, g)] == ["D3.c0", "D5.c0"]
    assert [g.nodes[u].name for u in blocked_cities(board, g, Operator("A"))] == ["D5.c0"]


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
    """``blocked_cities`` (one pass over the tokens, or the answer kept for them) names,
    at every position of a seeded game and for every company's operator, the city nodes
    :func:`blocked` says it may not pass, in the order of the board's tokens
    (:func:`full_cities`); and ``token_nodes`` names them with the nodes of the
    company's own token cities, found anew or given again as kept for the same token
    revision and city table (many times: ``given``); and on a clone, which holds the
    kept answer, for the track graph too (the same revision numbered otherwise)."""
    checked = given = 0

    def visit(game: Any, legal: list[Any]) -> None:
        nonlocal checked, given
        board = game.board
        for company in game.companies.values():
            op = game.route_operator(company)
            g = network_graph(board, op.released)
            given += kept(board, g, op)
            checked += _named_alike(board, g, op)
            other = board.clone()
            _named_alike(other, track_graph(other, op.released), op)

    playout(title, 4, 1003, visit=visit)
    assert checked > 20 and given > 200


def _named_alike(board: Board, g: TrackGraph, op: Operator) -> bool:
    """Asserts that ``blocked_cities`` and ``token_nodes`` on ``g`` name the cities found
    from scratch; whether any city is blocked for ``op``."""
    want = [u for u in full_cities(board, g) if blocked(board, g.nodes[u], op)]
    assert blocked_cities(board, g, op) == want
    starts = [g.index[f"{h}.c{k}"] for h, k in board.company_cities(op.company)
              if f"{h}.c{k}" in g.index]
    assert token_nodes(board, g, op) == (starts, want)
    return bool(want)
