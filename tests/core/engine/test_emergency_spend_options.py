"""Emergency money raising: the options SOH's forced purchase uses (EN "Forced train
purchases": issue, the president adds cash at the purchase, sells "the necessary shares"
but never a president's certificate, or lets the company go bankrupt), and a raise hosted by
a step instead of ``game.pending``; on the mini title."""

from __future__ import annotations

from engine_positions import floated_a, sale_tops, set_cash, start
from minititle import MiniGame

from railhouse.engine.actions import Bankrupt, IssueShares, SellShares
from railhouse.engine.emergency import EmergencyRaise, EmergencyRules, start_raise
from railhouse.engine.invariants import check_invariants

PRICE = 180
SPEND = EmergencyRules(treasury_choice=True, contribute_at_spend=True)


class SpendRaise(EmergencyRaise):
    """A title's spend with ``contribute_at_spend``: the president pays the balance."""

    outcome = ""

    def raised(self) -> None:
        game, company = self.game, self.company
        balance = max(0, self.amount - company.cash)
        game.pay(game.player(self.president), company, balance)
        game.pay(company, game.bank, self.amount)
        self.outcome = "bought"

    def bankrupt(self) -> None:
        self.outcome = "bankrupt"


def kinds(game: MiniGame) -> list[str]:
    return [type(c.action).__name__ for c in game.legal_actions()]


def test_repeat_issue_asks_the_company_again_while_money_is_short() -> None:
    for repeat, after in ((True, "A"), (False, "p0")):
        game, company = floated_a(cash=0, treasury=3)
        set_cash(game, "p0", 0)
        rules = EmergencyRules(treasury_choice=True, repeat_issue=repeat)
        start_raise(SpendRaise(game, company, PRICE, rules))
        game.apply(IssueShares(entity="A", count=1))  # 70 of 180
        assert game.acting_entity() == after
        if repeat:
            (again,) = game.legal_actions()
            assert isinstance(again.action, IssueShares) and again.ranges["count"].max == 2


def test_contribute_at_spend_counts_the_presidents_cash_but_leaves_it_to_the_spend() -> None:
    game, company = floated_a(cash=100)
    set_cash(game, "p0", 200)
    seen: list[int] = []

    class Watching(SpendRaise):
        def raised(self) -> None:
            seen.append(game.player("p0").cash)
            super().raised()

    raise_ = Watching(game, company, PRICE, SPEND)
    start_raise(raise_)
    assert seen == [200]  # nothing moved before the spend
    assert raise_.outcome == "bought" and game.player("p0").cash == 120 and company.cash == 0
    check_invariants(game)


def test_contribute_at_spend_sales_pay_the_president_and_need_only_the_rest() -> None:
    game, company = floated_a(cash=20, p0_extra=3)
    set_cash(game, "p0", 30)
    raise_ = SpendRaise(game, company, PRICE, SPEND)
    start_raise(raise_)
    assert game.acting_entity() == "p0"  # 180 - 20 - 30 = 130 to raise
    game.apply(SellShares(entity="p0", company="A", count=1))  # 70: the president's
    assert raise_.outcome == "" and company.cash == 20 and game.player("p0").cash == 100
    game.apply(SellShares(entity="p0", company="A", count=1))  # 60 after the drop
    assert raise_.outcome == "bought" and game.player("p0").cash == 0
    assert not game.pending
    check_invariants(game)


def test_keep_president_certificates_never_sells_them_and_sells_as_president() -> None:
    """p0 presides B (20% + 20%) at 70 above a ledge; p2 holds 30%.  By default p0 may sell
    into the certificate (the presidency is exchanged first); keeping certificates, p0
    sells only the 20% and p2 takes the presidency afterwards.  Either way p0 was
    president when selling, so the price passes the ledge (SOH EN "Adjusting share
    price": only a sale by a player who "is not the president" stops at a ledge)."""
    for keep in (False, True):
        game, company = floated_a(cash=20)
        set_cash(game, "p0", 10)
        beta = start(game, "B", "p0", 70, {"p0": 2, "p2": 3})
        market = game.market_of(beta)
        market.remove("B")
        market.place("B", (1, 2))  # 70, ledge below
        rules = EmergencyRules(keep_president_certificates=keep)
        start_raise(SpendRaise(game, company, 150, rules))  # 120 to raise after p0's 10
        tops = dict(sale_tops(game))
        assert tops == {"B": 2 if keep else 4}
        game.apply(SellShares(entity="p0", company="B", count=2))
        assert beta.president == "p2" and beta.shares_of("p0") == 2
        assert game.share_price(beta) == 60
        check_invariants(game)


