"""Route claims under the 18xx-games rule set (EN "Running trains"; issue 16 item 1).

18xx.games lets the president claim any legal routes (it does not force the maximum).  The
route step's legal entry carries the optimiser's best claim (an answer by index earns the
maximum) and names ``routes`` a free field: the referee admits any claim and the engine
judges it before anything changes.
"""

from __future__ import annotations

import pytest
from soh_scenario import (
    BREDA_ANTWERPEN,
    fresh,
    give_trains,
    home_token,
    lay,
    legal,
    operate,
    start_company,
    to_step,
)

from railhouse.engine.actions import (
    BuyBackShares,
    Dividend,
    IssueShares,
    RunRoutes,
    TrainRoute,
    to_builtins,
)
from railhouse.engine.entities import POOL, TREASURY
from railhouse.engine.errors import IllegalAction
from railhouse.engine.routes import best_routes
from railhouse.engine.shares import move_shares
from railhouse.engine.steps.claims import claim_of
from railhouse.engine.steps.issues import may_buy_back, may_issue
from railhouse.protocol.codec import ProtocolError
from railhouse.protocol.messages import ActionReply
from railhouse.protocol.replies import choice_of
from railhouse_soh.game import SteamOverHolland
from railhouse_soh.routing import RouteStep
from railhouse_soh.stepbase import SohTurn
from railhouse_soh.variants import PRINTED, XXGAMES


def ar_running(rules: str = "18xx-games") -> SteamOverHolland:
    """AR (Breda J7, track to Antwerpen L5; 3 shares with p1) with a 2-train at its
    route step."""
    game = fresh(rules=rules)
    start_company(game, "AR", "p0", 100, holdings={"p1": 3})
    home_token(game, "AR", "J7")
    lay(game, BREDA_ANTWERPEN)
    give_trains(game, "AR", ["2"])
    operate(game, "AR")
    to_step(game, RouteStep)
    return game


def reply(game: SteamOverHolland, action: RunRoutes) -> RunRoutes:
    judge = game.clone().apply
    chosen = choice_of(ActionReply(seq=1, action=to_builtins(action)), legal(game), judge)
    assert isinstance(chosen, RunRoutes)
    return chosen


def test_legal_entry_carries_the_best_claim_EN_running_trains() -> None:
    game = ar_running()
    (choice,) = legal(game, RunRoutes)
    assert choice.free == ("routes",)
    assert choice.to_builtins()["free"] == ["routes"]
    train = game.companies["AR"].trains[0].id
    assert isinstance(choice.action, RunRoutes)
    assert choice.action.routes == (TrainRoute(train, ("J7-K6-L5",)),)
    best = best_routes(game, game.companies["AR"]).revenue
    game.apply(choice.action)
    assert game.round.turn.revenue == best > 0  # type: ignore[union-attr]


def test_any_valid_claim_is_admitted_and_validated_EN_running_trains() -> None:
    game = ar_running()
    train = game.companies["AR"].trains[0].id
    none = RunRoutes(entity="AR")  # claiming no route is legal (revenue 0)
    assert reply(game, none) == none
    bad = RunRoutes(entity="AR", routes=(TrainRoute(train, ("J7-K8-L5",)),))
    before = game.observation()
    with pytest.raises(ProtocolError, match="track") as err:
        reply(game, bad)
    assert err.value.reason == "illegal_action"
    assert game.observation() == before
    with pytest.raises(IllegalAction):
        game.apply(bad)
    assert game.observation() == before
    game.apply(none)
    assert game.round.turn.revenue == 0  # type: ignore[union-attr]


def test_claim_of_splits_hex_chains_at_stops() -> None:
    segments = ["H9:5-c0", "I10:2-t0", "I10:5-t0", "J11:2-3", "I12:0-c0"]
    assert claim_of("2-1", ["H9.c0", "I10.t0", "I12.c0"], segments) == TrainRoute(
        "2-1", ("H9-I10", "I10-J11-I12"))
    assert claim_of("3-1", ["J7.c0", "K14.t0", "J15"],
                    ["J7:5-c0", "K8:2-4", "K14:2-t0", "K14:3-t0", "J15:0-o0"]) == TrainRoute(
        "3-1", ("J7-K8-K14", "K14-J15"))


def test_printed_rules_run_the_maximum_without_a_decision() -> None:
    game = fresh()
    start_company(game, "AR", "p0", 100)
    home_token(game, "AR", "J7")
    lay(game, BREDA_ANTWERPEN)
    give_trains(game, "AR", ["2"])
    operate(game, "AR")
    assert not legal(game, RunRoutes)


# -- facts §11.2 "One issue or buy-back per turn" (EN "Sell or buy its own shares") --------
def ar_dealing(claim_best: bool) -> SteamOverHolland:
    """AR (3 shares with p1, 1 in the pool) at its late share step after its routes."""
    game = ar_running()
    move_shares(game.companies["AR"], TREASURY, POOL, 1)
    routes = legal(game, RunRoutes)[0].action if claim_best else RunRoutes(entity="AR")
    game.apply(routes)
    return game


def test_11_2_late_issue_step_open_until_the_dividend_EN_sell_or_buy_its_own_shares() -> None:
    game = ar_dealing(claim_best=True)
    kinds = {type(c.action) for c in legal(game)}
    assert {IssueShares, BuyBackShares, Dividend} & kinds == {IssueShares, BuyBackShares}
    game = ar_dealing(claim_best=False)  # no revenue: T skips the dividend, closing issues
    assert not {IssueShares, BuyBackShares} & {type(c.action) for c in legal(game)}


def test_11_2_one_issue_or_one_buy_back_per_turn_EN_sell_or_buy_its_own_shares() -> None:
    game = fresh(rules="18xx-games")
    start_company(game, "AR", "p0", 100, holdings={"p1": 3})
    move_shares(game.companies["AR"], TREASURY, POOL, 1)
    home_token(game, "AR", "J7")
    lay(game, BREDA_ANTWERPEN)
    give_trains(game, "AR", ["2"])
    operate(game, "AR")
    assert legal(game, BuyBackShares) and legal(game, IssueShares)
    game.apply(BuyBackShares(entity="AR", count=1))
    to_step(game, RouteStep)
    game.apply(legal(game, RunRoutes)[0].action)  # revenue: the late step would be open
    assert not legal(game, IssueShares) and not legal(game, BuyBackShares)
    assert may_issue(XXGAMES.issues, SohTurn(buy_backs=1), emergency=True)  # T: issues only count
    assert not may_buy_back(XXGAMES.issues, SohTurn(buy_backs=1))
    assert may_buy_back(PRINTED.issues, SohTurn(buy_backs=1))
    assert may_issue(PRINTED.issues, SohTurn(buy_backs=1))
