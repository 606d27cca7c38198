"""``StockRound.round_over`` counts the active players on the seats instead of listing
them, and ``next_seat`` walks the seats without a range; here they are compared with the
definitions (every active player passed in succession; the first seat after, in seat
order, still in the game) at every stock-round decision of seeded SOH playouts, for every
length of the run of passes and every seat, with no seat, one seat and every seat
bankrupt."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.engine.rounds.stock import StockRound


def over_by_definition(round_: StockRound[Any]) -> bool:
    return round_.passes_in_row >= len(round_.game.active_players())


def next_by_definition(round_: StockRound[Any], seat: int) -> int:
    n = len(round_.game.seats)
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if not round_.game.seats[candidate].bankrupt:
            return candidate
    return seat


@pytest.mark.parametrize("seed", [1, 2])
def test_round_over_and_next_seat_are_as_defined(seed: int) -> None:
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
                for seat in range(len(twin.seats)):
                    assert stock.next_seat(seat) == next_by_definition(stock, seat)
            assert round_.round_over() == over_by_definition(round_)
        game.apply(choose_playing(rng, game.legal_actions()))
    assert asked > 500
