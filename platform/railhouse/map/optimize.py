"""The revenue-maximising assignment of routes to a company's trains (exact).

Every route from :mod:`routes` is valued per train (length limits, towns paying or not,
multiplier, off-board limit, bonuses).  A branch-and-bound then picks at most one route
per train, pairwise sharing no resource (no path; with ``exclusive_edges`` no hex side;
SOH "No piece of track may be used more than once", 1839 R-16.2.7), maximising revenue.
Candidates are scanned best first and a branch is cut when its value plus the best
remaining value of every later train cannot beat the incumbent; so the optimum is exact
unless a safety limit stops the search, which the result reports (``exact=False``).

With ``RouteRules.shared_values=False`` (1839 R-16.3.3) a centre already counted by another
non-``recount`` train adds nothing; a route's stand-alone value stays a valid bound.
"""

from __future__ import annotations

from dataclasses import dataclass

from railhouse.map.board import Board
from railhouse.map.graph import Operator, TrackGraph
from railhouse.map.routes import Compressed, RawRoute, compressed, enumerate_routes
from railhouse.map.trains import RouteRules, RouteView, RunContext, TrainSpec

_NONE = -1


@dataclass(frozen=True)
class Route:
    """One train's route: ``stops`` are revenue-stop node names in travel order (cities
    ``"H9.c0"``, towns ``"H7.t0"``, off-boards ``"J1"``); ``segments`` the track paths used
    in order (``"H9:0-c0"``); ``revenue`` what it adds to the company's total."""

    train: str
    train_index: int
    stops: tuple[str, ...]
    segments: tuple[str, ...]
    revenue: int


@dataclass(frozen=True)
class RouteResult:
    """Best routes.  ``exact`` is False (with ``reason``) if a safety limit was hit; the
    routes are then legal but possibly not optimal."""

    revenue: int
    routes: tuple[Route, ...]
    exact: bool = True
    reason: str = ""
    candidates: int = 0


@dataclass(frozen=True, slots=True)
class _Cand:
    value: int
    fixed: int
    res: int
    centre_mask: int
    index: int


def route_value(
    g: TrackGraph,
    r: RawRoute,
    train: TrainSpec,
    rules: RouteRules,
    run: RunContext,
    stop_names: tuple[str, ...] | None = None,
) -> int | None:
    """Stand-alone revenue of ``r`` for ``train`` (None if the train cannot run it)."""
    big = r.big
    if big > train.cities or (train.centres is not None and r.centres > train.centres):
        return None
    if train.max_offboards is not None and r.offboards > train.max_offboards:
        return None
    towns = r.town_value if train.towns_pay else 0
    value = (r.city_value + towns + r.off_value) * train.multiplier
    for name, bonus in run.visit_bonuses.items():
        u = g.index.get(name)
        if u is not None and r.stop_mask >> u & 1:
            value += bonus
    if run.route_bonus is not None and stop_names is not None:
        value += run.route_bonus(_view(g, stop_names, train))
    return value


def _view(g: TrackGraph, stops: tuple[str, ...], train: TrainSpec) -> RouteView:
    nodes = [g.nodes[g.index[s]] for s in stops]
    return RouteView(stops, tuple(n.revenue for n in nodes), tuple(n.kind for n in nodes), train)


def best_routes(board: Board, op: Operator, rules: RouteRules, run: RunContext) -> RouteResult:
    """The revenue-maximising legal routes for ``run.trains`` (see module docstring)."""
    routes, reason = enumerate_routes(board, op, rules, run)
    comp = compressed(board, op, rules)
    cands = [_candidates(comp, routes, t, rules, run, op) for t in run.trains]
    bb = _BranchAndBound(comp.graph, run.trains, cands, rules)
    if not bb.solve():
        reason = reason or f"more than {rules.max_search_nodes} search nodes"
    chosen = []
    for i, ci in enumerate(bb.best_pick):
        if ci != _NONE:
            c = cands[i][ci]
            stops, segs = describe(comp, routes[c.index])
            chosen.append(Route(run.trains[i].name, i, stops, segs, bb.best_values[i]))
    return RouteResult(bb.best, tuple(chosen), not reason, reason, len(routes))


