"""Large positions: the optimum for growing multisets of a company's train kinds.

A position with more than ``PROBE_ROUTES`` routes (:mod:`optimize`) and several trains is
pruned by value: it is solved for growing multisets of its train kinds
(:class:`MultisetSolver`); each multiset's optimum bounds the larger ones, and
``L + 1 - opt(S - {t})`` floors the routes train ``t`` may run in an optimum worth more
than a known ``L`` (bounds in :mod:`route_bounds`).  Greedy solutions start every search.  All of
it stays exact.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

from railhouse.map.board import Board
from railhouse.map.candidates import (
    candidates,
    describe,
    offboard_bits,
    route_value,
    token_links,
    train_kinds,
    undominated,
)
from railhouse.map.compress import Compressed
from railhouse.map.graph import Operator
from railhouse.map.route_bounds import Memo, ValueFloor, bonus_bound, floor_row, max_slots
from railhouse.map.route_result import Route, RouteResult
from railhouse.map.routes import RawRoute, enumerate_routes
from railhouse.map.search import NONE, BranchAndBound
from railhouse.map.search_tables import Cand, centre_values
from railhouse.map.single_train import best_single_route
from railhouse.map.trains import RouteRules, RunContext, TrainSpec


@dataclass(frozen=True)
class Solution:
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


QUICK_LISTING = 2000
"""A multiset is first solved with the floors its smaller multisets give, if at most this
many routes reach them; only a larger listing is worth the greedy searches that may raise
the lower bound (and so the floors) first."""

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


class MultisetSolver:
    """A large position, solved for growing multisets of its trains (each multiset once).

    For a multiset ``S``: the optima of every ``S - {t}`` come first; each, completed by
    ``t``'s best route on the track it leaves free, is a solution, and the best of them
    a lower bound ``L``.  In a solution of ``S`` worth more than ``L``, train ``t`` earns
    at most its route's stand-alone value (1839 R-16.3.3 counting centres once only lowers
    it) and the others at most ``opt(S - {t})``, so ``t``'s route is worth at least
    ``L + 1 - opt(S - {t})``: that floor prunes the route listing (``route_bounds``) and
    the candidates, and the branch-and-bound looks for a solution worth ``L`` or more
    with every sub-multiset's optimum as a bound; if it finds none, the solution worth
    ``L`` is the optimum.  (Revenues are multiples of 10 in both titles, so a floor 9 too
    high still keeps every optimum that beats ``L``; tests catch floors 11 too high.)

    ``L`` also tries greedy solutions whose first train may not use one of the
    token-city links of its best route.  With three trains or more, the whole question
    is listed first with low floors (a greedy solution less the other trains' stand-alone
    optima), and smaller multisets filter that listing when their floors are not lower.
    With a ``route_bonus`` hook (no value bound for the listing) every route is listed
    once and the floors only cut candidate lists."""

    def __init__(
        self, board: Board, op: Operator, rules: RouteRules, run: RunContext, comp: Compressed
    ):
        self.board, self.op, self.rules, self.run, self.comp = board, op, rules, run, comp
        self.reach_memo: Memo = {}
        self.memo: dict[tuple[TrainSpec, ...], Solution] = {}
        #: per train, the single-route answers found: (forbidden track, value, route)
        self.singles: dict[TrainSpec, list[tuple[int, int, RawRoute]]] = {}
        self.tokens = token_links(board, op, comp, run)
        self.listed: list[RawRoute] | None = None
        self.listed_reason = ""
        self.full: dict[TrainSpec, list[Cand]] = {}
        self.routes_seen = 0
        self.reason = ""
        self.kinds = train_kinds(run.trains)
        self.starts: dict[tuple[TrainSpec, ...], Solution] = {}
        #: route listings made so far, with the floors they were made for
        self.lists: list[tuple[dict[TrainSpec, int], tuple[list[RawRoute], str]]] = []
        if run.route_bonus is not None:
            raw, self.listed_reason = enumerate_routes(board, op, rules, run)
            self.routes_seen = len(raw)
            self.listed = undominated(raw)
            for t in self.kinds:
                if t not in self.full:
                    self.full[t] = candidates(comp, self.listed, t, rules, run, self.tokens)

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

    def solve(self, trains: tuple[TrainSpec, ...]) -> Solution:
        hit = self.memo.get(trains)
        if hit is None:
            hit = self._single(trains[0], 0) if len(trains) == 1 else self._multi(trains)
            self.memo[trains] = hit
        return hit

    def _single(self, train: TrainSpec, forbidden: int, at_least: int = 1) -> Solution:
        """``train``'s best route avoiding ``forbidden`` (none if it is worth less than
        ``at_least``)."""
        if self.listed is None:
            value, raw = self._search_single(train, forbidden, at_least)
            return Solution(value, ((train, raw, value),) if raw is not None else (), True)
        exact = not self.listed_reason
        for c in self.full[train]:
            if c.value < at_least:
                break
            r = self.listed[c.route]
            if not r.res & forbidden:
                return Solution(c.value, ((train, r, c.value),), exact)
        return Solution(0, (), exact)

    def _search_single(
        self, train: TrainSpec, forbidden: int, at_least: int
    ) -> tuple[int, RawRoute | None]:
        """:func:`best_single_route`, helped by the answers found so far for ``train``: an
        answer for less forbidden track whose route avoids ``forbidden`` is this answer
        too (the best of more routes, and one of these), and the best route known to
        avoid ``forbidden`` starts the search's floor (only a better one is looked for)."""
        known = self.singles.setdefault(train, [])
        seed: tuple[int, RawRoute | None] = (0, None)
        for done, worth, route in known:
            if route.res & forbidden:
                continue
            if done & ~forbidden == 0:
                return (worth, route) if worth >= at_least else (0, None)
            if worth > seed[0]:
                seed = (worth, route)
        floor = max(at_least, seed[0] + 1)
        value, raw = best_single_route(self.board, self.op, self.rules, self.run,
                                       self.comp.graph, train, forbidden, self.reach_memo, floor)
        if raw is None and seed[0] >= at_least:
            value, raw = seed
        if raw is not None:
            known.append((forbidden, value, raw))
        return value, raw

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

    def _multi(self, trains: tuple[TrainSpec, ...]) -> Solution:
        subs = {t: self.solve(trains[:k] + trains[k + 1:]) for k, t in enumerate(trains)}
        lower = self.starts.get(trains, Solution(0, (), False))
        for t, sub in subs.items():
            more = self._single(t, sub.res())
            picks = sub.picks + more.picks
            gains = self._gains(picks)
            if sum(gains) > lower.value or not lower.picks:
                lower = Solution(sum(gains), _regain(picks, gains), False)
        quick = self._aim(trains, subs, lower, QUICK_LISTING)
        if quick is not None:
            return quick
        best = {t: self.solve((t,)) for t in trains}
        first = max(trains, key=lambda t: best[t].value)
        units = {u for _, r, _ in best[first].picks for u in r.units}
        for link in _bits(self.tokens):
            if link in units:
                sol = self._greedy(trains, self.comp.links[link].res, lower.value)
                if sol.value > lower.value:
                    lower = sol
        solved = self._aim(trains, subs, lower)
        assert solved is not None  # no limit on the listing
        return solved

    def _greedy(self, trains: tuple[TrainSpec, ...], ban: int = 0, beat: int = 0) -> Solution:
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
        return Solution(sum(gains), _regain(picks, gains), False)

    def _aim(
        self, trains: tuple[TrainSpec, ...], subs: dict[TrainSpec, Solution], lower: Solution,
        most: int | None = None,
    ) -> Solution | None:
        """The optimum of ``trains`` over the routes that reach their floors (class
        docstring); ``lower`` if the search finds nothing better.  None if ``most`` is
        given and more routes than that reach the floors."""
        target = lower.value
        floors = {t: max(1, target + 1 - sub.value) if sub.exact else 1
                  for t, sub in subs.items()}
        listing = self._listing(trains, floors, most)
        if listing is None:
            return None
        routes, reason = listing
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
                    (trains[i], routes[cands[i][k].route], bb.best_values[i])
                    for i, k in enumerate(bb.best_pick) if k != NONE
                )
                lower = Solution(bb.best, picks, False)
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
            (trains[i], routes[cands[i][k].route], bb.best_values[i])
            for i, k in enumerate(bb.best_pick) if k != NONE
        )
        return Solution(bb.best, picks, not reason)

    def _routes(
        self, trains: tuple[TrainSpec, ...], floors: dict[TrainSpec, int]
    ) -> tuple[list[RawRoute], str]:
        """The routes some train of ``trains`` can run at its floor (the one listing of a
        ``route_bonus`` position, or an earlier listing made for lower floors)."""
        listing = self._listing(trains, floors, None)
        assert listing is not None  # no limit on its length
        return listing

    def _listing(
        self, trains: tuple[TrainSpec, ...], floors: dict[TrainSpec, int], most: int | None
    ) -> tuple[list[RawRoute], str] | None:
        """:meth:`_routes`, or None if ``most`` is given and there are more."""
        if self.listed is not None:
            return self.listed, self.listed_reason
        for done_floors, done in self.lists:
            if all(t in done_floors and done_floors[t] <= f for t, f in floors.items()):
                return done
        rows = [floor_row(t, least) for t, least in floors.items()]
        floor = ValueFloor(rows, bonus_bound(self.run), memo=self.reach_memo,
                           max_slots=max_slots(self.run))
        rules = self.rules if most is None else replace(self.rules, max_routes=most)
        raw, reason = enumerate_routes(self.board, self.op, rules,
                                       replace(self.run, trains=trains), floor)
        if most is not None and reason:
            return None
        self.routes_seen = max(self.routes_seen, len(raw))
        done = (undominated(raw), reason)
        self.lists.append((floors, done))
        return done

    def _cands(self, routes: list[RawRoute], train: TrainSpec, least: int) -> list[Cand]:
        if self.listed is not None:
            return [c for c in self.full[train] if c.value >= least]
        return candidates(self.comp, routes, train, self.rules, self.run, self.tokens, least)

    def _gains(self, picks: tuple[tuple[TrainSpec, RawRoute, int], ...]) -> list[int]:
        """What each route adds, in order (centres counted once, 1839 R-16.3.3)."""
        g, out, counted = self.comp.graph, [], 0
        for train, r, _ in picks:
            names = describe(self.comp, r)[0] if self.run.route_bonus is not None else None
            value = route_value(g, r, train, self.rules, self.run, names) or 0
            if not self.rules.shared_values and not train.recount:
                mask = r.stop_mask & ~offboard_bits(g, r)
                value += centre_values(g, mask & ~counted) - centre_values(g, mask)
                counted |= mask
            out.append(value)
        return out


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
