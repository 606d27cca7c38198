"""A company's route question, stated by the core from the title's narrow overrides.

Every 18xx runs trains the same way: the operating company's trains run the routes of
maximum revenue on the map as it stands (SOH EN "Running trains"; 1839 R-16.3.2).  The
core states that question as one value (:class:`railhouse.map.problem.RouteProblem`) from
what the title's :class:`~railhouse.engine.game.Game` says:

- ``route_rules``: the title's route rules (data, :class:`railhouse.map.trains.RouteRules`);
- ``route_operator(company)``: the company acting on the map (the phase's off-board column
  by default; 1839 adds released barriers and non-blocking tokens);
- ``route_run(company)``: its trains and company-specific extras, a
  :class:`~railhouse.map.trains.RunContext` (each train by ``route_train``);
- ``route_bonus_applies(company)``: whether a route of this company may earn a bonus.

Where a bonus may apply, the core fires ``railhouse_route_bonus`` for every route the
optimiser values (:meth:`railhouse.gamehooks.GameHooks.route_bonus_function`); asking costs
search time, so a title says when it is worth asking (SOH: the company owns a bonus
private; 1839: a Major).  :class:`railhouse.engine.steps.RouteStep` solves the question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from railhouse.map.graph import Operator
from railhouse.map.optimize import RouteResult
from railhouse.map.optimize import best_routes as solve
from railhouse.map.problem import RouteProblem
from railhouse.map.trains import RouteRules, RunContext, but, shared_run
from railhouse.map.trains import TrainSpec as RouteTrain

if TYPE_CHECKING:
    from railhouse.engine.config import TrainSpec
    from railhouse.engine.entities import Company, Train
    from railhouse.engine.game import Game
    from railhouse.map.board import Board


def route_problem(game: Game, company: Company) -> RouteProblem | None:
    """``company``'s route question now, or None without a map or trains."""
    stated = _stated(game, company)
    return None if stated is None else RouteProblem(*stated)


def best_routes(game: Game, company: Company) -> RouteResult:
    """The maximum-revenue routes of ``company`` now (none without a map or trains); a
    search cut short by a safety limit is recorded as a ``routes_inexact`` event.  (The
    question solved as :meth:`RouteProblem.solve` does, without making the value.)"""
    stated = _stated(game, company)
    if stated is None:
        return RouteResult(0, ())
    result = solve(*stated)
    if not result.exact:
        game.event("routes_inexact", {"company": company.id, "reason": result.reason})
    return result


def _stated(game: Game, company: Company) -> tuple[Board, Operator, RouteRules,
                                                    RunContext] | None:
    """The fields of :func:`route_problem`'s value, or None without a map or trains."""
    board = game.board
    if board is None or not company.trains:
        return None
    run = game.route_run(company)
    if game.route_bonus_applies(company):
        bonus = game.hooks.route_bonus_function(game, company)
        if bonus is not None:
            run = but(run, route_bonus=bonus)
    return board, game.route_operator(company), game.route_rules, run


def default_operator(game: Game, company: Company) -> Operator:
    """The company on the map, off-boards paying the current phase's column."""
    return Operator(company.id, column=game.phase.offboard_column)


def default_run(game: Game, company: Company) -> RunContext:
    """The company's trains, each as the title's ``route_train`` says (one shared value
    per set of trains: :func:`~railhouse.map.trains.shared_run`)."""
    return shared_run(tuple([game.route_train(t) for t in company.trains]))


def default_train(train: Train) -> RouteTrain:
    """A train of ``distance`` cities (off-boards counting as the route rules say; towns
    free); an express (kind ``E``) skips towns and multiplies its revenue.  One shared
    value per train card and type (:func:`shared_train`)."""
    return shared_train(train.id, train.spec, _default_train)


def _default_train(name: str, spec: TrainSpec) -> RouteTrain:
    return RouteTrain(name, cities=spec.distance, towns_pay=spec.kind != "E",
                      multiplier=spec.multiplier)


def shared_train(name: str, spec: TrainSpec,
                 make: Callable[[str, TrainSpec], RouteTrain]) -> RouteTrain:
    """``make(name, spec)``, made once per train card (``name``, its id), type ``spec`` and
    ``make`` (a route train is a value of these alone, asked at every route question).
    Keyed on the card's id; the value holds ``spec`` and ``make``, whose identities must
    match (ids are reused across titles, and a type is a config object)."""
    hit = _TRAINS.get(name)
    if hit is None or hit[0] is not spec or hit[1] is not make:
        if len(_TRAINS) >= _TRAINS_KEPT:
            _TRAINS.clear()
        hit = _TRAINS[name] = (spec, make, make(name, spec))
    return hit[2]


_TRAINS: dict[str, tuple[TrainSpec, Callable[[str, TrainSpec], RouteTrain], RouteTrain]] = {}
_TRAINS_KEPT = 4096


def describe(result: RouteResult) -> list[dict[str, Any]]:
    """JSON-ready routes for ``turn.routes`` and the ``routes`` event."""
    return [{"train": r.train, "stops": list(r.stops), "segments": list(r.segments),
             "revenue": r.revenue} for r in result.routes]
