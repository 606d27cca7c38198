"""The track graph kept current by reuse of an older version's build (``track_graph``)
is identical to a graph built from scratch, at every position of seeded random Steam
Over Holland games (node and path numbers included: route search order depends on them)."""

from __future__ import annotations

from typing import Any

import pytest

from railhouse.bench.positions import playout
from railhouse.map.graph import TrackGraph, active_barriers, track_graph
from railhouse.map.graphbuild import build


def _shape(g: TrackGraph) -> tuple[object, ...]:
    nodes = [(n.name, n.kind, n.hex, n.city, n.revenue, n.slots, n.offboard) for n in g.nodes]
    return (nodes, g.adj, g.path_names, g.path_ends, g.index, g.side, g.hex_edges, g.marks)


@pytest.mark.parametrize("seed", [11, 12])
def test_kept_graph_equals_a_fresh_build_at_every_lay(seed: int) -> None:
    checked: list[int] = []
    versions: set[int] = set()

    def visit(game: Any, _legal: list[Any]) -> None:
        board = game.board
        if board.track_version in versions:
            return
        versions.add(board.track_version)
        kept = track_graph(board)
        fresh = build(board, active_barriers(board.map, frozenset()))
        assert _shape(kept) == _shape(fresh), f"track version {board.track_version}"
        checked.append(board.track_version)

    playout("soh", 4, seed, visit=visit)
    assert len(checked) > 10