def test_sell_only_needed_caps_each_sale_at_the_shares_the_rest_needs() -> None:
    for only, top in ((False, 3), (True, 1)):
        game, company = floated_a(cash=110, p0_extra=3)
        set_cash(game, "p0", 0)
        start_raise(SpendRaise(game, company, PRICE, EmergencyRules(sell_only_needed=only)))
        (sale,) = game.legal_actions()  # 70 missing: one share at 70
        assert sale.ranges["count"].max == top


def test_bankrupt_by_choice_is_offered_beside_sales_that_could_cover() -> None:
    for choice, offered in ((False, ["SellShares"]), (True, ["SellShares", "Bankrupt"])):
        game, company = floated_a(cash=110, p0_extra=3)
        set_cash(game, "p0", 0)
        raise_ = SpendRaise(game, company, PRICE, EmergencyRules(bankrupt_by_choice=choice))
        start_raise(raise_)
        assert kinds(game) == offered
    game.apply(Bankrupt(entity="p0"))
    assert raise_.outcome == "bankrupt" and not game.pending


class HostedRaise(SpendRaise):
    """A hosted raise spends nothing: the hosting step's own action spends."""

    def raised(self) -> None:
        self.outcome = "raised"


def test_a_hosted_raise_built_afresh_moves_no_money_and_follows_the_position() -> None:
    """A step may host the raise: with ``treasury_choice`` and ``contribute_at_spend``
    resolving a fresh raise changes nothing but the raise, so it can be rebuilt each time
    the step is asked, and it sees a changed position at once."""
    game, company = floated_a(cash=20, treasury=1, p0_extra=3)
    set_cash(game, "p0", 500)
    hosted = HostedRaise(game, company, PRICE, SPEND)
    assert hosted.resolve() is False and hosted.acting_entity() == "A"  # issue first
    company.certs_of("treasury")[0].owner = "p1"  # no treasury share left
    hosted = HostedRaise(game, company, PRICE, SPEND)
    assert hosted.resolve() is True and hosted.outcome == "raised"  # 20 + 500 cover it
    set_cash(game, "p0", 30)
    hosted = HostedRaise(game, company, PRICE, SPEND)
    assert hosted.resolve() is False and not game.pending
    assert (company.cash, game.player("p0").cash) == (20, 30)  # nothing moved
    assert kinds_of(hosted) == ["SellShares"] and hosted.acting_entity() == "p0"
    hosted.process(SellShares(entity="p0", company="A", count=2))  # 2 x 70 cover the 130
    assert hosted.outcome == "raised" and game.player("p0").cash == 170
    assert company.cash == 20
    check_invariants(game)


def kinds_of(raise_: EmergencyRaise) -> list[str]:
    return [type(c.action).__name__ for c in raise_.legal_actions()]


def sale_ranges(game: MiniGame) -> dict[str, tuple[int, int]]:
    return {c.action.company: (c.ranges["count"].min, c.ranges["count"].max)
            for c in game.legal_actions() if isinstance(c.action, SellShares)}


def test_one_block_per_company_keeps_the_train_payable_and_sells_each_company_once() -> None:
    """SOH rules=18xx-games (T's ``BuyTrain#can_sell?``; EN "Forced train purchases": "if
    the sale of those shares would not raise enough money to buy the train, no sale takes
    place"): p0 must raise 250 from 3 A and 2 B at 70.  In one block per company, A's
    sale must leave at most B's 140 (2 shares or more), and once A is sold only B's block,
    big enough for the rest, is left."""
    cases = ((False, {"A": (1, 3), "B": (1, 2)}, {"A": (1, 1), "B": (1, 2)}),
             (True, {"A": (2, 3), "B": (1, 2)}, {"B": (2, 2)}))
    for once, before, after in cases:
        game, company = floated_a(cash=0, p0_extra=3)
        set_cash(game, "p0", 0)
        start(game, "B", "p2", 70, {"p0": 2})
        raise_ = SpendRaise(game, company, 250, EmergencyRules(one_block_per_company=once))
        start_raise(raise_)
        assert sale_ranges(game) == before
        game.apply(SellShares(entity="p0", company="A", count=2))
        assert sale_ranges(game) == after and raise_.sold == ["A"]


def test_no_bankrupt_after_sale_withholds_bankruptcy_once_the_president_sold() -> None:
    """SOH rules=18xx-games (T: "Player sold shares, a train must be purchased")."""
    for withheld in (False, True):
        game, company = floated_a(cash=0, p0_extra=3)
        set_cash(game, "p0", 0)
        start(game, "B", "p2", 70, {"p0": 2})
        rules = EmergencyRules(bankrupt_by_choice=True, no_bankrupt_after_sale=withheld)
        start_raise(SpendRaise(game, company, 250, rules))
        assert "Bankrupt" in kinds(game)
        game.apply(SellShares(entity="p0", company="B", count=1))
        assert ("Bankrupt" in kinds(game)) is not withheld
