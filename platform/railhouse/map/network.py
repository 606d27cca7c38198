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
from typing import Any

from railhouse.map.board import Board
from railhouse.map.graph import (
    CACHE_ENTRIES,
    Operator,
    _trim,
    active_barriers,
    city_table,
    hex_order,
    offboard_flags,
    path_ends,
    token_nodes,
    track_graph,
)
from railhouse.map.graphbuild import (
    EDGE,
    Node,
    TrackGraph,
    _Side,
    add_side,
    content_fragments,
    fragment,
)
from railhouse.map.legal import legal_reach, side_flags
from railhouse.map.reachreuse import LastReach, reused
from railhouse.map.tiles import CITY, OFFBOARD, STOP_BASE


@dataclass
class NetworkGraph(TrackGraph):
    """A track graph that can be patched: per laid hex, its segments and stop nodes.

    ``stop_rank`` (per stop node) and ``path_rank`` (per segment) say where a full build
    of the track graph would put them (:func:`node_rank`): map-order number of the hex
    shifted by :data:`HEX_SHIFT`, plus the position in the hex's fragment.

    The lists a patch only appends to are shared along a lineage (``counts``): a graph
    that has been patched since reads a longer ``nodes`` (and ``path_*``, ``side_bits``,
    flags) than its own; ``len(g.adj)`` is always its node count, and its adjacency,
    index and side map lead to its own nodes and segments only."""

    hex_paths: dict[str, tuple[int, ...]] = field(default_factory=dict)
    hex_stops: dict[str, tuple[int, ...]] = field(default_factory=dict)
    stop_rank: dict[int, int] = field(default_factory=dict)
    path_rank: list[int] = field(default_factory=list)
    #: per node, ``(hex, 1 << edge)`` of each hex side it is (``side`` inverted; empty
    #: for a stop): a side node stands for the same sides for as long as it exists
    side_bits: list[tuple[tuple[str, int], ...]] = field(default_factory=list)
    #: the track version of the board this graph is of, and an object shared by every
    #: graph patched from one build (:func:`patched` keeps the numbering of its base:
    #: nodes and segments are only appended, so along one board's lays a node number
    #: means the same node in each later graph, and a segment of an unchanged hex the
    #: same segment).  Not across boards: the bare map's graph is shared by every board
    #: of the map (:func:`_bare_map_graph`), and two games, or a game and a clone after
    #: they part, patch one lineage differently; so graphs to compare are kept per board
    #: (``board.cache``, which a clone copies as it was when they parted)
    version: int = 0
    lineage: object = field(default_factory=object)
    #: per node, its adjacency in the order of a full build (by ``path_rank``), or None
    #: until a claim's trace first asks (``validate._Tracer.adjacent``); a patch hands
    #: the lists on but at the nodes whose adjacency it changed (:func:`_handed_on`)
    ranked_lists: list[list[tuple[int, int]] | None] | None = field(
        default=None, repr=False, compare=False)
    #: ``(nodes, segments)`` of a graph made by :func:`patched`, whose lists of nodes,
    #: side bits, side and off-board flags and segment names, ends, hexes and ranks are
    #: its lineage's, shared with the patch made from it (they only append): from then
    #: on they are longer than this graph, whose own items are the first ``counts`` (its
    #: adjacency, index and side map lead to no others); None: the lists are this
    #: graph's length (``reachreuse._grown`` reads an old graph's node count from here)
    counts: tuple[int, int] | None = field(default=None, repr=False, compare=False)


HEX_SHIFT = 20
#: a hex's side nodes come after its stops in a full build (``graphbuild.build``)
SIDE_BIT = 1 << (HEX_SHIFT - 1)


def node_rank(g: NetworkGraph, u: int) -> int:
    """Where node ``u`` stands in a full build of the track graph (``graphbuild.build``):
    nodes compare by rank as they do by number there.  A build numbers the hexes' nodes
    in map order; within a hex, the stops of its tile first, in stop order, then the hex
    sides its segments reach, in the order of the segments and of their two ends, unless
    an earlier hex made the side already.  So a stop's rank is fixed when it is made
    (``stop_rank``), and a side's is that of its first end among the segments now at it."""
    rank = g.stop_rank.get(u)
    if rank is not None:
        return rank
    path_rank, path_ends = g.path_rank, g.path_ends
    best = -1
    for _, pid in g.adj[u]:
        pr = path_rank[pid]
        here = (pr >> HEX_SHIFT << HEX_SHIFT | SIDE_BIT
                | (pr & (SIDE_BIT - 1)) << 1 | (path_ends[pid][0] != u))
        if best < 0 or here < best:
            best = here
    return best


