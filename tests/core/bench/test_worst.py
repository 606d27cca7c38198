"""railhouse.bench.worst: ``routes.worst_ms`` over late boards and the slow 1839 record."""

from __future__ import annotations

from railhouse.bench import worst
from railhouse.bench.metric import OK


def test_worst_is_the_slowest_solve_of_each_position_set() -> None:
    metric = worst.worst_route_times(["soh"], 4, range(1))
    assert metric.name == "routes.worst_ms" and metric.status == OK
    assert metric.repeats == 1 and set(metric.extra["sets"]) == {"soh"}
    soh = metric.extra["sets"]["soh"]
    assert soh["problems"] > 0 and soh["worst_ms"] == round(metric.samples[0], 1)
    assert metric.note.startswith(f"slowest: {soh['company']} ")


def test_the_recorded_1839_position_is_every_company_with_trains_before_the_slow_step() -> None:
    """The vendored position before action 1471 of the seed-1078 record: L3, whose route
    step took 20-24 s, with its 2+ and 4 trains, and the other companies with trains."""
    problems = worst.recorded_problems()
    assert [p.operator.company for p in problems] == ["L1", "L2", "L3", "L4", "L6"]
    l3 = problems[2]
    assert [t.name for t in l3.run.trains] == ["PR2+-0", "4-2"] and l3.run.offboards_allowed
    assert len(l3.board.tiles) > 40 and l3.board.company_cities("L3")
