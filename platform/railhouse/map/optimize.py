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

Large positions (more than ``PROBE_ROUTES`` routes) are pruned by value first: one train
is answered by a search that keeps only its best route so far (:func:`best_single`);
several trains are solved for growing multisets of their kinds (:class:`_Subsets`): each
multiset's optimum bounds the larger ones, and ``L - opt(S - {t})`` floors the routes train
``t`` may run in an optimum worth at least a known ``L`` (bounds in :mod:`route_bounds`).
All of it stays exact.

Trains equal but for their name (titles name trains by id) are one kind: they share a
candidate list and sub-problems, and a ``route_bonus`` hook sees the first one's name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

from railhouse.map.board import Board
from railhouse.map.compress import Compressed, compressed
from railhouse.map.graph import Operator, TrackGraph
from railhouse.map.route_bounds import Memo, ValueFloor
from railhouse.map.routes import RawRoute, enumerate_routes
from railhouse.map.search import NONE, BranchAndBound, Cand, centre_values
from railhouse.map.trains import RouteRules, RouteView, RunContext, TrainSpec


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


PROBE_ROUTES = 3000
"""Positions with at most this many routes are solved from the full route list; larger
ones are solved per multiset of train kinds with value floors (:class:`_Subsets`), which
costs more than it saves on small positions."""


def best_routes(board: Board, op: Operator, rules: RouteRules, run: RunContext) -> RouteResult:
    """The revenue-maximising legal routes for ``run.trains`` (see module docstring)."""
    comp = compressed(board, op, rules)
    probe = replace(rules, max_routes=min(rules.max_routes, PROBE_ROUTES))
    all_routes, reason = enumerate_routes(board, op, probe, run)
    if reason and rules.max_routes > PROBE_ROUTES:  # a large position: prune by value
        if len(run.trains) == 1 and run.route_bonus is None:
            return _one_train(board, op, rules, run, comp, {})
        return _Subsets(board, op, rules, run, comp).result()
    routes = undominated(all_routes)
    tokens = token_links(board, op, comp, run)
    kinds = _kinds(run.trains)
    per_train: dict[TrainSpec, list[Cand]] = {}
    for t in kinds:  # equal trains share one list (and its bitsets)
        if t not in per_train:
            per_train[t] = _candidates(comp, routes, t, rules, run, tokens)
    cands = [per_train[t] for t in kinds]
    bb = _solve(comp.graph, kinds, cands, rules, tokens)
    if not bb.solve():
        reason = reason or f"more than {rules.max_search_nodes} search nodes"
    chosen = []
    for i, ci in enumerate(bb.best_pick):
        if ci != NONE:
            c = cands[i][ci]
            stops, segs = describe(comp, routes[c.index])
            chosen.append(Route(run.trains[i].name, i, stops, segs, bb.best_values[i]))
    return RouteResult(bb.best, tuple(chosen), not reason, reason, len(all_routes))


@dataclass(frozen=True)
class _Sol:
    """A solution for a multiset of trains: its total, the routes run (train, route,
    what it adds) and whether it is known to be optimal."""

    value: int
    picks: tuple[tuple[TrainSpec, RawRoute, int], ...]
    exact: bool

    def res(self) -> int:
        used = 0
        for _, r, _ in self.picks:
            used |= r.res
        return used


QUICK_PER_LINK = 200
QUICK_NODES = 20_000
"""A large multiset's search is preceded by one over a few good routes per train (the
``QUICK_PER_LINK`` best through each link at a token city: routes sharing no track use
different ones), stopped after ``QUICK_NODES`` nodes: a better start raises every floor."""


def _diverse(cands: list[Cand], per_link: int) -> list[Cand]:
    """The best candidates (in their order) until every token-city link has been used by
    ``per_link`` of them; each kept candidate uses a link still short of that."""
    counts: dict[int, int] = {}
    out = []
    for c in cands:
        links = c.token_units
        keep = False
        while links:
            low = links & -links
            links ^= low
            n = counts.get(low, 0)
            if n < per_link:
                counts[low] = n + 1
                keep = True
        if keep or not c.token_units:
            out.append(c)
    return out