def network_graph(board: Board, released: frozenset[str] = frozenset()) -> NetworkGraph:
    """The (cached) network graph of ``board`` with barriers not in ``released`` lifted:
    the latest one patched with the hexes laid since, or made from the track graph."""
    barriers = active_barriers(board.map, released)
    key = ("network", barriers)
    version = board.track_version
    hit: tuple[int, NetworkGraph] | None = board.cache.get(key)
    if hit is not None and hit[0] == version:
        return hit[1]
    if len(board.cache) > CACHE_ENTRIES:  # (route searches may build no track graph)
        _trim(board.cache, version)
    if hit is not None and hit[0] < version <= len(board.laid):
        g = patched(hit[1], board, barriers, board.laid[len(board.laid) - (version - hit[0]):])
        g.version = version
    elif version == 0 and not board.tiles:
        g = _bare_map_graph(board, released, barriers)
    else:
        g = _from_track_graph(track_graph(board, released), board)
        g.version = version
    board.cache[key] = (version, g)
    return g


def _bare_map_graph(board: Board, released: frozenset[str],
                    barriers: frozenset[tuple[str, str]]) -> NetworkGraph:
    """The network graph of the map with no tile laid (every game's first), made once
    per map and ``barriers`` and shared by every board of the map: it depends on nothing
    else, and a graph is not changed once made (:func:`patched` copies what it changes;
    a patch's numbering, and so ``lineage``, is that of this board's own lays)."""
    key = ("network_bare_map", barriers)
    hit: NetworkGraph | None = board.map._cache.get(key)
    if hit is None:
        hit = board.map._cache[key] = _from_track_graph(track_graph(board, released), board)
    return hit


def network_reach(board: Board, op: Operator) -> tuple[NetworkGraph, set[int]]:
    """The network graph and the nodes of it that a legal path from one of ``op``'s tokens
    reaches (as :func:`~railhouse.map.graph.reach`, on the network graph), cached per
    board revision; else ``op``'s last reach if it is still the answer
    (:func:`~railhouse.map.reachreuse.reused`), else found anew."""
    key = ("network_reach", board.track_version, board.token_version, op)
    hit: tuple[NetworkGraph, set[int]] | None = board.cache.get(key)
    if hit is None:  # (kept with its graph: the board's network graph of this revision)
        g = network_graph(board, op.released)
        hit = board.cache[key] = (g, _reach(board, op, g))
    return hit


def _reach(board: Board, op: Operator, g: NetworkGraph) -> set[int]:
    # a token's city is one of the graph's cities with slots (``graph.city_table``)
    start_nodes, blocked_nodes = token_nodes(board, g, op)
    starts, blocked = frozenset(start_nodes), frozenset(blocked_nodes)
    # not ``op``: its off-board ``column`` plays no part in a reach, and changes by phase
    last_key = ("reach_last", op.company, op.released, op.non_blocking)
    last: LastReach | None = board.cache.get(last_key)
    reach = None if last is None else reused(board, g, op, starts, blocked, last)
    if reach is None:
        reach = legal_reach(g, starts, path_ends(board, g, op, blocked_nodes))
    board.cache[last_key] = LastReach(g, starts, blocked, reach)
    return reach


