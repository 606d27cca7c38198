"""1839's open par prices (R-7.5.3: no par where two or more companies already stand),
kept in each market's ``memo`` under the phase's pars until a stack changes, equal the
prices read from the stacks: at every decision of seeded random games (both kinds of
company asked at each stock-round decision, every kept entry checked at every decision)
and in clones played on from those positions (a clone starts with an empty memo)."""

from __future__ import annotations

import random

import pytest

from railhouse.bench.positions import choose_playing
from railhouse.engine.game import Game
from railhouse.engine.market import StockMarket
from railhouse.engine.record import new_game
from railhouse_m1839.markets import LOCAL_PARS
from railhouse_m1839.stock import M1839StockRound


def open_from_stacks(market: StockMarket, pars: tuple[int, ...]) -> list[int]:
    """The pars of ``pars`` whose space (row 0 of a one-row market) holds fewer than two
    markers."""
    return [p for p in pars if len(market.stacks.get((0, market.index_of(p)), ())) < 2]


def check(game: Game) -> int:
    """Every kept entry against the stacks; at a stock-round decision, each company's
    open pars asked (kept or worked out) against the stacks.  Returns the entries seen."""
    seen = 0
    for market in game.markets.values():
        for pars, kept in market.memo.items():
            assert list(kept) == open_from_stacks(market, pars), (market.spec.id, pars)
            assert type(kept) is tuple  # (immutable: a clone's copy holds the same)
            seen += 1
    stock = game.round
    if isinstance(stock, M1839StockRound) and not game.over:
        for company in game.companies.values():
            pars = stock_pars(game, company.spec.kind)
            market = game.markets[company.spec.market]
            assert list(stock.par_prices(company)) == open_from_stacks(market, pars), company.id
    return seen


def stock_pars(game: Game, kind: str) -> tuple[int, ...]:
    pars: tuple[int, ...] = LOCAL_PARS if kind == "local" else game.phase.extra["major_pars"]
    return pars


@pytest.mark.parametrize("seed", [3, 8])
def test_open_pars_equal_the_stacks_at_every_decision(seed: int) -> None:
    game = new_game("1839", ["A", "B", "C", "D"], None, seed)
    rng = random.Random(seed)
    side: Game | None = None
    seen = 0
    while not game.over:
        seen += check(game)
        if side is not None and not side.over:  # a clone that went its own way
            side.apply(choose_playing(rng, side.legal_actions()))
            seen += check(side)
        if len(game.actions) % 40 == 0:
            side = game.clone()
            assert all(not market.memo for market in side.markets.values())
        game.apply(choose_playing(rng, game.legal_actions()))
    assert seen > 100  # (entries were kept across decisions)


def test_every_change_of_a_stack_drops_the_kept_answers() -> None:
    """Each writer of ``stacks`` (a marker placed, moved, turned face down and up,
    removed) leaves the market with an empty memo, and the open pars follow the stacks
    (two markers close a par space, one leaving reopens it)."""
    game = new_game("1839", ["A", "B", "C", "D"], None, 1)
    market = game.markets["major"]
    pars = (67, 74, 82)

    def kept() -> list[int]:
        open_pars: tuple[int, ...] = market.memo.setdefault(
            pars, tuple(open_from_stacks(market, pars)))
        return list(open_pars)

    assert kept() == [67, 74, 82]
    market.place_at_price("X1", 67)
    assert not market.memo and kept() == [67, 74, 82]
    market.place_at_price("X2", 67)
    assert not market.memo and kept() == [74, 82]
    market.move("X2", "up", operated=True)  # turned face down
    assert not market.memo and kept() == [67, 74, 82]
    market.move("X2", "down", operated=True)
    assert not market.memo and kept() == [74, 82]
    market.turn_face_up()
    assert not market.memo and kept() == [74, 82]
    market.remove("X1")
    assert not market.memo and kept() == [67, 74, 82]
