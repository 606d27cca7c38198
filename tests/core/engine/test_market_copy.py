"""A market's copy (``StockMarket.__deepcopy__`` stores each attribute by name, reading no
attribute dict) holds every attribute the market holds, equal to the original's, in
containers of its own (the spec shared, the memo empty: a cache a copy starts without), at
every tenth decision of seeded random games of both titles (1839: two markets, face-down
markers) and of clones played on."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.market import StockMarket
from railhouse.engine.record import new_game

#: a clone is taken at every this many decisions and played on for as many
CLONE_EVERY = 40
#: the attributes a copy shares with its market, and the one it starts empty
SHARED, EMPTIED = {"spec"}, {"memo"}


def assert_copies_whole(market: StockMarket) -> None:
    twin = copy.deepcopy(market)
    assert type(twin) is StockMarket
    mine, its = vars(market), vars(twin)
    assert list(its) == list(mine)  # (every attribute, in the same order)
    assert list(mine) == [f.name for f in dataclasses.fields(StockMarket)]
    for name, value in mine.items():
        if name in EMPTIED:
            assert its[name] == {}
        elif name in SHARED:
            assert its[name] is value
        else:
            assert its[name] == value and its[name] is not value, name


def check_markets(game: object) -> int:
    markets = game.markets.values()  # type: ignore[attr-defined]
    for market in markets:
        assert_copies_whole(market)
    return len(markets)


@pytest.mark.parametrize(("title", "seed"), [("soh", 1001), ("1839", 1001)])
def test_a_market_copy_holds_every_attribute(title: str, seed: int) -> None:
    game = new_game(title, seat_names(4), None, seed)
    rng = random.Random(seed)
    checked = decisions = 0
    while not game.over:
        decisions += 1
        if decisions % 10 == 0:
            checked += check_markets(game)
        if decisions % CLONE_EVERY == 0:
            twin, twin_rng = game.clone(), random.Random(decisions)
            for _ in range(CLONE_EVERY):
                if twin.over:
                    break
                twin.apply(choose_playing(twin_rng, twin.legal_actions()))
            check_markets(twin)
        game.apply(choose_playing(rng, game.legal_actions()))
    assert checked > 10
