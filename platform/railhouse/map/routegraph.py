"""A company's route graph: the compressed track graph (:mod:`railhouse.map.compress`) of
the part of the map it reaches, made from the network graph without building the track graph.

Routes only run where the company reaches: every node of a route lies on a legal path from
one of its tokens (the route contains a token city; its part from there to any of its
nodes is such a path, or one from a nearer token city).  So the route search needs only
the links (chains of track through foldable nodes) that touch the company's reach
(:func:`~railhouse.map.network.network_reach`, which the turn's tile lays and token
placements have asked for already), and the network graph, kept up to date lay by lay,
gives them without the map-wide walk of a track graph build.

What the search does with the links must stay as it is with the full compressed graph of
the track graph (:func:`~railhouse.map.compress.compressed`): the routes it lists and
their order decide which of two routes of equal value a train runs.  That order follows
the track graph's numbering (roots in node order, a route listed from its lower-numbered
end, the links at a node in the order the compression made them), so the route graph is
numbered as a full build would number it where the search reads numbers: the ends of
its links (where routes start, end and branch) in the order of
:func:`~railhouse.map.network.node_rank`, and its links in the order the compression
walks them (by their first end, then their first segment there), each from its first
end.  The nodes inside links and the segments only name resources and stops (bits that
are compared, never ordered), so they are numbered in the links' order as the links are
made, without ranking them (the nodes after the ends, the segments from 0).  A link is
folded through a node as in the full compression (by the node's segments on the whole
map).  Links that no route can use are
left out: those through or to a node the company does not reach (every node of a route
is reached), and those from or to a dead end (a node of one way that is no terminal,
which :func:`~railhouse.map.compress._prune` would drop first); the pruning then drops
what these leave as dead ends.  A route search never takes such links (every step into
them leads to no route), so it lists the same routes in the same order, numbered as here.
The graph holds only the nodes of the links it keeps: a reached node without one is a
root that lists nothing, and its number would only shift the others' (their order, all
the search reads of numbers besides bits, is the same).

The value pruning of large positions (:mod:`multisets`, :mod:`single_train`) orders its
search by bounds read from the whole compressed graph, and compares link numbers; it
keeps using the full compression (``optimize.best_routes``).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain as chained
from itertools import compress
from operator import attrgetter, is_not, itemgetter
from typing import NamedTuple

from railhouse.map.board import Board
from railhouse.map.compress import Compressed, Link, _prune
from railhouse.map.graph import CACHE_ENTRIES, Operator, _trim
from railhouse.map.graphbuild import EDGE, TrackGraph
from railhouse.map.network import NetworkGraph, network_reach, node_rank
from railhouse.map.tiles import JUNCTION, TOWN
from railhouse.map.trains import RouteRules

__all__ = ["RouteGraph", "company_graph"]


@dataclass(frozen=True, eq=False)
class RouteGraph:
    """The compressed graph a company's route search walks, and the nodes it reaches.
    Compared by identity (``eq=False``): the caches that keep it prove a graph unchanged
    by the identity of what it was made from, never by comparing graphs.

    ``comp.graph`` holds what the search and the description of routes read: the nodes,
    their ``index`` by name and the segment names; not the segments' ends and hexes nor
    the node adjacency (the search walks ``comp.links`` and ``comp.adj``), which would
    cost a third of the graph's making."""

    comp: Compressed
    #: the ends of its links (where routes start, end and branch), in order (numbered
    #: first: ``0 .. len(ends) - 1``): the only nodes the route search reads its tables of
    ends: list[int]

    @property
    def reached(self) -> set[int]:
        """The nodes of the graph (all reached: the graph holds only the nodes of its
        links)."""
        return set(range(len(self.comp.graph.nodes)))


def company_graph(board: Board, op: Operator, rules: RouteRules) -> RouteGraph:
    """``op``'s route graph on ``board`` now (module docstring), cached per revision; else
    ``op``'s last route graph while its network reach is the same set object, or while
    :func:`_unchanged` proves it the same; else made anew.

    That identity is a proof that the graph is the same: it is made of the reached
    nodes and their adjacency alone (their segments, kinds, ranks), and a reach is handed
    on to a later revision only where no node of it is a side or a stop of a hex laid
    since (:func:`~railhouse.map.reachreuse.reused`; a reach found anew is a new set),
    so none of those changed.  The last graph is kept under the operator without its
    off-board column (which a reach does not read) and the rules the graph reads, with
    the network graph and reach it was made from and its nodes' numbers there."""
    key = ("route_graph", board.track_version, board.token_version, op, rules.terminals,
           rules.exclusive_edges)
    hit: RouteGraph | None = board.cache.get(key)
    if hit is None:
        if len(board.cache) > CACHE_ENTRIES:
            _trim(board.cache, board.track_version)
        net, reached = network_reach(board, op)
        last_key = ("route_graph_last", op.company, op.released, op.non_blocking,
                    rules.terminals, rules.exclusive_edges)
        last: _Last | None = board.cache.get(last_key)
        if last is not None and last.reached is reached:
            hit = last.graph
        elif last is not None and _unchanged(last, net, reached, rules):
            hit = last.graph
            board.cache[last_key] = _Last(hit, net.lineage, net.version, net.adj, reached,
                                          last.members)
        else:
            hit, members = _made(net, reached, rules)
            board.cache[last_key] = _Last(hit, net.lineage, net.version, net.adj, reached,
                                          members)
        board.cache[key] = hit
    return hit


