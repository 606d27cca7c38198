"""Emergency money raising and bankruptcy (core mechanism; 1839 R-8.4, R-9; SOH EN
"Forced train purchases") on the mini title."""

from __future__ import annotations

import pytest
from engine_positions import floated_a, sale_tops, set_cash, start

from railhouse.engine.actions import Bankrupt, IssueShares, Pass, SellShares
from railhouse.engine.emergency import EmergencyRaise, EmergencyRules, start_raise
from railhouse.engine.entities import Company
from railhouse.engine.errors import IllegalAction
from railhouse.engine.invariants import check_invariants
from railhouse.engine.shares import move_shares

PRICE = 180


class BuyTrainRaise(EmergencyRaise):
    """What a title writes: spend the money, or go bankrupt."""

    outcome = ""

    def raised(self) -> None:
        self.game.pay(self.company, self.game.bank, self.amount)
        self.outcome = "bought"

    def bankrupt(self) -> None:
        self.outcome = "bankrupt"


def test_treasury_shares_are_sold_first_and_only_as_many_as_needed_r_8_4_2() -> None:
    game, company = floated_a(cash=50, treasury=4)
    president_cash = game.player("p0").cash
    raise_ = BuyTrainRaise(game, company, PRICE)
    start_raise(raise_)
    # 130 short at 70, 60, ...: two shares sold (70 + 60 after the first drop)
    assert raise_.outcome == "bought" and company.percent_of("pool") == 20
    assert company.percent_of("treasury") == 20 and game.player("p0").cash == president_cash
    assert game.share_price(company) == 50 and not game.pending
    check_invariants(game)


def test_then_the_president_contributes_only_the_difference_r_8_4_3() -> None:
    game, company = floated_a(cash=100)
    set_cash(game, "p0", 200)
    raise_ = BuyTrainRaise(game, company, PRICE)
    start_raise(raise_)
    assert raise_.outcome == "bought" and game.player("p0").cash == 120


def test_then_the_president_sells_shares_of_their_choice_r_8_4_4() -> None:
    game, company = floated_a(cash=20, p0_extra=3)
    other = start(game, "B", "p0", 60, {"p0": 2, "p2": 1})
    set_cash(game, "p0", 10)
    raise_ = BuyTrainRaise(game, company, PRICE)
    start_raise(raise_)
    assert game.acting_entity() == "p0" and raise_.outcome == ""
    tops = dict(sale_tops(game))
    # A: keep the president's certificate and at least p1's 20% (no change of president);
    # B: its 20% ordinary certificates (p2 holds only 10%, so the presidency stays)
    assert tops == {"A": 3, "B": 2}
    game.apply(SellShares(entity="p0", company="B", count=2))  # 2 x 60, all paid in
    assert raise_.outcome == ""
    game.apply(SellShares(entity="p0", company="A", count=1))  # 70
    assert raise_.outcome == "bought" and not game.pending
    assert game.player("p0").cash == 10 + 60 * 2 + 70 - (PRICE - 20)  # surplus stays
    assert other.president == "p0" and company.president == "p0"
    check_invariants(game)


def test_bankrupt_is_the_only_choice_when_selling_everything_cannot_cover_r_8_4_6() -> None:
    game, company = floated_a(cash=0)
    set_cash(game, "p0", 0)
    raise_ = BuyTrainRaise(game, company, 10_000)
    start_raise(raise_)
    assert [type(c.action) for c in game.legal_actions()] == [Bankrupt]
    with pytest.raises(IllegalAction):
        game.apply(SellShares(entity="p0", company="A", count=1))
    game.apply(Bankrupt(entity="p0"))
    assert raise_.outcome == "bankrupt" and not game.pending


def test_treasury_choice_makes_the_issue_a_ranged_decision_en_forced_purchase() -> None:
    game, company = floated_a(cash=0, treasury=3)
    set_cash(game, "p0", 500)
    raise_ = BuyTrainRaise(game, company, PRICE, EmergencyRules(treasury_choice=True))
    start_raise(raise_)
    assert game.acting_entity() == "A"
    (choice,) = game.legal_actions()
    assert isinstance(choice.action, IssueShares) and choice.ranges["count"].max == 3
    with pytest.raises(IllegalAction):
        game.apply(Pass(entity="A"))
    game.apply(IssueShares(entity="A", count=1))  # 70, the president pays the 110 left
    assert raise_.outcome == "bought" and game.player("p0").cash == 390


def test_the_order_is_data() -> None:
    game, company = floated_a(cash=0, treasury=3)
    set_cash(game, "p0", 500)
    rules = EmergencyRules(order=("president_cash", "treasury_shares"))
    raise_ = BuyTrainRaise(game, company, PRICE, rules)
    start_raise(raise_)
    assert raise_.outcome == "bought" and company.percent_of("treasury") == 30
    with pytest.raises(ValueError, match="unknown emergency"):
        EmergencyRules(order=("loan",))


