"""What a graph keeps per node and each patch of the network graph hands on
(``network.patched``) equals what is made afresh from the graph's adjacency: the reach
search's ways (``TrackGraph.way_lists``, ``legal.ways_from``) and a claim's trace's
adjacency in a full build's order (``NetworkGraph.ranked_lists``, sorted by
``path_rank``): at every position of seeded random games of both titles, on every
network graph the board holds, after every company's reach was searched."""

from __future__ import annotations

from typing import Any

import pytest

from railhouse.bench.positions import playout
from railhouse.map.legal import side_flags, way_lists, ways_from
from railhouse.map.network import NetworkGraph, network_reach
from railhouse.map.validate import _Tracer


def _check_kept(game: Any, counts: dict[str, int]) -> None:
    board = game.board
    for company in game.companies.values():
        if board.company_cities(company.id):
            network_reach(board, game.route_operator(company))
    for entry in list(board.cache.values()):
        if not (isinstance(entry, tuple) and len(entry) == 2
                and isinstance(entry[1], NetworkGraph)):
            continue
        g = entry[1]
        _trace_everywhere(g)
        assert g.way_lists is not None and g.ranked_lists is not None
        assert len(g.way_lists) == len(g.ranked_lists) == len(g.nodes)
        is_side = side_flags(g)
        for u, ways in enumerate(g.way_lists):
            if ways is not None:
                assert ways == ways_from(g, is_side, u), (g.nodes[u].name, g.version)
                counts["kept"] += 1
        for u, ranked in enumerate(g.ranked_lists):
            if ranked is not None:
                assert ranked == sorted(g.adj[u], key=lambda e: g.path_rank[e[1]]), u
                counts["ranked"] += 1
        counts["graphs"] += 1


def _trace_everywhere(g: NetworkGraph) -> None:
    """Fill in the lists a search and a trace would (some nodes only: the rest is left
    to be handed on as a game's own searches left it)."""
    is_side = side_flags(g)
    tracer = _Tracer.__new__(_Tracer)
    tracer.g, tracer._rank = g, g.path_rank
    if g.ranked_lists is None or len(g.ranked_lists) != len(g.nodes):
        g.ranked_lists = [None] * len(g.nodes)
    tracer._adjacent = g.ranked_lists
    lists = way_lists(g)
    for u in range(0, len(g.nodes), 7):
        tracer.adjacent(u)
        if lists[u] is None:
            lists[u] = ways_from(g, is_side, u)


@pytest.mark.parametrize(
    ("title", "seed"), [("soh", 1004), pytest.param("1839", 1002, marks=pytest.mark.slow)])
def test_kept_ways_equal_ways_made_afresh(title: str, seed: int) -> None:
    counts = {"kept": 0, "ranked": 0, "graphs": 0}
    playout(title, 4, seed, visit=lambda game, legal: _check_kept(game, counts))
    assert counts["graphs"] > 100 and counts["kept"] > 1000 and counts["ranked"] > 1000, counts