class _Last(NamedTuple):
    """An operator's last route graph; the lineage, version and adjacency of the network
    graph it was made on (not the graph: kept per company, it would keep all of every
    old graph alive) and the reach it is the graph of; and the numbers there of the
    nodes of its links (before the pruning)."""

    graph: RouteGraph
    lineage: object
    version: int
    adj: list[list[tuple[int, int]]]
    reached: set[int]
    members: frozenset[int]


def _unchanged(last: _Last, net: NetworkGraph, reached: set[int], rules: RouteRules) -> bool:
    """Whether ``last.graph`` is the route graph of ``reached`` on ``net`` too.

    The graph is made of chains (:func:`_made`): walked from the reached nodes through
    foldable ones, kept when every node of the chain is reached and its two ends differ
    and are no dead ends; whether a node folds or is a dead end is a function of its
    adjacency and kind; the rest (ranks, numbers, turn keys, names) is read from the
    chains' nodes and segments.  In one lineage of network graphs, ``net`` patched from
    the last one or the same, a node number is the same node and a segment number the
    same segment, and an adjacency list is never changed once made (a patch copies what
    it changes).  Call a node touched if it is reached now and either was not reached
    then or has another adjacency list.  Then every chain kept then is kept now when
    none of its nodes is touched or left the reach (it walks the same way, its ends are
    as they were); and a chain kept now that touches no touched node was kept then (its
    nodes were reached, with the same adjacency).  So when no node of a kept chain left
    the reach or is touched, and no chain through a touched node is kept now (walked
    here from the touched nodes, both ways from one that folds), the chains are the
    same, and so is the graph: True; else False (a new graph may still be the same)."""
    if last.lineage is not net.lineage or last.version > net.version:
        return False
    members, old_reached = last.members, last.reached
    if not members.isdisjoint(old_reached - reached):
        return False
    adj, old_adj = net.adj, last.adj
    kept = reached & old_reached
    changed = set(compress(kept, map(is_not, map(adj.__getitem__, kept),
                                      map(old_adj.__getitem__, kept))))
    if not changed:
        if len(kept) == len(reached):
            return True
    elif not members.isdisjoint(changed):
        return False
    touched = changed.union(reached - old_reached)
    nodes, path_hex, terminals = net.nodes, net.path_hex, rules.terminals
    through = (EDGE, JUNCTION) if TOWN in terminals else (EDGE, JUNCTION, TOWN)

    def folds(u: int) -> bool:  # (as ``_made``'s first pass)
        ways = adj[u]
        if len(ways) != 2:
            return False
        kind = nodes[u].kind
        if kind not in through:
            return False
        p, q = ways[0][1], ways[1][1]
        return path_hex[p] != path_hex[q] if kind == EDGE else p != q

    def live_end(u: int, v: int, pid: int) -> int:
        # the end of the chain leaving ``u`` by ``pid`` to ``v`` if ``_made`` may keep
        # it (a node other than ``u``, after reached nodes only, and no dead end), or -1
        while v != u:
            if v not in reached:
                return -1
            if not folds(v):
                return v if len(adj[v]) > 1 or nodes[v].kind in terminals else -1
            (a, pa), (b, pb) = adj[v]
            v, pid = (b, pb) if pa == pid else (a, pa)
        return -1

    for u in touched:
        ways = adj[u]
        if folds(u):  # kept if both ways on end apart, at no dead end
            (a, pa), (b, pb) = ways
            one = live_end(u, a, pa)
            if one >= 0 and live_end(u, b, pb) not in (-1, one):
                return False
        elif len(ways) > 1 or nodes[u].kind in terminals:  # (a dead end starts none)
            for v, pid in ways:
                if live_end(u, v, pid) >= 0:
                    return False
    return True


def _route_graph(net: NetworkGraph, reached: set[int], rules: RouteRules) -> RouteGraph:
    """The route graph of the reach ``reached`` on ``net`` (module docstring)."""
    return _made(net, reached, rules)[0]


