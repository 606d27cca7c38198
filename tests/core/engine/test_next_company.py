"""The next company to operate is found from each market's first waiting marker
(``StockMarket.first``), not from ordering every waiting company: at every decision of
seeded random games of both titles (1839: two markets, face-down markers), the company
``OperatingRound.next_company`` names is the first of the round's whole operating order
that has not operated, and each market's ``first`` of any set of companies is the head of
its ``order`` of them."""

from __future__ import annotations

import random

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.engine.rounds.operating import OperatingRound

PLAYOUTS = [("soh", 1000), ("soh", 1001), ("1839", 1000)]


@pytest.mark.parametrize(("title", "seed"), PLAYOUTS)
def test_the_next_company_is_the_first_of_the_whole_order_yet_to_operate(
        title: str, seed: int) -> None:
    game = new_game(title, seat_names(4), None, seed)
    rng = random.Random(seed)
    asked = 0
    while not game.over:
        round_ = game.round
        if isinstance(round_, OperatingRound):
            waiting = [c for c in round_.order() if c not in round_.operated]
            found = round_.next_company()
            assert (found.id if found is not None else None) == (
                waiting[0] if waiting else None)
            asked += 1
        for market in game.markets.values():
            everyone = market.order()
            for wanted in (set(everyone), set(everyone[1::2]), set(everyone[::3]), set()):
                ordered = market.order(wanted)
                assert market.first(wanted) == (ordered[0] if ordered else None)
        game.apply(choose_playing(rng, game.legal_actions()))
    assert asked > 100
