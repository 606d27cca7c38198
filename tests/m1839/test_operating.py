"""Operating rounds, trains and phases (R-8, R-13, R-14, R-16, R-17)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from railhouse.engine.entities import IPO
from railhouse.engine.market import StockMarket
from railhouse.engine.phases import enter_phase, leave_after_run
from railhouse.engine.privates import update_private
from railhouse_m1839.game import M1839, M1839Rules
from railhouse_m1839.markets import market_specs
from railhouse_m1839.money import nationalise
from railhouse_m1839.trains import extra_discards, train_limit
from railhouse_m1839.turnsteps import DividendStep


@pytest.mark.parametrize(("revenue", "per_share", "treasury"),
                         [(150, 8, 70), (140, 7, 70), (130, 7, 60), (10, 1, 0)])
def test_R_8_3_C_4_half_dividend_rounding(revenue: int, per_share: int, treasury: int,
                                          make_game: Callable[..., M1839]) -> None:
    step = DividendStep(make_game(), "AMS")
    assert step.split("half", revenue) == (per_share, treasury)


def test_R_8_3_C_3_full_and_withhold(make_game: Callable[..., M1839]) -> None:
    step = DividendStep(make_game(), "AMS")
    assert step.split("payout", 140) == (14, 0)
    assert step.split("withhold", 140) == (0, 140)


def _floated(game: M1839, company_id: str, price: int) -> None:
    company = game.companies[company_id]
    company.started = company.floated = True
    company.president = "p0"
    game.market_of(company).place_at_price(company_id, price)


def test_R_8_3_C_6_price_moves(make_game: Callable[..., M1839]) -> None:
    game = make_game()
    _floated(game, "AMS", 67)
    company = game.companies["AMS"]
    rules = M1839Rules()
    company.trains.append(game.depot.trains[0])
    assert rules.railhouse_price_moves_after_dividend(game, company, "payout", 140) == [
        "right", "right"]
    assert rules.railhouse_price_moves_after_dividend(game, company, "payout", 100) == ["right"]
    assert rules.railhouse_price_moves_after_dividend(game, company, "withhold", 0) == ["left"]
    company.trains.clear()
    assert rules.railhouse_price_moves_after_dividend(game, company, "withhold", 0) == [
        "left", "left"]


def test_R_8_2_4_companies_on_one_space_operate_in_arrival_order() -> None:
    market = StockMarket(market_specs()[0])
    for company in ("A", "B", "C"):
        market.place_at_price(company, 67)
    assert market.order() == ["A", "B", "C"]
    market.move("A", "right", 0, operated=True)
    market.move("B", "right", 0, operated=True)
    assert market.order() == ["C", "B", "A"]  # face-up C first, then face-down
    market.turn_face_up()
    assert market.order() == ["C", "A", "B"]


def test_R_13_4_1_local_stays_at_the_right_end() -> None:
    market = StockMarket(market_specs()[1])
    market.place_at_price("L1", 65)
    assert market.move("L1", "right", 2, operated=True) == 0 and market.price("L1") == 65


def test_R_14_3_6_kf_revenue_grows(make_game: Callable[..., M1839]) -> None:
    from railhouse_m1839.operating import M1839OperatingRound

    game = make_game(4)
    update_private(game, "KF", owner="p1")
    game.ors_played = 3
    cash = game.player("p1").cash
    M1839OperatingRound(game, 1, 1).pay_private_income()
    assert game.player("p1").cash == cash + 40


@pytest.mark.parametrize("limit", [2, 3])
def test_A_02_light_red_train_limit_option(make_game: Callable[..., M1839], limit: int) -> None:
    game = make_game(light_red_train_limit=limit)
    game.phase_index = 8
    assert game.phase.name == "LR" and train_limit(game) == limit


def test_R_16_5_1_R_17_2_dark_green_rusts_twos_and_closes_jjb(
        make_game: Callable[..., M1839]) -> None:
    game = make_game()
    _floated(game, "AMS", 67)
    company = game.companies["AMS"]
    two = game.depot.take("2-0")
    company.trains.append(two.to("AMS"))
    update_private(game, "JJB", owner="p2")
    enter_phase(game, 3)
    assert game.phase.name == "DG" and not company.trains
    assert game.privates["JJB"].closed and game.privates["LP"].closed
    assert "JJB" in game.new_local_queue
    assert game.nationalisation_due


def test_R_16_5_2_r_trains_rust_after_their_next_run(make_game: Callable[..., M1839]) -> None:
    game = make_game()
    _floated(game, "AMS", 67)
    company = game.companies["AMS"]
    r5 = next(t for t in game.depot.trains if t.name == "R5")
    game.depot.trains.remove(r5)
    company.trains.append(r5.to("AMS"))
    enter_phase(game, 8)  # light red rusts the R5
    (r5,) = company.trains
    assert r5.rusted
    company.trains[0] = r5.having_run()
    leave_after_run(game, company)  # the core route step's, after the run
    assert not company.trains


def test_R_13_5_dark_red_converts_locals(make_game: Callable[..., M1839]) -> None:
    game = make_game()
    _floated(game, "L1", 55)
    _floated(game, "L2", 50)
    enter_phase(game, 9)
    assert game.companies["L1"].spec.market == "major" and game.share_price(
        game.companies["L1"]) == 51
    assert game.companies["L2"].spec.market == "local"


def test_R_14_3_8_credit_mobilier_pays_and_brings_rh(make_game: Callable[..., M1839]) -> None:
    game = make_game(4)
    update_private(game, "CM", owner="p3")
    cash = game.player("p3").cash
    enter_phase(game, 7)
    assert game.player("p3").cash == cash + 800
    assert game.privates["RH"].owner == "p3" and not game.privates["RH"].closed


def test_R_14_7_2_nationalised_local_returns_major_is_gone(
        make_game: Callable[..., M1839]) -> None:
    game = make_game()
    for company_id in ("L1", "AMS"):
        _floated(game, company_id, 31 if company_id == "L1" else 67)
        company = game.companies[company_id]
        company.certs[0].owner = "p0"
        company.cash = 100
        nationalise(game, company, voluntary=True)
        assert company.cash == 0 and all(c.owner == IPO for c in company.certs)
        assert company_id not in game.market_of(company).positions
    assert not game.companies["L1"].closed and game.companies["AMS"].closed
    assert "p0" in game.barred_from_par


def test_R_9_8_bankruptcy_discards_every_second_rank(make_game: Callable[..., M1839]) -> None:
    game = make_game(4)
    before = [t.name for t in game.depot.trains]
    extra_discards(game)
    after = [t.name for t in game.depot.trains]
    for name in ("2", "3", "4+", "R4+1", "PR2+", "4"):
        assert after.count(name) == before.count(name) - 1
    for name in ("2+1", "3+", "R5", "R4", "PR3+1"):
        assert after.count(name) == before.count(name)


def test_R_9_8_worked_example_from_dark_green(make_game: Callable[..., M1839]) -> None:
    game = make_game(4)
    game.depot.trains = [t for t in game.depot.trains if t.spec.group >= 4][1:]  # 2 DG left
    extra_discards(game)
    names = [t.name for t in game.depot.trains]
    assert (names.count("3+"), names.count("R5"), names.count("R4"), names.count("PR3+1"),
            names.count("4")) == (1, 3, 1, 1, 3)
