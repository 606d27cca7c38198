"""``StockRound.round_over`` answers a run without passes from the seats (no player
active, or not) instead of listing the active players; here it is compared with the
definition (every active player passed in succession) at every stock-round decision of
seeded SOH playouts, for every length of the run of passes, with no seat, one seat and
every seat bankrupt."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.engine.rounds.stock import StockRound


def over_by_definition(round_: StockRound[Any]) -> bool:
    return round_.passes_in_row >= len(round_.game.active_players())


@pytest.mark.parametrize("seed", [1, 2])
def test_round_over_is_every_active_player_passing(seed: int) -> None:
    game = new_game("soh", seat_names(4), None, seed)
    rng = random.Random(seed)
    asked = 0
    while not game.over:
        round_ = game.round
        if isinstance(round_, StockRound):
            twin = game.clone()
            stock = twin.round
            assert isinstance(stock, StockRound)
            for broke in ([], [0], [0, 1, 2, 3]):
                for seat in twin.seats:
                    seat.bankrupt = seat.seat in broke
                for passes in range(6):
                    stock.passes_in_row = passes
                    assert stock.round_over() == over_by_definition(stock), (broke, passes)
                    asked += 1
            assert round_.round_over() == over_by_definition(round_)
        game.apply(choose_playing(rng, game.legal_actions()))
    assert asked > 500
