"""A patch of the network graph extends the lists it only appends to (nodes, side bits,
side and off-board flags; segment names, ends, hexes and ranks) in place when its base
is the last graph of its lineage (``network._appended_lists``), and copies the base's own
items otherwise: every graph reads as it did when made, however the boards that share
its lineage go on (the original and clones that go their own way), and as a full build
of its board, at every new revision of seeded random games of both titles."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.map import Board
from railhouse.map.graph import track_graph
from railhouse.map.graphbuild import EDGE
from railhouse.map.network import NetworkGraph, network_graph
from railhouse.map.tiles import OFFBOARD

View = tuple[object, ...]


def _view(g: NetworkGraph) -> View:
    """What ``g`` reads of the appended lists: its own items (the first ``counts``)."""
    n, p = g.counts if g.counts is not None else (len(g.nodes), len(g.path_names))
    assert len(g.nodes) >= n and len(g.path_names) >= p
    assert g.side_flags is not None and g.offboard_flags is not None
    nodes = g.nodes[:n]
    # the derived per-node lists stay aligned with the nodes (each patch extends all)
    assert g.side_flags[:n] == bytearray(node.kind == EDGE for node in nodes)
    assert g.offboard_flags[:n] == bytearray(node.kind == OFFBOARD for node in nodes)
    assert all(u < n for ends in g.path_ends[:p] for u in ends)
    assert all(v < n and pid < p for lst in g.adj for v, pid in lst)
    return (tuple(node.name for node in nodes), tuple(g.side_bits[:n]),
            tuple(g.path_names[:p]), tuple(g.path_ends[:p]), tuple(g.path_hex[:p]),
            tuple(g.path_rank[:p]))


def _live(g: Any) -> set[tuple[str, frozenset[str]]]:
    """Every segment in the adjacency, by name and end names (numbering aside)."""
    return {(g.path_names[pid], frozenset((g.nodes[u].name, g.nodes[v].name)))
            for u, lst in enumerate(g.adj) for v, pid in lst}


def _check(board: Board, seen: dict[int, tuple[NetworkGraph, View]], checked: list[int]) -> None:
    g = network_graph(board)
    if g.side_flags is None or g.offboard_flags is None:
        return  # (a graph made afresh sets them at first use; its patches always do)
    if id(g) not in seen:
        fresh = board.clone()
        fresh.cache = {}
        assert _live(g) == _live(track_graph(fresh)), board.track_version
        seen[id(g)] = (g, _view(g))
    for old, view in seen.values():  # every graph made so far, on any board
        assert _view(old) == view
    checked[0] += 1


def _play(game: Any, rng: random.Random, actions: int,
          seen: dict[int, tuple[NetworkGraph, View]], checked: list[int]) -> None:
    for _ in range(actions):
        if game.over:
            return
        _check(game.board, seen, checked)
        game.apply(choose_playing(rng, game.legal_actions()))


@pytest.mark.parametrize(("title", "seed"), [("soh", 21), ("1839", 22)])
def test_every_graph_reads_as_made_while_clones_and_the_original_go_on(
        title: str, seed: int) -> None:
    game = new_game(title, seat_names(4), {}, seed)
    rng = random.Random(seed)
    seen: dict[int, tuple[NetworkGraph, View]] = {}
    checked, branches = [0], 0
    while not game.over and game.board.track_version < 60:
        if rng.random() < 0.05:  # a clone lays from the original's last graph first
            branches += 1
            _play(game.clone(), random.Random(rng.random()), 40, seen, checked)
        _play(game, rng, 1, seen, checked)
    shared = sum(1 for g, _ in seen.values() if g.counts is not None
                 and len(g.nodes) > g.counts[0])  # (extended by a later patch in place)
    assert checked[0] > 100 and branches > 0 and shared > 10, (checked, branches, shared)