class _Subsets:
    """A large position, solved for growing multisets of its trains (each multiset once).

    For a multiset ``S``: the optima of every ``S - {t}`` come first; each, completed by
    ``t``'s best route on the track it leaves free, is a solution, and the best of them
    a lower bound ``L``.  In a solution of ``S`` worth at least ``L``, train ``t`` earns
    at most its route's stand-alone value (1839 R-16.3.3 counting centres once only lowers
    it) and the others at most ``opt(S - {t})``, so ``t``'s route is worth at least
    ``L - opt(S - {t})``: that floor prunes the route listing (``route_bounds``) and the
    candidates, and the branch-and-bound starts from ``L`` with every sub-multiset's
    optimum as a bound.  A solution worth ``L`` passes every floor, so the optimum is
    kept.  (Revenues are multiples of 10 in both titles, so a floor 10 too high still
    keeps every optimum that beats ``L``; tests catch floors 11 too high.)

    ``L`` also tries greedy solutions whose first train may not use one of the
    token-city links of its best route.  With three trains or more, the whole question
    is listed first with low floors (a
    greedy solution less the other trains' stand-alone optima), and smaller multisets
    filter that listing when their floors are not lower.  With a ``route_bonus`` hook
    (no value bound for the listing) every route is listed once and the floors only cut
    candidate lists."""

    def __init__(
        self, board: Board, op: Operator, rules: RouteRules, run: RunContext, comp: Compressed
    ):
        self.board, self.op, self.rules, self.run, self.comp = board, op, rules, run, comp
        self.reach_memo: Memo = {}
        self.memo: dict[tuple[TrainSpec, ...], _Sol] = {}
        self.tokens = token_links(board, op, comp, run)
        self.listed: list[RawRoute] | None = None
        self.listed_reason = ""
        self.full: dict[TrainSpec, list[Cand]] = {}
        self.routes_seen = 0
        self.reason = ""
        self.kinds = _kinds(run.trains)
        self.starts: dict[tuple[TrainSpec, ...], _Sol] = {}
        #: route listings made so far, with the floors they were made for
        self.lists: list[tuple[dict[TrainSpec, int], tuple[list[RawRoute], str]]] = []
        if run.route_bonus is not None:
            raw, self.listed_reason = enumerate_routes(board, op, rules, run)
            self.routes_seen = len(raw)
            self.listed = undominated(raw)
            for t in self.kinds:
                if t not in self.full:
                    self.full[t] = _candidates(comp, self.listed, t, rules, run, self.tokens)

    def result(self) -> RouteResult:
        top = _key(self.kinds)
        if len(top) > 2 and self.listed is None:
            self._prelist(top)
        sol, reason = self.solve(top), ""
        if not sol.exact:
            reason = self.listed_reason or self.reason or "a safety limit was hit"
        left = list(range(len(self.run.trains)))
        chosen = []
        for spec, raw, gain in sol.picks:
            i = next(i for i in left if self.kinds[i] == spec)
            left.remove(i)
            stops, segs = describe(self.comp, raw)
            chosen.append((i, Route(self.run.trains[i].name, i, stops, segs, gain)))
        routes = tuple(r for _, r in sorted(chosen, key=lambda x: x[0]))
        return RouteResult(sol.value, routes, sol.exact, reason, self.routes_seen)

    def solve(self, trains: tuple[TrainSpec, ...]) -> _Sol:
        hit = self.memo.get(trains)
        if hit is None:
            hit = self._single(trains[0], 0) if len(trains) == 1 else self._multi(trains)
            self.memo[trains] = hit
        return hit

    def _single(self, train: TrainSpec, forbidden: int, at_least: int = 1) -> _Sol:
        """``train``'s best route avoiding ``forbidden`` (none if it is worth less than
        ``at_least``)."""
        if self.listed is None:
            value, raw = _best_single_route(self.board, self.op, self.rules, self.run,
                                            self.comp.graph, train, forbidden, self.reach_memo,
                                            at_least)
            return _Sol(value, ((train, raw, value),) if raw is not None else (), True)
        exact = not self.listed_reason
        for c in self.full[train]:
            if c.value < at_least:
                break
            r = self.listed[c.index]
            if not r.res & forbidden:
                return _Sol(c.value, ((train, r, c.value),), exact)
        return _Sol(0, (), exact)

    def _prelist(self, trains: tuple[TrainSpec, ...]) -> None:
        """List the routes of the whole question once, before its smaller multisets:
        with floors from a greedy solution (trains by stand-alone value, each taking its
        best route on the track still free) less the other trains' stand-alone optima.
        Those floors are low, so the smaller multisets can mostly filter this listing
        instead of listing again; the greedy solution starts the search."""
        best = {t: self.solve((t,)) for t in trains}
        start = self.starts[trains] = self._greedy(trains)
        total = sum(best[t].value for t in trains)
        self._routes(trains, {t: max(1, start.value - total + best[t].value) for t in best})

    def _multi(self, trains: tuple[TrainSpec, ...]) -> _Sol:
        subs = {t: self.solve(trains[:k] + trains[k + 1:]) for k, t in enumerate(trains)}
        lower = self.starts.get(trains, _Sol(0, (), False))
        for t, sub in subs.items():
            more = self._single(t, sub.res())
            picks = sub.picks + more.picks
            gains = self._gains(picks)
            if sum(gains) > lower.value or not lower.picks:
                lower = _Sol(sum(gains), _regain(picks, gains), False)
        best = {t: self.solve((t,)) for t in trains}
        first = max(trains, key=lambda t: best[t].value)
        units = {u for _, r, _ in best[first].picks for u in r.units}
        for link in _bits(self.tokens):
            if link in units:
                sol = self._greedy(trains, self.comp.links[link].res, lower.value)
                if sol.value > lower.value:
                    lower = sol
        return self._aim(trains, subs, lower)

    def _greedy(self, trains: tuple[TrainSpec, ...], ban: int = 0, beat: int = 0) -> _Sol:
        """Trains by stand-alone value, each taking its best route on the track still
        free; the first one may not use ``ban`` (a link at a token city of its best
        route: that route often takes the track every good route needs, and leaving one
        of its links to the others can do better), and must be worth enough for the
        total to reach ``beat + 1`` (the others earn at most their stand-alone optima)."""
        best = {t: self.solve((t,)) for t in trains}
        picks: tuple[tuple[TrainSpec, RawRoute, int], ...] = ()
        used = ban
        for n, t in enumerate(sorted(trains, key=lambda t: -best[t].value)):
            if n == 0 and ban:
                others = sum(best[s].value for s in trains) - best[t].value
                more = self._single(t, used, max(1, beat + 1 - others)).picks
            else:
                more = (best[t] if not used else self._single(t, used)).picks
            picks += more
            if n == 0:
                used = 0  # the ban holds for the first train only
            for _, r, _ in more:
                used |= r.res
        gains = self._gains(picks)
        return _Sol(sum(gains), _regain(picks, gains), False)

    def _aim(self, trains: tuple[TrainSpec, ...], subs: dict[TrainSpec, _Sol], lower: _Sol) -> _Sol:
        """The optimum of ``trains`` over the routes that reach their floors (class
        docstring); ``lower`` if the search finds nothing better."""
        target = lower.value
        floors = {t: max(1, target - sub.value) if sub.exact else 1 for t, sub in subs.items()}
        routes, reason = self._routes(trains, floors)
        per_train = {t: self._cands(routes, t, floors[t]) for t in subs}
        subset_opt: dict[frozenset[int], int] = {}
        n = len(trains)
        for size in range(1, n):
            for subset in combinations(range(n), size):
                sol = self.memo.get(_key(tuple(trains[i] for i in subset)))
                if sol is not None and sol.exact:
                    subset_opt[frozenset(subset)] = sol.value
        # a short search over the best candidates only, for a better start (and floors)
        quick = {t: _diverse(c, QUICK_PER_LINK) for t, c in per_train.items()}
        if any(len(quick[t]) < len(per_train[t]) for t in subs):
            rules = replace(self.rules, max_search_nodes=QUICK_NODES)
            cands = [quick[t] for t in trains]
            bb = BranchAndBound(self.comp.graph, trains, cands, rules, self.tokens, None,
                                subset_opt, lower=target + 1)
            bb.solve()
            if bb.best > target and any(p != NONE for p in bb.best_pick):
                picks = tuple(
                    (trains[i], routes[cands[i][k].index], bb.best_values[i])
                    for i, k in enumerate(bb.best_pick) if k != NONE
                )
                lower = _Sol(bb.best, picks, False)
                target = lower.value
                for t, sub in subs.items():
                    if sub.exact:
                        least = target - sub.value
                        per_train[t] = [c for c in per_train[t] if c.value >= least]
        cands = [per_train[t] for t in trains]
        bb = BranchAndBound(self.comp.graph, trains, cands, self.rules, self.tokens, None,
                            subset_opt, lower=target)
        solved = bb.solve()
        if not solved:
            reason = reason or f"more than {self.rules.max_search_nodes} search nodes"
        self.reason = self.reason or reason
        if bb.best < target or not any(p != NONE for p in bb.best_pick):
            return replace(lower, exact=not reason)
        picks = tuple(
            (trains[i], routes[cands[i][k].index], bb.best_values[i])
            for i, k in enumerate(bb.best_pick) if k != NONE
        )
        return _Sol(bb.best, picks, not reason)

    def _routes(
        self, trains: tuple[TrainSpec, ...], floors: dict[TrainSpec, int]
    ) -> tuple[list[RawRoute], str]:
        """The routes some train of ``trains`` can run at its floor (the one listing of a
        ``route_bonus`` position, or an earlier listing made for lower floors)."""
        if self.listed is not None:
            return self.listed, self.listed_reason
        for done_floors, done in self.lists:
            if all(t in done_floors and done_floors[t] <= f for t, f in floors.items()):
                return done
        rows = [_bound_row(t, least) for t, least in floors.items()]
        floor = ValueFloor(rows, _bonus_bound(self.run), memo=self.reach_memo,
                           max_slots=_slots(self.run))
        raw, reason = enumerate_routes(self.board, self.op, self.rules,
                                       replace(self.run, trains=trains), floor)
        self.routes_seen = max(self.routes_seen, len(raw))
        done = (undominated(raw), reason)
        self.lists.append((floors, done))
        return done

    def _cands(self, routes: list[RawRoute], train: TrainSpec, least: int) -> list[Cand]:
        if self.listed is not None:
            return [c for c in self.full[train] if c.value >= least]
        return _candidates(self.comp, routes, train, self.rules, self.run, self.tokens, least)

    def _gains(self, picks: tuple[tuple[TrainSpec, RawRoute, int], ...]) -> list[int]:
        """What each route adds, in order (centres counted once, 1839 R-16.3.3)."""
        g, out, counted = self.comp.graph, [], 0
        for train, r, _ in picks:
            names = describe(self.comp, r)[0] if self.run.route_bonus is not None else None
            value = route_value(g, r, train, self.rules, self.run, names) or 0
            if not self.rules.shared_values and not train.recount:
                mask = r.stop_mask & ~_offboard_bits(g, r)
                value += centre_values(g, mask & ~counted) - centre_values(g, mask)
                counted |= mask
            out.append(value)
        return out


