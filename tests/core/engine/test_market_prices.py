"""A market's ``prices`` (each marker's price, kept by the moves of the markers instead of
read from the grid at its position) equal the price of the space each marker is on, read
from scratch: at every decision of seeded random games of both titles (1839: two markets,
face-down markers, Locals removed and replaced), on clones taken along them and played on
(a clone copies the table), and after the market's own moves of every kind."""

from __future__ import annotations

import random

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.market import StockMarket
from railhouse.engine.record import new_game

#: a clone is taken at every this many decisions and played on for as many
CLONE_EVERY = 40


def from_scratch(market: StockMarket) -> dict[str, int]:
    """Each marker's price, read from the grid at its position."""
    return {company: market.cell(pos).price for company, pos in market.positions.items()}


def assert_prices_read_from_the_grid(game: object) -> int:
    markets = game.markets.values()  # type: ignore[attr-defined]
    for market in markets:
        assert market.prices == from_scratch(market)
    return sum(len(market.prices) for market in markets)


@pytest.mark.parametrize(("title", "seed"), [("soh", 1000), ("soh", 1003), ("1839", 1000),
                                             ("1839", 1002)])
def test_prices_follow_the_markers(title: str, seed: int) -> None:
    game = new_game(title, seat_names(4), None, seed)
    rng = random.Random(seed)
    priced = decisions = 0
    while not game.over:
        priced += assert_prices_read_from_the_grid(game)
        decisions += 1
        if decisions % CLONE_EVERY == 0:
            twin, twin_rng = game.clone(), random.Random(decisions)
            for _ in range(CLONE_EVERY):
                if twin.over:
                    break
                twin.apply(choose_playing(twin_rng, twin.legal_actions()))
                assert_prices_read_from_the_grid(twin)
        game.apply(choose_playing(rng, game.legal_actions()))
    assert decisions > 100 and priced > 200


def test_each_move_keeps_the_price() -> None:
    game = new_game("1839", seat_names(4), None, 1000)
    for market in game.markets.values():
        pars = market.par_cells()
        for n, (pos, _) in enumerate(pars):
            market.place(f"X{n}", pos)
        for n in range(len(pars)):
            for direction in ("up", "down", "left", "right"):
                market.move(f"X{n}", direction, 2)
                market.move(f"X{n}", direction, 1, ledges=True, operated=True)
                assert market.prices == from_scratch(market)
        market.turn_face_up()
        market.remove("X0")
        assert market.prices == from_scratch(market) and "X0" not in market.prices


def test_a_market_made_with_positions_reads_their_prices() -> None:
    game = new_game("soh", seat_names(4), None, 1000)
    spec = next(iter(game.markets.values())).spec
    pos = next(iter(spec.par_positions.values()))
    market = StockMarket(spec, positions={"A": pos}, stacks={pos: ("A",)})
    assert market.prices == {"A": market.cell(pos).price}
