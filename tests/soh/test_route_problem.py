"""SOH states its companies' route questions as railhouse.map.problem.RouteProblem."""

from __future__ import annotations

import random
from typing import Any

from railhouse.engine.record import new_game
from railhouse.engine.routes import best_routes
from railhouse.map.problem import route_problem
from railhouse.testing.conformance import choose


def _late_game(seed: int) -> Any:
    game = new_game("soh", ["a", "b", "c", "d"], None, seed)
    rng = random.Random(seed)
    while not game.over and len(game.actions) < 400:
        game.apply(choose(rng, game.legal_actions()))
    return game


def test_route_problem_solves_to_the_running_revenue_EN_running_trains() -> None:
    game = _late_game(3)
    with_trains = [c for c in game.companies.values() if c.trains]
    assert with_trains, "the playout should reach operating companies with trains"
    for company in game.companies.values():
        problem = route_problem(game, company.id)
        if not company.trains:
            assert problem is None
            continue
        assert problem is not None
        assert problem.solve().revenue == best_routes(game, company).revenue
