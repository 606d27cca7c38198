"""A market's copy (``StockMarket.__deepcopy__`` stores each attribute by name, reading no
attribute dict) holds every attribute the market holds, equal to the original's, in
containers of its own (the spec shared, the memo empty: a cache a copy starts without), at
every tenth position of seeded random games of both titles (1839: two markets, face-down
markers) and of clones played on."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest
from engine_playouts import positions_with_clones

from railhouse.bench.positions import seat_names
from railhouse.engine.market import StockMarket
from railhouse.engine.record import new_game

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
    checked = 0
    for n, (position, _) in enumerate(positions_with_clones(game, random.Random(seed), 40)):
        if n % 10 == 0:
            checked += check_markets(position)
    assert checked > 20
