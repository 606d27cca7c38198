"""``legal_reach`` (railhouse.map.legal) on abstract track graphs against a brute force
that lists every legal path: a chain of segments that crosses every hex side it passes
(the segments before and after it lie in different hexes: no reversal at a switch, SOH EN
"Running trains", 1839 R-16.2), visits no node twice (no piece of track twice, "no matter
how small", 1839 R-16.2.6) and goes on from no end node (a blocked city, an off-board).

The graphs are random and dense in loops, so that many nodes are reached by walks that
turn back through a loop (a reversal in disguise) and by no legal path; a node reached
both ways, first by such a walk, is rare there and built by hand below: both go to
``legal_reach``'s exact second phase."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import railhouse.map.legal as legal
from railhouse.map.graphbuild import EDGE, Node, TrackGraph
from railhouse.map.legal import legal_reach, may_follow
from railhouse.map.tiles import CITY


def random_graph(seed: int) -> tuple[TrackGraph, list[int], bytearray]:
    """Hexes 0..h-1; a hex side joins two hexes (or lies on one, at the map edge); a stop
    lies in one hex; every segment lies in one hex and joins two nodes of it."""
    rng = random.Random(seed)
    g = TrackGraph()
    hexes = rng.randint(2, 4)
    where: list[tuple[int, ...]] = []
    for i in range(rng.randint(4, 11)):
        if rng.random() < 0.55:
            g.add_node(Node(f"e{i}", EDGE, "x"))
            a = rng.randrange(hexes)
            b = rng.randrange(hexes)
            where.append((a,) if a == b else (a, b))
        else:
            g.add_node(Node(f"s{i}", CITY, "x"))
            where.append((rng.randrange(hexes),))
    n = len(g.nodes)
    for k in range(rng.randint(n, 2 * n + 2)):
        h = rng.randrange(hexes)
        inside = [u for u in range(n) if h in where[u]]
        if len(inside) >= 2:
            a, b = rng.sample(inside, 2)
            g.add_path(f"p{k}", a, b, h)
    starts = rng.sample(range(n), rng.randint(1, 2))
    ends = bytearray(rng.random() < 0.15 and u not in starts for u in range(n))
    return g, starts, ends


def brute_reach(g: TrackGraph, starts: list[int], ends: bytearray) -> set[int]:
    """Every node some legal path from a start arrives at, by listing every path."""
    out = set(starts)

    def walk(u: int, came: int, seen: set[int]) -> None:
        for v, pid in g.adj[u]:
            if v in seen or not may_follow(g, u, came, pid):
                continue
            out.add(v)
            if not ends[v]:
                walk(v, pid, seen | {v})

    for s in starts:
        walk(s, -1, {s})
    return out


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**9))
def test_legal_reach_is_what_legal_paths_reach(seed: int) -> None:
    g, starts, ends = random_graph(seed)
    assert legal_reach(g, starts, ends) == brute_reach(g, starts, ends)


class CountingExact:
    """``legal._exact`` that counts the nodes it was asked for: found and not found."""

    def __init__(self) -> None:
        self.found = self.unfound = 0
        self.exact = legal._exact

    def __call__(self, g: TrackGraph, is_side: bytearray, starts: list[int], ends: bytearray,
                 blocked: list[bool], missing: set[int], reached: set[int]) -> None:
        before = set(missing)
        self.exact(g, is_side, starts, ends, blocked, missing, reached)
        self.found += len(before & reached)
        self.unfound += len(before - reached)


def test_random_graphs_reach_nodes_only_through_a_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The generator makes nodes that only a walk turning back through a loop reaches, so
    the property above tests the exact search."""
    counting = CountingExact()
    monkeypatch.setattr(legal, "_exact", counting)
    for seed in range(300):
        g, starts, ends = random_graph(seed)
        assert legal_reach(g, starts, ends) == brute_reach(g, starts, ends)
    assert counting.unfound > 0


def chain(g: TrackGraph, hexes: list[int], names: list[str]) -> None:
    """Segments joining the named nodes in order, the k-th in hex ``hexes[k]``."""
    for k, h in enumerate(hexes):
        a, b = g.index[names[k]], g.index[names[k + 1]]
        g.add_path(f"{names[k]}-{names[k + 1]}", a, b, h)


def test_a_node_beyond_a_reversal_in_disguise_is_reached_by_the_long_legal_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From token city s: the switch at side y (hex 1 to hex 2) leads to x, whose loop
    through hex 3 returns to x, back to y and on to t by y's other branch in hex 1: a
    reversal at y in disguise, 8 segments.  A legal path of 9 segments reaches t through
    hex 4.  Town t2 lies beyond t: the short walk gets there first, and only the exact
    search finds the legal path (through t from the other side)."""
    g = TrackGraph()
    stops = ["s", "x", "w", "t", "t2", "m1", "m2", "m3", "m4", "m5", "m6"]
    for name in ["y", "z1", "z2", "e1", "e2", *stops]:
        g.add_node(Node(name, CITY if name in stops else EDGE, "x"))
    chain(g, [1, 2, 2, 3, 3, 2], ["s", "y", "x", "z1", "w", "z2", "x"])
    g.add_path("y-t", g.index["y"], g.index["t"], 1)
    chain(g, [1, 4, 4, 4, 4, 4, 4, 4, 1, 1],
          ["s", "e1", "m1", "m2", "m3", "m4", "m5", "m6", "e2", "t", "t2"])
    counting = CountingExact()
    monkeypatch.setattr(legal, "_exact", counting)
    starts, ends = [g.index["s"]], bytearray(len(g.nodes))
    reached = legal_reach(g, starts, ends)
    assert g.index["t2"] in reached and counting.found == 1
    assert reached == brute_reach(g, starts, ends)


def test_node_bits_are_each_nodes_bit_as_the_table_grows() -> None:
    """The walks' table of node bits (kept per process, grown by later graphs)."""
    for n in (3, 70, 5, 200, 1000):
        bits = legal.node_bits(n)
        assert len(bits) >= n and all(bits[u] == 1 << u for u in range(n))
