"""Building the track graph of a board (see :mod:`railhouse.map.graph` for what its
nodes and edges are).

A build walks the hexes in map order; each hex adds the nodes and paths of its tile, taken
from a per-map cache of *fragments* (one per hex, tile and rotation).  Node and path
numbers follow that walk, so a build can start from a cached graph of an earlier track
version at the first hex laid since (:func:`prefix`): the result is identical to a full
build, numbers included.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice
from typing import NamedTuple

from railhouse.map.board import Board
from railhouse.map.mapdef import MapDef, Offboard
from railhouse.map.tiles import CITY, OFFBOARD, STOP_BASE, TileDef, orient

EDGE = "edge"


@dataclass(slots=True)
class Node:
    """One graph node.  ``city`` is the city index on its hex (tokens), else -1."""

    name: str
    kind: str
    hex: str
    city: int = -1
    revenue: int = 0
    slots: int = 0
    offboard: Offboard | None = None


@dataclass
class TrackGraph:
    """Adjacency lists ``adj[node] = [(other node, path id), ...]``."""

    nodes: list[Node] = field(default_factory=list)
    adj: list[list[tuple[int, int]]] = field(default_factory=list)
    path_names: list[str] = field(default_factory=list)
    path_ends: list[tuple[int, int]] = field(default_factory=list)
    #: the map-order number of the hex each path lies in (see :mod:`railhouse.map.legal`)
    path_hex: list[int] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    side: dict[tuple[str, int], int] = field(default_factory=dict)
    hex_edges: dict[str, int] = field(default_factory=dict)
    #: ``(len(nodes), len(path_names), len(side))`` when the build reached each hex, in
    #: map order (``index`` and ``side`` only grow, in node order, during a build)
    marks: list[tuple[int, int, int]] = field(default_factory=list)
    #: per node, 1 for a hex side: derived, set at first use by ``legal.side_flags``
    side_flags: bytearray | None = field(default=None, repr=False, compare=False)
    #: per node, 1 for an off-board: derived, set at first use by ``graph.path_ends``
    offboard_flags: bytearray | None = field(default=None, repr=False, compare=False)
    #: ``(hex, city index) -> (node, slots)`` of every city with slots: derived, set at
    #: first use by ``graph.city_table``
    cities: dict[tuple[str, int], tuple[int, int]] | None = field(
        default=None, repr=False, compare=False)

    def add_node(self, node: Node) -> int:
        self.index[node.name] = len(self.nodes)
        self.nodes.append(node)
        self.adj.append([])
        return len(self.nodes) - 1

    def add_path(self, name: str, a: int, b: int, hex_number: int) -> None:
        pid = len(self.path_names)
        self.path_names.append(name)
        self.path_ends.append((a, b))
        self.path_hex.append(hex_number)
        self.adj[a].append((b, pid))
        self.adj[b].append((a, pid))


class _Side(NamedTuple):
    """The point where track leaves a hex at ``key = (hex, edge)``: ``facing`` is the
    neighbour's ``(hex, edge)`` (None at the map edge), ``barrier`` the ``(a, b)`` of an
    edge rule there.  A side under an active barrier, or at the map edge, is ``split``
    (a point of this hex only), else ``joined`` (one point named from the side whose
    ``(hex, edge)`` sorts first)."""

    key: tuple[str, int]
    facing: tuple[str, int] | None
    barrier: tuple[str, str] | None
    split: Node
    joined: Node
    #: ``(hex, 1 << edge)`` of each hex side the split and the joined point stand for
    #: (``network.NetworkGraph.side_bits`` of the node made for this side)
    split_bits: tuple[tuple[str, int], ...]
    joined_bits: tuple[tuple[str, int], ...]


class _Fragment(NamedTuple):
    """What one hex with one tile at one rotation adds to the graph (cached per map):
    its stop nodes in stop order (``shared``: an off-board node that several hexes may
    name alike), its paths as ``(end a, end b, path name)`` with ends as in
    :class:`~railhouse.map.tiles.Oriented` (edges < ``STOP_BASE`` <= stops), and the
    :class:`_Side` of each edge; ``links``: the paths again as ``(end a, side key of a,
    end b, side key of b, path name)``, a side key None for an end that is a stop
    (what a patch of the network graph reads)."""

    edge_mask: int
    stops: tuple[tuple[Node, bool], ...]
    paths: tuple[tuple[int, int, str], ...]
    sides: tuple[_Side, ...]
    links: tuple[tuple[int, tuple[str, int] | None, int, tuple[str, int] | None, str], ...]


def fragment(mapdef: MapDef, coord: str, t: TileDef, rot: int) -> _Fragment:
    """What ``coord`` holding tile ``t`` at rotation ``rot`` adds to the graph (cached per
    map, hex, tile and rotation): the tile's :func:`_shape` at that rotation, named on
    ``coord`` (a lay of a new tile, turn or hex makes one: every name is ``coord``'s, the
    rest is the shape's, made once per tile and rotation)."""
    key = ("fragment", coord, id(t), rot)
    hit: _Fragment | None = mapdef._cache.get(key)
    if hit is not None:
        return hit
    edge_mask, stops, paths = _shape(mapdef, t, rot)
    off = mapdef.hexes[coord].offboard
    prefix = coord + "."
    nodes = []
    for label, kind, city, revenue, slots in stops:
        if kind == OFFBOARD:
            name = off.location if off is not None else prefix + label
            nodes.append((Node(name, OFFBOARD, coord, offboard=off), True))
        else:
            nodes.append((Node(prefix + label, kind, coord, city, revenue, slots), False))
    prefix = coord + ":"
    named = tuple([(a, b, prefix + pair) for a, b, pair in paths])
    sides = _sides_of(mapdef, coord)
    hit = _Fragment(edge_mask, tuple(nodes), named, sides, tuple([
        (a, None if a >= STOP_BASE else sides[a].key, b,
         None if b >= STOP_BASE else sides[b].key, name) for a, b, name in named]))
    mapdef._cache[key] = hit
    return hit


def content_fragments(mapdef: MapDef) -> dict[tuple[str, tuple[str, int] | None], _Fragment]:
    """The fragments of the map by hex and content, ``(hex, board.tiles entry)`` (None:
    the printed tile), filled by the callers as they meet them: one look-up per hex
    built or patched instead of the tile and its key made again."""
    by_content: dict[tuple[str, tuple[str, int] | None], _Fragment] = mapdef._cache.setdefault(
        "fragment_by_content", {})
    return by_content


_Shape = tuple[int, tuple[tuple[str, str, int, int, int], ...], tuple[tuple[int, int, str], ...]]


def _shape(mapdef: MapDef, t: TileDef, rot: int) -> _Shape:
    """Tile ``t`` at rotation ``rot`` with no hex: its edge mask, its stops as ``(label,
    kind, city index, revenue, slots)`` in stop order (label ``"c0"``, city index -1 for
    a stop that is no city), and its paths as ``(end a, end b, "a-b")`` with ends as in
    :class:`~railhouse.map.tiles.Oriented` and the ends' labels sorted (cached per map,
    tile and rotation)."""
    key = ("fragment_shape", id(t), rot)
    hit: _Shape | None = mapdef._cache.get(key)
    if hit is None:
        labels = [t.stop_name(i) for i in range(len(t.stops))]
        cities = t.city_indices()
        stops = tuple((labels[i], stop.kind, cities.index(i) if stop.kind == CITY else -1,
                       stop.revenue, stop.slots) for i, stop in enumerate(t.stops))
        o = orient(t, rot)
        paths = []
        for a, b in o.paths:
            label_a = labels[a - STOP_BASE] if a >= STOP_BASE else str(a)
            label_b = labels[b - STOP_BASE] if b >= STOP_BASE else str(b)
            paths.append((a, b, "-".join(sorted((label_a, label_b)))))
        hit = mapdef._cache[key] = (o.edge_mask, stops, tuple(paths))
    return hit


def _sides_of(mapdef: MapDef, coord: str) -> tuple[_Side, ...]:
    """The :class:`_Side` of each edge of ``coord`` (cached per map: every fragment of the
    hex shares them)."""
    key = ("sides", coord)
    hit: tuple[_Side, ...] | None = mapdef._cache.get(key)
    if hit is None:
        hit = mapdef._cache[key] = tuple(_side_of(mapdef, coord, edge) for edge in range(6))
    return hit


def _side_of(mapdef: MapDef, coord: str, edge: int) -> _Side:
    nb = mapdef.neighbours[coord][edge]
    rule = mapdef.edge_rule_at.get((coord, edge))
    facing = (nb, (edge + 3) % 6) if nb is not None else None
    own = f"{coord}.e{edge}"
    name = f"{facing[0]}.e{facing[1]}" if facing is not None and facing < (coord, edge) else own
    barrier = (rule.a, rule.b) if rule is not None else None
    mine = ((coord, 1 << edge),)
    return _Side((coord, edge), facing, barrier, Node(own, EDGE, coord), Node(name, EDGE, coord),
                 mine, mine if facing is None else (*mine, (facing[0], 1 << facing[1])))


def prefix(base: TrackGraph, first: int) -> TrackGraph:
    """``base`` as its build stood when it reached hex number ``first`` (a new graph)."""
    n_nodes, n_paths, n_sides = base.marks[first]
    return TrackGraph(
        base.nodes[:n_nodes],
        [adj[:] if not adj or adj[-1][1] < n_paths else [e for e in adj if e[1] < n_paths]
         for adj in base.adj[:n_nodes]],
        base.path_names[:n_paths],
        base.path_ends[:n_paths],
        base.path_hex[:n_paths],
        dict(islice(base.index.items(), n_nodes)),
        dict(islice(base.side.items(), n_sides)),
        dict(base.hex_edges),
        base.marks[:first],
    )


def build(
    board: Board, barriers: frozenset[tuple[str, str]], base: TrackGraph | None = None,
    first: int = 0,
) -> TrackGraph:
    """The graph, built hex by hex in map order; from hex number ``first`` on only, on
    the prefix of ``base`` (a graph of the same map whose hexes before ``first`` hold the
    same tiles, built with the same ``barriers``) if given.  (The hot loop of every lay:
    written with local names, equivalent to ``add_node``/``add_path`` calls.)"""
    g = TrackGraph() if base is None else prefix(base, first)
    mapdef = board.map
    nodes, adj, index, side, marks = g.nodes, g.adj, g.index, g.side, g.marks
    names, path_ends, path_hex, hex_edges = g.path_names, g.path_ends, g.path_hex, g.hex_edges
    coords, bare = _coords(mapdef)
    laid = board.tiles
    by_content = content_fragments(mapdef)
    start = first if base is not None else 0
    for number, coord in enumerate(coords[start:], start):
        marks.append((len(nodes), len(names), len(side)))
        tile = laid.get(coord)
        if tile is None and coord in bare:
            hex_edges[coord] = 0
            continue
        frag = by_content.get((coord, tile))
        if frag is None:
            t, rot = board.tile_at(coord)
            frag = by_content[coord, tile] = fragment(mapdef, coord, t, rot)
        hex_edges[coord] = frag.edge_mask
        ends: list[int] = []
        for node, shared in frag.stops:
            u = index.get(node.name) if shared else None
            if u is None:
                u = index[node.name] = len(nodes)
                nodes.append(node)
                adj.append([])
            ends.append(u)
        sides = frag.sides
        for a, b, name in frag.paths:
            if a >= STOP_BASE:
                ua = ends[a - STOP_BASE]
            else:
                spec = sides[a]
                ua = side.get(spec.key, -1)
                if ua < 0:  # add_side, inlined
                    ua = len(nodes)
                    facing = spec.facing
                    split = facing is None or spec.barrier in barriers
                    node = spec.split if split else spec.joined
                    index[node.name] = ua
                    nodes.append(node)
                    adj.append([])
                    side[spec.key] = ua
                    if not split and facing is not None:
                        side[facing] = ua
            if b >= STOP_BASE:
                ub = ends[b - STOP_BASE]
            else:
                spec = sides[b]
                ub = side.get(spec.key, -1)
                if ub < 0:  # add_side, inlined
                    ub = len(nodes)
                    facing = spec.facing
                    split = facing is None or spec.barrier in barriers
                    node = spec.split if split else spec.joined
                    index[node.name] = ub
                    nodes.append(node)
                    adj.append([])
                    side[spec.key] = ub
                    if not split and facing is not None:
                        side[facing] = ub
            pid = len(names)
            names.append(name)
            path_ends.append((ua, ub))
            path_hex.append(number)
            adj[ua].append((ub, pid))
            adj[ub].append((ua, pid))
    return g


def _coords(mapdef: MapDef) -> tuple[list[str], frozenset[str]]:
    """The hexes in map order, and those printed without track or stops (cached)."""
    hit: tuple[list[str], frozenset[str]] | None = mapdef._cache.get("coords")
    if hit is None:
        bare = frozenset(c for c, h in mapdef.hexes.items() if not h.printed.stops
                         and not h.printed.paths)
        hit = mapdef._cache["coords"] = (list(mapdef.hexes), bare)
    return hit


def add_side(g: TrackGraph, spec: _Side, barriers: frozenset[tuple[str, str]]) -> int:
    """Make the node of side ``spec`` (split under an active barrier of ``barriers`` or
    at the map edge, else joined with the facing side) and return it."""
    split = spec.facing is None or spec.barrier in barriers
    u = g.add_node(spec.split if split else spec.joined)
    g.side[spec.key] = u
    if not split and spec.facing is not None:
        g.side[spec.facing] = u
    return u
