"""A deliberately naive reference for the route optimiser: every legal path of the raw
track graph (each tile segment one step, :func:`~railhouse.map.legal.may_follow` at every
node), then every combination of pairwise track-disjoint routes over the trains.

It shares only the graph builder (:func:`~railhouse.map.graph.track_graph`) and the
definition of a legal path with the code under test: no compression, no dominance, no
bounds, no connectivity (every terminus is a start).  Budgets keep it usable on real
positions: :func:`best_total` returns None when a position is too large to check.
"""

from __future__ import annotations

from dataclasses import dataclass

from railhouse.map.board import Board
from railhouse.map.graph import Operator, TrackGraph, track_graph
from railhouse.map.legal import may_follow
from railhouse.map.trains import RouteRules, RunContext, TrainSpec

STOP_KINDS = ("city", "town", "offboard")


class TooLarge(Exception):
    """A budget of the reference was exceeded."""


@dataclass(frozen=True)
class RefRoute:
    """A route as the reference sees it: stop nodes, kinds, values, names, resources."""

    stops: tuple[int, ...]
    kinds: tuple[str, ...]
    values: tuple[int, ...]
    names: frozenset[str]
    res: frozenset[tuple[str, int]]


def _blocked(board: Board, g: TrackGraph, u: int, op: Operator) -> bool:
    n = g.nodes[u]
    if n.kind != "city" or n.slots == 0:
        return False
    owners = board.tokens.get((n.hex, n.city), [])
    return (
        len(owners) >= n.slots and op.company not in owners and not (set(owners) & op.non_blocking)
    )


def all_routes(
    board: Board, op: Operator, rules: RouteRules, run: RunContext, limit: int = 10**9
) -> list[RefRoute]:
    """Every legal route (each once, from its lower-numbered end); ``TooLarge`` past
    ``limit`` paths explored."""
    g = track_graph(board, op.released)
    out: list[RefRoute] = []
    explored = 0

    def extend(nodes: list[int], paths: list[int]) -> None:
        nonlocal explored
        explored += 1
        if explored > limit:
            raise TooLarge
        u = nodes[-1]
        kind = g.nodes[u].kind
        terminus = kind in rules.terminals and (kind != "offboard" or run.offboards_allowed)
        if len(nodes) > 1 and terminus and nodes[0] < u:
            route = _describe(board, g, op, rules, run, nodes, paths)
            if route is not None:
                out.append(route)
        if len(nodes) > 1 and (kind == "offboard" or _blocked(board, g, u, op)):
            return
        came = paths[-1] if paths else -1
        for v, pid in g.adj[u]:
            if v in nodes or (g.nodes[v].kind == "offboard" and not run.offboards_allowed):
                continue
            if not may_follow(g, u, came, pid):
                continue
            extend([*nodes, v], [*paths, pid])

    for u, n in enumerate(g.nodes):
        if n.kind in rules.terminals and (n.kind != "offboard" or run.offboards_allowed):
            extend([u], [])
    return out


def _describe(
    board: Board,
    g: TrackGraph,
    op: Operator,
    rules: RouteRules,
    run: RunContext,
    nodes: list[int],
    paths: list[int],
) -> RefRoute | None:
    stops = [u for u in nodes if g.nodes[u].kind in STOP_KINDS]
    kinds = [g.nodes[u].kind for u in stops]
    token = any(
        g.nodes[u].kind == "city"
        and op.company in board.tokens.get((g.nodes[u].hex, g.nodes[u].city), [])
        and g.nodes[u].name not in run.ignore_tokens
        for u in stops
    )
    if not token or sum(1 for k in kinds if k != "offboard") < rules.min_centres:
        return None
    first, last = g.nodes[stops[0]].offboard, g.nodes[stops[-1]].offboard
    same_group = (
        first is not None and last is not None and first.group is not None
    ) and first.group == last.group
    if not rules.same_group_ends and same_group:
        return None
    res = {("p", p) for p in paths}
    if rules.exclusive_edges:
        res |= {("n", u) for u in nodes if g.nodes[u].kind == "edge"}
    values = tuple(
        n.offboard.value(op.column) if n.offboard else n.revenue
        for n in (g.nodes[u] for u in stops)
    )
    names = frozenset(g.nodes[u].name for u in stops)
    return RefRoute(tuple(stops), tuple(kinds), values, names, frozenset(res))


def train_value(
    route: RefRoute, train: TrainSpec, rules: RouteRules, run: RunContext
) -> int | None:
    """Stand-alone revenue of ``route`` for ``train`` (None if it may not run it)."""
    kinds = route.kinds
    n_city, n_town, n_off = kinds.count("city"), kinds.count("town"), kinds.count("offboard")
    big = n_city + (n_off if rules.offboards_count else 0)
    if big > train.cities or (train.centres is not None and n_city + n_town > train.centres):
        return None
    if train.max_offboards is not None and n_off > train.max_offboards:
        return None
    total = sum(
        v for k, v in zip(kinds, route.values, strict=True) if k != "town" or train.towns_pay
    )
    total *= train.multiplier
    return total + sum(b for name, b in run.visit_bonuses.items() if name in route.names)


def best_total(
    board: Board,
    op: Operator,
    rules: RouteRules,
    run: RunContext,
    max_paths: int = 10**9,
    max_combinations: int = 10**9,
) -> int | None:
    """The best total revenue by exhaustive search, or None past a budget.  ``route_bonus``
    hooks are not supported (they need stop order); positions using one return None."""
    if run.route_bonus is not None:
        return None
    try:
        routes = all_routes(board, op, rules, run, max_paths)
        return _combine(routes, rules, run, max_combinations)
    except TooLarge:
        return None


def _combine(routes: list[RefRoute], rules: RouteRules, run: RunContext, budget: int) -> int:
    trains = run.trains
    valued = [
        [(r, v) for r in routes if (v := train_value(r, t, rules, run)) is not None and v > 0]
        for t in trains
    ]
    best = 0
    visited = 0

    def rec(
        i: int, used: frozenset[tuple[str, int]], picked: list[tuple[TrainSpec, RefRoute, int]]
    ) -> None:
        nonlocal best, visited
        visited += 1
        if visited > budget:
            raise TooLarge
        if i == len(trains):
            best = max(best, _total(picked, rules))
            return
        rec(i + 1, used, picked)
        for r, v in valued[i]:
            if not r.res & used:
                rec(i + 1, used | r.res, [*picked, (trains[i], r, v)])

    rec(0, frozenset(), [])
    return best


def _total(picked: list[tuple[TrainSpec, RefRoute, int]], rules: RouteRules) -> int:
    """Sum of the trains' values; with ``shared_values=False`` a centre counts once over
    the non-``recount`` trains (1839 R-16.3.3)."""
    if rules.shared_values:
        return sum(v for _, _, v in picked)
    total = 0
    centre_value: dict[int, int] = {}
    counted: set[int] = set()
    for train, r, v in picked:
        centres = [
            (u, val)
            for u, k, val in zip(r.stops, r.kinds, r.values, strict=True)
            if k != "offboard"
        ]
        centre_value.update(centres)
        if train.recount:
            total += v
        else:
            total += v - sum(val for _, val in centres)
            counted |= {u for u, _ in centres}
    return total + sum(centre_value[u] for u in counted)
