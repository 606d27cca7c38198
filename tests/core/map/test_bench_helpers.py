"""Deterministic bench positions and the brute-force check (routes.suboptimal_count)."""

from __future__ import annotations

from minimap import mini_map

from railhouse.map import legal_tile_lays
from railhouse.map.bench_helpers import (
    brute_force_check,
    legal_lay_positions,
    route_positions,
)
from railhouse.map.reference import best_total

MAP = mini_map()


def test_route_positions_are_deterministic_and_realistic() -> None:
    first = route_positions(2, seed=5, mapdef=MAP)
    again = route_positions(2, seed=5, mapdef=MAP)
    assert len(first) == 2 * 4  # every company with a home, on each board
    assert [p.board.to_dict() for p in first] == [p.board.to_dict() for p in again]
    assert [p.run.trains for p in first] == [p.run.trains for p in again]
    assert all(1 <= len(p.run.trains) <= 4 for p in first)
    assert any(p.board.tiles for p in first)


def test_brute_force_check_agrees_with_the_optimiser_on_grown_boards() -> None:
    checked = 0
    for problem in route_positions(3, seed=11, mapdef=MAP):
        expected = brute_force_check(problem)
        if expected is not None:
            checked += 1
            assert problem.solve().revenue == expected
    assert checked > 0


def test_brute_force_check_says_none_past_its_budget() -> None:
    problem = max(route_positions(2, seed=3, mapdef=MAP), key=lambda p: len(p.board.tiles))
    args = (problem.board, problem.operator, problem.rules, problem.run)
    assert best_total(*args, max_paths=1) is None


def test_legal_lay_positions_answer() -> None:
    positions = legal_lay_positions(1, seed=2, mapdef=MAP)
    assert positions and all(isinstance(legal_tile_lays(*p), list) for p in positions)