def _made(net: NetworkGraph, reached: set[int],
          rules: RouteRules) -> tuple[RouteGraph, frozenset[int]]:
    """The route graph of ``reached`` on ``net``, and the numbers on ``net`` of the nodes
    of its links before the pruning (the ends and the nodes inside)."""
    nodes, adj, path_hex = net.nodes, net.adj, net.path_hex
    through = (EDGE, JUNCTION) if TOWN in rules.terminals else (EDGE, JUNCTION, TOWN)
    # ``fold[u]`` of every reached node, as ``compress._fold_flags``: whether two
    # segments a path may join meet at ``u`` (and nothing else); and in the same pass
    # the reached ends a chain may start at: no dead end (a node of one way that is no
    # terminal: its chain, walked from its other end, is dropped there)
    terminals = rules.terminals
    fold = dict.fromkeys(reached, False)
    starts = []
    for u in reached:
        ways = adj[u]
        if len(ways) == 2:
            kind = nodes[u].kind
            if kind in through:
                p, q = ways[0][1], ways[1][1]
                if path_hex[p] != path_hex[q] if kind == EDGE else p != q:
                    fold[u] = True
                    continue
        elif len(ways) == 1 and nodes[u].kind not in terminals:
            continue
        starts.append(u)

    # the chains from every reached end, walked as ``compress._walk`` does, but for
    # those no route can use: through or to a node the company does not reach (every
    # node of a route is reached), or from or to a dead end (``compress._prune`` would
    # drop them first)
    chains: list[tuple[list[int], list[int]]] = []
    used: set[int] = set()
    for u in starts:
        for v, pid in adj[u]:
            if pid in used or v not in fold:
                continue
            chain, segs = [u], [pid]
            used.add(pid)
            while v != u and fold[v]:
                chain.append(v)
                (a, pa), (b, pb) = adj[v]
                v, pid = (b, pb) if pa == pid else (a, pa)
                if pid in used or v not in fold:
                    break
                used.add(pid)
                segs.append(pid)
            else:
                if v != u and (len(adj[v]) > 1 or nodes[v].kind in terminals):
                    chain.append(v)
                    chains.append((chain, segs))

    # the track graph's order where the search reads it: the chains' ends (the nodes a
    # route may start, end or branch at) by rank, the links by first end and segment (no
    # two chains share a segment, so the keys differ and the chains are never compared);
    # the nodes inside links and the segments (whose numbers only name resources and
    # stops) numbered after the ends, in the links' order, as the links are made (only
    # the nodes of the links kept: an end without one is a root that lists no route, and
    # a node's number only orders it among the others)
    stop_rank, path_rank = net.stop_rank, net.path_rank
    rank = {}
    for chain, _ in chains:  # (each end ranked once, however many chains it ends)
        rank[chain[0]] = rank[chain[-1]] = 0
    for u in rank:
        known = stop_rank.get(u)
        rank[u] = node_rank(net, u) if known is None else known
    ends = sorted(rank, key=rank.__getitem__)
    keyed = []
    n_paths = 0
    for chain, segs in chains:
        first = rank[chain[0]]
        last = rank[chain[-1]]
        if first > last:
            chain.reverse()
            segs.reverse()
            first = last
        keyed.append((first, path_rank[segs[0]], chain, segs))
        n_paths += len(segs)
    keyed.sort()
    local = dict(zip(ends, range(len(ends)), strict=False))
    g_nodes = list(map(nodes.__getitem__, ends))
    names: list[str] = []
    path_names = net.path_names
    exclusive = rules.exclusive_edges
    links: list[Link] = []
    adj_links: dict[int, list[tuple[int, int]]] = {i: [] for i in range(len(ends))}
    p = 0
    for _, _, chain, segs in keyed:
        u, v = chain[0], chain[-1]
        k = len(segs)
        lsegs = tuple(range(p, p + k))
        res = ((1 << k) - 1) << p  # the bits of lsegs
        p += k
        names += map(path_names.__getitem__, segs)
        lu, lv = local[u], local[v]
        numbered = [lu]
        towns, town_value, stop_mask = 0, 0, 0
        for x in chain[1:-1]:
            i = len(g_nodes)
            numbered.append(i)
            node = nodes[x]
            g_nodes.append(node)
            kind = node.kind
            if kind == EDGE:
                if exclusive:
                    res |= 1 << (n_paths + i)
            elif kind == TOWN:
                towns, town_value = towns + 1, town_value + node.revenue
                stop_mask |= 1 << i
        numbered.append(lv)
        adj_links[lu].append((lv, len(links)))
        adj_links[lv].append((lu, len(links)))
        links.append(_new_tuple(Link, (  # (a Link made without its Python ``__new__``)
            lu, lv, tuple(numbered), lsegs, res, towns, town_value,
            stop_mask,
            # the turn keys (``legal.turn_key``) of the end segments at u and v
            -1 - path_hex[segs[0]] if nodes[u].kind == EDGE else lsegs[0],
            -1 - path_hex[segs[-1]] if nodes[v].kind == EDGE else lsegs[-1])))

    # what the search reads: nodes, their index, segment names
    index = dict(zip(map(_NAME, g_nodes), range(len(g_nodes)), strict=False))
    g = TrackGraph(g_nodes, [], names, [], [], index)
    members = frozenset(_FLAT(map(_CHAIN, chains)))
    return (RouteGraph(Compressed(g, links, _prune(g, rules, links, adj_links)),
                       list(range(len(ends)))), members)


_NAME = attrgetter("name")
_CHAIN = itemgetter(0)
_FLAT = chained.from_iterable
_new_tuple = tuple.__new__
