"""Checking routes a player claims (18xx.games style) instead of computing the best ones.

A claimed route names its train and its *legs*: each leg is the chain of hexes from one
stop to the next, as 18xx.games records them (``("F9", "G10", "H9")``).  The track is
traced through exactly those hexes; the route is then checked against the same rules the
optimiser obeys (:mod:`railhouse.map.routes`): a legal path (:mod:`railhouse.map.legal`:
connected track, no reversal at a hex side or a town); no track segment (and, with
``exclusive_edges``, no hex side) used twice by the company's trains (a junction's centre
is not shared: two trains may each cross it by spokes of their own, 1839 R-16.2 note "the
intersections ... do not limit the number of routes or trains", SOH "Running trains"; one
route still passes it once, :mod:`railhouse.map.legal`); each stop at most once per train;
cities blocked for the company and off-boards only as termini; termini of the allowed
kinds; the train's length and off-board limits; a city with the company's token on the
route.  :func:`validate_routes` returns the revenue (bonuses and multiplier included) or
raises :class:`IllegalRoute` naming the broken rule.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise

from railhouse.engine.errors import IllegalAction
from railhouse.map.board import Board
from railhouse.map.candidates import route_view
from railhouse.map.graph import EDGE, Operator, TrackGraph, blocked
from railhouse.map.network import NetworkGraph, network_graph
from railhouse.map.tiles import CITY, JUNCTION, OFFBOARD, TOWN
from railhouse.map.trains import RouteRules, RunContext, TrainSpec


class IllegalRoute(IllegalAction):
    """A claimed route breaks a route rule (the message names it)."""


@dataclass(frozen=True)
class ClaimedRoute:
    """One train's claimed route: ``train`` is a name in ``RunContext.trains``; ``legs``
    the hex chains from stop to stop, in travel order."""

    train: str
    legs: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class CheckedRoute:
    train: str
    stops: tuple[str, ...]
    segments: tuple[str, ...]
    revenue: int


def validate_routes(board: Board, op: Operator, rules: RouteRules, ctx: RunContext,
                    claimed: Sequence[ClaimedRoute]) -> int:
    """The total revenue of ``claimed`` for ``op`` (see module docstring), or raise."""
    return sum(r.revenue for r in check_routes(board, op, rules, ctx, claimed))


def check_routes(board: Board, op: Operator, rules: RouteRules, ctx: RunContext,
                 claimed: Sequence[ClaimedRoute],
                 graph: TrackGraph | None = None) -> list[CheckedRoute]:
    """Each claimed route traced and valued, in order (raises :class:`IllegalRoute`).

    The trace runs on ``graph``, by default the network graph of ``op``'s barriers
    (:func:`~railhouse.map.network.network_graph`: patched lay by lay, so a claim costs no
    graph build).  It takes the ways a full build of the track graph
    (:func:`~railhouse.map.graph.track_graph`) would list first, whatever the graph's
    numbering (:class:`_Tracer`), so the answer is the same on either graph."""
    g = network_graph(board, op.released) if graph is None else graph
    tracer = _Tracer(board, g)
    trains = {t.name: t for t in ctx.trains}
    used_paths: set[int] = set()
    used_sides: set[int] = set()
    counted: set[int] = set()
    out = []
    seen_trains: set[str] = set()
    graph_nodes = g.nodes
    for route in claimed:
        train = trains.get(route.train)
        if train is None or route.train in seen_trains:
            raise IllegalRoute(f"train {route.train!r} is not the company's or runs twice",
                               "one route per train")
        seen_trains.add(route.train)
        if not route.legs:
            continue
        nodes, paths = tracer.trace(route.legs, used_paths)
        sides = set()
        stops = []
        for u in nodes:  # every node is a hex side, a junction or a stop
            kind = graph_nodes[u].kind
            if kind == EDGE:
                sides.add(u)
            elif kind != JUNCTION:
                stops.append(u)
        if rules.exclusive_edges and not sides.isdisjoint(used_sides):
            raise IllegalRoute("two trains cross the same hex side", "track used once")
        _check_shape(board, g, op, rules, ctx, train, nodes, stops)
        names = tuple(graph_nodes[u].name for u in stops)
        value = _value(g, op, rules, ctx, train, stops, names, counted)
        used_paths.update(paths)
        used_sides.update(sides)
        out.append(CheckedRoute(route.train, names,
                                tuple(map(g.path_names.__getitem__, paths)), value))
    return out


class _Tracer:
    """Follows track through given hex chains.

    It reads a path's hex by its map-order number (``g.path_hex``; the build names each
    path ``"<hex>:..."`` after ``list(map.hexes)[number]``) and whether a side node lies
    on a hex from ``g.side`` (``(hex, edge) -> side node``).

    Where a claim can be traced two ways, the first found wins, so the order matters: the
    tracer takes the ways at a node and the stops of a hex in the order of a full build of
    the track graph, whose numbers follow the map (:mod:`railhouse.map.graphbuild`).  On
    such a graph that is number order; on a network graph, whose patched hexes are
    numbered last, it is the order of ``path_rank`` and ``stop_rank``, the numbers a full
    build would give (:mod:`railhouse.map.network`).  Both are made per node and per hex
    the trace visits (:meth:`adjacent`, :meth:`starts`): the stops for this trace
    alone, a node's ways with the network graph (its later patches hand them on)."""

    def __init__(self, board: Board, g: TrackGraph) -> None:
        self.g = g
        self.number = _hex_numbers(board)
        self._starts: dict[str, list[int]] = {}
        self._rank: list[int] | None = None
        # per node, its ways in a full build's order: on a network graph kept with it
        # (``NetworkGraph.ranked_lists``, handed on by its patches), else ``g.adj``
        self._adjacent: list[list[tuple[int, int]] | None] = g.adj  # type: ignore[assignment]
        if isinstance(g, NetworkGraph):
            self._rank = g.path_rank
            if g.ranked_lists is None or len(g.ranked_lists) != len(g.nodes):
                g.ranked_lists = [None] * len(g.nodes)
            self._adjacent = g.ranked_lists
        self.hops = _hop_sides(board)
        self._plans: dict[tuple[str, ...], tuple[list[int], list[int]]] = {}

    def adjacent(self, u: int) -> list[tuple[int, int]]:
        """``g.adj[u]`` in the order of a full build (by path number there)."""
        found = self._adjacent[u]
        if found is None:
            rank = self._rank
            assert rank is not None
            found = self.g.adj[u]
            if len(found) > 1:
                found = sorted(found, key=lambda e: rank[e[1]])
            self._adjacent[u] = found
        return found

    def starts(self, coord: str) -> list[int]:
        """The stops a route may start from in ``coord``: those of its tile in a full
        build's order, then those of a multi-hex off-board reached by its paths."""
        found = self._starts.get(coord)
        if found is None:
            found = self._starts[coord] = (self._network_starts(coord)
                                           if isinstance(self.g, NetworkGraph)
                                           else self._build_starts(coord))
        return found

    def _build_starts(self, coord: str) -> list[int]:
        g = self.g
        found = [u for u, node in enumerate(g.nodes)
                 if node.hex == coord and node.kind in (CITY, TOWN, OFFBOARD)]
        number = self.number[coord]
        # the hex's paths reaching an off-board made on another hex, in path order
        for pid, at in enumerate(g.path_hex):
            if at == number:
                for u in g.path_ends[pid]:
                    if g.nodes[u].kind == OFFBOARD and u not in found:
                        found.append(u)
        return found

    def _network_starts(self, coord: str) -> list[int]:
        g = self.g
        assert isinstance(g, NetworkGraph)
        nodes = g.nodes
        found = sorted((u for u in g.hex_stops.get(coord, ())
                        if nodes[u].hex == coord and nodes[u].kind in (CITY, TOWN, OFFBOARD)),
                       key=g.stop_rank.__getitem__)
        for pid in g.hex_paths.get(coord, ()):  # in the hex's fragment order
            for u in g.path_ends[pid]:
                if nodes[u].kind == OFFBOARD and u not in found:
                    found.append(u)
        return found

    def on_hex(self, side: int, coord: str) -> bool:
        """Whether side node ``side`` is one of ``coord``'s hex sides."""
        get = self.g.side.get
        return any(get((coord, edge)) == side for edge in range(6))

    def plan(self, leg: tuple[str, ...]) -> tuple[list[int], list[int]]:
        """The map-order numbers of the leg's hexes, and per hex but the last the side
        node its track must leave by: the side it shares with the next hex (-1 if none:
        the next is not a neighbour, the same hex, or across a barrier).  A side node
        reached by a path of one hex lies on another exactly when it is that side
        (:meth:`on_hex`); the same hex again is never entered over a side either, as a
        path may not turn back there (:func:`~railhouse.map.legal.may_follow`)."""
        found = self._plans.get(leg)
        if found is None:
            side = self.g.side.get
            exits = [mine if keys is not None and (mine := side(keys[0])) is not None
                     and mine == side(keys[1]) else -1
                     for keys in map(self.hops.get, pairwise(leg))]
            found = self._plans[leg] = (list(map(self.number.__getitem__, leg)), exits)
        return found

    def trace(self, legs: tuple[tuple[str, ...], ...],
              taken: set[int]) -> tuple[list[int], list[int]]:
        """(nodes in travel order, paths) of the whole route, legs joined at their stops;
        where a hex offers two ways (two towns on one tile), later legs decide."""
        on_map = self.g.hex_edges
        for leg in legs:
            if not leg or not on_map.keys() >= set(leg):
                raise IllegalRoute(f"leg {'-'.join(leg)} names a hex not on the map", "track")
        for start in self.starts(legs[0][0]):
            found = self._join(legs, 0, [start], [], taken)
            if found is not None:
                return found
        raise IllegalRoute(f"no unused track from stop to stop along "
                           f"{' '.join('-'.join(leg) for leg in legs)}", "connected track")

    def _join(self, legs: tuple[tuple[str, ...], ...], i: int, nodes: list[int],
              paths: list[int], taken: set[int]) -> tuple[list[int], list[int]] | None:
        if i == len(legs):
            return nodes, paths
        for leg_nodes, leg_paths in self._legs(nodes[-1], legs[i],
                                               taken.union(paths) if paths else taken,
                                               set(nodes)):
            found = self._join(legs, i + 1, nodes + leg_nodes[1:], paths + leg_paths, taken)
            if found is not None:
                return found
        return None

    def _legs(self, start: int, leg: tuple[str, ...], taken: set[int],
              visited: set[int]) -> Iterator[tuple[list[int], list[int]]]:
        """Every way along ``leg`` from ``start`` to a stop in its last hex: depth first,
        each step a segment of the hex the way is in, no node twice, over to the next hex
        only by :meth:`plan`'s side.  That is a legal path (``may_follow``): it turns
        back nowhere, as it goes on from a hex side only into another hex."""
        g, last = self.g, len(leg) - 1
        path_hex, graph_nodes = g.path_hex, g.nodes
        numbers, exits = self.plan(leg)
        adjacent = self.adjacent
        exits = [*exits, -1]  # (none from the last hex)
        stack: list[tuple[int, int, list[int], list[int]]] = [(start, 0, [start], [])]
        while stack:
            u, i, nodes, paths = stack.pop()
            here, exit_side, at_last = numbers[i], exits[i], i == last
            for v, pid in adjacent(u):
                if (path_hex[pid] != here or pid in taken or pid in paths or v in nodes
                        or v in visited):
                    continue
                kind = graph_nodes[v].kind
                if kind == EDGE:
                    if v == exit_side:
                        stack.append((v, i + 1, [*nodes, v], [*paths, pid]))
                elif kind in (CITY, OFFBOARD) or (kind == TOWN and at_last):
                    if at_last:
                        yield [*nodes, v], [*paths, pid]
                else:
                    stack.append((v, i, [*nodes, v], [*paths, pid]))


