"""One train's best route, by a route search that raises its value floor with every better
route it finds (so it lists almost nothing but improvements): the answer for a large
position with one train, and the best-route step of the greedy starts of
:mod:`multisets`."""

from __future__ import annotations

from dataclasses import replace

from railhouse.map.board import Board
from railhouse.map.candidates import describe, route_value
from railhouse.map.compress import Compressed
from railhouse.map.graph import Operator, TrackGraph
from railhouse.map.route_bounds import Memo, ValueFloor, bonus_bound, floor_row, max_slots
from railhouse.map.route_result import Route, RouteResult
from railhouse.map.routes import RawRoute, enumerate_routes
from railhouse.map.trains import RouteRules, RunContext, TrainSpec


def one_train_routes(
    board: Board, op: Operator, rules: RouteRules, run: RunContext, comp: Compressed, memo: Memo
) -> RouteResult:
    """One train runs its best route: the search of :func:`best_single_route` answers
    exactly."""
    train = run.trains[0]
    value, raw = best_single_route(board, op, rules, run, comp.graph, train, 0, memo)
    if raw is None:
        return RouteResult(0, ())
    stops, segs = describe(comp, raw)
    return RouteResult(value, (Route(train.name, 0, stops, segs, value),), candidates=1)


def best_single_route(
    board: Board,
    op: Operator,
    rules: RouteRules,
    run: RunContext,
    g: TrackGraph,
    train: TrainSpec,
    forbidden: int,
    memo: Memo | None,
    at_least: int = 1,
) -> tuple[int, RawRoute | None]:
    """The best stand-alone value of ``train`` over routes using no resource of
    ``forbidden``, and that route (0 and None if none is worth ``at_least``).  ``memo``:
    the reach bounds of this board, shared by the searches of one question."""
    best: list[tuple[int, RawRoute | None]] = [(0, None)]

    def accept(r: RawRoute) -> int:
        value = route_value(g, r, train, rules, run)
        if value is not None and value > best[0][0] and value >= at_least:
            best[0] = (value, r)
        return max(best[0][0] + 1, at_least)

    floor = ValueFloor([floor_row(train, at_least)], bonus_bound(run), forbidden, accept)
    floor.max_slots = max_slots(run)
    floor.memo = {} if memo is None else memo
    enumerate_routes(board, op, rules, replace(run, trains=(train,)), floor)
    return best[0]
