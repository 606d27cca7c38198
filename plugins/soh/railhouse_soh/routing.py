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
from railhouse.engine.steps import ClaimedRouteStep as CoreClaimedRouteStep
from railhouse.engine.steps import RouteStep as CoreRouteStep
from railhouse.map.earning import earns
from railhouse.map.optimize import best_routes as optimise
from railhouse.map.restriction import route_available
from railhouse.map.trains import RouteRules, RunContext
from railhouse_soh.stepbase import SohTurn

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland

RULES = RouteRules()
FERRY_STOP = "D9.t0"
VLISSINGEN = "J1"
BONUS = 20
BONUS_ABILITIES = frozenset({"ferry_bonus", "vlissingen_bonus"})
#: (ability, the stop a route earns its bonus at): what :func:`bonus` reads
BONUS_STOPS = (("ferry_bonus", FERRY_STOP), ("vlissingen_bonus", VLISSINGEN))


def has_bonus_private(game: SteamOverHolland, company: Company) -> bool:
    """Whether a route of ``company`` may earn a bonus (the core then asks the rules'
    ``railhouse_route_bonus``, :func:`bonus`, for every route it values)."""
    privates = [game.privates[p] for p in company.privates]
    return any(not p.closed and BONUS_ABILITIES & set(p.spec.abilities) for p in privates)


def bonus_stops(game: SteamOverHolland, company: Company) -> frozenset[str] | None:
    """The stops a route of ``company`` must visit to earn a bonus of :func:`bonus` (the
    ferry town for VES, Vlissingen for VVL; ``RunContext.bonus_stops``), None without a
    bonus private."""
    owned = {a for p in company.privates if not game.privates[p].closed
             for a in game.privates[p].spec.abilities}
    stops = frozenset(stop for ability, stop in BONUS_STOPS if ability in owned)
    return stops or None


def can_run(game: SteamOverHolland, company: Company, train: Train) -> bool:
    """True if ``train`` would earn revenue for ``company`` now (EN "Forced train
    purchases": a company without trains that "has a valid route")."""
    context = RunContext(trains=(game.route_train(train),))
    op = game.route_operator(company)
    quick = earns(game.board, op, RULES, context)  # exact where it answers
    if quick is not None:
        return quick
    return optimise(game.board, op, RULES, context).revenue > 0


def has_route(game: SteamOverHolland, company: Company, train: Train) -> bool:
    """Whether ``company`` has a route for the forced purchase (EN: ``can_run``); the
    18xx-games rule set: T's reach test, towns counting (``Ruleset.towns_make_a_route``)."""
    if game.ruleset.towns_make_a_route:
        return route_available(game.board, game.route_operator(company))
    return can_run(game, company, train)


def bonus(game: SteamOverHolland, company: Company, view: Any) -> int:
    """EN "Calculating revenue": VES's ferry bonus and VVL's Vlissingen bonus."""
    total = 0
    owned = {a for p in company.privates if not game.privates[p].closed
             for a in game.privates[p].spec.abilities}
    stops = tuple(view.stops)
    if "ferry_bonus" in owned and FERRY_STOP in stops:
        total += BONUS
    if "vlissingen_bonus" in owned and stops and VLISSINGEN in (stops[0], stops[-1]):
        total += BONUS
    return total


class RouteStep(CoreRouteStep["SteamOverHolland", SohTurn]):
    """EN "Running trains": the company must run the routes with maximum revenue; the core
    computes them (no decision), the bonuses of EN "Calculating revenue" through the rules'
    ``railhouse_route_bonus``."""

    rule = "SOH EN 'Running trains'"


class ClaimedRouteStep(CoreClaimedRouteStep["SteamOverHolland", SohTurn], RouteStep):
    """EN "Running trains" under the 18xx-games rule set (facts §11.2): the president
    claims the routes, as on 18xx.games (the core's step)."""
