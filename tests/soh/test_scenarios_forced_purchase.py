"""Scenarios for EN "Forced train purchases" and "Bankruptcy" (built positions).

Each test names the EN section it checks and fails if the rule broke.
"""

from __future__ import annotations

from soh_scenario import (
    BREDA_ANTWERPEN,
    apply,
    fresh,
    give_private,
    home_token,
    lay,
    legal,
    operate,
    set_cash,
    set_phase,
    start_company,
    to_step,
)

from railhouse.engine.actions import Bankrupt, BuyTrain, IssueShares, SellShares
from railhouse.engine.entities import POOL, TREASURY
from railhouse.engine.shares import move_shares
from railhouse.map.graph import Operator
from railhouse.map.tokens import TokenOptions, legal_token_placements
from railhouse_soh.game import SteamOverHolland
from railhouse_soh.trainbuy import BuyTrainStep


def breda_company(phase: str = "2", price: int = 100, cash: int = 0,
                  holdings: dict[str, int] | None = None, pool: int = 0) -> SteamOverHolland:
    """AR (president p0) at Breda with track to Antwerpen, no trains, in its buy step;
    ``pool`` treasury shares are put in the market first (5 leave nothing to issue)."""
    game = fresh()
    set_phase(game, phase)
    ar = start_company(game, "AR", "p0", price, holdings, cash=cash)
    move_shares(ar, TREASURY, POOL, pool)
    home_token(game, "AR", "J7")
    lay(game, BREDA_ANTWERPEN)
    operate(game, "AR")
    to_step(game, BuyTrainStep)
    return game


def kinds(game: SteamOverHolland) -> set[str]:
    return {type(c.action).__name__ for c in game.legal_actions()}


def test_forced_purchase_cash_in_treasury_no_pass_en_forced_train_purchases() -> None:
    """A trainless company with a route must buy: no Pass is offered."""
    game = breda_company(cash=150)
    assert kinds(game) == {"BuyTrain"}
    apply(game, BuyTrain(entity="AR", train="2-0", price=100))
    assert [t.name for t in game.companies["AR"].trains] == ["2"]


def test_forced_purchase_no_route_no_obligation_en_forced_train_purchases() -> None:
    """Without a valid route there is no obligation (Pass is offered)."""
    game = fresh()
    start_company(game, "AR", "p0", 100, cash=150)
    home_token(game, "AR", "J7")
    operate(game, "AR")
    to_step(game, BuyTrainStep)
    assert "Pass" in kinds(game)


def test_forced_purchase_first_issue_treasury_shares_en_forced_train_purchases() -> None:
    """Step 1: the company must sell its own shares if that raises enough."""
    game = breda_company(cash=50, holdings={"p1": 1})
    assert kinds(game) == {"IssueShares"}
    issue = legal(game, IssueShares)[0]
    assert issue.ranges["count"].max == 3  # players hold 3 shares together
    ar = game.companies["AR"]
    assert game.share_price(ar) == 90  # the first-OR drop (no trains, no revenue)
    apply(game, IssueShares(entity="AR", count=1))
    assert ar.cash == 140 and game.share_price(ar) == 90  # one share: no move
    assert kinds(game) == {"BuyTrain"}


def test_forced_purchase_then_president_cash_en_forced_train_purchases() -> None:
    """Step 2: when issuing (to the limit) is not enough, the president adds cash; his cash
    is only asked after the issue limit is used up (FAQ: emergency issues count)."""
    game = breda_company(phase="3", price=65, cash=20)
    assert kinds(game) == {"IssueShares"}
    ar, p0 = game.companies["AR"], game.player("p0")
    assert game.share_price(ar) == 60  # after the first-OR drop
    apply(game, IssueShares(entity="AR", count=1))  # 80: not enough, one more share issuable
    assert kinds(game) == {"IssueShares"} and game.share_price(ar) == 60
    apply(game, IssueShares(entity="AR", count=1))  # 140
    assert game.share_price(ar) == 55  # two shares issued in the turn: down one (FAQ)
    assert kinds(game) == {"BuyTrain"}
    (buy,) = legal(game, BuyTrain)
    assert isinstance(buy.action, BuyTrain)
    assert buy.action.price == 200 and buy.action.train.startswith("3-")
    before = p0.cash
    apply(game, buy.action)
    assert ar.cash == 0 and p0.cash == before - 60 and len(ar.trains) == 1