def patched(base: NetworkGraph, board: Board, barriers: frozenset[tuple[str, str]],
            coords: Iterable[str]) -> NetworkGraph:
    """A new graph: ``base`` with the hexes ``coords`` holding ``board``'s tiles now
    (``base`` reads as it did: lists it shares are copied before they change, but those
    a patch only appends to, which the first patch of ``base`` extends in place:
    :func:`_appended_lists`).

    The hot step of every lay: the copy is made as one instance dict (a dataclass
    ``__init__`` runs Python code per field), and the derived per-node flags, side bits
    and city table are extended as the nodes are made.  The city table is copied only
    when a hex laid holds a city, before or after (else the new graph shares its base's:
    ``graph.token_nodes`` keeps its answer while the table is the same object)."""
    # ``.copy()``, not ``dict(...)``: ``index`` loses names at every patch, and
    # ``dict()`` of a dict with deleted entries re-inserts key by key (tens of times
    # slower than the copy of its table)
    nodes, side_bits, is_side, is_offboard, path_names, path_ends, path_hex, path_rank = (
        _appended_lists(base))
    known = len(nodes)
    cities = shared_cities = city_table(base)
    adj = base.adj.copy()
    index, side = base.index.copy(), base.side.copy()
    hex_edges, hex_paths = base.hex_edges.copy(), base.hex_paths.copy()
    hex_stops, stop_rank = base.hex_stops.copy(), base.stop_rank.copy()
    g = NetworkGraph.__new__(NetworkGraph)  # (the copies made into locals first: read once)
    g.__dict__ = {
        "nodes": nodes, "adj": adj, "path_names": path_names, "path_ends": path_ends,
        "path_hex": path_hex, "index": index, "side": side, "hex_edges": hex_edges,
        "marks": [], "side_flags": is_side, "offboard_flags": is_offboard, "cities": cities,
        "hex_paths": hex_paths, "hex_stops": hex_stops, "stop_rank": stop_rank,
        "path_rank": path_rank, "side_bits": side_bits, "counts": None,
        "version": base.version, "lineage": base.lineage, "ranked_lists": None}
    owned: set[int] = set()  # nodes whose adjacency list is this graph's own copy
    mapdef = board.map
    order, by_content, tiles = hex_order(mapdef), content_fragments(mapdef), board.tiles
    for coord in dict.fromkeys(coords):
        old_paths = hex_paths.get(coord)
        if old_paths:  # they leave the adjacency of their ends (each list made once)
            gone = set(old_paths)
            for u in {u for pid in old_paths for u in path_ends[pid]}:
                adj[u] = [e for e in adj[u] if e[1] not in gone]
                owned.add(u)
        for u in hex_stops.get(coord, ()):  # (their cities leave the table with them)
            node = nodes[u]
            if index.get(node.name) == u:
                del index[node.name]
            if (coord, node.city) in cities:
                if cities is shared_cities:
                    cities = g.cities = cities.copy()
                del cities[(coord, node.city)]
        frag = by_content.get((coord, tile := tiles.get(coord)))
        if frag is None:
            frag = by_content[coord, tile] = fragment(mapdef, coord, *board.tile_at(coord))
        hex_edges[coord] = frag.edge_mask
        ends: list[int] = []
        number = order[coord]
        rank = number << HEX_SHIFT
        for i, (node, shared) in enumerate(frag.stops):
            u = index.get(node.name, -1) if shared else -1
            if u >= 0:  # an off-board of several hexes made already
                if u not in owned:
                    adj[u] = adj[u].copy()
                    owned.add(u)
            else:
                u = index[node.name] = len(nodes)
                nodes.append(node)
                adj.append([])
                owned.add(u)
                stop_rank[u] = rank | i
                side_bits.append(())
                is_side.append(0)
                is_offboard.append(node.kind == OFFBOARD)
                if node.kind == CITY and node.slots != 0:
                    if cities is shared_cities:
                        cities = g.cities = cities.copy()
                    cities[(coord, node.city)] = (u, node.slots)
            ends.append(u)
        first = len(path_names)
        sides, side_of = frag.sides, side.get
        for a, key_a, b, key_b, name in frag.links:
            if key_a is None:
                ua = ends[a - STOP_BASE]
            elif (ua := side_of(key_a, -1)) not in owned:  # (-1 is in no graph)
                if ua >= 0:
                    adj[ua] = adj[ua].copy()
                else:
                    ua = _new_side(g, sides[a], barriers)
                owned.add(ua)
            if key_b is None:
                ub = ends[b - STOP_BASE]
            elif (ub := side_of(key_b, -1)) not in owned:
                if ub >= 0:
                    adj[ub] = adj[ub].copy()
                else:
                    ub = _new_side(g, sides[b], barriers)
                owned.add(ub)
            pid = len(path_names)
            path_rank.append(rank | (pid - first))
            path_names.append(name)
            path_ends.append((ua, ub))
            path_hex.append(number)
            adj[ua].append((ub, pid))
            adj[ub].append((ua, pid))
        hex_paths[coord] = tuple(range(first, len(path_names)))
        hex_stops[coord] = tuple(ends)
    # a node's ranked adjacency follows from its adjacency (and the segments' fixed
    # ranks), which changed only where this graph owns a copy of it
    g.counts = (len(nodes), len(path_names))
    if base.ranked_lists is not None:
        g.ranked_lists = _handed_on(base.ranked_lists, known, owned, len(nodes))
    return g


