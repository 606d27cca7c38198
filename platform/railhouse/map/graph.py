"""The track graph of a board and who may pass where.

Nodes are stops (cities ``"H9.c0"``, towns ``"H7.t0"``, junctions ``"X.j0"``, off-board
locations ``"J1"``, one node for a multi-hex off-board) and hex-side points ``"H9.e4"``
(named from the side whose ``(hex, edge)`` sorts first).  Each tile path is one graph edge,
named ``"H9:0-c0"``.  A side under an active barrier is split into one point per hex, so
nothing can cross it.  The graph depends only on tiles and released barriers and is cached
on the board per ``(track_version, barriers)``; :mod:`railhouse.map.graphbuild` builds it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from railhouse.map.board import Board
from railhouse.map.graphbuild import EDGE, Node, TrackGraph, build
from railhouse.map.laymemo import LAST_REVISION
from railhouse.map.legal import legal_reach
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import CITY, KIND_LETTER, OFFBOARD

__all__ = ["EDGE", "Node", "Operator", "TrackGraph", "blocked", "blocked_cities", "reach",
           "stop_label", "track_graph"]


class Operator(NamedTuple):
    """Who is acting, and the phase-dependent state of the map.

    ``released``: active release keys (lifted barriers, unblocked hexes).  ``non_blocking``:
    token owners that do not block this company (1839: ``"NS"`` markers for Locals).
    ``column``: the off-board value column of the current phase.

    A named tuple (immutable, compared and hashed by value): it is made for every map
    question of a step and is part of the key of every per-revision cache of the map
    (reach, route graph, placements), and a tuple is made and hashed without a Python
    call per field.
    """

    company: str
    released: frozenset[str] = frozenset()
    non_blocking: frozenset[str] = frozenset()
    column: int = 0


def track_graph(board: Board, released: frozenset[str] = frozenset()) -> TrackGraph:
    """The (cached) graph of ``board`` with barriers whose key is not in ``released``.

    A graph of a recent track version still in the cache is reused up to the first hex
    laid since (``Board.laid``): the build is the same up to there, so the result is
    identical to a full build, node and path numbers included."""
    barriers = active_barriers(board.map, released)
    version = board.track_version
    key = ("graph", version, barriers)
    graph = board.cache.get(key)
    if graph is None:
        if len(board.cache) > CACHE_ENTRIES:
            _trim(board.cache, version)
        graph = build(board, barriers, *_base(board, barriers))
        board.cache[key] = graph
    return graph


REUSE_VERSIONS = 4  # how many track versions back track_graph looks for a graph to reuse
CACHE_ENTRIES = 64  # a board's cache beyond this is trimmed (it is copied by every clone)
#: cache entries a trim keeps: the graphs that later builds and patches start from, each
#: operator's last network reach (``network.network_reach`` reuses it) and the lay
#: listing's last revision (``laymemo.carried`` carries its hexes' lays on)
LASTING = frozenset({"graph", "network", "reach_last", LAST_REVISION[0]})


def _trim(cache: dict[Any, Any], version: int) -> None:
    """Drop derived data, keeping the graphs of the last ``REUSE_VERSIONS`` track
    versions, the network graph (so the next build starts from a recent graph) and the
    operators' last network reaches."""
    keep = {key: value for key, value in cache.items()
            if isinstance(key, tuple) and key and key[0] in LASTING
            and (key[0] != "graph" or key[1] >= version - REUSE_VERSIONS)}
    cache.clear()
    cache.update(keep)


def _base(board: Board, barriers: frozenset[tuple[str, str]]) -> tuple[TrackGraph | None, int]:
    """A cached graph of an earlier version and the map position of the first hex laid
    since; ``(None, 0)`` if there is none."""
    version, laid = board.track_version, board.laid
    for old in range(version - 1, max(version - 1 - REUSE_VERSIONS, -1), -1):
        base = board.cache.get(("graph", old, barriers))
        if base is not None and len(laid) >= version:
            order = hex_order(board.map)
            changed = laid[len(laid) - (version - old):]
            return base, min(order[c] for c in changed)
    return None, 0


def hex_order(mapdef: MapDef) -> dict[str, int]:
    hit: dict[str, int] | None = mapdef._cache.get("hex_order")
    if hit is None:
        hit = mapdef._cache["hex_order"] = {c: i for i, c in enumerate(mapdef.hexes)}
    return hit


def active_barriers(mapdef: MapDef, released: frozenset[str]) -> frozenset[tuple[str, str]]:
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


def path_ends(board: Board, g: TrackGraph, op: Operator,
              blocked: Iterable[int] | None = None) -> bytearray:
    """Per node of ``g``, 1 where a path from ``op``'s tokens stops: an off-board, or a
    city blocked for ``op`` (``blocked``, the :func:`blocked_cities` of ``op`` on ``g``
    when the caller has them already, else found)."""
    ends = bytearray(offboard_flags(g))
    for u in blocked_cities(board, g, op) if blocked is None else blocked:
        ends[u] = 1
    return ends