def _kinds(trains: tuple[TrainSpec, ...]) -> tuple[TrainSpec, ...]:
    """``trains`` with every train replaced by the first one equal to it but for the name
    (titles name trains by their ids): equal trains are interchangeable, so they share
    candidate lists and solved sub-problems, and the search orders them."""
    first: dict[TrainSpec, TrainSpec] = {}
    return tuple(first.setdefault(replace(t, name=""), t) for t in trains)


def _bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _key(trains: tuple[TrainSpec, ...]) -> tuple[TrainSpec, ...]:
    return tuple(sorted(trains, key=repr))


def _regain(
    picks: tuple[tuple[TrainSpec, RawRoute, int], ...], gains: list[int]
) -> tuple[tuple[TrainSpec, RawRoute, int], ...]:
    return tuple((t, r, gain) for (t, r, _), gain in zip(picks, gains, strict=True))


def _one_train(
    board: Board, op: Operator, rules: RouteRules, run: RunContext, comp: Compressed, memo: Memo
) -> RouteResult:
    """One train runs its best route: the search of :func:`best_single` answers exactly."""
    train = run.trains[0]
    value, raw = _best_single_route(board, op, rules, run, comp.graph, train, 0, memo)
    if raw is None:
        return RouteResult(0, ())
    stops, segs = describe(comp, raw)
    return RouteResult(value, (Route(train.name, 0, stops, segs, value),), candidates=1)


