"""A company's route question, as one value: what :func:`best_routes` needs, frozen.

Titles know how to turn a company into the optimiser's arguments (which trains, which
off-board column, which bonuses); everything else that asks for routes -- benchmarks,
the renderer's ``--routes``, analysis tools -- should not have to.  A title's game object
therefore offers ``route_problem(company_id) -> RouteProblem | None`` (``None`` when the
company has no trains or no map presence); callers then use :meth:`RouteProblem.solve`.

>>> # problem = game.route_problem("HYSM")
>>> # problem.solve().revenue if problem else 0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from railhouse.map.board import Board
from railhouse.map.graph import Operator
from railhouse.map.optimize import RouteResult, best_routes
from railhouse.map.trains import RouteRules, RunContext


@dataclass(frozen=True)
class RouteProblem:
    """The board as it stands, the operating company, the title's route rules and the run
    (trains and company-specific extras)."""

    board: Board
    operator: Operator
    rules: RouteRules
    run: RunContext

    def solve(self) -> RouteResult:
        """The exact revenue-maximising routes (``exact`` False if a safety limit hit)."""
        return best_routes(self.board, self.operator, self.rules, self.run)


class HasRouteProblems(Protocol):
    """A game whose title can state its companies' route problems."""

    def route_problem(self, company_id: str) -> RouteProblem | None: ...


def route_problem(game: object, company_id: str) -> RouteProblem | None:
    """``game.route_problem(company_id)`` if the title offers it, else ``None``."""
    method = getattr(game, "route_problem", None)
    if method is None:
        return None
    problem: RouteProblem | None = method(company_id)
    return problem
