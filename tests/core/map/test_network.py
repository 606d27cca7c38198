"""The network graph (patched lay by lay) reaches what a full build of the track graph
reaches, on the boards of seeded random games of both titles and on a small map."""

from __future__ import annotations

import random
from typing import Any

import pytest
from minimap import mini_map

from railhouse.bench.positions import playout
from railhouse.map import Board, Operator, reach
from railhouse.map.graph import city_table, track_graph
from railhouse.map.graphbuild import EDGE
from railhouse.map.network import network_graph, network_reach
from railhouse.map.tiles import CITY, OFFBOARD


def _names(g: Any, nodes: set[int]) -> set[str]:
    return {g.nodes[u].name for u in nodes}


def _live_paths(g: Any) -> set[tuple[str, frozenset[str]]]:
    """Every segment in the adjacency, by name and end names (numbering aside)."""
    return {(g.path_names[pid], frozenset((g.nodes[u].name, g.nodes[v].name)))
            for u, lst in enumerate(g.adj) for v, pid in lst}


def _same_as_a_full_build(board: Board, op: Operator) -> None:
    fresh = board.clone()
    fresh.cache.clear()
    full = track_graph(fresh, op.released)
    net, reached = network_reach(board, op)
    assert _names(net, reached) == _names(full, reach(fresh, op))
    assert _live_paths(net) == _live_paths(full)
    assert net.hex_edges == full.hex_edges
    assert {k: net.nodes[u].name for k, u in net.side.items()} == {
        k: full.nodes[u].name for k, u in full.side.items()}


def test_patched_graph_equals_a_full_build_after_each_lay() -> None:
    board = Board(mini_map())
    board.tokens[("D3", 0)] = ["A"]
    op = Operator("A")
    network_graph(board)
    for coord, tile, rotation in (("D3", "57", 1), ("D5", "57", 1), ("D7", "4", 1),
                                  ("D5", "15", 1)):
        board.lay_tile(coord, tile, rotation)
        _same_as_a_full_build(board, op)


def test_a_clone_patches_its_own_graph_and_leaves_the_original_alone() -> None:
    board = Board(mini_map())
    board.tokens[("D3", 0)] = ["A"]
    board.lay_tile("D3", "57", 1)
    before = network_graph(board)
    shape = (list(before.adj), [list(a) for a in before.adj], dict(before.index))
    other = board.clone()
    other.lay_tile("D5", "57", 1)
    assert network_graph(other) is not before
    assert (list(before.adj), [list(a) for a in before.adj], dict(before.index)) == shape
    _same_as_a_full_build(other, Operator("A"))


@pytest.mark.slow
@pytest.mark.parametrize(("title", "seed"), [("soh", 1003), ("1839", 1001)])
def test_random_game_reach_matches_full_builds(title: str, seed: int) -> None:
    rng = random.Random(seed)
    checked = [0]

    def visit(game: Any, legal: list[Any]) -> None:
        if rng.random() > 0.15:
            return
        for company in game.companies.values():
            if game.board.company_cities(company.id):
                _same_as_a_full_build(game.board, game.route_operator(company))
                checked[0] += 1

    playout(title, 4, seed, visit=visit)
    assert checked[0] > 20


def test_boards_of_one_map_share_its_bare_graph_and_patch_their_own() -> None:
    """The graph of the map with no tile laid is made once per map: a lay on one board
    leaves it, and the other board's graph and reach, as they were."""
    mapdef = mini_map()
    first, second = Board(mapdef), Board(mapdef)
    for board in (first, second):
        board.tokens[("D3", 0)] = ["A"]
    bare = network_graph(first)
    assert network_graph(second) is bare
    shape = ([list(a) for a in bare.adj], dict(bare.index), list(bare.nodes))
    first.lay_tile("D3", "57", 1)
    second.lay_tile("D3", "57", 0)
    for board in (first, second):
        _same_as_a_full_build(board, Operator("A"))
    assert ([list(a) for a in bare.adj], dict(bare.index), list(bare.nodes)) == shape
    assert network_graph(Board(mapdef)) is bare


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_a_cached_reach_comes_with_the_network_graph_of_its_revision(title: str) -> None:
    """``network_reach`` keeps a revision's reach with its graph and returns both on a
    repeated question: the graph is the board's network graph of that revision."""
    def visit(game: Any, legal: list[Any]) -> None:
        board = game.board
        for company in game.companies.values():
            if board.company_cities(company.id):
                op = game.route_operator(company)
                g, reached = network_reach(board, op)
                assert network_reach(board, op) == (g, reached)
                assert g is network_graph(board, op.released)

    playout(title, 4, 1005, visit=visit)


@pytest.mark.parametrize(("title", "seed"), [("soh", 1006), ("1839", 1002)])
def test_a_patched_graph_extends_its_derived_tables_as_made_afresh(title: str, seed: int) -> None:
    """``patched`` extends the side and off-board flags, the side bits and the city table
    as it makes nodes: at every position of seeded games of both titles they equal the
    tables made from the graph's nodes and sides (fails if a patch leaves one stale)."""
    checked = [0]

    def visit(game: Any, legal: list[Any]) -> None:
        board = game.board
        for released in {game.route_operator(c).released for c in game.companies.values()}:
            g = network_graph(board, released)
            # (a graph made afresh sets these at first use; a patch always extends them)
            if g.side_flags is not None:
                assert g.side_flags == bytearray(n.kind == EDGE for n in g.nodes)
            if g.offboard_flags is not None:
                assert g.offboard_flags == bytearray(n.kind == OFFBOARD for n in g.nodes)
            bits: list[tuple[tuple[str, int], ...]] = [() for _ in g.nodes]
            for (coord, edge), u in g.side.items():
                bits[u] += ((coord, 1 << edge),)
            assert g.side_bits == bits
            cities = {(n.hex, n.city): (u, n.slots) for u, n in enumerate(g.nodes)
                      if n.kind == CITY and n.slots and g.index.get(n.name) == u}
            assert city_table(g) == cities
            checked[0] += 1

    playout(title, 4, seed, visit=visit)
    assert checked[0] > 100