def _hop_sides(board: Board) -> dict[tuple[str, str], tuple[tuple[str, int], tuple[str, int]]]:
    """Per pair of neighbouring hexes ``(here, there)``, the ``g.side`` keys of the side
    they share, seen from each: ``((here, edge), (there, edge + 3 mod 6))`` for the
    first edge of ``here`` facing ``there``; made once per map (it depends on the map's
    neighbours alone)."""
    found: dict[tuple[str, str], tuple[tuple[str, int], tuple[str, int]]] | None = (
        board.map._cache.get("claim_hop_sides"))
    if found is None:
        found = {}
        for here, near in board.map.neighbours.items():
            for edge, there in enumerate(near):
                if there is not None and there != here:
                    found.setdefault((here, there), ((here, edge), (there, (edge + 3) % 6)))
        board.map._cache["claim_hop_sides"] = found
    return found


def _hex_numbers(board: Board) -> dict[str, int]:
    """Each hex's map-order number (its place in ``map.hexes``), made once per map."""
    found: dict[str, int] | None = board.map._cache.get("hex_numbers")
    if found is None:
        found = board.map._cache["hex_numbers"] = {c: n for n, c in enumerate(board.map.hexes)}
    return found


def _check_shape(board: Board, g: TrackGraph, op: Operator, rules: RouteRules,
                 ctx: RunContext, train: TrainSpec, nodes: list[int], stops: list[int]) -> None:
    if len(stops) < 2:
        raise IllegalRoute("a route needs two stops", "route ends")
    if len(set(nodes)) != len(nodes):
        raise IllegalRoute("the route visits a stop or hex side twice", "each stop once")
    for end in (stops[0], stops[-1]):
        if g.nodes[end].kind not in rules.terminals:
            raise IllegalRoute(f"the route ends at {g.nodes[end].name}, a "
                               f"{g.nodes[end].kind}", "route ends")
    for u in stops[1:-1]:
        node = g.nodes[u]
        if node.kind == OFFBOARD or blocked(board, node, op):
            raise IllegalRoute(f"the route passes through {node.name}", "blocked city")
    kinds = [g.nodes[u].kind for u in stops]
    big = kinds.count(CITY) + (kinds.count(OFFBOARD) if rules.offboards_count else 0)
    centres = kinds.count(CITY) + kinds.count(TOWN)
    if big > train.cities or (train.centres is not None and centres > train.centres):
        raise IllegalRoute(f"train {train.name} is too short for this route", "train length")
    if centres < rules.min_centres:
        raise IllegalRoute("the route has too few stations", "route length")
    offboards = kinds.count(OFFBOARD)
    if offboards and not ctx.offboards_allowed:
        raise IllegalRoute("this company may not run to off-boards", "off-boards")
    if train.max_offboards is not None and offboards > train.max_offboards:
        raise IllegalRoute(f"train {train.name} visits too many off-boards", "off-boards")
    if not rules.same_group_ends and offboards == 2 and _same_group(g, stops):
        raise IllegalRoute("both ends are off-boards of one group", "off-boards")
    if not any(_has_token(board, g, op, ctx, u) for u in stops):
        raise IllegalRoute("no city with the company's token on the route", "token on route")