def test_forced_purchase_president_may_sell_own_shares_en_forced_train_purchases() -> None:
    """Step 3: if company and president cash are short, the president may sell shares
    (here of another company) or let the company go bankrupt."""
    game = breda_company(cash=0, pool=5)
    nsm = start_company(game, "NSM", "p1", 100, {"p0": 1})
    set_cash(game, game.player("p0"), 20)
    assert kinds(game) == {"SellShares", "Bankrupt"}
    (sell,) = legal(game, SellShares)
    assert isinstance(sell.action, SellShares)
    assert sell.action.company == "NSM" and sell.action.entity == "p0"
    apply(game, SellShares(entity="p0", company="NSM", count=1))
    assert game.share_price(nsm) == 90  # a non-president's sale: down one
    assert kinds(game) == {"BuyTrain"}
    apply(game, legal(game, BuyTrain)[0].action)
    assert game.player("p0").cash == 20 and len(game.companies["AR"].trains) == 1


def test_forced_purchase_no_sale_if_not_enough_en_forced_train_purchases() -> None:
    """"If the sale of those shares would not raise enough money ... no sale takes place,
    and the company declares bankruptcy": only Bankrupt is offered."""
    game = breda_company(phase="3", cash=0, pool=5)  # needs 200
    start_company(game, "NSM", "p1", 100, {"p0": 1})
    set_cash(game, game.player("p0"), 20)
    assert kinds(game) == {"Bankrupt"}


def test_forced_purchase_sells_only_the_necessary_shares_en_forced_train_purchases() -> None:
    """"He may sell the necessary shares": not more than the shortfall needs."""
    game = breda_company(phase="3", cash=0, pool=5)  # needs 200
    start_company(game, "NSM", "p1", 100, {"p0": 3})
    set_cash(game, game.player("p0"), 20)
    (sell,) = legal(game, SellShares)
    assert sell.ranges["count"].max == 2  # 180 missing: two shares at 100


def test_forced_purchase_never_sells_a_presidents_certificate_en_forced_train_purchases() -> None:
    """The president's certificate is never sold (EN "Selling shares"): p0, president of
    NSM with 40% against p1's 30%, may sell only the 20% of ordinary shares.  The sale is
    the president's (the price passes the ledge below 110) and p1 takes the presidency
    after it."""
    game = breda_company(phase="3", cash=0, pool=5)  # needs 200
    nsm = start_company(game, "NSM", "p0", 110, {"p0": 2, "p1": 3})
    set_cash(game, game.player("p0"), 20)
    (sell,) = legal(game, SellShares)
    assert isinstance(sell.action, SellShares)
    assert sell.action.company == "NSM" and sell.ranges["count"].max == 2
    apply(game, SellShares(entity="p0", company="NSM", count=2))
    assert game.share_price(nsm) == 90  # two steps down, through the ledge
    assert nsm.president == "p1" and nsm.shares_of("p0") == 2 and nsm.shares_of("p1") == 3
    assert game.player("p0").cash == 20 + 220
    assert kinds(game) == {"BuyTrain"}


def test_bankruptcy_removes_company_en_bankruptcy() -> None:
    """Tokens removed (home spot freed), shares worthless and removed, treasury to the
    bank, privates closed, market marker removed; the president's cash is untouched."""
    game = breda_company(phase="3", price=65, cash=0)
    give_private(game, "VES", "AR")
    game.board.place_token("I6", 0, "AR")
    set_cash(game, game.player("p0"), 20)
    ar = game.companies["AR"]
    apply(game, IssueShares(entity="AR", count=2))  # 2 x 60 + 20 < 200
    assert kinds(game) == {"Bankrupt"}
    bank_before = game.bank.cash
    apply(game, Bankrupt(entity="p0"))
    assert ar.closed and ar not in game.operating_companies()
    assert game.board.company_cities("AR") == []
    assert not any(r.company == "AR" for r in game.board.reservations)
    assert "AR" not in game.markets["main"].positions
    assert all(c.owner == "removed" for c in ar.certs)
    assert ar.cash == 0 and game.bank.cash == bank_before + 120
    assert game.player("p0").cash == 20
    assert game.privates["VES"].closed and ar.privates == []


def nsm_token_places(game: SteamOverHolland) -> set[tuple[str, int]]:
    op = Operator("NSM", column=game.phase.offboard_column)
    return {(p.hex, p.city) for p in legal_token_placements(game.board, op, TokenOptions())}


def test_bankruptcy_frees_the_home_spot_for_others_en_bankruptcy() -> None:
    """"The token spot of its home city may now be used by another company."""
    game = breda_company(phase="3", price=65, cash=0)
    set_cash(game, game.player("p0"), 0)
    start_company(game, "NSM", "p1", 100)
    game.board.place_token("I6", 0, "NSM")
    lay(game, (("I6", "57", 1), ("I8", "7", 0)))  # Rotterdam - I8 - Breda
    assert ("J7", 0) not in nsm_token_places(game)  # AR's token fills Breda
    apply(game, IssueShares(entity="AR", count=2))
    apply(game, Bankrupt(entity="p0"))
    assert ("J7", 0) in nsm_token_places(game)
