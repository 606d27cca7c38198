"""``routes.worst_ms``: the slowest single route computation a game asks for.

The median of a route metric hides what a tournament feels: one step that takes seconds
stalls a game (and, before the runner moved engine work off its event loop, every other game
too).  This metric solves, cold, the route problem of every company with trains -- no cap on
the number of trains -- at the late-game positions of every installed title, plus the recorded
1839 position whose route step once took 20-24 s (``data/1839-slow-routes-seed1078.json``,
the position before action 1471, a ``pass`` ending L3's turn; the vendored record has two
decisions more than the original, which rules fixed since then ask for and which it answers
as the game was played: L2 passes at its track step at 676, where it may now upgrade a tile
another company laid that OR, and L4 puts its Hoorn home in the empty circle at 1214, where
it may now replace the NS marker instead; issue 17).  Its samples are the slowest
time of each position set (one per title, one for the record), so the median is a typical
worst case and the maximum (``p95`` with few samples) the worst of all; ``extra`` names the
slowest problem.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from importlib import resources
from typing import Any

from railhouse.bench.metric import Metric
from railhouse.bench.positions import late_snapshots
from railhouse.engine.actions import from_builtins
from railhouse.engine.record import new_game
from railhouse.map.problem import RouteProblem, route_problem

SLOW_RECORD = "1839-slow-routes-seed1078.json"
SLOW_ACTION = 1471  # the recorded step: L3's routes at the end of its turn


@dataclass(frozen=True)
class Timed:
    where: str
    company: str
    trains: int
    ms: float
    exact: bool


def solve_cold(problem: RouteProblem) -> tuple[float, bool]:
    problem.board.cache.clear()
    start = time.perf_counter()
    result = problem.solve()
    return (time.perf_counter() - start) * 1e3, result.exact


def time_position(game: Any, where: str) -> list[Timed]:
    timed = []
    for company_id in sorted(game.companies):
        problem = route_problem(game, company_id)
        if problem is None or not problem.run.trains:
            continue
        ms, exact = solve_cold(problem)
        timed.append(Timed(where, company_id, len(problem.run.trains), ms, exact))
    return timed


def recorded_position(upto: int = SLOW_ACTION) -> tuple[Any, int]:
    """The slow record's game before action ``upto``.  The record predates rule fixes, so
    replay stops early at the first action the engine now refuses; the position reached
    (and how far it got) is returned."""
    text = resources.files("railhouse.bench").joinpath("data", SLOW_RECORD).read_text("utf-8")
    record = json.loads(text)
    game = new_game(record["title"], list(record["players"]), record.get("options"),
                    int(record["seed"]))
    for index, raw in enumerate(record["actions"][:upto]):
        try:
            game.apply(from_builtins(raw))
        except Exception:  # an action legal only under an older rule: stop here
            return game, index
    return game, upto


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
        game, reached = recorded_position()
        take("1839-seed1078", time_position(game, f"{SLOW_RECORD} action {reached}"))
    metric = Metric("routes.worst_ms", "ms", samples, extra={"sets": sets, "inexact": inexact})
    if slowest is not None:
        metric.note = f"slowest: {slowest.company} ({slowest.trains} trains) at {slowest.where}"
    if inexact:
        metric.note += f"; {inexact} results hit a safety limit (exact=False)"
    return metric
