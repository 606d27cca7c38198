"""Running trains for Steam Over Holland through the core's exact optimiser.

EN "Running trains": routes start and end at large cities or external connections, count
large cities and off-boards toward the train's number (towns are free and pay), share no
track between the company's trains; 3E trains skip towns and double the revenue.
EN "Calculating revenue": +20 for the owner of private #3 (VES) on a route using the
ferry (it passes the Enkhuizen town D9), +20 for the owner of private #4 (VVL) on a route
starting or ending in Vlissingen (J1).  Our reading: a 3E crossing the ferry earns VES's
bonus too, as it "uses that route" (EN is silent; facts §13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railhouse.engine.entities import Company, Train
from railhouse.map.graph import Operator
from railhouse.map.optimize import RouteResult
from railhouse.map.optimize import best_routes as optimise
from railhouse.map.problem import RouteProblem
from railhouse.map.trains import RouteRules, RouteView, RunContext
from railhouse.map.trains import TrainSpec as RouteTrain
from railhouse_soh.variants import upgrades

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland

RULES = RouteRules()
FERRY_STOP = "D9.t0"
VLISSINGEN = "J1"
BONUS = 20


def route_train(train: Train) -> RouteTrain:
    spec = train.spec
    express = spec.kind == "E"
    return RouteTrain(train.id, cities=spec.distance, towns_pay=not express,
                      multiplier=spec.multiplier)


def has_bonus_private(game: SteamOverHolland, company: Company) -> bool:
    return any(
        not game.privates[p].closed and {"ferry_bonus", "vlissingen_bonus"}
        & set(game.privates[p].spec.abilities)
        for p in company.privates
    )


def run_context(game: SteamOverHolland, company: Company, trains: list[Train]) -> RunContext:
    callback = None
    if has_bonus_private(game, company):
        def callback(view: RouteView) -> int:
            bonus: int = game.hooks.route_bonus(game, company, view)
            return bonus
    return RunContext(trains=tuple(route_train(t) for t in trains), route_bonus=callback)


def route_problem(game: SteamOverHolland, company: Company) -> RouteProblem | None:
    """``company``'s route question now, or None without trains (see RouteProblem)."""
    if not company.trains:
        return None
    op = Operator(company.id, column=game.phase.offboard_column)
    return RouteProblem(game.board, op, RULES, run_context(game, company, company.trains))


def best_routes(game: SteamOverHolland, company: Company) -> _Outcome:
    problem = route_problem(game, company)
    if problem is None:
        return _Outcome(0, [])
    result = problem.solve()
    if not result.exact:
        game.event("routes_inexact", {"company": company.id, "reason": result.reason})
    return _Outcome(result.revenue, _describe(result))


def can_run(game: SteamOverHolland, company: Company, train: Train) -> bool:
    """True if ``train`` would earn revenue for ``company`` now (EN "Forced train
    purchases": a company without trains that "has a valid route")."""
    op = Operator(company.id, column=game.phase.offboard_column)
    context = RunContext(trains=(route_train(train),))
    return optimise(game.board, op, RULES, context).revenue > 0


def has_route(game: SteamOverHolland, company: Company, train: Train) -> bool:
    """Whether ``company`` has a route for the forced purchase (EN: ``can_run``); the
    18xx-games rule set: T's reach test, towns counting (``Ruleset.towns_make_a_route``)."""
    if game.ruleset.towns_make_a_route:
        op = Operator(company.id, column=game.phase.offboard_column)
        return upgrades.route_available(game.board, op)
    return can_run(game, company, train)


def bonus(game: SteamOverHolland, company: Company, view: Any) -> int:
    total = 0
    owned = {a for p in company.privates if not game.privates[p].closed
             for a in game.privates[p].spec.abilities}
    stops = tuple(view.stops)
    if "ferry_bonus" in owned and FERRY_STOP in stops:
        total += BONUS
    if "vlissingen_bonus" in owned and stops and VLISSINGEN in (stops[0], stops[-1]):
        total += BONUS
    return total


class _Outcome:
    def __init__(self, revenue: int, routes: list[dict[str, Any]]) -> None:
        self.revenue = revenue
        self.routes = routes


def _describe(result: RouteResult) -> list[dict[str, Any]]:
    return [
        {"train": r.train, "stops": list(r.stops), "segments": list(r.segments),
         "revenue": r.revenue}
        for r in result.routes
    ]
