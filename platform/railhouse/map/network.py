"""The network graph: the track graph kept up to date lay by lay, for connectivity.

Tile lays and token placements ask only *which* sides and cities a company's network
reaches (:func:`network_reach`), an answer that does not depend on how the graph numbers
its nodes.  So instead of rebuilding the graph from the first hex laid since (what the
route search's graph, :func:`~railhouse.map.graph.track_graph`, does to keep its map-order
numbers), a lay patches the graph of the previous board revision: the hex's old segments
leave the adjacency of their ends, its stops and segments of the new tile are appended
(hex sides already present are reused), the rest is shared.  The cost of a lay is that of
its hex, not of the half of the map after it.

A patched graph has the nodes, segments and adjacency of a full build, up to numbering
(and stops of replaced tiles left behind without segments, which no walk enters);
``legal.legal_reach`` is exact on any numbering, so reach, and everything derived from it,
is the same (tests/core/map/test_network.py checks this against full builds).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from railhouse.map.board import Board
from railhouse.map.graph import Operator, active_barriers, hex_order, path_ends, track_graph
from railhouse.map.graphbuild import EDGE, TrackGraph, add_side, fragment
from railhouse.map.legal import legal_reach
from railhouse.map.tiles import OFFBOARD, STOP_BASE


@dataclass
class NetworkGraph(TrackGraph):
    """A track graph that can be patched: per laid hex, its segments and stop nodes."""

    hex_paths: dict[str, tuple[int, ...]] = field(default_factory=dict)
    hex_stops: dict[str, tuple[int, ...]] = field(default_factory=dict)


def network_graph(board: Board, released: frozenset[str] = frozenset()) -> NetworkGraph:
    """The (cached) network graph of ``board`` with barriers not in ``released`` lifted:
    the latest one patched with the hexes laid since, or made from the track graph."""
    barriers = active_barriers(board.map, released)
    key = ("network", barriers)
    version = board.track_version
    hit: tuple[int, NetworkGraph] | None = board.cache.get(key)
    if hit is not None and hit[0] == version:
        return hit[1]
    if hit is not None and hit[0] < version <= len(board.laid):
        g = patched(hit[1], board, barriers, board.laid[len(board.laid) - (version - hit[0]):])
    else:
        g = _from_track_graph(track_graph(board, released), board)
    board.cache[key] = (version, g)
    return g


def network_reach(board: Board, op: Operator) -> tuple[NetworkGraph, set[int]]:
    """The network graph and the nodes of it that a legal path from one of ``op``'s tokens
    reaches (as :func:`~railhouse.map.graph.reach`, on the network graph), cached."""
    g = network_graph(board, op.released)
    key = ("network_reach", board.track_version, board.token_version, op)
    hit: set[int] | None = board.cache.get(key)
    if hit is None:
        index = g.index
        starts = {index[f"{h}.c{k}"] for h, k in board.company_cities(op.company)
                  if f"{h}.c{k}" in index}
        hit = board.cache[key] = legal_reach(g, starts, path_ends(board, g, op))
    return g, hit


def patched(base: NetworkGraph, board: Board, barriers: frozenset[tuple[str, str]],
            coords: Iterable[str]) -> NetworkGraph:
    """A new graph: ``base`` with the hexes ``coords`` holding ``board``'s tiles now
    (``base`` is left as it is: lists it shares are copied before they change)."""
    g = NetworkGraph(list(base.nodes), list(base.adj), list(base.path_names),
                     list(base.path_ends), list(base.path_hex), dict(base.index),
                     dict(base.side), dict(base.hex_edges), hex_paths=dict(base.hex_paths),
                     hex_stops=dict(base.hex_stops))
    adj, index, side, path_ends = g.adj, g.index, g.side, g.path_ends
    owned: set[int] = set()  # nodes whose adjacency list is this graph's own copy
    order = hex_order(board.map)
    for coord in dict.fromkeys(coords):
        for pid in g.hex_paths.get(coord, ()):
            for u in set(path_ends[pid]):
                adj[u] = [e for e in adj[u] if e[1] != pid]
                owned.add(u)
        for u in g.hex_stops.get(coord, ()):
            if index.get(g.nodes[u].name) == u:
                del index[g.nodes[u].name]
        t, rot = board.tile_at(coord)
        frag = fragment(board.map, coord, t, rot)
        g.hex_edges[coord] = frag.edge_mask
        ends: list[int] = []
        for node, shared in frag.stops:
            u = index.get(node.name, -1) if shared else -1
            if u < 0:
                u = g.add_node(node)
                owned.add(u)
            ends.append(u)
        pids: list[int] = []
        for a, b, name in frag.paths:
            ua, ub = (ends[x - STOP_BASE] if x >= STOP_BASE
                      else side.get(frag.sides[x].key, -1) for x in (a, b))
            if ua < 0:
                ua = add_side(g, frag.sides[a], barriers)
                owned.add(ua)
            if ub < 0:
                ub = add_side(g, frag.sides[b], barriers)
                owned.add(ub)
            for u in (ua, ub):
                if u not in owned:
                    adj[u] = list(adj[u])
                    owned.add(u)
            pids.append(len(g.path_names))
            g.add_path(name, ua, ub, order[coord])
        g.hex_paths[coord] = tuple(pids)
        g.hex_stops[coord] = tuple(ends)
    added = g.nodes[len(base.nodes):]  # nodes are only appended: extend the base's flags
    if base.side_flags is not None and len(base.side_flags) == len(base.nodes):
        g.side_flags = base.side_flags + bytearray(n.kind == EDGE for n in added)
    if base.offboard_flags is not None and len(base.offboard_flags) == len(base.nodes):
        g.offboard_flags = base.offboard_flags + bytearray(n.kind == OFFBOARD for n in added)
    return g


def _from_track_graph(base: TrackGraph, board: Board) -> NetworkGraph:
    """The track graph as a network graph (sharing its lists: a patch copies them)."""
    g = NetworkGraph(base.nodes, base.adj, base.path_names, base.path_ends, base.path_hex,
                     base.index, base.side, base.hex_edges)
    coords = list(board.map.hexes)
    paths: dict[str, list[int]] = {}
    for pid, number in enumerate(base.path_hex):
        paths.setdefault(coords[number], []).append(pid)
    stops: dict[str, list[int]] = {}
    for u, node in enumerate(base.nodes):
        if node.kind != EDGE:
            stops.setdefault(node.hex, []).append(u)
    g.hex_paths = {c: tuple(p) for c, p in paths.items()}
    g.hex_stops = {c: tuple(s) for c, s in stops.items()}
    return g
