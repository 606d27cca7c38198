"""Every route the engine runs in whole games is legal when walked over the tiles' own
track by code that does not share the engine's graph (tile_walk): seeded games of greedy
and random bots, Steam Over Holland and 1839 (SOH EN "Running trains"; 1839 R-16.2).

Issue 15 found half of the routes of such games reversing at a hex side."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from tile_walk import Seg, Track, walk_route

from railhouse.engine import routes as engine_routes
from railhouse.map.optimize import RouteResult
from railhouse.protocol.drive import InProcess, Seat, play
from railhouse.protocol.referee import Referee

soh = pytest.importorskip("railhouse_soh.game")
m1839 = pytest.importorskip("railhouse_m1839.game")
bots = pytest.importorskip("railhouse_bots.greedy")
random_bot = pytest.importorskip("railhouse_bots.random_bot")


@pytest.fixture
def walked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Walk every route the route step's optimiser returns during the test (through
    :func:`railhouse.engine.routes.best_routes`, what ``RouteStep`` asks); yields [routes
    walked]."""
    count = [0]
    best: Callable[[Any, Any], RouteResult] = engine_routes.best_routes

    def checked(game: Any, company: Any) -> RouteResult:
        result = best(game, company)
        problem = engine_routes.route_problem(game, company)
        if problem is None:
            assert not result.routes
            return result
        op = problem.operator
        track = Track(problem.board, op.company, op.non_blocking, op.released)
        used: set[Seg] = set()
        for route in result.routes:
            stops, _ = walk_route(track, route.stops[0], list(route.segments), used)
            assert stops == list(route.stops), route
            count[0] += 1
        return result

    monkeypatch.setattr(engine_routes, "best_routes", checked)
    yield count


def _seats(seed: int, players: int, greedy: Any) -> list[Seat]:
    """Greedy and random bots, alternating from a seed-dependent seat."""
    seats: list[Seat] = []
    for i in range(players):
        bot = greedy(seed * 7 + i) if (i + seed) % 2 else random_bot.RandomBot(seed * 7 + i)
        seats.append(InProcess(bot))
    return seats


def _play(game: Any, seats: list[Seat], seed: int) -> None:
    transcript = play(Referee(game, game_id=f"legal{seed}"), seats)
    assert transcript.result is not None and transcript.failures() == []


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20))
def test_soh_games_run_only_legal_routes(seed: int, walked: list[int]) -> None:
    players = 3 + seed % 3
    game = soh.new_game([f"p{i}" for i in range(players)], seed=seed)
    _play(game, _seats(seed, players, bots.GreedyBot), seed)
    assert walked[0] > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
def test_1839_games_run_only_legal_routes(seed: int, walked: list[int]) -> None:
    """Greedy bots only: random players end an 1839 game before any train runs."""
    players = 3 + seed % 2
    game = m1839.new_game([f"p{i}" for i in range(players)], None, seed)
    _play(game, [InProcess(bots.GreedyBot(seed * 7 + i)) for i in range(players)], seed)
    assert walked[0] > 0
