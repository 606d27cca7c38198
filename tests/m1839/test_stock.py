"""Stock rounds (R-7)."""

from __future__ import annotations

from collections.abc import Callable

from m1839_helpers import finish_auction, tags

from railhouse.engine.actions import Par, Pass, Redeem
from railhouse.engine.entities import POOL, TREASURY
from railhouse.engine.market import StockMarket
from railhouse_m1839.actions import ReserveHome
from railhouse_m1839.game import M1839
from railhouse_m1839.shares import check_float, sale_price, sell
from railhouse_m1839.stock import M1839StockRound


def _sr(make_game: Callable[..., M1839], players: int = 3, seed: int = 1) -> M1839:
    game = make_game(players, seed)
    finish_auction(game, seed)
    assert isinstance(game.round, M1839StockRound)
    return game


def _par_major(game: M1839, company: str, price: int = 67) -> str:
    me = game.acting_entity()
    assert me is not None
    game.player(me).cash += 1000
    game.bank.cash -= 1000
    game.apply(Par(entity=me, company=company, price=price))
    return me


def _unparred_major(game: M1839) -> str:
    return next(c.id for c in game.companies.values()
                if c.spec.kind == "major" and not c.started)


def test_R_7_2_2_no_selling_in_the_first_sr(make_game: Callable[..., M1839]) -> None:
    game = _sr(make_game)
    assert game.round.first  # type: ignore[union-attr]
    assert "sell_shares" not in tags(game)


def test_R_7_5_1_par_costs_twice_par(make_game: Callable[..., M1839]) -> None:
    game = _sr(make_game)
    company = _unparred_major(game)
    me = game.acting_entity()
    assert me is not None
    cash = game.player(me).cash + 1000
    _par_major(game, company, 74)
    assert game.player(me).cash == cash - 148
    assert game.share_price(game.companies[company]) == 74


def test_R_7_3_4_director_first_R_7_5_6_float_at_40_percent(
        make_game: Callable[..., M1839]) -> None:
    game = _sr(make_game)
    company_id = _unparred_major(game)
    me = _par_major(game, company_id)
    company = game.companies[company_id]
    assert company.certs[0].owner == me and company.president == me
    for cert in company.certs[1:4]:
        cert.owner = "p9"
    check_float(game, company)
    assert not company.floated  # 50% still in the IPO
    company.certs[4].owner = "p9"
    check_float(game, company)
    assert company.floated and company.cash == 670  # 10 x current price


def test_R_7_3_5_sixty_percent_cap(make_game: Callable[..., M1839]) -> None:
    game = _sr(make_game)
    company_id = _unparred_major(game)
    me = _par_major(game, company_id)
    company = game.companies[company_id]
    for cert in company.certs[1:5]:
        cert.owner = me
    sr = game.round
    assert isinstance(sr, M1839StockRound)
    assert not sr.allow_buy(me, company)


def test_R_7_5_3_par_unavailable_where_two_stand(make_game: Callable[..., M1839]) -> None:
    game = _sr(make_game)
    sr = game.round
    assert isinstance(sr, M1839StockRound)
    local = game.companies["L1"]
    market = game.markets["local"]
    assert isinstance(market, StockMarket)
    market.place_at_price("L2", 31)
    market.place_at_price("L3", 31)
    assert 31 not in sr.par_prices(local)
    assert 20 in sr.par_prices(local)


def test_R_7_5_5_local_par_reserves_two_homes(make_game: Callable[..., M1839]) -> None:
    game = _sr(make_game)
    me = game.acting_entity()
    assert me is not None
    game.apply(Par(entity=me, company="L1", price=20))
    assert game.acting_entity() == me and tags(game) == {"reserve_home"}
    first = game.legal_actions()[0].action
    assert isinstance(first, ReserveHome)
    game.apply(first)
    second = game.legal_actions()[0].action
    assert isinstance(second, ReserveHome) and second.hex != first.hex
    game.apply(second)
    assert game.companies["L1"].spec.home == (first.hex, second.hex)


