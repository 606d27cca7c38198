"""The route step: the company runs its trains for the maximum revenue."""

from __future__ import annotations

from typing import Any

from railhouse.engine import routes
from railhouse.engine.actions import LegalAction
from railhouse.engine.phases import leave_after_run
from railhouse.engine.rounds.base import G
from railhouse.engine.steps.base import T, TurnStep
from railhouse.map.optimize import RouteResult


class RouteStep(TurnStep[G, T]):
    """Running trains (SOH EN "Running trains"; 1839 R-16.3.2): the company must run the
    routes of maximum revenue, so the core computes them (no decision): the title's route
    question (:mod:`railhouse.engine.routes`, with ``railhouse_route_bonus`` fired by the
    core for every route valued), solved exactly.  It writes ``turn.revenue`` and
    ``turn.routes``, marks the trains that ran, and records a ``routes`` event.

    Override point: :meth:`best` (the routes to run)."""

    rule = "running trains"

    def best(self) -> RouteResult:
        """The maximum-revenue routes now."""
        return routes.best_routes(self.game, self.company)

    def legal_actions(self) -> list[LegalAction]:
        return []  # no decision: the core runs the maximum

    def auto(self) -> bool:
        result = self.best()
        self.record(result.revenue, routes.describe(result))
        return True

    def record(self, revenue: int, described: list[dict[str, Any]]) -> None:
        """The turn's revenue and routes; every train that ran a route is marked, and a
        train due to rust after its run then leaves (1839 R-16.5.2)."""
        self.turn.revenue = revenue
        self.turn.routes = described
        ran = {route["train"] for route in described}
        trains = self.company.trains
        for index, train in enumerate(trains):
            if train.id in ran:
                trains[index] = train.having_run()
        self.game.event("routes", {"company": self.entity, "revenue": revenue,
                                   "routes": described})
        leave_after_run(self.game, self.company)
        self.done = True
