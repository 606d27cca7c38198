"""railhouse.bench.worst: ``routes.worst_ms`` over late boards and the slow 1839 record."""

from __future__ import annotations

from railhouse.bench import worst
from railhouse.bench.metric import OK
from railhouse.map.problem import route_problem


def test_worst_is_the_slowest_solve_of_each_position_set() -> None:
    metric = worst.worst_route_times(["soh"], 4, range(1))
    assert metric.name == "routes.worst_ms" and metric.status == OK
    assert metric.repeats == 1 and set(metric.extra["sets"]) == {"soh"}
    soh = metric.extra["sets"]["soh"]
    assert soh["problems"] > 0 and soh["worst_ms"] == round(metric.samples[0], 1)
    assert metric.note.startswith(f"slowest: {soh['company']} ")


def test_the_recorded_1839_position_is_the_one_before_the_slow_step() -> None:
    game, reached = worst.recorded_position()
    assert reached == worst.SLOW_ACTION == len(game.actions)
    assert route_problem(game, "L3") is not None