def train_floors(
    board: Board,
    op: Operator,
    rules: RouteRules,
    run: RunContext,
    g: TrackGraph,
    memo: Memo | None = None,
) -> dict[TrainSpec, int] | None:
    """Per train kind, a value every route it runs in some optimal solution reaches: with
    ``best(t)`` the stand-alone optimum of train ``t`` and ``lower`` the total of a known
    solution, a train's route in an optimum of total ``>= lower`` is worth at least
    ``lower - sum(best(s) for the other trains s)``, since no other train earns more than
    its stand-alone optimum (1839 R-16.3.3 counting centres once only lowers earnings).
    ``lower``: the best single route, and with values not shared-out a greedy solution
    (trains by stand-alone value, each taking its best route on track still free).
    None (no pruning) when a ``route_bonus`` hook makes route values unbounded here.
    ``memo``: the reach bounds of this board, shared by the searches of one question."""
    if run.route_bonus is not None or not run.trains:
        return None
    memo = {} if memo is None else memo
    best = {t: best_single(board, op, rules, run, g, t, 0, memo) for t in dict.fromkeys(run.trains)}
    lower = max(value for value, _ in best.values())
    if rules.shared_values and len(run.trains) > 1:
        greedy, used = 0, 0
        for t in sorted(run.trains, key=lambda t: -best[t][0]):
            value, res = best_single(board, op, rules, run, g, t, used, memo) if used else best[t]
            greedy, used = greedy + value, used | res
        lower = max(lower, greedy)
    total = sum(best[t][0] for t in run.trains)
    return {t: lower - (total - best[t][0]) for t in best}