_Appended = tuple[list[Node], list[tuple[tuple[str, int], ...]], bytearray, bytearray,
                  list[str], list[tuple[int, int]], list[int], list[int]]


def _appended_lists(base: NetworkGraph) -> _Appended:
    """The lists a patch of ``base`` only appends to: per node, the nodes, side bits and
    side and off-board flags; per segment, the names, ends, hexes and ranks.

    ``base``'s own lists when it is the last graph of its lineage to append to them
    (their lengths are its counts: ``NetworkGraph.counts``): the patch extends them in
    place, and ``base`` goes on reading the first of their items, its own (a graph's
    numbers only name its own nodes and segments: its adjacency, index and side map
    lead to no others).  Else (a second patch of ``base``: another board, a clone, went
    on from it; or ``base`` shares its lists with a track graph, ``counts`` None) copies
    of ``base``'s items."""
    counts = base.counts
    if counts is not None and len(base.nodes) == counts[0] and len(base.path_names) == counts[1]:
        assert base.side_flags is not None and base.offboard_flags is not None
        return (base.nodes, base.side_bits, base.side_flags, base.offboard_flags,
                base.path_names, base.path_ends, base.path_hex, base.path_rank)
    n, p = counts if counts is not None else (len(base.nodes), len(base.path_names))
    return (base.nodes[:n], base.side_bits[:n], side_flags(base)[:n], offboard_flags(base)[:n],
            base.path_names[:p], base.path_ends[:p], base.path_hex[:p], base.path_rank[:p])


def _handed_on(lists: list[Any] | None, known: int, owned: set[int],
               size: int) -> list[Any] | None:
    """A copy of ``lists``, per-node data derived from the adjacency of a graph of
    ``known`` nodes, for its patch of ``size`` nodes: None (made again) at the nodes
    whose adjacency the patch changed, ``owned``, and at its new nodes."""
    if lists is None or len(lists) != known:
        return None
    lists = lists.copy()
    for u in owned:
        if u < known:
            lists[u] = None
    lists.extend([None] * (size - known))
    return lists


def _new_side(g: NetworkGraph, spec: _Side, barriers: frozenset[tuple[str, str]]) -> int:
    """The node of side ``spec`` made in ``g`` (being patched: a side not in the graph
    yet), with its side bits and flags."""
    u = add_side(g, spec, barriers)
    g.side_bits.append(spec.split_bits if g.nodes[u] is spec.split else spec.joined_bits)
    assert g.side_flags is not None and g.offboard_flags is not None
    g.side_flags.append(1)
    g.offboard_flags.append(0)
    return u


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
    _add_side_bits(g, base.side.items())
    g.hex_paths = {c: tuple(p) for c, p in paths.items()}
    g.hex_stops = {c: tuple(s) for c, s in stops.items()}
    # a build numbers segments hex by hex, each hex's in fragment order
    rank = [0] * len(base.path_hex)
    for pids in g.hex_paths.values():
        for i, pid in enumerate(pids):
            rank[pid] = base.path_hex[pid] << HEX_SHIFT | i
    g.path_rank = rank
    # ... and its stops likewise (an off-board of several hexes: where it was made)
    order = hex_order(board.map)
    for coord, nodes in g.hex_stops.items():
        for i, u in enumerate(nodes):
            g.stop_rank[u] = order[coord] << HEX_SHIFT | i
    return g


def _add_side_bits(g: NetworkGraph, sides: Iterable[tuple[tuple[str, int], int]]) -> None:
    """Extend ``g.side_bits`` to every node, with ``sides`` (new entries of ``g.side``:
    the side map only grows, a side keeps its node) added to their nodes."""
    bits = g.side_bits
    bits.extend([()] * (len(g.nodes) - len(bits)))
    for (coord, edge), u in sides:
        bits[u] += ((coord, 1 << edge),)