def test_contribute_in_full_keeps_the_presidents_cash_until_it_covers_the_shortfall() -> None:
    """1839 R-8.4.3/R-8.4.5 reading: the director raises the money, then pays it at once;
    until then the company's treasury is untouched."""
    game, company = floated_a(cash=20, p0_extra=3)
    start(game, "B", "p0", 60, {"p0": 2, "p2": 1})
    set_cash(game, "p0", 10)
    raise_ = BuyTrainRaise(game, company, PRICE, EmergencyRules(contribute_in_full=True))
    start_raise(raise_)
    assert company.cash == 20 and game.player("p0").cash == 10 and raise_.to_raise() == 150
    game.apply(SellShares(entity="p0", company="B", count=2))  # 120: 130 < 160
    assert raise_.outcome == "" and company.cash == 20 and game.player("p0").cash == 130
    game.apply(SellShares(entity="p0", company="A", count=1))  # 70: now 200 >= 160
    assert raise_.outcome == "bought" and not game.pending
    assert game.player("p0").cash == 200 - (PRICE - 20)
    check_invariants(game)


def test_sell_until_exhausted_offers_sales_that_cannot_cover_then_bankruptcy() -> None:
    """1839 R-8.4.6: bankrupt only "after selling every legally sellable share"."""
    game, company = floated_a(cash=0)
    start(game, "B", "p0", 60, {"p0": 1, "p2": 1})
    set_cash(game, "p0", 0)
    raise_ = BuyTrainRaise(game, company, 10_000, EmergencyRules(sell_until_exhausted=True))
    start_raise(raise_)
    assert [(type(c.action), c.ranges["count"].max) for c in game.legal_actions()] == [
        (SellShares, 1)]
    game.apply(SellShares(entity="p0", company="B", count=1))
    assert [type(c.action) for c in game.legal_actions()] == [Bankrupt]
    game.apply(Bankrupt(entity="p0"))
    assert raise_.outcome == "bankrupt" and game.player("p0").cash == 0  # all paid in


class DebtRaise(EmergencyRaise):
    """A player's own debt: paid to the bank once raised."""

    outcome = ""

    def raised(self) -> None:
        self.game.pay(self.game.player(self.president), self.game.bank, self.amount)
        self.outcome = "paid"

    def bankrupt(self) -> None:
        self.outcome = "bankrupt"


def test_a_players_own_debt_is_raised_by_their_sales_only() -> None:
    """1839 R-8.1.2 / R-8.4.4 "or the RH owner": no company, no treasury, no contribution;
    the debtor sells until they hold the amount."""
    game, company = floated_a(cash=0, treasury=2)
    set_cash(game, "p1", 30)
    raise_ = DebtRaise(game, None, 100, debtor="p1")
    assert raise_.sources() == ("president_shares",)  # even before anything is resolved
    start_raise(raise_)
    assert game.acting_entity() == "p1" and raise_.shortfall() == 70
    assert company.percent_of("treasury") == 20  # nobody else's money or shares are used
    assert sale_tops(game) == [("A", 2)]
    with pytest.raises(IllegalAction):
        _ = raise_.company
    game.apply(SellShares(entity="p1", company="A", count=1))  # 70: exactly enough
    assert raise_.outcome == "paid" and game.player("p1").cash == 0 and not game.pending
    check_invariants(game)
    rich = DebtRaise(game, None, 10, debtor="p0")
    start_raise(rich)
    assert rich.outcome == "paid" and not game.pending
    with pytest.raises(ValueError, match="company or for a debtor"):
        DebtRaise(game, company, 10, debtor="p0")


class DeferredSaleRaise(BuyTrainRaise):
    """A title whose sale leaves a decision pending: the raise goes on only afterwards."""

    def sell_shares(self, company: Company, count: int) -> None:
        me = self.president
        move_shares(company, me, "pool", count)
        self.game.pay(self.game.bank, self.game.player(me), 100 * count)


def test_a_title_sale_resumes_the_raise_through_after_sale() -> None:
    game, company = floated_a(cash=0, p0_extra=3)
    set_cash(game, "p0", 0)
    raise_ = DeferredSaleRaise(game, company, PRICE, EmergencyRules(contribute_in_full=True))
    start_raise(raise_)
    game.apply(SellShares(entity="p0", company="A", count=2))
    assert raise_.outcome == "" and raise_ in game.pending and company.cash == 0
    raise_.after_sale()  # e.g. once the title's pending decision was made
    assert raise_.outcome == "bought" and not game.pending
    assert game.player("p0").cash == 200 - PRICE
