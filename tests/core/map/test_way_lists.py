"""The reach search's ways of a node, kept on a graph and handed on by each patch of the
network graph (``TrackGraph.way_lists``, ``network.patched``), are those made afresh
from the graph's adjacency (``legal.ways_from``): at every position of seeded random
games of both titles, on every network graph the board holds, after every company's
reach was searched."""

from __future__ import annotations

from typing import Any

import pytest

from railhouse.bench.positions import playout
from railhouse.map.legal import side_flags, ways_from
from railhouse.map.network import NetworkGraph, network_reach


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
        lists = g.way_lists
        if lists is None:
            continue
        assert len(lists) == len(g.nodes)
        is_side = side_flags(g)
        for u, ways in enumerate(lists):
            if ways is not None:
                assert ways == ways_from(g, is_side, u), (g.nodes[u].name, g.version)
                counts["kept"] += 1
        counts["graphs"] += 1


@pytest.mark.parametrize(
    ("title", "seed"), [("soh", 1004), pytest.param("1839", 1002, marks=pytest.mark.slow)])
def test_kept_ways_equal_ways_made_afresh(title: str, seed: int) -> None:
    counts = {"kept": 0, "graphs": 0}
    playout(title, 4, seed, visit=lambda game, legal: _check_kept(game, counts))
    assert counts["graphs"] > 100 and counts["kept"] > 1000, counts