def best_single(
    board: Board,
    op: Operator,
    rules: RouteRules,
    run: RunContext,
    g: TrackGraph,
    train: TrainSpec,
    forbidden: int = 0,
    memo: Memo | None = None,
) -> tuple[int, int]:
    """The best stand-alone value of ``train`` over routes using no resource of
    ``forbidden``, and that route's resources ((0, 0) if it has none), by a search that
    raises its floor with every better route it finds."""
    value, raw = _best_single_route(board, op, rules, run, g, train, forbidden, memo)
    return value, raw.res if raw is not None else 0


def _best_single_route(
    board: Board,
    op: Operator,
    rules: RouteRules,
    run: RunContext,
    g: TrackGraph,
    train: TrainSpec,
    forbidden: int,
    memo: Memo | None,
    at_least: int = 1,
) -> tuple[int, RawRoute | None]:
    """The best value and route (0 and None if none is worth ``at_least``)."""
    best: list[tuple[int, RawRoute | None]] = [(0, None)]

    def accept(r: RawRoute) -> int:
        value = route_value(g, r, train, rules, run)
        if value is not None and value > best[0][0] and value >= at_least:
            best[0] = (value, r)
        return max(best[0][0] + 1, at_least)

    floor = ValueFloor([_bound_row(train, at_least)], _bonus_bound(run), forbidden, accept)
    floor.max_slots = _slots(run)
    floor.memo = {} if memo is None else memo
    enumerate_routes(board, op, rules, replace(run, trains=(train,)), floor)
    return best[0]


