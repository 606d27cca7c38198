# ruff: noqa: SIM102, B905
"""A deliberately naive reference for the route optimiser: every simple path of the raw
track graph, every combination of routes over the trains.  Shares only the graph builder
with the code under test."""

from __future__ import annotations

from itertools import combinations

from railhouse.map import Board, Operator, RouteRules, RunContext, TrainSpec, track_graph
from railhouse.map.graph import TrackGraph


def _blocked(board: Board, g: TrackGraph, u: int, op: Operator) -> bool:
    n = g.nodes[u]
    if n.kind != "city" or n.slots == 0:
        return False
    owners = board.tokens.get((n.hex, n.city), [])
    return (
        len(owners) >= n.slots and op.company not in owners and not (set(owners) & op.non_blocking)
    )


def all_routes(board: Board, op: Operator, rules: RouteRules, run: RunContext) -> list[dict]:
    g = track_graph(board, op.released)
    out = []

    def value_of(u: int) -> int:
        n = g.nodes[u]
        return n.offboard.value(op.column) if n.offboard else n.revenue

    def extend(nodes: list[int], paths: list[int]) -> None:
        u = nodes[-1]
        kind = g.nodes[u].kind
        if len(nodes) > 1 and kind in rules.terminals and nodes[0] < u:
            if kind != "offboard" or run.offboards_allowed:
                out.append(_describe(board, g, op, rules, run, nodes, paths, value_of))
        if len(nodes) > 1 and (kind == "offboard" or _blocked(board, g, u, op)):
            return
        for v, pid in g.adj[u]:
            if v in nodes:
                continue
            if g.nodes[v].kind == "offboard" and not run.offboards_allowed:
                continue
            extend([*nodes, v], [*paths, pid])

    for u, n in enumerate(g.nodes):
        if n.kind in rules.terminals and (n.kind != "offboard" or run.offboards_allowed):
            extend([u], [])
    return [r for r in out if r is not None]


def _describe(board, g, op, rules, run, nodes, paths, value_of):  # type: ignore[no-untyped-def]
    stops = [u for u in nodes if g.nodes[u].kind in ("city", "town", "offboard")]
    kinds = [g.nodes[u].kind for u in stops]
    token = any(
        g.nodes[u].kind == "city"
        and op.company in board.tokens.get((g.nodes[u].hex, g.nodes[u].city), [])
        and g.nodes[u].name not in run.ignore_tokens
        for u in stops
    )
    if not token:
        return None
    centres = sum(1 for k in kinds if k in ("city", "town"))
    if centres < rules.min_centres:
        return None
    ends = [g.nodes[stops[0]], g.nodes[stops[-1]]]
    if not rules.same_group_ends and all(e.offboard for e in ends):
        if ends[0].offboard.group is not None and ends[0].offboard.group == ends[1].offboard.group:
            return None
    res = {("p", p) for p in paths}
    if rules.exclusive_edges:
        res |= {("n", u) for u in nodes if g.nodes[u].kind == "edge"}
    return {
        "stops": stops,
        "kinds": kinds,
        "values": [value_of(u) for u in stops],
        "res": res,
        "names": [g.nodes[u].name for u in stops],
    }


def train_value(route: dict, train: TrainSpec, rules: RouteRules, run: RunContext) -> int | None:
    kinds, values = route["kinds"], route["values"]
    n_city = kinds.count("city")
    n_town = kinds.count("town")
    n_off = kinds.count("offboard")
    big = n_city + (n_off if rules.offboards_count else 0)
    if big > train.cities or (train.centres is not None and n_city + n_town > train.centres):
        return None
    if train.max_offboards is not None and n_off > train.max_offboards:
        return None
    total = sum(v for k, v in zip(kinds, values) if k != "town" or train.towns_pay)
    total *= train.multiplier
    total += sum(b for name, b in run.visit_bonuses.items() if name in route["names"])
    return total


def best_total(board: Board, op: Operator, rules: RouteRules, run: RunContext) -> int:
    routes = all_routes(board, op, rules, run)
    trains = run.trains
    best = 0

    def rec(i: int, used: set, picked: list) -> None:
        nonlocal best
        if i == len(trains):
            best = max(best, _total(picked, rules))
            return
        rec(i + 1, used, picked)
        for r in routes:
            v = train_value(r, trains[i], rules, run)
            if v is None or v <= 0 or r["res"] & used:
                continue
            rec(i + 1, used | r["res"], [*picked, (trains[i], r, v)])

    rec(0, set(), [])
    return best


def _total(picked: list, rules: RouteRules) -> int:
    if rules.shared_values:
        return sum(v for _, _, v in picked)
    total = 0
    counted: set[int] = set()
    for train, r, v in picked:
        centre_value = sum(
            val for u, k, val in zip(r["stops"], r["kinds"], r["values"]) if k != "offboard"
        )
        if train.recount:
            total += v
        else:
            total += v - centre_value
            counted |= {u for u, k in zip(r["stops"], r["kinds"]) if k != "offboard"}
    # centres of non-recount trains counted once (values are on the graph nodes)
    return total + sum(_centre_vals(picked).get(u, 0) for u in counted)


def _centre_vals(picked: list) -> dict[int, int]:
    out = {}
    for _, r, _ in picked:
        for u, k, val in zip(r["stops"], r["kinds"], r["values"]):
            if k != "offboard":
                out[u] = val
    return out


_ = combinations
