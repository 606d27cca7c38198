"""The compressed track graph that route enumeration walks.

Chains of hex-side points of degree 2 (and towns or junctions of degree 2 when they cannot
be termini) become one "link" carrying the resources it uses (paths and sides, as bits of
an int), its towns and their value, and the :func:`~railhouse.map.legal.turn_key` of its
first and last segment (a route may go on from one link to another at a node only where
the keys differ: no reversal at a hex side); dead ends that cannot be termini are pruned.
A hex side of degree 2 whose two segments lie in one tile (a switch with nothing beyond)
is not folded: no path passes it.  The
result is cached on the board per track graph and terminal kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from railhouse.map.board import Board
from railhouse.map.graph import EDGE, Operator, TrackGraph, track_graph
from railhouse.map.legal import turn_key
from railhouse.map.tiles import JUNCTION, TOWN
from railhouse.map.trains import RouteRules


class Link(NamedTuple):
    """A compressed chain from raw node ``u`` to ``v`` through ``nodes[1:-1]``; ``u_key``
    and ``v_key``: the turn keys of its end segments at ``u`` and ``v``.  (A named tuple:
    a graph makes dozens per track version, and a tuple is made several times faster than
    a frozen dataclass.)"""

    u: int
    v: int
    nodes: tuple[int, ...]
    paths: tuple[int, ...]
    res: int
    towns: int
    town_value: int
    stop_mask: int
    u_key: int
    v_key: int


@dataclass
class Compressed:
    graph: TrackGraph
    links: list[Link]
    adj: dict[int, list[tuple[int, int]]]


def compressed(board: Board, op: Operator, rules: RouteRules) -> Compressed:
    """The (cached) compressed graph for these terminal kinds."""
    g = track_graph(board, op.released)
    key = ("compressed", id(g), rules.terminals, rules.exclusive_edges)
    hit = board.cache.get(key)
    if hit is None or hit.graph is not g:
        hit = _compress(g, rules)
        board.cache[key] = hit
    return hit


def _fold_flags(g: TrackGraph, rules: RouteRules) -> bytearray:
    """Per node, 1 where a chain folds through it: two segments that a path may join
    there (different :func:`~railhouse.map.legal.turn_key`), at a hex side, a junction, or
    a town that may not be a terminus.  (``turn_key`` inlined: a side's key is its
    segment's hex, any other node's the segment itself.)"""
    path_hex = g.path_hex
    through = (EDGE, JUNCTION) if TOWN in rules.terminals else (EDGE, JUNCTION, TOWN)
    fold = bytearray(len(g.nodes))
    for u, (node, ways) in enumerate(zip(g.nodes, g.adj, strict=True)):
        if len(ways) != 2 or node.kind not in through:
            continue
        p, q = ways[0][1], ways[1][1]
        if (path_hex[p] != path_hex[q]) if node.kind == EDGE else p != q:
            fold[u] = 1
    return fold


def _compress(g: TrackGraph, rules: RouteRules) -> Compressed:
    n_paths = len(g.path_names)
    links: list[Link] = []
    used: set[int] = set()
    fold = _fold_flags(g, rules)
    for u, ways in enumerate(g.adj):
        if fold[u]:
            continue
        for v, pid in ways:
            if pid in used:
                continue
            link = _walk(g, rules, fold, u, v, pid, used, n_paths)
            if link is not None:
                links.append(link)
    adj = _prune(g, rules, links)
    return Compressed(g, links, adj)


def _walk(
    g: TrackGraph, rules: RouteRules, fold: bytearray, u: int, v: int, pid: int,
    used: set[int], n_paths: int,
) -> Link | None:
    """The link from ``u`` by segment ``pid`` to ``v`` and on through foldable nodes
    (``fold``); None for a loop or a chain already walked from its other end."""
    nodes, paths = [u], [pid]
    used.add(pid)
    res, towns, town_value, stop_mask = 1 << pid, 0, 0, 0
    g_nodes, g_adj, exclusive = g.nodes, g.adj, rules.exclusive_edges
    while fold[v] and v != u:
        node = g_nodes[v]
        kind = node.kind
        if kind == EDGE:
            if exclusive:
                res |= 1 << (n_paths + v)
        elif kind == TOWN:
            towns, town_value, stop_mask = towns + 1, town_value + node.revenue, stop_mask | 1 << v
        nodes.append(v)
        (a, pa), (b, pb) = g_adj[v]
        v, pid = (b, pb) if pa == pid else (a, pa)
        if pid in used:
            return None
        used.add(pid)
        paths.append(pid)
        res |= 1 << pid
    if v == u:
        return None
    nodes.append(v)
    return Link(u, v, tuple(nodes), tuple(paths), res, towns, town_value, stop_mask,
                turn_key(g, u, paths[0]), turn_key(g, v, paths[-1]))


def _prune(g: TrackGraph, rules: RouteRules, links: list[Link],
           adj: dict[int, list[tuple[int, int]]] | None = None,
           ) -> dict[int, list[tuple[int, int]]]:
    """Adjacency of links, dropping dead ends that can never be a terminus: a node that no
    route can pass, because all its live links have one turn key there (one link, or the
    branches of one switch at a hex side with nothing beyond).  ``adj``: the links'
    adjacency (every end's ``(other end, link)`` in link order), if the caller made it
    (pruned in place).

    A worklist: killing a node's links can only make their other ends prunable, so only
    those are looked at again; the surviving links are the same as those of repeated
    passes over every node (the rule only ever removes links, so its fixpoint is unique,
    whatever order the ends are looked at in)."""
    alive = [True] * len(links)
    if adj is None:
        adj = {}
        for i, link in enumerate(links):
            adj.setdefault(link.u, []).append((link.v, i))
            adj.setdefault(link.v, []).append((link.u, i))
    nodes, terminals = g.nodes, rules.terminals
    todo = [u for u in adj if nodes[u].kind not in terminals]
    touched: set[int] = set()  # ends of a pruned link
    while todo:
        u = todo.pop()
        key: int | None = None
        live = []
        for v, i in adj[u]:
            if not alive[i]:
                continue
            link = links[i]
            k = link.u_key if link.u == u else link.v_key
            if key is None:
                key = k
            elif k != key:
                break  # two turn keys: a route may pass u
            live.append((v, i))
        else:
            for v, i in live:
                alive[i] = False
                touched.add(u)
                touched.add(v)
                if nodes[v].kind not in terminals:
                    todo.append(v)
    for u in touched:
        adj[u] = [(v, i) for v, i in adj[u] if alive[i]]
    return adj
