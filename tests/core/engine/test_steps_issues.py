"""The core's share issue and buy-back (railhouse.engine.steps.issues; SOH EN "Sell or buy
its own shares", the limits of 18xx.games' SOH as ``IssueRules`` data, facts §11.2)."""

from __future__ import annotations

from engine_positions import floated_a

from railhouse.engine.entities import POOL, TREASURY
from railhouse.engine.steps.issues import (
    IssueRules,
    buy_back_shares,
    issue_limit,
    issue_shares,
    may_buy_back,
    may_issue,
)
from railhouse.engine.turnstate import TurnState

ONE_PER_TURN = IssueRules(per_turn=1, buy_back_after_issue=False, emergency_after_issue=False)


def test_issue_limit_is_what_players_hold_the_treasury_and_the_market_room() -> None:
    game, company = floated_a(0, treasury=4, p0_extra=1)  # players: 20% + 10% + 20%
    players = sum(company.shares_of(p.id) for p in game.seats)
    assert players == 5
    assert issue_limit(game, company, IssueRules(), 0) == 4  # the treasury's four
    assert issue_limit(game, company, IssueRules(), 2) == 3  # cumulative: 5 - 2
    assert issue_limit(game, company, IssueRules(pool_share_cap=1), 0) == 1


def test_issue_moves_shares_pays_the_company_and_counts_the_turn() -> None:
    game, company = floated_a(0, treasury=3)
    turn = TurnState()
    price = game.share_price(company)
    issue_shares(game, company, 2, turn, price_steps=1)
    assert company.shares_of(POOL) == 2 and company.cash == 2 * price
    assert game.share_price(company) < price
    assert (turn.issued, turn.issue_actions) == (2, 1)


def test_buy_back_pays_the_bank_at_the_current_price_without_a_move() -> None:
    game, company = floated_a(500, treasury=3)
    issue_shares(game, company, 1, TurnState(), price_steps=0)
    price, cash = game.share_price(company), company.cash
    buy_back_shares(game, company, 1)
    assert company.shares_of(POOL) == 0 and company.shares_of(TREASURY) == 3
    assert company.cash == cash - price and game.share_price(company) == price


def test_per_turn_limits_of_issues_and_buy_backs() -> None:
    after_issue = TurnState(issued=1, issue_actions=1)
    after_buy_back = TurnState(buy_backs=1)
    assert may_issue(IssueRules(), after_issue) and may_buy_back(IssueRules(), after_issue)
    assert not may_issue(ONE_PER_TURN, after_issue)
    assert not may_buy_back(ONE_PER_TURN, after_issue)
    assert not may_issue(ONE_PER_TURN, after_issue, emergency=True)
    assert may_issue(ONE_PER_TURN, after_buy_back, emergency=True)  # only issues count
    assert not may_buy_back(ONE_PER_TURN, after_buy_back)