def _centre_values(g: TrackGraph, mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += g.nodes[low.bit_length() - 1].revenue
        mask ^= low
    return total


def _candidates(
    comp: Compressed,
    routes: list[RawRoute],
    train: TrainSpec,
    rules: RouteRules,
    run: RunContext,
    op: Operator,
) -> list[_Cand]:
    g = comp.graph
    dedup = not rules.shared_values and not train.recount
    out = []
    for i, r in enumerate(routes):
        names = describe(comp, r)[0] if run.route_bonus is not None else None
        value = route_value(g, r, train, rules, run, names)
        if value is None or value <= 0:
            continue
        centre_mask = r.stop_mask & ~_offboard_bits(g, r) if dedup else 0
        fixed = value - _centre_values(g, centre_mask) if dedup else value
        out.append(_Cand(value, fixed, r.res, centre_mask, i))
    out.sort(key=lambda c: -c.value)
    return out


def _offboard_bits(g: TrackGraph, r: RawRoute) -> int:
    bits = 0
    for u in (r.start, r.end):
        if g.nodes[u].kind == "offboard":
            bits |= 1 << u
    return bits


def describe(comp: Compressed, r: RawRoute) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(stop names, segment names) of a raw route, in travel order."""
    g = comp.graph
    stops = [g.nodes[r.start].name]
    segs: list[str] = []
    cur = r.start
    for li in r.links:
        link = comp.links[li]
        nodes, paths = (
            (link.nodes, link.paths) if link.u == cur else (link.nodes[::-1], link.paths[::-1])
        )
        segs.extend(g.path_names[p] for p in paths)
        for u in nodes[1:]:
            if g.nodes[u].kind in ("city", "town", "offboard"):
                stops.append(g.nodes[u].name)
        cur = nodes[-1]
    return tuple(stops), tuple(segs)


class _BranchAndBound:
    def __init__(
        self,
        g: TrackGraph,
        trains: tuple[TrainSpec, ...],
        cands: list[list[_Cand]],
        rules: RouteRules,
    ):
        self.g, self.trains, self.cands, self.rules = g, trains, cands, rules
        n = len(trains)
        self.order = sorted(range(n), key=lambda i: -(cands[i][0].value if cands[i] else 0))
        self.tail = [0] * (n + 1)
        for pos in range(n - 1, -1, -1):
            top = self.cands[self.order[pos]]
            self.tail[pos] = self.tail[pos + 1] + (top[0].value if top else 0)
        self.best = 0
        self.best_pick = [_NONE] * n
        self.best_values = [0] * n
        self.pick = [_NONE] * n
        self.values = [0] * n
        self.nodes = 0

    def solve(self) -> bool:
        """Run the search; False if the node limit stopped it."""
        try:
            self._rec(0, 0, 0, 0)
        except _Stop:
            return False
        return True

    def _same_as_prev(self, pos: int) -> int:
        """Lowest candidate index allowed at ``pos`` (symmetry of identical trains)."""
        if pos == 0:
            return 0
        prev = self.order[pos - 1]
        if self.trains[prev] != self.trains[self.order[pos]]:
            return 0
        p = self.pick[prev]
        return len(self.cands[prev]) if p == _NONE else p + 1

    def _rec(self, pos: int, used: int, counted: int, total: int) -> None:
        self.nodes += 1
        if self.nodes > self.rules.max_search_nodes:
            raise _Stop
        if total > self.best:
            self.best = total
            self.best_pick = list(self.pick)
            self.best_values = list(self.values)
        if pos == len(self.order) or total + self.tail[pos] <= self.best:
            return
        i = self.order[pos]
        rest = self.tail[pos + 1]
        cands = self.cands[i]
        for ci in range(self._same_as_prev(pos), len(cands)):
            c = cands[ci]
            if total + c.value + rest <= self.best:
                break
            if c.res & used:
                continue
            gain = (
                c.value
                if not c.centre_mask
                else c.fixed + _centre_values(self.g, c.centre_mask & ~counted)
            )
            self.pick[i], self.values[i] = ci, gain
            self._rec(pos + 1, used | c.res, counted | c.centre_mask, total + gain)
        self.pick[i], self.values[i] = _NONE, 0
        self._rec(pos + 1, used, counted, total)


class _Stop(Exception):
    pass