def offboard_flags(g: TrackGraph) -> bytearray:
    """Per node, 1 for an off-board (derived from the graph, kept on it at first use)."""
    flags = g.offboard_flags
    if flags is None or len(flags) != len(g.nodes):
        flags = g.offboard_flags = bytearray(node.kind == OFFBOARD for node in g.nodes)
    return flags


def blocked_cities(board: Board, g: TrackGraph, op: Operator) -> list[int]:
    """The city nodes of ``g`` that ``op`` may not pass (:func:`blocked`; only a city full
    of tokens can be), in the order of the board's tokens (:func:`token_nodes`)."""
    return token_nodes(board, g, op)[1]


def token_nodes(board: Board, g: TrackGraph, op: Operator) -> tuple[list[int], list[int]]:
    """The city nodes of ``g`` holding a token of ``op`` (where its paths start), and
    those ``op`` may not pass (:func:`blocked`; only a city full of tokens can be), each
    in the order of the board's tokens.

    Asked at every reach found, so at every lay; the answer is a function of the tokens
    (one per token revision of the board), of ``g``'s city table (which a patch of the
    network graph hands on unchanged, as the same object, unless the hex laid holds a
    city: ``network.patched``) and of who asks (company and non-blocking owners).  So
    each operator's last answer is kept with the token revision and the table it was
    found for, and given again while both are the same (the lists are shared: callers
    only read them)."""
    cities = city_table(g)
    key = (TOKEN_NODES_LAST, op.company, op.non_blocking)
    last: tuple[int, object, tuple[list[int], list[int]]] | None = board.cache.get(key)
    if last is not None and last[0] == board.token_version and last[1] is cities:
        return last[2]
    found = _token_nodes(board, cities, op)
    board.cache[key] = (board.token_version, cities, found)
    return found


TOKEN_NODES_LAST = "token_nodes_last"


def _token_nodes(board: Board, cities: dict[tuple[str, int], tuple[int, int]],
                 op: Operator) -> tuple[list[int], list[int]]:
    """:func:`token_nodes` found from the tokens: one pass over them."""
    company, non_blocking = op.company, op.non_blocking
    get = cities.get
    starts, blocked_nodes = [], []
    for city, owners in board.tokens.items():
        node = get(city)
        if node is None:
            continue
        if company in owners:  # (blocked(): never for a city holding op's own token)
            starts.append(node[0])
        elif len(owners) >= node[1] and non_blocking.isdisjoint(owners):
            blocked_nodes.append(node[0])
    return starts, blocked_nodes


_CITY_NAMES: dict[tuple[str, int], str] = {}


def city_name(key: tuple[str, int]) -> str:
    """The node name of city ``key = (hex, city index)``, ``"H9.c0"`` (each made once per
    process: the names of a map's cities are few, and a name made anew is hashed anew)."""
    name = _CITY_NAMES.get(key)
    if name is None:
        name = _CITY_NAMES[key] = f"{key[0]}.c{key[1]}"
    return name


def city_table(g: TrackGraph) -> dict[tuple[str, int], tuple[int, int]]:
    """``(hex, city index) -> (node, slots)`` of every city node of ``g`` with slots (the
    node its name leads to: a patched network graph keeps replaced stops without a name),
    kept on the graph at first use: a graph does not change once made (a patch is a new
    graph, which carries this table over, ``network.patched``)."""
    table = g.cities
    if table is None:
        index = g.index
        table = g.cities = {
            (node.hex, node.city): (u, node.slots) for u, node in enumerate(g.nodes)
            if node.kind == CITY and node.slots != 0 and index.get(node.name) == u}
    return table


def reach(board: Board, op: Operator) -> set[int]:
    """Nodes at which a legal path (:mod:`railhouse.map.legal`) from one of ``op``'s
    tokens arrives; cities full of others' tokens and off-boards are reached but not
    passed (R-15.3.2, SOH "New tiles"); cached per state."""
    key = ("reach", board.track_version, board.token_version, op)
    hit = board.cache.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    g = track_graph(board, op.released)
    seen = _from_network_reach(board, op, g)
    if seen is None:
        index = g.index
        starts = {index[f"{h}.c{k}"] for h, k in board.company_cities(op.company)
                  if f"{h}.c{k}" in index}
        seen = legal_reach(g, starts, path_ends(board, g, op))
    board.cache[key] = seen
    return seen


def _from_network_reach(board: Board, op: Operator, g: TrackGraph) -> set[int] | None:
    """The reach in ``g``'s numbering, from the network graph's reach of this board
    revision and operator if the track or token step already found it
    (:func:`railhouse.map.network.network_reach`, the same nodes by name: a legal reach
    does not depend on numbering); None when it is not in the cache."""
    found = board.cache.get(("network_reach", board.track_version, board.token_version, op))
    if found is None:
        return None
    nodes, index = found[0].nodes, g.index
    return {index[nodes[u].name] for u in found[1]}
