"""Map metrics on late-game boards of seeded random playouts (cold caches).

``map.legal_tile_lays_ms``: ``legal_tile_lays`` for every company with a token on the
board, with the phase's tile colours.  ``routes.optimal_ms``: the exact optimum of every
company with trains (the title's own ``route_problem``), quoted at p95.
``routes.suboptimal_count``: positions where the optimiser's revenue differs from a naive
brute-force reference (on the positions small enough for it); it must be 0.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

from railhouse.bench.metric import OK, VIOLATED, Metric
from railhouse.bench.positions import Snapshot
from railhouse.map.graph import Operator
from railhouse.map.lays import LayOptions, legal_tile_lays
from railhouse.map.problem import RouteProblem, route_problem


def _cold(board: Any, call: Callable[[], object]) -> float:
    """Milliseconds for ``call()`` with the board's derived-data cache emptied first."""
    board.cache.clear()
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1e3


def _solve_into(problem: RouteProblem, results: list[Any]) -> None:
    results.append(problem.solve())


def token_owners(board: Any) -> list[str]:
    return sorted({company for owners in board.tokens.values() for company in owners})


def tile_lay_times(snapshots: list[Snapshot]) -> Metric:
    samples: list[float] = []
    for snapshot in snapshots:
        game = snapshot.game
        board = game.board
        options = LayOptions(colors=frozenset(game.phase.tiles))
        for company in token_owners(board):
            op = Operator(company, column=game.phase.offboard_column)
            samples.append(_cold(board, partial(legal_tile_lays, board, op, options)))
    return Metric("map.legal_tile_lays_ms", "ms", samples,
                  extra={"positions": len(snapshots), "queries": len(samples)})


def route_problems(snapshots: list[Snapshot], max_trains: int = 4) -> list[RouteProblem]:
    problems = []
    for snapshot in snapshots:
        for company_id in sorted(snapshot.game.companies):
            problem = route_problem(snapshot.game, company_id)
            if problem is not None and 0 < len(problem.run.trains) <= max_trains:
                problems.append(problem)
    return problems


def route_times(problems: list[RouteProblem]) -> Metric:
    samples: list[float] = []
    inexact = 0
    for problem in problems:
        results: list[Any] = []
        samples.append(_cold(problem.board, partial(_solve_into, problem, results)))
        if not results[0].exact:
            inexact += 1
    metric = Metric("routes.optimal_ms", "ms", samples,
                    extra={"problems": len(problems), "inexact": inexact})
    if inexact:
        metric.note = f"{inexact} results hit a safety limit (exact=False)"
    return metric


def suboptimal(
    problems: list[RouteProblem], reference: Callable[[RouteProblem], int | None]
) -> Metric:
    """Compare with ``reference(problem)`` (the brute-force revenue, or None where the
    position is too large for it)."""
    checked = 0
    wrong: list[str] = []
    for problem in problems:
        expected = reference(problem)
        if expected is None:
            continue
        checked += 1
        got = problem.solve().revenue
        if got != expected:
            wrong.append(f"{problem.operator.company}: {got} != {expected}")
    metric = Metric("routes.suboptimal_count", "positions", [float(len(wrong))],
                    status=OK if not wrong else VIOLATED,
                    extra={"checked": checked, "of": len(problems)})
    if wrong:
        metric.note = "; ".join(wrong[:3])
    return metric