def _slots(run: RunContext) -> int:
    return max((t.cities for t in run.trains), default=0)


def _bound_row(train: TrainSpec, least: int) -> list[int]:
    return [train.cities, int(train.towns_pay), train.multiplier, least]


def _bonus_bound(run: RunContext) -> int:
    return sum(max(bonus, 0) for bonus in run.visit_bonuses.values())


def _solve(
    g: TrackGraph,
    trains: tuple[TrainSpec, ...],
    cands: list[list[Cand]],
    rules: RouteRules,
    tokens: int,
) -> BranchAndBound:
    """The search over all trains, bounded by the exact optimum of every smaller set of
    trains (solved first, smallest first; each a valid bound because a search node only
    takes track away).  Sets of equal trains are solved once."""
    n = len(trains)
    bitsets: dict[int, dict[int, int]] = {}
    subset_opt: dict[frozenset[int], int] = {}
    by_kind: dict[tuple[str, ...], int | None] = {}
    for size in range(2, n):
        for subset in combinations(range(n), size):
            kind = tuple(sorted(repr(trains[i]) for i in subset))
            if kind not in by_kind:
                bb = BranchAndBound(g, trains, cands, rules, tokens, subset, subset_opt, bitsets)
                by_kind[kind] = bb.best if bb.solve() else None
            value = by_kind[kind]
            if value is not None:
                subset_opt[frozenset(subset)] = value
    return BranchAndBound(g, trains, cands, rules, tokens, None, subset_opt, bitsets)


def undominated(routes: list[RawRoute]) -> list[RawRoute]:
    """Drop routes that visit the same stops between the same ends as another route using
    a subset of its track (a detour can never beat the shorter way: same value, fewer
    resources used)."""
    groups: dict[tuple[int, int, int], list[RawRoute]] = {}
    for r in routes:
        groups.setdefault((r.stop_mask, r.start, r.end), []).append(r)
    out: list[RawRoute] = []
    for group in groups.values():
        if len(group) == 1:
            out.extend(group)
            continue
        kept: list[RawRoute] = []
        for r in sorted(group, key=lambda x: x.res.bit_count()):
            if not any(k.res & r.res == k.res for k in kept):
                kept.append(r)
        out.extend(kept)
    return out


def _candidates(
    comp: Compressed,
    routes: list[RawRoute],
    train: TrainSpec,
    rules: RouteRules,
    run: RunContext,
    tokens: int,
    least: int | None = None,
) -> list[Cand]:
    """The routes ``train`` can run, best first; with ``least`` only those worth at least
    that much (see :func:`train_floors`)."""
    g = comp.graph
    dedup = not rules.shared_values and not train.recount
    least = max(least or 1, 1)
    out = []
    for i, r in enumerate(routes):
        names = describe(comp, r)[0] if run.route_bonus is not None else None
        value = route_value(g, r, train, rules, run, names)
        if value is None or value < least:
            continue
        centre_mask = r.stop_mask & ~_offboard_bits(g, r) if dedup else 0
        fixed = value - centre_values(g, centre_mask) if dedup else value
        out.append(Cand(value, fixed, r.units, centre_mask, i, _unit_mask(r.units, tokens)))
    out.sort(key=lambda c: -c.value)
    return out


def token_links(board: Board, op: Operator, comp: Compressed, run: RunContext) -> int:
    """Bit mask of the units (links) that touch a city holding a counting token of ``op``;
    every route uses one of them (it must contain such a city)."""
    g = comp.graph
    homes = set()
    for coord, city in board.company_cities(op.company):
        name = f"{coord}.c{city}"
        if name in g.index and name not in run.ignore_tokens:
            homes.add(g.index[name])
    mask = 0
    for u in homes:
        for _, li in comp.adj.get(u, ()):
            mask |= 1 << li
    return mask


def _unit_mask(units: tuple[int, ...], within: int) -> int:
    mask = 0
    for u in units:
        mask |= 1 << u
    return mask & within


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
    for li in r.units:
        if li >= len(comp.links):
            continue
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
