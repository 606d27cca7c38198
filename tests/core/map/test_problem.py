"""railhouse.map.problem: the route question as one value."""

from __future__ import annotations

from railhouse.map.problem import RouteProblem, route_problem


class _NoMap:
    pass


class _Fixed:
    def __init__(self, problem: RouteProblem | None) -> None:
        self.problem = problem
        self.asked: list[str] = []

    def route_problem(self, company_id: str) -> RouteProblem | None:
        self.asked.append(company_id)
        return self.problem


def test_a_game_without_route_problems_gives_none() -> None:
    assert route_problem(_NoMap(), "A") is None


def test_route_problem_asks_the_game_for_that_company() -> None:
    game = _Fixed(None)
    assert route_problem(game, "B") is None
    assert game.asked == ["B"]

