"""The revenue-maximising assignment of routes to a company's trains (exact).

Every route from :mod:`routes` (searched on the company's route graph,
:mod:`routegraph`: the compressed track graph around its reach, made from the network graph
without a map-wide build) is valued per train (:mod:`candidates`).  A branch-and-bound
(:mod:`search`) then picks at most one route per train, pairwise sharing no resource (no
path; with ``exclusive_edges`` no hex side; SOH "No piece of track may be used more than
once", 1839 R-16.2.7), maximising revenue.  Candidates are scanned best first and a branch
is cut when its value plus the best remaining value of every later train cannot beat the
incumbent; so the optimum is exact unless a safety limit stops the search, which the
result reports (``exact=False``).  Most questions never reach it: the search's first
descent often answers (:func:`~railhouse.map.search.first_descent`), and a small question
is answered, identically, by a plain search without its tables (:mod:`plain_search`).
And a company whose route graph, tokens, trains and operator are as at its last
question gets its last answer (:mod:`answer_memo`).

With ``RouteRules.shared_values=False`` (1839 R-16.3.3) a centre already counted by another
non-``recount`` train adds nothing; a route's stand-alone value stays a valid bound.

Large positions (more than ``PROBE_ROUTES`` routes) are pruned by value first, on the full
compressed track graph (:func:`~railhouse.map.compress.compressed`): one train
is answered by a search that keeps only its best route so far (:mod:`single_train`);
several trains are solved for growing multisets of their kinds (:mod:`multisets`).  All
of it stays exact.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from railhouse.map.answer_memo import handed_on, keep
from railhouse.map.board import Board
from railhouse.map.candidates import (
    bonus_names,
    candidates,
    describe,
    token_links,
    train_kinds,
    undominated,
)
from railhouse.map.compress import compressed
from railhouse.map.earning import no_route
from railhouse.map.graph import Operator, TrackGraph
from railhouse.map.multisets import MultisetSolver
from railhouse.map.plain_search import plain_search
from railhouse.map.route_result import Route, RouteResult
from railhouse.map.routegraph import company_graph
from railhouse.map.routes import enumerate_routes
from railhouse.map.search import NONE, BranchAndBound, first_descent, picking_order, spelling
from railhouse.map.search_tables import Cand, unit_mask
from railhouse.map.single_train import one_train_routes
from railhouse.map.trains import RouteRules, RunContext, TrainSpec

__all__ = ["PROBE_ROUTES", "Route", "RouteResult", "best_routes"]

PROBE_ROUTES = 3000
"""Positions with at most this many routes are solved from the full route list; larger
ones are solved per multiset of train kinds with value floors (:mod:`multisets`), which
costs more than it saves on small positions."""


def best_routes(board: Board, op: Operator, rules: RouteRules, run: RunContext) -> RouteResult:
    """The revenue-maximising legal routes for ``run.trains`` (see module docstring)."""
    if no_route(board, op, rules, run):  # nothing can run: no route graph to build
        return RouteResult(0, ())
    where = company_graph(board, op, rules)
    last = handed_on(board, op, rules, run, where)  # (the company's last answer, if still)
    if last is not None:
        return last
    probe = _probe_rules(rules)
    all_routes, reason = enumerate_routes(board, op, probe, run, where=where)
    if reason and rules.max_routes > PROBE_ROUTES:  # a large position: prune by value
        full = compressed(board, op, rules)
        if len(run.trains) == 1 and run.route_bonus is None:
            return one_train_routes(board, op, rules, run, full, {})
        return MultisetSolver(board, op, rules, run, full).result()
    comp = where.comp
    routes = undominated(all_routes)
    kinds = train_kinds(run.trains)
    per_train: dict[int, list[Cand]] = {}  # by kind (equal trains are one object)
    names = bonus_names(comp, routes, run)
    for t in kinds:  # equal trains share one list (and its bitsets)
        if id(t) not in per_train:  # (token units only for the branch-and-bound, below)
            per_train[id(t)] = candidates(comp, routes, t, rules, run, 0, names=names)
    cands = [per_train[id(t)] for t in kinds]
    plan = picking_order(kinds, cands)
    found = first_descent(comp.graph, kinds, cands, plan)  # the usual answer, no search
    if found is None:  # a small question: the same answer without the search's tables
        found = plain_search(comp.graph, kinds, cands, plan)
    if found is None:
        tokens = token_links(board, op, comp, run)
        cands = _with_token_units(cands, tokens)
        bb = _solve(comp.graph, kinds, cands, rules, tokens)
        if not bb.solve():
            reason = reason or f"more than {rules.max_search_nodes} search nodes"
        found = bb.best, bb.best_pick, bb.best_values
    best, best_pick, best_values = found
    chosen = []
    for i, ci in enumerate(best_pick):
        if ci != NONE:
            c = cands[i][ci]
            stops, segs = describe(comp, routes[c.route])
            chosen.append(Route(run.trains[i].name, i, stops, segs, best_values[i]))
    result = RouteResult(best, tuple(chosen), not reason, reason, len(all_routes))
    if not reason:
        keep(board, op, rules, run, where, result)
    return result


def _with_token_units(cands: list[list[Cand]], tokens: int) -> list[list[Cand]]:
    """``cands`` with each candidate's ``token_units`` (its units among ``tokens``), which
    only the branch-and-bound's bounds read; lists shared by equal trains stay shared."""
    made: dict[int, list[Cand]] = {}
    out = []
    for own in cands:
        hit = made.get(id(own))
        if hit is None:
            hit = made[id(own)] = [c._replace(token_units=unit_mask(c.units) & tokens)
                                   for c in own]
        out.append(hit)
    return out


def _probe_rules(rules: RouteRules) -> RouteRules:
    """``rules`` with at most :data:`PROBE_ROUTES` routes listed, made once per rules
    object (a title's rules are one constant): keyed on its identity, the value holding
    ``rules`` so that the identity stays its own (a frozen dataclass's hash is a Python
    call over every field, asked at every route question)."""
    hit = _PROBES.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_PROBES) >= 64:
            _PROBES.clear()
        hit = _PROBES[id(rules)] = (
            rules, replace(rules, max_routes=min(rules.max_routes, PROBE_ROUTES)))
    return hit[1]


_PROBES: dict[int, tuple[RouteRules, RouteRules]] = {}


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
    spelled = [spelling(t) for t in trains]
    for size in range(2, n):
        for subset in combinations(range(n), size):
            kind = tuple(sorted(spelled[i] for i in subset))
            if kind not in by_kind:
                bb = BranchAndBound(g, trains, cands, rules, tokens, subset, subset_opt, bitsets)
                by_kind[kind] = bb.best if bb.solve() else None
            value = by_kind[kind]
            if value is not None:
                subset_opt[frozenset(subset)] = value
    return BranchAndBound(g, trains, cands, rules, tokens, None, subset_opt, bitsets)