def _same_group(g: TrackGraph, stops: list[int]) -> bool:
    a, b = g.nodes[stops[0]].offboard, g.nodes[stops[-1]].offboard
    return a is not None and b is not None and a.group is not None and a.group == b.group


def _has_token(board: Board, g: TrackGraph, op: Operator, ctx: RunContext, u: int) -> bool:
    node = g.nodes[u]
    return (node.kind == CITY and node.name not in ctx.ignore_tokens
            and op.company in board.tokens.get((node.hex, node.city), ()))


def _value(g: TrackGraph, op: Operator, rules: RouteRules, ctx: RunContext, train: TrainSpec,
           stops: list[int], names: tuple[str, ...], counted: set[int]) -> int:
    """The revenue of a route through ``stops`` (named ``names``); a centre counted by
    an earlier train of ``counted`` adds nothing where values are not shared."""
    dedup = not rules.shared_values and not train.recount
    total = 0
    graph_nodes, towns_pay = g.nodes, train.towns_pay
    for u in stops:
        node = graph_nodes[u]
        kind = node.kind
        if kind == OFFBOARD:
            total += node.offboard.value(op.column) if node.offboard is not None else 0
            continue
        if dedup:
            if u in counted:
                continue
            counted.add(u)
        if kind == CITY or towns_pay:
            total += node.revenue
    total *= train.multiplier
    for name, bonus in ctx.visit_bonuses.items():
        if name in names:
            total += bonus
    if ctx.route_bonus is not None:
        total += ctx.route_bonus(route_view(g, names, train))
    return total
