"""Seeded random playouts of 3- and 4-player games reach a game end with the invariants
checked after every action (issue 6 acceptance).

1,000 uniformly random games (500 per player count).  Conceding is legal at every player
decision of the auction and the SR (R-9.1), so a uniform bot concedes within a few
decisions: these games end with one player left, mostly in the first phase; they check the
bankruptcy/concession paths and the invariants.  Plus 60 games by a bot that never concedes
or nationalises (longer games through later phases; they too end by bankruptcies, as random
selling, withholding and train buying ruin the players; fewer because each takes ~1 s on a
loaded machine).  The other ends are reached by greedy bots (test_greedy_games_slow.py)."""

from __future__ import annotations

import random

import pytest

from railhouse.engine.actions import Concede
from railhouse.engine.invariants import check_invariants
from railhouse.testing.conformance import choose, random_playout
from railhouse_m1839.actions import Nationalise
from railhouse_m1839.game import M1839, new_game


def _factory(**kwargs: object) -> M1839:
    return new_game(kwargs["players"], kwargs["options"], kwargs["seed"])  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_uniform_random_games_end(players: int) -> None:
    for seed in range(500):
        game = random_playout(_factory, players, seed)
        assert game.over and game.end_reason


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_stubborn_random_games_end(players: int) -> None:
    for seed in range(30):
        game = new_game([f"P{i}" for i in range(players)], None, seed)
        rng = random.Random(seed)
        while not game.over:
            legal = [c for c in game.legal_actions()
                     if not isinstance(c.action, Concede | Nationalise)]
            game.apply(choose(rng, legal or game.legal_actions()))
            check_invariants(game)
            assert len(game.actions) < 20_000
        assert game.end_reason in {"one_player_left", "price_300_in_sr", "price_300_in_or",
                                   "purple_set_complete"}
