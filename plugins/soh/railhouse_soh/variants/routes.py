"""Routes chosen by the president (the 18xx-games rule set, as 18xx.games plays).

A :class:`~railhouse.engine.actions.RunRoutes` action names, per train, the legs of its
route as hex chains joined by ``-`` (``"F9-G10-H9"``), in travel order, which is how
18xx.games records routes.  They are checked for legality by
:func:`railhouse.map.validate.check_routes` under the same rules and bonuses the optimiser
uses (EN "Running trains", "Calculating revenue").

18xx.games does not force the maximum: the route step offers the optimiser's best routes as
the claim of its legal entry (so an answer by index earns the maximum) and names
``routes`` a free field (any claim is admitted and judged here, before the step changes
anything).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railhouse.engine.actions import TrainRoute
from railhouse.engine.entities import Company
from railhouse.map.graph import Operator
from railhouse.map.validate import ClaimedRoute, IllegalRoute, check_routes
from railhouse_soh import routing

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland


def claim_of(train: str, stops: tuple[str, ...] | list[str],
             segments: tuple[str, ...] | list[str]) -> TrainRoute:
    """The claim (hex chains from stop to stop) of an optimiser route: ``stops`` are node
    names (``"H9.c0"``, ``"I10.t0"``, off-board ``"J1"``), ``segments`` the track paths in
    travel order (``"I10:2-t0"``); a leg ends where a segment reaches the next stop."""
    legs: list[list[str]] = []
    leg: list[str] = []
    k = 0
    for segment in segments:
        hex_id, _, ends = segment.partition(":")
        if not leg or leg[-1] != hex_id:
            leg.append(hex_id)
        if k < len(stops) and _reaches(stops[k], hex_id, ends.split("-")):
            if k:
                legs.append(leg)
            leg, k = [hex_id], k + 1
    return TrainRoute(train, tuple("-".join(chain) for chain in legs))


def _reaches(stop: str, hex_id: str, ends: list[str]) -> bool:
    stop_hex, _, node = stop.partition(".")
    return stop_hex == hex_id and (not node or node in ends)


def claimed(routes: tuple[TrainRoute, ...]) -> list[ClaimedRoute]:
    """The engine-level claims of a RunRoutes action's routes."""
    return [ClaimedRoute(r.train, tuple(tuple(leg.split("-")) for leg in r.path))
            for r in routes]


def run_claimed(game: SteamOverHolland, company: Company,
                routes: tuple[TrainRoute, ...]) -> tuple[int, list[dict[str, Any]]]:
    """(revenue, route descriptions) of the claimed routes, or raise ``IllegalRoute``."""
    owned = {t.id for t in company.trains}
    for route in routes:
        if route.train not in owned:
            raise IllegalRoute(f"{company.id} has no train {route.train!r}", "own trains")
    op = Operator(company.id, column=game.phase.offboard_column)
    context = routing.run_context(game, company, company.trains)
    checked = check_routes(game.board, op, routing.RULES, context, claimed(routes))
    described = [{"train": r.train, "stops": list(r.stops), "segments": list(r.segments),
                  "revenue": r.revenue} for r in checked]
    return sum(r.revenue for r in checked), described
