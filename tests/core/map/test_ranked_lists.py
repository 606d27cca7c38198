"""A claim's trace reads each node's adjacency in a full build's order from the network
graph (``NetworkGraph.ranked_lists``), which each patch of the graph hands on
(``network.patched``) but at the nodes whose adjacency it changed: the lists kept equal
the adjacency sorted by ``path_rank`` afresh, at every position of seeded random games of
both titles, on every network graph the board holds."""

from __future__ import annotations

from typing import Any

import pytest

from railhouse.bench.positions import playout
from railhouse.map.network import NetworkGraph, network_graph
from railhouse.map.validate import _Tracer


def _check_kept(game: Any, counts: dict[str, int]) -> None:
    board = game.board
    for company in game.companies.values():
        if board.company_cities(company.id):
            _trace_some(board, network_graph(board, game.route_operator(company).released))
    for entry in list(board.cache.values()):
        if not (isinstance(entry, tuple) and len(entry) == 2
                and isinstance(entry[1], NetworkGraph)):
            continue
        g = entry[1]
        if g.ranked_lists is None:
            continue
        assert len(g.ranked_lists) == len(g.nodes)
        for u, ranked in enumerate(g.ranked_lists):
            if ranked is not None:
                assert ranked == sorted(g.adj[u], key=lambda e: g.path_rank[e[1]]), (
                    g.nodes[u].name, g.version)
                counts["kept"] += 1
        counts["graphs"] += 1


def _trace_some(board: Any, g: NetworkGraph) -> None:
    """Ask a trace for the ranked adjacency of some nodes (every seventh), as claims
    would; the rest is left as the patches hand it on."""
    tracer = _Tracer(board, g)
    for u in range(0, len(g.nodes), 7):
        tracer.adjacent(u)


@pytest.mark.parametrize(
    ("title", "seed"), [("soh", 1004), pytest.param("1839", 1002, marks=pytest.mark.slow)])
def test_kept_ranked_adjacency_equals_a_fresh_sort(title: str, seed: int) -> None:
    counts = {"kept": 0, "graphs": 0}
    playout(title, 4, seed, visit=lambda game, legal: _check_kept(game, counts))
    assert counts["graphs"] > 100 and counts["kept"] > 1000, counts