def test_R_7_5_9_local_float_fee(make_game: Callable[..., M1839]) -> None:
    game = _sr(make_game)
    from railhouse.engine.shares import start_company
    from railhouse_m1839.homes import set_homes

    local = game.companies["L1"]
    me = game.active_players()[0]
    start_company(game, local, me, 20)
    set_homes(game, "L1", ("B13", "F19"))  # city 20 + OO 30 on their first tiles
    for cert in local.certs[1:5]:
        cert.owner = me
    check_float(game, local)
    assert local.cash == 200 - 2 * (20 + 30)


def test_R_7_2_4_sale_price_before_operating(make_game: Callable[..., M1839]) -> None:
    game = _sr(make_game)
    company = game.companies[_unparred_major(game)]
    _par_major(game, company.id, 74)
    assert sale_price(game, company) == 67
    game.operated_since_float.add(company.id)
    assert sale_price(game, company) == 74


def test_R_7_2_6_R_7_4_1_redemption_instead_of_price_drop(
        make_game: Callable[..., M1839]) -> None:
    game = _sr(make_game)
    company = game.companies[_unparred_major(game)]
    me = _par_major(game, company.id, 82)
    other = next(p for p in game.active_players() if p != me)
    company.certs[1].owner = other
    company.floated = True
    company.cash = 500
    game.operated_since_float.add(company.id)
    sell(game, other, company, 1)
    assert game.acting_entity() == company.id and tags(game) == {"redeem", "pass"}
    game.apply(Redeem(entity=company.id, company=company.id, count=1))
    assert company.percent_of(TREASURY) == 10 and game.share_price(company) == 82
    company.certs[2].owner = other
    sell(game, other, company, 1)
    game.apply(Pass(entity=company.id))
    assert company.percent_of(POOL) == 10 and game.share_price(company) == 74


def test_R_7_1_3_pass_order_gives_next_sr_order(make_game: Callable[..., M1839]) -> None:
    game = _sr(make_game, players=3)
    passers = []
    for _ in range(3):
        me = game.acting_entity()
        assert me is not None
        passers.append(me)
        game.apply(Pass(entity=me))
    assert game.cards.order() == passers


def test_R_7_1_5_end_of_sr_moves(make_game: Callable[..., M1839]) -> None:
    game = _sr(make_game)
    sr = game.round
    assert isinstance(sr, M1839StockRound)
    a, b = [c for c in game.companies.values() if c.spec.kind == "major" and not c.started][:2]
    market = game.markets["major"]
    assert isinstance(market, StockMarket)
    for company in (a, b):
        company.started = True
        market.place_at_price(company.id, 74)
    for cert in a.certs:
        cert.owner = "p0"
    b.certs[1].owner = POOL
    sr.end_of_round_moves("price_300_in_sr")
    assert (market.price(a.id), market.price(b.id)) == (82, 67)


def test_R_7_3_8_no_buying_back_after_selling(make_game: Callable[..., M1839]) -> None:
    game = _sr(make_game)
    sr = game.round
    assert isinstance(sr, M1839StockRound)
    company = game.companies[_unparred_major(game)]
    me = _par_major(game, company.id)
    sr.sold_this_round[me].add(company.id)
    assert not sr.allow_buy(me, company)


def test_R_7_1_3_acting_returns_the_card_and_renumbers() -> None:
    from railhouse_m1839.cards import NumberCards

    cards = NumberCards(current={"p0": 1, "p1": 2, "p2": 3})
    cards.on_pass("p1")
    cards.on_pass("p2")
    cards.on_act("p1")
    assert cards.other == {"p2": 1}
    cards.on_pass("p0")
    cards.on_pass("p1")
    assert cards.all_passed()
    cards.swap()
    assert cards.order() == ["p2", "p0", "p1"]
