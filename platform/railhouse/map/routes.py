"""Enumeration of every legal route of a company (before choosing trains).

A depth-first search over the compressed track graph (:mod:`railhouse.map.compress`) from
every terminus lists each simple route once (from its lower-numbered end), bounded by the
longest train: a partial route is not extended once no stop it may end at still fits the
length (SOH: every terminus counts, so a route with all its cities ends there).  Looking
for one train's best route (``ValueFloor.accept``), roots and ways on are tried most
promising first (by their reach bounds), so that the floor rises early.

A route obeys (SOH "Running trains", 1839 R-16.2): it is a legal path
(:mod:`railhouse.map.legal`: it visits no node twice, so no stop, side or track twice, and
never reverses: it goes on from one link to the next only where their turn keys differ),
starts and ends at terminal kinds, passes through no city blocked for the company and no
off-board, includes a city with the company's token, respects the length limits and the
off-board rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from railhouse.map.board import Board
from railhouse.map.compress import Compressed, compressed
from railhouse.map.graph import Operator, reach
from railhouse.map.legal import NO_KEY
from railhouse.map.route_bounds import ReachBound, ValueFloor
from railhouse.map.route_tables import (
    K_CITY,
    K_OFF,
    K_PASS,
    K_TOWN,
    Tables,
    link_steps,
    node_tables,
)
from railhouse.map.routegraph import RouteGraph
from railhouse.map.tiles import CITY, TOWN
from railhouse.map.trains import RouteRules, RunContext


class RawRoute(NamedTuple):
    """A route found by the search; counts and sums exclude bonuses and train rules.

    ``units``: the links used in order, interleaved with ``len(links) + node`` for every
    branching hex side passed; two routes share track exactly when they share a unit."""

    start: int
    end: int
    units: tuple[int, ...]
    big: int
    centres: int
    offboards: int
    city_value: int
    town_value: int
    off_value: int
    res: int
    stop_mask: int


_NOTHING = ([0], [0])
_new_tuple = tuple.__new__


class RouteLimit(Exception):
    """Raised internally when ``RouteRules.max_routes`` is exceeded."""


def enumerate_routes(
    board: Board, op: Operator, rules: RouteRules, run: RunContext,
    floor: ValueFloor | None = None, where: RouteGraph | None = None,
) -> tuple[list[RawRoute], str]:
    """All legal routes for the longest train of ``run`` (see module docstring), and ""
    or the reason the enumeration stopped early (a safety limit).

    With ``floor``, only routes some train of ``floor.trains`` could value at its floor or
    more (by an upper bound: stop values so far, plus the best stop values of the whole
    board for the cities it may still add, plus every town, times the multiplier, plus
    ``floor.bonus``) and using nothing of ``floor.forbidden``; a branch is cut as soon as
    no train can reach its floor, which is valid because extending a route never makes
    its bound grow, and a train stops counting for a branch that already has more
    centres or off-boards than it may run (they only grow).  A finished route is listed
    only if its own value (the same bound without the extension) reaches some train's
    floor.

    ``where``: the company's route graph (:mod:`railhouse.map.routegraph`) to search
    instead of the compressed track graph (the same routes, in the same order, numbered
    by it); not with ``floor``, whose bounds read the whole compressed graph."""
    if where is not None:
        assert floor is None, "value floors search the whole compressed graph"
        comp, read = where.comp, where.ends  # nothing inside a link is a root or a way on
        reached: set[int] = set()  # (read only by the value floors' bounds)
    else:
        comp, reached = compressed(board, op, rules), reach(board, op)
        read = sorted(reached)
    g = comp.graph
    n_paths = len(g.path_names)
    tabled = node_tables(board, op, rules, run, g, read, n_paths)
    max_big = max((t.cities for t in run.trains), default=0)
    centre_limits = [t.centres for t in run.trains]
    max_cen = 10**9 if None in centre_limits else max(c or 0 for c in centre_limits)
    bound = None
    if floor is not None:
        floor.max_slots = max(floor.max_slots, max_big)
        bound = _reach_bound(floor, comp, rules, tabled, reached)
    search = _Search(comp, rules, tabled, max_big, max_cen, floor, bound)
    # a route is listed from its lower-numbered end, and every end it may have is a root
    # (``read`` is sorted): the highest root lists none
    roots = [u for u in read if tabled.term[u]][:-1]
    if bound is not None and floor is not None and floor.accept is not None:
        # max mode: promising roots first, so that the floor rises early
        top = floor.max_slots
        roots.sort(key=lambda u: -(bound.at(u)[0][top] + bound.at(u)[1][top] + tabled.value[u]))
    try:
        for root in roots:
            search.run(root)
    except RouteLimit:
        return search.found, f"more than {rules.max_routes} routes (RouteRules.max_routes)"
    finally:
        search.finish()
    return search.found, ""


def _reach_bound(
    floor: ValueFloor, comp: Compressed, rules: RouteRules, t: Tables, reached: set[int]
) -> ReachBound:
    """The :class:`ReachBound` of this board for ``floor`` (off-boards that do not count
    toward length are bounded separately: the two best, in ``floor.off_extra``)."""
    n = len(t.kind)
    big: list[int | None] = [None] * n
    town = [0] * n
    for u in reached:
        k = t.kind[u]
        if t.allowed[u] and (k == K_CITY or (k == K_OFF and rules.offboards_count)):
            big[u] = t.value[u]
        elif k == K_TOWN:
            town[u] = t.value[u]
    if not rules.offboards_count:
        offs = sorted((t.value[u] for u in reached if t.kind[u] == K_OFF and t.allowed[u]),
                      reverse=True)
        floor.off_extra = sum(max(v, 0) for v in offs[:2])
    passable = [not s for s in t.stop]
    link_towns = [link.town_value for link in comp.links]
    return ReachBound(
        comp.adj, link_towns, big, town, passable, t.allowed, floor.max_slots, floor.memo
    )


class _Search:
    """The depth-first search; ``found`` collects routes."""

    def __init__(
        self,
        comp: Compressed,
        rules: RouteRules,
        t: Tables,
        max_big: int,
        max_cen: int,
        floor: ValueFloor | None = None,
        bound: ReachBound | None = None,
    ):
        self.comp, self.rules, self.t, self.floor, self.bound = comp, rules, t, floor, bound
        self.forbidden = floor.forbidden if floor is not None else 0
        self.max_big, self.max_cen = max_big, max_cen
        self.found: list[RawRoute] = []
        self.visited = [False] * len(t.kind)
        self.trail: list[int] = []
        self.root = -1
        self.seen: dict[tuple[int, int, int], list[int]] = {}
        self.max_mode = floor is not None and floor.accept is not None
        self.stops_only = 0  # the stop nodes' bits (read by ``_dominated``, max mode only)
        if self.max_mode:
            for u, k in enumerate(t.kind):
                if k != K_PASS:
                    self.stops_only |= 1 << u
            for link in comp.links:
                self.stops_only |= link.stop_mask
        self.steps = link_steps(comp, rules, t)
        if self.max_mode and bound is not None:
            # one train's best route: promising ways first, so that the floor rises early
            top = floor.max_slots if floor is not None else 0
            potential = {}
            for u, allowed in enumerate(t.allowed):
                if allowed:
                    bigs, towns = bound.at(u) if not t.stop[u] else _NOTHING
                    potential[u] = t.value[u] + bigs[min(top, len(bigs) - 1)] + towns[
                        min(top, len(towns) - 1)]
            for steps in self.steps:
                steps.sort(key=lambda step: -(potential.get(step[0], 0) + step[4] + step[5]))
        # which stops a route may still end at: going on is useless once none fits
        offboard_ends = t.offboard_ends
        self.off_free = offboard_ends and not rules.offboards_count
        self.off_big = offboard_ends and rules.offboards_count
        self.city_ends = CITY in rules.terminals
        self.town_ends = TOWN in rules.terminals
        self.bound_at: list[tuple[list[int], list[int]] | None] = [None] * len(t.kind)
        self._from, self._unlink = self._walker()

    def run(self, root: int) -> None:
        """Lists the routes from ``root`` (to a higher-numbered end)."""
        self.root = root
        self.seen.clear()
        self._from(root)

    def finish(self) -> None:
        """No more runs: end the reference cycles of the search's walker (which closes
        over its bound methods and calls itself), so that the search and everything it
        made are freed by reference counting when dropped, not left for the cyclic
        collector (one search or more per route question)."""
        self._unlink()
        del self._from

    def _walker(self) -> tuple[Callable[[int], None], Callable[[], None]]:
        """The depth-first search from a root: a closure, so that the hot loop reads what
        it needs from its cells (not the search's attributes at every call); and what
        ends the closure's cycle when the search is over (:meth:`finish`)."""
        t, rules, steps = self.t, self.rules, self.steps
        visited, trail, term, stop, token = self.visited, self.trail, t.term, t.stop, t.token
        kind, value, offboards_count = t.kind, t.value, rules.offboards_count
        max_big, max_cen, min_centres = self.max_big, self.max_cen, rules.min_centres
        floor, forbidden, max_mode = self.floor, self.forbidden, self.max_mode
        promising, dominated, emit = self._promising, self._dominated, self._emit
        group, same_group_ends = t.group, rules.same_group_ends
        off_free, town_ends, off_big, city_ends = (
            self.off_free, self.town_ends, self.off_big, self.city_ends)
        root = -1
        root_group: str | None = None
        any_end = True  # a route from the root may end anywhere (else not at its group)

        def start(at: int) -> None:
            nonlocal root, root_group, any_end
            root, root_group = at, group[at]
            any_end = same_group_ends or root_group is None
            k, val = kind[at], value[at]
            visited[at] = True
            dfs(at, 0, int(k == K_CITY or (k == K_OFF and offboards_count)),
                int(k in (K_CITY, K_TOWN)), int(k == K_OFF), val if k == K_CITY else 0,
                val if k == K_TOWN else 0, val if k == K_OFF else 0, 1 << at, token[at],
                NO_KEY)
            visited[at] = False

        def dfs(u: int, res: int, big: int, cen: int, noff: int, vc: int, vt: int, vo: int,
                smask: int, tok: bool, came: int) -> None:
            # the hot loop: each step's increments come precomputed from ``_steps``
            for v, li, dbig, dcen, dvc, dvt, dvo, doff, radd, sadd, eunit, ukey, vkey in steps[u]:
                if visited[v] or ukey == came:  # no reversal (railhouse.map.legal)
                    continue
                nbig, ncen = big + dbig, cen + dcen
                if nbig > max_big or ncen > max_cen:
                    continue
                nvc, nvt, nvo, nres = vc + dvc, vt + dvt, vo + dvo, res | radd
                if floor is not None and (
                    nres & forbidden or not promising(v, nbig, ncen, noff + doff, nvc, nvt, nvo)
                ):
                    continue
                nsm = smask | sadd
                if max_mode and dominated(v, nsm, vkey):
                    continue
                ntok = tok or token[v]
                trail.append(li)
                if eunit >= 0:
                    trail.append(eunit)
                if (term[v] and v > root and ntok and ncen >= min_centres
                        and (any_end or group[v] != root_group)):
                    emit(v, nbig, ncen, noff + doff, nvc, nvt, nvo, nres, nsm)
                if not stop[v] and (
                    off_free
                    or (town_ends and ncen < max_cen)
                    or (nbig < max_big and (off_big or (city_ends and ncen < max_cen)))
                ):  # some stop a route may end at still fits
                    visited[v] = True
                    dfs(v, nres, nbig, ncen, noff + doff, nvc, nvt, nvo, nsm, ntok, vkey)
                    visited[v] = False
                trail.pop()
                if eunit >= 0:
                    trail.pop()

        def unlink() -> None:
            nonlocal dfs  # it calls itself through this cell: emptied, the cycle ends
            del dfs

        return start, unlink

    def _promising(self, v: int, big: int, cen: int, noff: int, vc: int, vt: int,
                   vo: int) -> bool:
        """Whether some train may still reach its floor with this route ending at ``v``
        or one of its extensions (bounds from :class:`ReachBound`); a train whose
        centres or off-boards the route already exceeds cannot run it nor any extension."""
        fl = self.floor
        assert fl is not None
        at = self.bound_at[v]
        if at is None:
            assert self.bound is not None
            at = self.bound_at[v] = self.bound.at(v) if not self.t.stop[v] else _NOTHING
        bigs, towns = at
        top = len(bigs) - 1
        base = vc + vo + fl.off_extra
        for cities, towns_pay, mult, least, centres, offboards in fl.trains:
            slots = cities - big
            if slots < 0 or cen > centres or noff > offboards:
                continue
            s = slots if slots < top else top
            up = base + bigs[s]
            if towns_pay:
                up += vt + towns[s]
            if up * mult + fl.bonus >= least:
                return True
        return False

    @staticmethod
    def _worth(fl: ValueFloor, big: int, cen: int, noff: int, vc: int, vt: int,
               vo: int) -> bool:
        """Whether some train of ``fl`` may value this finished route at its floor or
        more: its stop values (towns if they pay) times the multiplier, plus every visit
        bonus, bound what ``candidates.route_value`` gives it."""
        for cities, towns_pay, mult, least, centres, offboards in fl.trains:
            if (big <= cities and cen <= centres and noff <= offboards
                    and (vc + vo + (vt if towns_pay else 0)) * mult + fl.bonus >= least):
                return True
        return False

    def _dominated(self, v: int, smask: int, came: int) -> bool:
        """Max mode (one train, only the value counts): whether an earlier partial route
        from this root reached ``v`` with the same stops (so the same value, length and
        token) through a subset of these nodes, and (at a hex side) from the same hex:
        then every extension of this one is also an extension of that one, worth the same.
        Otherwise this one is remembered.
        (Collecting routes for several trains cannot use this: two distinct simple paths
        from one root to ``v`` never have nested track, and track is what trains share.)"""
        used = smask
        key = (v, smask & self.stops_only, min(came, 0))  # side keys are negative
        earlier = self.seen.get(key)
        if earlier is None:
            self.seen[key] = [used]
            return False
        for other in earlier:
            if other & ~used == 0:
                return True
        earlier.append(used)
        return False

    def _emit(
        self, v: int, big: int, cen: int, noff: int, vc: int, vt: int, vo: int, res: int, smask: int
    ) -> None:
        fl = self.floor
        if fl is not None and not self._worth(fl, big, cen, noff, vc, vt, vo):
            return
        route = _new_tuple(RawRoute, (  # (no Python ``__new__`` frame per route)
            self.root, v, tuple(self.trail), big, cen, noff, vc, vt, vo, res, smask))
        if fl is not None and fl.accept is not None:
            fl.trains[0][3] = fl.accept(route)
            return
        if len(self.found) >= self.rules.max_routes:
            raise RouteLimit
        self.found.append(route)
