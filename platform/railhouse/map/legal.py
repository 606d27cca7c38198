"""The legal path: how a train, or a company's connection, may move over track.

This is the one definition that connectivity (:func:`reach`, used by tile lays and token
placements), the route optimiser (:mod:`railhouse.map.compress`, :mod:`railhouse.map.routes`),
the route validator (:mod:`railhouse.map.validate`) and the brute-force reference
(:mod:`railhouse.map.reference`) all use.

The rules: a route is "a single, continuous route" on which "no piece of track may be used
more than once" (SOH EN "Running trains"; a tile is laid where the company has "a single
continuous route from one of its stations", "New tiles"); it "can enter a city from one
direction and exit in any other connected direction" and may not "cross the same
hexagon-edge more than once" nor "use the same piece of track on a track tile more than
once" (1839 §16.2; §15.3 lays: "trace a continuous line of track ... without crossing any
hexagon-edge twice").  A train follows track: it cannot reverse, neither at a switch (the
two branches of a Y or K tile, #23-#31, #43-#47, #70, meet at a hex side) nor at a town.

In the track graph (:mod:`railhouse.map.graph`) a legal path is a chain of tile paths
(segments) joined at nodes, where

* at a **hex side** the path crosses: the segment before and the segment after lie in
  different hexes (two segments of one tile ending at the same side - the branches of a
  switch, the two towns' lines of SOH2-SOH5, #981, #991 - are never joined there: that
  would be a reversal);
* at a **stop** (city, town, off-board) or a **junction** (#80-#83: "connect all their
  lines") any other segment may follow;
* no node is visited twice (so no stop, hex side or segment is used twice; a junction's
  centre is passed once: it is a piece of track, and no piece may be used twice "no matter
  how small the track section may be", 1839 §16.2);
* a city blocked for the company and an off-board end it (checked by the callers:
  :func:`railhouse.map.graph.blocked`).

:func:`turn_key` states the first two points as one comparison; every caller asks it.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from operator import itemgetter

from railhouse.map.graphbuild import EDGE, TrackGraph

NO_KEY = -(1 << 62)
"""The arrival key at the start of a path (any segment may follow)."""


def turn_key(g: TrackGraph, u: int, pid: int) -> int:
    """The key of segment ``pid`` at node ``u``: a path may go on from one segment to
    another at ``u`` exactly when their keys differ.  At a hex side it is the segment's
    hex (negative), so a path must cross the side; elsewhere the segment itself, so any
    other segment may follow."""
    return -1 - g.path_hex[pid] if g.nodes[u].kind == EDGE else pid


def may_follow(g: TrackGraph, u: int, came: int, pid: int) -> bool:
    """Whether a path that reached node ``u`` by segment ``came`` (-1: it starts at ``u``)
    may go on by segment ``pid``."""
    return came < 0 or turn_key(g, u, came) != turn_key(g, u, pid)


def legal_reach(g: TrackGraph, starts: Iterable[int], ends: bytearray) -> set[int]:
    """Every node at which some legal path from a node of ``starts`` arrives (``starts``
    included); a path does not go on from a node ``u`` with ``ends[u]`` set (a blocked
    city, an off-board).  Exact: a node counts only if a path with no node twice reaches it.

    Two phases.  A breadth-first search over every rule but "no node twice"
    (:func:`_walks`, linear in the track) finds every node a legal path could reach; a
    node one of its walks enters without visiting any node twice is reached by that walk,
    a legal path.  Only the nodes left (entered only by walks that turn back through a
    loop: a reversal in disguise) are searched for exactly (:func:`_exact`), which is
    rare and short, but for those a cheap proof shows no legal path reaches
    (:func:`_cut_off`: a dead end, which the exact search could only rule out by
    trying every path).  Paths from one start never pass another: that start's own
    paths cover what lies beyond."""
    starts = sorted(set(starts))
    n = len(g.nodes)
    # a list of bools: its subscripts, and a bool's truth, are quicker than a
    # bytearray's ints
    blocked = [False] * n
    for s in starts:
        blocked[s] = True
    is_side = side_flags(g)
    reached, loose = _walks(g, is_side, starts, ends, blocked)
    reached.update(starts)
    missing = {v for v in loose - reached
               if not _cut_off(g, is_side, starts, ends, blocked, v)}
    if missing:
        _exact(g, is_side, starts, ends, blocked, missing, reached)
    return reached


def _walks(
    g: TrackGraph, is_side: bytearray, starts: list[int], ends: bytearray, blocked: list[bool],
) -> tuple[set[int], set[int]]:
    """A breadth-first search over *ways* (a segment taken from one end), each taken once
    (where a way leads does not depend on how its start was reached), obeying every rule
    of a legal path but "no node twice", never into a start: the nodes some way enters at
    the end of a walk that visits no node twice (a legal path), and every node entered (a
    superset of the legal ones)."""
    adj, path_hex = g.adj, g.path_hex
    taken = [False] * (2 * len(g.path_names))  # per way (2 * segment + direction)
    # (node, arrival key, nodes of the walk as a bit mask, 0 if it visits one twice); a
    # list iterated while it grows is the queue.  The key is :func:`turn_key`'s but at a
    # hex side the hex itself, not its negative: keys are compared at one node only, and
    # a node is a side or not, so the sides' keys need not differ from the segments'
    # (no subtraction per way), and a start's is -1 (a small int, as they are: quicker
    # to compare than ``NO_KEY``)
    bits = node_bits(len(g.nodes))
    todo = [(s, -1, bits[s]) for s in starts]
    push = todo.append
    for u, came, mask in todo:
        if came >= 0 and ends[u]:
            continue
        side_u = is_side[u]
        for v, pid in adj[u]:
            if blocked[v] or (path_hex[pid] if side_u else pid) == came:
                continue
            way = 2 * pid + 1 if u < v else 2 * pid  # (no bool added: ints are quicker)
            if taken[way]:
                continue
            taken[way] = True
            more = mask | bits[v]  # (equal to mask if the walk visited v)
            push((v, path_hex[pid] if is_side[v] else pid,
                  more if mask and more != mask else 0))
    entered = todo[len(starts):]  # one entry per way taken, at the node it enters
    nodes = list(map(_FIRST, entered))  # (gathered at C speed)
    return set(compress(nodes, map(_LAST, entered))), set(nodes)


_FIRST, _LAST = itemgetter(0), itemgetter(2)
_BITS: list[int] = []


def node_bits(n: int) -> list[int]:
    """``[1 << u for u in range(n)]`` (at least): made once per process and grown as
    graphs grow, so a walk's bit masks take a node's bit without making it (an int of
    ``u`` bits) again for every way into it."""
    if len(_BITS) < n:
        _BITS.extend(1 << u for u in range(len(_BITS), n + 64))
    return _BITS


def _cut_off(
    g: TrackGraph, is_side: bytearray, starts: list[int], ends: bytearray,
    blocked: list[bool], v: int,
) -> bool:
    """Whether a cheap test proves that no legal path reaches node ``v`` (not a start;
    False: maybe one does, for :func:`_exact` to settle).

    A legal path that arrives at ``v`` from a neighbour ``w`` by segment ``p`` arrived at
    ``w`` before (``w`` is no start and no end), by a segment ``q`` that ``p`` may follow
    there, from its other end ``x``, having visited neither ``v`` nor ``w`` on the way to
    ``x``.  So if no walk from the starts that obeys every rule but "no node twice" and
    avoids ``v`` and ``w`` (:func:`_loose`, a superset of such paths) reaches any such
    ``x``, no legal path comes in by ``p``.  It proves a dead end such as a hex side
    entered only by walks that pass it (or its neighbour) twice: a branch of a switch
    whose other branch is the only way to the switch, which the exact search would
    otherwise rule out by trying every path from every start."""
    adj, path_hex = g.adj, g.path_hex
    for w, p in adj[v]:
        if blocked[w]:
            return False  # a start next to v
        if ends[w]:
            continue  # no path goes on from w
        side_w = is_side[w]
        key = -1 - path_hex[p] if side_w else p
        sources = {x for x, q in adj[w]
                   if x != v and (-1 - path_hex[q] if side_w else q) != key}
        if not sources:
            continue
        if any(blocked[x] for x in sources):
            return False  # w is next to a start
        avoided = blocked.copy()
        avoided[v] = avoided[w] = True
        if _loose(g, is_side, [(s, NO_KEY) for s in starts], ends, avoided, sources):
            return False
    return True


def _exact(
    g: TrackGraph, is_side: bytearray, starts: list[int], ends: bytearray,
    blocked: list[bool], missing: set[int], reached: set[int],
) -> None:
    """Add to ``reached`` every node of ``missing`` some legal path reaches (``missing``
    is emptied of them as they are found).

    A depth-first search over legal paths with three cuts, none of which loses a node:
    paths from one start do not pass another start (its own paths cover what lies beyond);
    a search from a branching state stops where no node still missing can be reached
    even ignoring the no-node-twice rule (:func:`_loose`); and a state (node, arrival
    key) already searched with a subset of the current visited nodes is not searched
    again (what it reaches then, it reached before)."""
    adj, path_hex = g.adj, g.path_hex
    searched: dict[tuple[int, int], list[int]] = {}
    for s in starts:
        visited = blocked.copy()
        mask = 1 << s
        stack = [(s, NO_KEY, iter(adj[s]))]
        while stack and missing:
            u, came, ways = stack[-1]
            side_u = is_side[u]
            for v, pid in ways:
                if visited[v]:
                    continue
                if (-1 - path_hex[pid] if side_u else pid) == came:
                    continue  # a reversal at a hex side
                if v in missing:
                    missing.discard(v)
                    reached.add(v)
                if ends[v]:
                    continue
                key = -1 - path_hex[pid] if is_side[v] else pid
                if len(adj[v]) > 2:
                    if _dominated(searched, (v, key), mask):
                        continue
                    visited[v] = True
                    if not _loose(g, is_side, [(v, key)], ends, visited, missing):
                        visited[v] = False
                        continue
                visited[v] = True
                mask |= 1 << v
                stack.append((v, key, iter(adj[v])))
                break
            else:
                stack.pop()
                if u != s:
                    visited[u] = False
                    mask &= ~(1 << u)


def reach_within(g: TrackGraph, entry: int, pids: frozenset[int], ends: bytearray) -> set[int]:
    """The nodes that legal paths entering at node ``entry`` reach over the segments
    ``pids`` alone (``entry`` left out), when a path may take any of those segments
    from ``entry`` (it arrived by another hex's segment).  Every simple path is tried:
    for the few segments of one tile."""
    out: set[int] = set()
    stack: list[tuple[int, int, tuple[int, ...]]] = [(entry, -1, (entry,))]
    while stack:
        u, came, visited = stack.pop()
        if came >= 0 and ends[u]:
            continue
        for v, pid in g.adj[u]:
            if pid in pids and v not in visited and may_follow(g, u, came, pid):
                out.add(v)
                stack.append((v, pid, (*visited, v)))
    return out


def side_flags(g: TrackGraph) -> bytearray:
    """Per node, 1 for a hex side (derived from the graph, kept on it at first use)."""
    flags = g.side_flags
    if flags is None or len(flags) != len(g.nodes):
        flags = g.side_flags = bytearray(node.kind == EDGE for node in g.nodes)
    return flags


def _dominated(searched: dict[tuple[int, int], list[int]], state: tuple[int, int],
               mask: int) -> bool:
    """Whether ``state`` was searched before with visited nodes a subset of ``mask``;
    otherwise remember it as searched with ``mask``."""
    earlier = searched.setdefault(state, [])
    if any(m & ~mask == 0 for m in earlier):
        return True
    earlier.append(mask)
    return False


def _loose(g: TrackGraph, is_side: bytearray, states: list[tuple[int, int]],
           ends: bytearray, visited: list[bool], want: set[int] | None = None) -> set[int]:
    """The nodes reached from ``states`` (node, arrival key) by paths that obey every
    rule but "no node twice" (avoiding ``visited`` nodes): a superset of the legal ones.
    With ``want``: only whether one of those nodes is reached (the first one found, or
    nothing).  Each segment is taken from each end at most once: where it goes does not
    depend on how its start was reached."""
    adj, path_hex = g.adj, g.path_hex
    taken = [False] * (2 * len(g.path_names))
    out = {u for u, _ in states}
    todo = list(states)
    while todo:
        u, came = todo.pop()
        if came != NO_KEY and ends[u]:
            continue
        side_u = is_side[u]
        for v, pid in adj[u]:
            if visited[v] or (-1 - path_hex[pid] if side_u else pid) == came:
                continue
            way = 2 * pid + 1 if u < v else 2 * pid
            if taken[way]:
                continue
            taken[way] = True
            if want is not None and v in want:
                return {v}
            out.add(v)
            todo.append((v, -1 - path_hex[pid] if is_side[v] else pid))
    return set() if want is not None else out
