"""Routes chosen by the president, checked for legality (as 18xx.games plays).

A :class:`~railhouse.engine.actions.RunRoutes` action names, per train, the legs of its
route as hex chains joined by ``-`` (``"F9-G10-H9"``), in travel order, which is how
18xx.games records routes.  They are checked by :func:`railhouse.map.validate.check_routes`
under the same rules and bonuses the optimiser uses (the title's route question,
:mod:`railhouse.engine.routes`).

18xx.games does not force the maximum: :class:`ClaimedRouteStep` offers the optimiser's
best routes as the claim of its legal entry (so an answer by index earns the maximum) and
names ``routes`` a free field (any claim is admitted and judged before the step changes
anything).  SOH's 18xx-games rule set uses it (facts §11.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railhouse.engine.actions import Action, LegalAction, RunRoutes, TrainRoute
from railhouse.engine.entities import Company
from railhouse.engine.errors import IllegalAction
from railhouse.engine.rounds.base import G
from railhouse.engine.steps.base import T
from railhouse.engine.steps.routes import RouteStep
from railhouse.map.restriction import route_available
from railhouse.map.validate import ClaimedRoute, IllegalRoute, check_routes

if TYPE_CHECKING:
    from railhouse.engine.game import Game


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


def run_claimed(game: Game, company: Company,
                routes: tuple[TrainRoute, ...]) -> tuple[int, list[dict[str, Any]]]:
    """(revenue, route descriptions) of the claimed routes, or raise ``IllegalRoute``."""
    owned = {t.id for t in company.trains}
    for route in routes:
        if route.train not in owned:
            raise IllegalRoute(f"{company.id} has no train {route.train!r}", "own trains")
    problem = game.route_problem(company.id)
    assert problem is not None, "a company with trains on the map"
    checked = check_routes(problem.board, problem.operator, problem.rules, problem.run,
                           claimed(routes))
    described = [{"train": r.train, "stops": list(r.stops), "segments": list(r.segments),
                  "revenue": r.revenue} for r in checked]
    return sum(r.revenue for r in checked), described


class ClaimedRouteStep(RouteStep[G, T]):
    """Running trains where the president claims the routes (18xx.games does not force
    the maximum): the legal entry carries the best claim and ``routes`` is free, so any
    claim is admitted and checked here before anything changes.  When the company is not
    asked (:meth:`chosen_by_president`), the core's step: the engine runs the maximum."""

    #: the last claim validated and its (revenue, routes), reused by its processing
    checked: tuple[RunRoutes, tuple[int, list[dict[str, Any]]]] | None = None

    def chosen_by_president(self) -> bool:
        """Override point: whether the president is asked.  18xx.games asks when the
        company has trains and a route by its reach test (``route_info``: two revenue
        stops, towns counting, :func:`~railhouse.map.restriction.route_available`);
        otherwise the engine runs what there is (nothing, or a town route's 0)."""
        game = self.game
        if not self.company.trains or game.board is None:
            return False
        if route_available(game.board, game.route_operator(self.company)):
            return True
        # our stand-in for 18xx.games' walk follows our order, which may miss a stop its
        # own order reaches; a route that earns proves the stops are reached
        return self.best().revenue > 0

    def auto(self) -> bool:
        return False if self.chosen_by_president() else super().auto()

    def legal_actions(self) -> list[LegalAction]:
        """The best claim (by index: the maximum); any legal set of routes may be claimed."""
        if not self.chosen_by_president():
            return []
        claim = tuple(claim_of(r.train, r.stops, r.segments) for r in self.best().routes)
        return [LegalAction(RunRoutes(entity=self.entity, routes=claim), free=("routes",))]

    def validate(self, action: Action) -> None:
        """The claim is traced and checked now (``IllegalRoute`` names the rule broken)."""
        if not (self.chosen_by_president() and isinstance(action, RunRoutes)):
            raise IllegalAction(f"{action!r} is not legal now", self.rule)
        if action.entity != self.entity:
            raise IllegalAction(f"it is {self.entity}'s decision", self.rule)
        self.checked = (action, run_claimed(self.game, self.company, action.routes))

    def process_run_routes(self, action: RunRoutes) -> None:
        if self.checked is None or self.checked[0] is not action:
            self.validate(action)
        assert self.checked is not None
        revenue, routes = self.checked[1]
        self.checked = None
        self.record(revenue, routes)
