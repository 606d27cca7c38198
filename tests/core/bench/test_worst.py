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


#: the record predates legal paths (issue 15, railhouse.map.legal): its action 1310 (1308
#: before issue 17 inserted two decisions the fixed rules ask for, at 676), L4's #27 on D15
#: (rotation 2), was offered only through a reversal (R-15.3.2, R-16.2.6: L4 reaches D15's
#: sides 1 and 4, the tile's track runs to 2, 3 and 5), so replay stops there
REFUSED_AT = 1310


def test_the_recorded_1839_position_is_the_one_before_the_slow_step() -> None:
    game, reached = worst.recorded_position()
    assert reached == REFUSED_AT == len(game.actions) < worst.SLOW_ACTION
    assert route_problem(game, "L3") is not None
