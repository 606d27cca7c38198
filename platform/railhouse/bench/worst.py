"""``routes.worst_ms``: the slowest single route computation a game asks for.

The median of a route metric hides what a tournament feels: one step that takes seconds
stalls a game (and, before the runner moved engine work off its event loop, every other game
too).  This metric solves, cold, the route problem of every company with trains -- no cap on
the number of trains -- at the late-game positions of every installed title, plus the
recorded 1839 position whose route step once took 20-24 s: the position before action 1471
of ``data/1839-slow-routes-seed1078.json`` (a ``pass`` ending L3's turn).  The record
predates legal paths (issue 15: since then the engine refuses its action 1310, a lay
offered only through a reversal), so the position is vendored as its route problems
(``data/1839-slow-routes-problems.json``: the board, and per company the operator and
trains, taken with the engine of commit 82fdd8a, which still replayed the record that far;
title callbacks, L3's Ruhrgebiet bonus, are left out).  Its samples are the slowest time of
each position set (one per title, one for the record), so the median is a typical worst
case and the maximum (``p95`` with few samples) the worst of all; ``extra`` names the
slowest problem.
"""

from __future__ import annotations

import gc
import json
import time
from dataclasses import dataclass
from typing import Any

from railhouse.bench.metric import Metric
from railhouse.bench.positions import late_snapshots
from railhouse.engine.record import new_game
from railhouse.map.board import Board
from railhouse.map.graph import Operator
from railhouse.map.problem import RouteProblem, route_problem
from railhouse.map.trains import RouteRules, RunContext, TrainSpec

SLOW_RECORD = "1839-slow-routes-seed1078.json"
SLOW_PROBLEMS = "1839-slow-routes-problems.json"  # its position before action 1471


@dataclass(frozen=True)
class Timed:
    where: str
    company: str
    trains: int
    ms: float
    exact: bool


def solve_cold(problem: RouteProblem) -> tuple[float, bool]:
    """Milliseconds of one solve with the board's derived data dropped.  The collector
    is off meanwhile: a full collection of the heap of snapshots this benchmark holds
    (hundreds of ms) is not the solve's work."""
    problem.board.cache.clear()
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        result = problem.solve()
        return (time.perf_counter() - start) * 1e3, result.exact
    finally:
        if enabled:
            gc.enable()


def time_position(game: Any, where: str) -> list[Timed]:
    timed = []
    for company_id in sorted(game.companies):
        problem = route_problem(game, company_id)
        if problem is None or not problem.run.trains:
            continue
        ms, exact = solve_cold(problem)
        timed.append(Timed(where, company_id, len(problem.run.trains), ms, exact))
    return timed


def recorded_problems() -> list[RouteProblem]:
    """The route problems of ``data/1839-slow-routes-problems.json`` (module docstring),
    on one board of the title's map."""
    from importlib import resources  # here: its imports would weigh on memory.peak_rss_mb

    text = resources.files("railhouse.bench").joinpath("data", SLOW_PROBLEMS).read_text("utf-8")
    data = json.loads(text)
    mapdef = new_game(data["title"], list(data["players"]), data.get("options"),
                      int(data["seed"])).board.map
    board = Board.from_dict(mapdef, data["board"])
    fields: dict[str, Any] = {k: frozenset(v) if isinstance(v, list) else v
                              for k, v in data["rules"].items()}
    rules = RouteRules(**fields)
    problems = []
    for p in data["problems"]:
        o, r = p["operator"], p["run"]
        op = Operator(o["company"], frozenset(o["released"]), frozenset(o["non_blocking"]),
                      o["column"])
        run = RunContext(trains=tuple(TrainSpec(**t) for t in r["trains"]),
                         offboards_allowed=r["offboards_allowed"],
                         visit_bonuses=r["visit_bonuses"],
                         ignore_tokens=frozenset(r["ignore_tokens"]))
        problems.append(RouteProblem(board, op, rules, run))
    return problems


def time_problems(problems: list[RouteProblem], where: str) -> list[Timed]:
    timed = []
    for problem in problems:
        ms, exact = solve_cold(problem)
        timed.append(Timed(where, problem.operator.company, len(problem.run.trains), ms, exact))
    return timed


def worst_route_times(titles: list[str], players: int, seeds: range) -> Metric:
    """One sample per position set: the slowest cold solve in it."""
    samples: list[float] = []
    slowest: Timed | None = None
    sets: dict[str, Any] = {}
    inexact = 0

    def take(label: str, timed: list[Timed]) -> None:
        nonlocal slowest, inexact
        if not timed:
            return
        worst = max(timed, key=lambda t: t.ms)
        samples.append(worst.ms)
        inexact += sum(not t.exact for t in timed)
        sets[label] = {"problems": len(timed), "worst_ms": round(worst.ms, 1),
                       "where": worst.where, "company": worst.company}
        if slowest is None or worst.ms > slowest.ms:
            slowest = worst

    for title in titles:
        timed: list[Timed] = []
        for snapshot in late_snapshots(title, players, seeds):
            if not hasattr(snapshot.game, "board"):
                break
            where = f"{title} seed {snapshot.seed} action {snapshot.index}"
            timed += time_position(snapshot.game, where)
        take(title, timed)
    if "1839" in titles:
        take("1839-seed1078", time_problems(recorded_problems(), f"{SLOW_RECORD} action 1471"))
    metric = Metric("routes.worst_ms", "ms", samples, extra={"sets": sets, "inexact": inexact})
    if slowest is not None:
        metric.note = f"slowest: {slowest.company} ({slowest.trains} trains) at {slowest.where}"
    if inexact:
        metric.note += f"; {inexact} results hit a safety limit (exact=False)"
    return metric
