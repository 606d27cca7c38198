"""bench_helpers.compare_solvers: timings of several route solvers over the same positions,
and where their revenues differ."""

from __future__ import annotations

from test_routes_bruteforce import SOH, random_board

from railhouse.map import Board, Operator, RouteRules, RunContext, TrainSpec, best_routes
from railhouse.map.bench_helpers import compare_solvers
from railhouse.map.optimize import RouteResult
from railhouse.map.problem import RouteProblem


def _worse(board: Board, op: Operator, rules: RouteRules, run: RunContext) -> RouteResult:
    result = best_routes(board, op, rules, run)
    return RouteResult(result.revenue - 10, result.routes, exact=False, reason="test")


def test_compare_solvers_reports_times_and_differences() -> None:
    run = RunContext((TrainSpec("3", 3), TrainSpec("2", 2)))
    problems = [RouteProblem(random_board(seed), Operator("A"), SOH, run) for seed in (4, 19)]
    out = compare_solvers(problems, {"new": best_routes, "worse": _worse})
    assert out["new"]["differs_at"] == [] and out["new"]["inexact"] == 0
    assert out["worse"]["differs_at"] == [0, 1] and out["worse"]["inexact"] == 2
    ms = out["new"]["ms"]
    assert isinstance(ms, dict) and 0 <= ms["median_ms"] <= ms["max_ms"]
