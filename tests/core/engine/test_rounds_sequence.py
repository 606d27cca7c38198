"""The core's round order (``railhouse.engine.rounds.sequence``), final worth
(``railhouse.engine.scoring``), starting a company and buying a private from the bank,
on the mini title."""

from __future__ import annotations

from typing import Any

from engine_positions import mini
from minititle import SETS, MiniAuction, MiniRules, MiniStockRound

from railhouse.engine.privates import buy_from_bank
from railhouse.engine.rounds.base import GameEnd, Round
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.engine.rounds.sequence import RoundSequence
from railhouse.engine.scoring import private_value, worth
from railhouse.engine.shares import president_cert, start_company


def test_first_round_then_sets_of_a_stock_round_and_the_phase_s_ors_en_game_play() -> None:
    """SOH EN "Game play" / 1839 R-5.1-R-5.2: auction, then SR + the set's ORs."""
    game, rules = mini(players=3, seed=1), MiniRules()
    assert isinstance(rules.railhouse_next_round(game, None), MiniAuction)
    sr = rules.railhouse_next_round(game, MiniAuction(game, [], 0))
    assert isinstance(sr, MiniStockRound) and game.set_number == 1
    first = rules.railhouse_next_round(game, sr)
    assert isinstance(first, OperatingRound)
    assert (first.number, first.of) == (1, game.phase.operating_rounds)
    last = OperatingRound(game, 2, 2, game.set_number)
    assert isinstance(rules.railhouse_next_round(game, last), MiniStockRound)
    middle = rules.railhouse_next_round(game, OperatingRound(game, 1, 2, game.set_number))
    assert isinstance(middle, OperatingRound) and (middle.number, middle.of) == (2, 2)


def test_the_title_ends_the_game_after_a_set_and_a_pending_end_after_any_round() -> None:
    game, rules = mini(players=3, seed=1), MiniRules()
    game.set_number = SETS
    end = rules.railhouse_next_round(game, OperatingRound(game, 1, 1, SETS))
    assert isinstance(end, GameEnd) and end.reason == "fixed_round"
    game.set_number = 1
    game.pending_end = "market_top"
    end = rules.railhouse_next_round(game, MiniStockRound(game))
    assert isinstance(end, GameEnd) and end.reason == "market_top"


def test_without_a_first_round_the_game_opens_with_a_stock_round() -> None:
    class NoAuction(RoundSequence[Any]):
        def stock_round(self, game: Any) -> Round[Any]:
            return MiniStockRound(game)

    game = mini(players=2, seed=1)
    assert isinstance(NoAuction().railhouse_next_round(game, None), MiniStockRound)


def test_worth_is_cash_and_shares_at_price_and_privates_when_counted_r_10_2() -> None:
    """1839 R-10.2 / SOH EN "Game end": cash plus shares at the current price; privates'
    face value only where the title counts them."""
    game = mini(players=2, seed=1)
    company = next(iter(game.companies.values()))
    price = next(cell.price for _, cell in game.market_of(company).par_cells())
    start_company(game, company, "p0", price)
    private = next(iter(game.privates.values()))
    buy_from_bank(game, private.id, "p0", 10)
    cash = game.player("p0").cash
    assert worth(game, "p0") == cash + company.shares_of("p0") * price
    assert private_value(game, "p0") == private.spec.value
    assert worth(game, "p0", privates=True) == worth(game, "p0") + private.spec.value
    assert worth(game, "p1") == game.player("p1").cash


def test_start_company_puts_the_president_and_the_marker_on_the_par_space() -> None:
    """SOH EN "Starting a company" / 1839 R-7.5.4: the marker goes below those there."""
    game = mini(players=2, seed=1)
    first = next(iter(game.companies.values()))
    second = next(c for c in game.companies.values()
                  if c is not first and c.spec.market == first.spec.market)
    market = game.market_of(first)
    pos, cell = market.par_cells()[0]
    start_company(game, first, "p1", cell.price)
    start_company(game, second, "p0", cell.price, shares=2)
    assert first.started and first.president == "p1" and first.par_price == cell.price
    assert president_cert(first).owner == "p1"
    assert market.stacks[pos] == (first.id, second.id)
    assert game.events_since(-1)[-1].data == {"player": "p0", "company": second.id,
                                              "price": cell.price, "shares": 2}


def test_a_private_bought_from_the_bank_takes_its_certificates_along_r_6_7() -> None:
    """1839 R-6.7: certificates that ride on a private go to its buyer."""
    game = mini(players=2, seed=1)
    private = next(iter(game.privates.values()))
    company = next(iter(game.companies.values()))
    cert = company.certs[-1]
    cert.owner = private.id
    before = game.player("p1").cash
    buy_from_bank(game, private.id, "p1", 25)
    private = game.privates[private.id]  # a value: the purchase replaced it
    assert private.owner == "p1" and private.price_paid == 25
    assert game.player("p1").cash == before - 25 and cert.owner == "p1"


def test_game_end_checks_as_data_market_top_after_the_or_bank_after_the_set() -> None:
    """18xx.games ``GAME_END_CHECK`` as data (SOH EN "Game end": a price at the top ends
    the game after the current OR; SUM "End of Game": a broken bank after the set of ORs);
    the first end that applies, in the mapping's order, wins."""
    from railhouse.engine.rounds.sequence import BANK_BROKEN, CURRENT_OR, FULL_OR, MARKET_TOP

    class Ends(RoundSequence[Any]):
        def game_end_checks(self, game: Any) -> dict[str, str]:
            return {MARKET_TOP: CURRENT_OR, BANK_BROKEN: FULL_OR}

    game, ends = mini(players=3, seed=1), Ends()
    assert RoundSequence[Any]().railhouse_check_game_end(game, "end_of_or") is None
    game.bank.broken = True
    assert ends.railhouse_check_game_end(game, "end_of_or") is None  # not after one OR
    assert ends.railhouse_check_game_end(game, "end_of_or_set") == BANK_BROKEN
    company = game.companies["A"]
    market = game.market_of(company)
    market.place(company.id, (0, 4))  # the 150 cell ends the game
    assert ends.railhouse_check_game_end(game, "end_of_or") == MARKET_TOP
    assert ends.railhouse_check_game_end(game, "end_of_operating_turn") is None
