"""R-13 stock-market rule IDs not covered elsewhere, one test per ID (digest
/work/shared/facts/1839.md, authority rules/1839/rules.md §13), on built positions."""

from __future__ import annotations

from m1839_positions import after_auction, float_company

from railhouse.engine.entities import IPO, POOL
from railhouse.engine.market import StockMarket
from railhouse.engine.phases import enter_phase
from railhouse_m1839.game import M1839, M1839Rules
from railhouse_m1839.markets import GAME_END_PRICE, market_specs
from railhouse_m1839.shares import sell
from railhouse_m1839.stock import M1839StockRound


def _game() -> M1839:
    game: M1839 = after_auction(4, seed=1)
    for company in game.companies.values():  # a clean slate: nobody holds anything
        if company.started:
            game.market_of(company).remove(company.id)
        company.started = company.floated = False
        company.president = None
        for cert in company.certs:
            cert.owner = IPO
    return game


def test_R_13_2_kind_follows_the_market_the_marker_is_on() -> None:
    game = _game()
    local = float_company(game, "L1", "p0", price=55)
    major = float_company(game, "AMS", "p1", price=67)
    assert game.market_of(local) is game.markets["local"] and "L1" in game.markets[
        "local"].positions
    assert game.market_of(major) is game.markets["major"]
    enter_phase(game, 9)  # dark red: the Local at f55 moves to the Major market
    assert game.market_of(local) is game.markets["major"] and local.spec.market == "major"
    assert "L1" in game.markets["major"].positions and "L1" not in game.markets[
        "local"].positions


def test_R_13_4_2_sale_moves_left_one_space_per_share_sold() -> None:
    game = _game()
    company = float_company(game, "AMS", "p0", price=82, shares=4, cash=0, others={"p1": 3})
    sell(game, "p1", company, 2)  # no treasury money: nothing to redeem with
    assert game.share_price(company) == 67  # 82 -> 74 -> 67
    assert company.percent_of(POOL) == 20
    sell(game, "p1", company, 1)
    assert game.share_price(company) == 61


def test_R_13_4_3_end_of_sr_moves_locals_as_well_as_majors() -> None:
    game = _game()
    full = float_company(game, "L1", "p0", price=31, shares=5, others={"p1": 5})
    pooled = float_company(game, "L2", "p1", price=31, shares=3)
    pooled.certs[-1].owner = POOL
    partial = float_company(game, "L3", "p2", price=31, shares=3)  # IPO keeps shares: stays
    sr = M1839StockRound(game, False)
    sr.end_of_round_moves("price_300_in_sr")
    assert not full.certs_of(IPO)
    assert [game.share_price(c) for c in (full, pooled, partial)] == [34, 28, 31]


def test_R_13_4_4_after_operating_moves_by_dividend_against_price() -> None:
    game = _game()
    local = float_company(game, "L1", "p0", price=31)
    local.trains.append(game.depot.trains[0])
    rules = M1839Rules()
    assert rules.railhouse_price_moves_after_dividend(game, local, "payout", 30) == ["left"]
    assert rules.railhouse_price_moves_after_dividend(game, local, "payout", 31) == ["right"]
    assert rules.railhouse_price_moves_after_dividend(game, local, "payout", 62) == [
        "right", "right"]
    # withholding (total 0) with a train: one space only; the second is for lacking a train
    assert rules.railhouse_price_moves_after_dividend(game, local, "withhold", 0) == ["left"]
    local.trains.clear()
    assert rules.railhouse_price_moves_after_dividend(game, local, "withhold", 0) == [
        "left", "left"]


def test_R_13_4_5_arrivals_stack_below_face_up_and_other_moves_at_the_bottom() -> None:
    market = StockMarket(market_specs()[0])
    market.place_at_price("A", 67)
    market.place_at_price("B", 74)
    market.place_at_price("C", 61)
    market.move("B", "left", 1, operated=True)  # operated: below face-up A
    assert market.order()[:2] == ["A", "B"]
    market.move("A", "right", 0, operated=True)  # turned over on the same space
    market.move("C", "right", 1)  # a sale-type move: at the very bottom
    stack = market.stacks[market.positions["A"]]
    assert stack == ("A", "B", "C") and market.face_down == {"A", "B"}


def test_R_13_6_f300_is_the_red_game_end_space() -> None:
    major, local = market_specs()
    ends = [cell.price for cell in major.rows[0] if cell is not None and cell.end_game]
    assert ends == [GAME_END_PRICE] == [300] and major.rows[0][-1].price == 300  # type: ignore[union-attr]
    assert not [cell for cell in local.rows[0] if cell is not None and cell.end_game]
    game = _game()
    company = float_company(game, "AMS", "p0", price=67, shares=10)
    market = game.markets["major"]
    market.remove("AMS")
    market.place_at_price("AMS", 270)
    # fully held: right onto f300
    M1839StockRound(game, False).end_of_round_moves("price_300_in_sr")
    assert game.share_price(company) == 300 and game.over
    assert game.end_reason == "price_300_in_sr"
