"""The track graph of a board and who may pass where.

Nodes are stops (cities ``"H9.c0"``, towns ``"H7.t0"``, junctions ``"X.j0"``, off-board
locations ``"J1"``, one node for a multi-hex off-board) and hex-side points ``"H9.e4"``
(named from the side whose ``(hex, edge)`` sorts first).  Each tile path is one graph edge,
named ``"H9:0-c0"``.  A side under an active barrier is split into one point per hex, so
nothing can cross it.  The graph depends only on tiles and released barriers and is cached
on the board per ``(track_version, barriers)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice
from typing import NamedTuple

from railhouse.map.board import Board
from railhouse.map.mapdef import MapDef, Offboard
from railhouse.map.tiles import CITY, KIND_LETTER, OFFBOARD, STOP_BASE, TileDef, orient

EDGE = "edge"


@dataclass(frozen=True)
class Operator:
    """Who is acting, and the phase-dependent state of the map.

    ``released``: active release keys (lifted barriers, unblocked hexes).  ``non_blocking``:
    token owners that do not block this company (1839: ``"NS"`` markers for Locals).
    ``column``: the off-board value column of the current phase.
    """

    company: str
    released: frozenset[str] = frozenset()
    non_blocking: frozenset[str] = frozenset()
    column: int = 0


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
    index: dict[str, int] = field(default_factory=dict)
    side: dict[tuple[str, int], int] = field(default_factory=dict)
    hex_edges: dict[str, int] = field(default_factory=dict)
    #: ``(len(nodes), len(path_names), len(side))`` when the build reached each hex, in
    #: map order (``index`` and ``side`` only grow, in node order, during a build)
    marks: list[tuple[int, int, int]] = field(default_factory=list)

    def add_node(self, node: Node) -> int:
        self.index[node.name] = len(self.nodes)
        self.nodes.append(node)
        self.adj.append([])
        return len(self.nodes) - 1

    def add_path(self, name: str, a: int, b: int) -> None:
        pid = len(self.path_names)
        self.path_names.append(name)
        self.path_ends.append((a, b))
        self.adj[a].append((b, pid))
        self.adj[b].append((a, pid))


def track_graph(board: Board, released: frozenset[str] = frozenset()) -> TrackGraph:
    """The (cached) graph of ``board`` with barriers whose key is not in ``released``.

    A graph of a recent track version still in the cache is reused up to the first hex
    laid since (``Board.laid``): the build is the same up to there, so the result is
    identical to a full build, node and path numbers included."""
    barriers = _active_barriers(board.map, released)
    version = board.track_version
    key = ("graph", version, barriers)
    graph = board.cache.get(key)
    if graph is None:
        if len(board.cache) > 64:
            board.cache.clear()
        graph = _build(board, barriers, *_base(board, barriers))
        board.cache[key] = graph
    return graph


REUSE_VERSIONS = 4  # how many track versions back track_graph looks for a graph to reuse


def _base(board: Board, barriers: frozenset[tuple[str, str]]) -> tuple[TrackGraph | None, int]:
    """A cached graph of an earlier version and the map position of the first hex laid
    since; ``(None, 0)`` if there is none."""
    version, laid = board.track_version, board.laid
    for old in range(version - 1, max(version - 1 - REUSE_VERSIONS, -1), -1):
        base = board.cache.get(("graph", old, barriers))
        if base is not None and len(laid) >= version:
            order = _hex_order(board.map)
            changed = laid[len(laid) - (version - old):]
            return base, min(order[c] for c in changed)
    return None, 0


def _hex_order(mapdef: MapDef) -> dict[str, int]:
    hit: dict[str, int] | None = mapdef._cache.get("hex_order")
    if hit is None:
        hit = mapdef._cache["hex_order"] = {c: i for i, c in enumerate(mapdef.hexes)}
    return hit


def _active_barriers(mapdef: MapDef, released: frozenset[str]) -> frozenset[tuple[str, str]]:
    """``(a, b)`` of every barrier rule still active with ``released`` (cached per map)."""
    key = ("barriers", released)
    hit: frozenset[tuple[str, str]] | None = mapdef._cache.get(key)
    if hit is None:
        hit = frozenset(
            (r.a, r.b)
            for r in mapdef.edge_rules
            if r.barrier_until is not None and r.barrier_until not in released
        )
        mapdef._cache[key] = hit
    return hit


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


class _Fragment(NamedTuple):
    """What one hex with one tile at one rotation adds to the graph (cached per map):
    its stop nodes in stop order (``shared``: an off-board node that several hexes may
    name alike), its paths as ``(end a, end b, path name)`` with ends as in
    :class:`~railhouse.map.tiles.Oriented` (edges < ``STOP_BASE`` <= stops), and the
    :class:`_Side` of each edge."""

    edge_mask: int
    stops: tuple[tuple[Node, bool], ...]
    paths: tuple[tuple[int, int, str], ...]
    sides: tuple[_Side, ...]


def _fragment(mapdef: MapDef, coord: str, t: TileDef, rot: int) -> _Fragment:
    key = ("fragment", coord, id(t), rot)
    hit: _Fragment | None = mapdef._cache.get(key)
    if hit is not None:
        return hit
    off = mapdef.hexes[coord].offboard
    labels = [t.stop_name(i) for i in range(len(t.stops))]
    stops = []
    for i, stop in enumerate(t.stops):
        if stop.kind == OFFBOARD:
            name = off.location if off is not None else f"{coord}.{labels[i]}"
            stops.append((Node(name, OFFBOARD, coord, offboard=off), True))
            continue
        city = t.city_indices().index(i) if stop.kind == CITY else -1
        node = Node(f"{coord}.{labels[i]}", stop.kind, coord, city, stop.revenue, stop.slots)
        stops.append((node, False))
    o = orient(t, rot)
    paths = []
    for a, b in o.paths:
        label_a = labels[a - STOP_BASE] if a >= STOP_BASE else str(a)
        label_b = labels[b - STOP_BASE] if b >= STOP_BASE else str(b)
        paths.append((a, b, f"{coord}:{'-'.join(sorted((label_a, label_b)))}"))
    sides = tuple(_side_of(mapdef, coord, edge) for edge in range(6))
    hit = _Fragment(o.edge_mask, tuple(stops), tuple(paths), sides)
    mapdef._cache[key] = hit
    return hit


def _side_of(mapdef: MapDef, coord: str, edge: int) -> _Side:
    nb = mapdef.neighbours[coord][edge]
    rule = mapdef.edge_rule_at.get((coord, edge))
    facing = (nb, (edge + 3) % 6) if nb is not None else None
    own = f"{coord}.e{edge}"
    name = f"{facing[0]}.e{facing[1]}" if facing is not None and facing < (coord, edge) else own
    barrier = (rule.a, rule.b) if rule is not None else None
    return _Side((coord, edge), facing, barrier, Node(own, EDGE, coord), Node(name, EDGE, coord))


def _prefix(base: TrackGraph, first: int) -> TrackGraph:
    """``base`` as its build stood when it reached hex number ``first`` (a new graph)."""
    n_nodes, n_paths, n_sides = base.marks[first]
    return TrackGraph(
        base.nodes[:n_nodes],
        [adj[:] if not adj or adj[-1][1] < n_paths else [e for e in adj if e[1] < n_paths]
         for adj in base.adj[:n_nodes]],
        base.path_names[:n_paths],
        base.path_ends[:n_paths],
        dict(islice(base.index.items(), n_nodes)),
        dict(islice(base.side.items(), n_sides)),
        dict(base.hex_edges),
        base.marks[:first],
    )


def _build(
    board: Board, barriers: frozenset[tuple[str, str]], base: TrackGraph | None = None,
    first: int = 0,
) -> TrackGraph:
    """The graph, built hex by hex in map order; from hex number ``first`` on only, on
    the prefix of ``base`` (a graph of the same map whose hexes before ``first`` hold the
    same tiles, built with the same ``barriers``) if given.  (The hot loop of every lay:
    written with local names, equivalent to ``add_node``/``add_path`` calls.)"""
    g = TrackGraph() if base is None else _prefix(base, first)
    mapdef = board.map
    nodes, adj, index, side, marks = g.nodes, g.adj, g.index, g.side, g.marks
    names, path_ends, hex_edges = g.path_names, g.path_ends, g.hex_edges
    coords, bare = _coords(mapdef)
    laid = board.tiles
    by_content: dict[tuple[str, tuple[str, int] | None], _Fragment] = mapdef._cache.setdefault(
        "fragment_by_content", {})
    for coord in coords[first if base is not None else 0:]:
        marks.append((len(nodes), len(names), len(side)))
        tile = laid.get(coord)
        if tile is None and coord in bare:
            hex_edges[coord] = 0
            continue
        frag = by_content.get((coord, tile))
        if frag is None:
            t, rot = board.tile_at(coord)
            frag = by_content[coord, tile] = _fragment(mapdef, coord, t, rot)
        hex_edges[coord] = frag.edge_mask
        ends: list[int] = []
        for node, shared in frag.stops:
            u = index.get(node.name) if shared else None
            if u is None:
                u = index[node.name] = len(nodes)
                nodes.append(node)
                adj.append([])
            ends.append(u)
        for a, b, name in frag.paths:
            if a >= STOP_BASE:
                ua = ends[a - STOP_BASE]
            else:
                ua = side.get(frag.sides[a].key, -1)
                if ua < 0:
                    ua = _add_side(g, frag.sides[a], barriers)
            if b >= STOP_BASE:
                ub = ends[b - STOP_BASE]
            else:
                ub = side.get(frag.sides[b].key, -1)
                if ub < 0:
                    ub = _add_side(g, frag.sides[b], barriers)
            pid = len(names)
            names.append(name)
            path_ends.append((ua, ub))
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


def _add_side(g: TrackGraph, spec: _Side, barriers: frozenset[tuple[str, str]]) -> int:
    split = spec.facing is None or spec.barrier in barriers
    u = g.add_node(spec.split if split else spec.joined)
    g.side[spec.key] = u
    if not split and spec.facing is not None:
        g.side[spec.facing] = u
    return u


def stop_label(kind: str) -> str:
    """The one-letter prefix used in node names for a stop kind."""
    return KIND_LETTER[kind]


def blocked(board: Board, node: Node, op: Operator) -> bool:
    """True if ``node`` is a city that ``op`` may not pass through: every slot holds a
    token and none of them is ``op``'s own or a non-blocking owner's."""
    if node.kind != CITY or node.slots == 0:
        return False
    owners = board.tokens.get((node.hex, node.city), ())
    if len(owners) < node.slots:
        return False
    return not any(o == op.company or o in op.non_blocking for o in owners)


def reach(board: Board, op: Operator) -> set[int]:
    """Nodes ``op`` can trace to from its tokens: cities full of others' tokens and
    off-boards are reached but not passed (R-15.3.2, SOH "New tiles"); cached per state."""
    key = ("reach", board.track_version, board.token_version, op)
    hit = board.cache.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    g = track_graph(board, op.released)
    nodes, adj, index = g.nodes, g.adj, g.index
    starts = {index[f"{h}.c{k}"] for h, k in board.company_cities(op.company)
              if f"{h}.c{k}" in index}
    seen = set(starts)
    todo = list(starts)
    while todo:
        u = todo.pop()
        if u not in starts:
            node = nodes[u]
            if node.kind == OFFBOARD or (node.kind == CITY and blocked(board, node, op)):
                continue
        for v, _ in adj[u]:
            if v not in seen:
                seen.add(v)
                todo.append(v)
    board.cache[key] = seen
    return seen
