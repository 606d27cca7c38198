"""The core stock round on the mini title (rules cite SOH EN and 1839 v2 sections)."""

from __future__ import annotations

import pytest
from engine_positions import in_stock_round, start
from minititle import MiniStockRound

from railhouse.engine.actions import BuyShares, Par, Pass, SellShares
from railhouse.engine.errors import IllegalAction
from railhouse.engine.game import Game


def kinds(game: Game) -> set[str]:
    return {type(c.action).__name__ for c in game.legal_actions()}


def buys(game: Game, company: str) -> list[BuyShares]:
    return [c.action for c in game.legal_actions()
            if isinstance(c.action, BuyShares) and c.action.company == company]


def test_turns_go_in_seat_order_from_the_priority_holder_r_7_1_1() -> None:
    game = in_stock_round(priority=2)
    assert game.acting_entity() == "p2"
    game.apply(Pass(entity="p2"))
    assert game.acting_entity() == "p0"


def test_sell_then_one_purchase_ends_the_turn_en_stock_round() -> None:
    game = in_stock_round()
    start(game, "A", "p1", 70, {"p0": 2})
    game.apply(SellShares(entity="p0", company="A", count=1))
    assert game.acting_entity() == "p0" and "SellShares" not in kinds(game) - {"SellShares"}
    game.apply(Par(entity="p0", company="B", price=60))
    assert game.acting_entity() == "p1"
    assert game.markets["main"].price("A") == 60  # one step down per share sold


def test_after_a_purchase_no_sale_in_the_same_turn() -> None:
    game = in_stock_round()
    start(game, "A", "p1", 70, {"p0": 2})
    round_ = game.round
    assert isinstance(round_, MiniStockRound)
    round_.bought_this_turn = True
    assert not any(isinstance(c.action, SellShares) for c in round_.legal_actions())


def test_sold_this_round_cannot_buy_en_buying_shares_r_7_3_8() -> None:
    game = in_stock_round(players=2)
    start(game, "A", "p1", 70, {"p0": 2})
    game.apply(SellShares(entity="p0", company="A", count=1))
    game.apply(Pass(entity="p0"))
    game.apply(Pass(entity="p1"))
    assert buys(game, "A") == []
    with pytest.raises(IllegalAction):
        game.apply(BuyShares(entity="p0", company="A", source="pool"))


def test_holding_cap_of_60_percent() -> None:
    game = in_stock_round()
    start(game, "A", "p0", 70, {"p0": 4})
    assert game.companies["A"].percent_of("p0") == 60
    assert buys(game, "A") == []
    with pytest.raises(IllegalAction, match="stock round"):
        game.apply(BuyShares(entity="p0", company="A", source="ipo"))


def test_pool_may_hold_at_most_50_percent_en_selling_shares() -> None:
    game = in_stock_round()
    company = start(game, "A", "p1", 70, {"p0": 6})
    for cert in company.certs_of("ipo")[:2]:
        cert.owner = "pool"  # 20% already in the pool
    sell = next(c for c in game.legal_actions() if isinstance(c.action, SellShares))
    assert sell.ranges["count"].max == 3
    with pytest.raises(IllegalAction):
        game.apply(SellShares(entity="p0", company="A", count=4))


def test_the_president_certificate_is_not_sold_unless_another_holds_20_percent_r_7_6_2(
) -> None:
    game = in_stock_round()
    start(game, "A", "p0", 70, {"p0": 2, "p1": 1})
    sell = next(c for c in game.legal_actions() if isinstance(c.action, SellShares))
    assert sell.ranges["count"].max == 2  # only the ordinary 20%
    game2 = in_stock_round()
    start(game2, "A", "p0", 70, {"p0": 2, "p1": 2})
    sell2 = next(c for c in game2.legal_actions() if isinstance(c.action, SellShares))
    assert sell2.ranges["count"].max == 4  # selling past p1's 20% hands p1 the presidency
    game2.apply(SellShares(entity="p0", company="A", count=3))
    company = game2.companies["A"]
    assert company.president == "p1" and company.certs[0].owner == "p1"
    assert company.percent_of("p0") == 10


def test_twenty_percent_certificates_are_sold_in_steps_of_two() -> None:
    game = in_stock_round()
    start(game, "C", "p1", 70, {"p0": 4})
    sell = next(c for c in game.legal_actions() if isinstance(c.action, SellShares))
    assert (sell.ranges["count"].min, sell.ranges["count"].max, sell.ranges["count"].step) == (
        2, 4, 2)
    buy = buys(in_stock_round(), "C")
    assert buy == []  # not started


def test_consecutive_passes_end_the_round_and_priority_goes_after_the_last_actor() -> None:
    game = in_stock_round(priority=0)
    first = game.round
    game.apply(Par(entity="p0", company="A", price=70))
    for seat in (1, 2):
        game.apply(Pass(entity=f"p{seat}"))
    assert game.round is first
    game.apply(Pass(entity="p0"))
    assert game.round is not first  # next stock round (no company floated: empty OR)
    assert game.priority == 1 and game.acting_entity() == "p1"


def test_first_passer_priority_deal() -> None:
    game = in_stock_round(priority=0)
    round_ = game.round
    assert isinstance(round_, MiniStockRound)
    round_.priority_deal = "first_passer"
    game.apply(Pass(entity="p0"))
    game.apply(Par(entity="p1", company="A", price=70))
    for seat in (2, 0, 1):
        game.apply(Pass(entity=f"p{seat}"))
    assert game.priority == 2
    assert round_.pass_order == ["p0", "p2", "p1"]


def test_a_player_over_the_certificate_limit_must_sell_en_maximum_certificates() -> None:
    game = in_stock_round(players=4)  # limit 7
    start(game, "A", "p0", 70, {"p0": 4})
    start(game, "B", "p1", 70, {"p0": 3})
    assert kinds(game) == {"SellShares"}
    with pytest.raises(IllegalAction):
        game.apply(Pass(entity="p0"))


def test_parring_is_offered_only_on_par_cells_open_in_the_phase() -> None:
    game = in_stock_round()
    pars = {c.action.price for c in game.legal_actions()
            if isinstance(c.action, Par) and c.action.company == "A"}
    assert pars == {60, 70}
    game.phase_index = 1
    pars = {c.action.price for c in game.legal_actions()
            if isinstance(c.action, Par) and c.action.company == "A"}
    assert pars == {60, 70, 100}
