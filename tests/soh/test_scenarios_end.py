"""Scenarios for EN "Adjusting share price" (first OR), "Reaching the maximum share
price", "Game end" and scoring (built positions)."""

from __future__ import annotations

from soh_scenario import (
    BREDA_ANTWERPEN,
    apply,
    fresh,
    give_private,
    give_trains,
    home_token,
    lay,
    move_price,
    operate,
    set_cash,
    start_company,
    to_step,
)

from railhouse.engine.actions import Dividend, Pass
from railhouse.engine.rounds.operating import OperatingRound
from railhouse_soh.rounds import SohStockRound
from railhouse_soh.steps import DividendStep


def finish_or(game: object) -> None:
    while isinstance(game.round, OperatingRound) and not game.over:  # type: ignore[attr-defined]
        game.apply(Pass(entity=game.acting_entity() or ""))  # type: ignore[attr-defined]


def test_first_operating_round_price_drops_one_step_en_adjusting_share_price() -> None:
    """No trains in the first OR: no revenue, the price always drops one step."""
    game = fresh()
    start_company(game, "AR", "p0", 100, cash=0)
    operate(game, "AR", number=2)
    finish_or(game)
    assert isinstance(game.round, SohStockRound)
    assert game.share_price(game.companies["AR"]) == 90


def test_market_top_ends_game_after_the_current_or_en_reaching_the_maximum() -> None:
    """Reaching 360 ends the game at the end of the current operating round (other
    companies still operate in it), not after the set of ORs."""
    game = fresh()
    ar = start_company(game, "AR", "p0", 100)
    move_price(game, "AR", 330)
    home_token(game, "AR", "J7")
    lay(game, BREDA_ANTWERPEN)
    give_trains(game, "AR", ["2"])
    ncs = start_company(game, "NCS", "p1", 65)
    home_token(game, "NCS", "H9")
    round_ = operate(game, "AR", number=1, of=2)
    round_.operated.remove("NCS")
    to_step(game, DividendStep)
    round_.turn.revenue = 340  # more than the price: up one to the top
    apply(game, Dividend(entity="AR", kind="payout"))
    assert game.share_price(ar) == 360 and not game.over
    apply(game, Pass(entity="AR"))  # no train purchase
    assert game.round is round_ and round_.company is ncs and not game.over
    while not game.over:
        apply(game, Pass(entity=game.acting_entity() or ""))
    assert game.end_reason == "market_top" and round_.number == 1


def test_game_ends_after_round_15_en_game_end() -> None:
    """Five sets of one stock round and two ORs: the game ends after OR 5.2, and a stock
    round follows OR 4.2."""
    game = fresh()
    start_company(game, "AR", "p0", 100, cash=0)
    operate(game, "AR", number=2, of=2, set_number=4)
    finish_or(game)
    assert isinstance(game.round, SohStockRound) and game.set_number == 5 and not game.over
    game = fresh()
    start_company(game, "AR", "p0", 100, cash=0)
    operate(game, "AR", number=2, of=2, set_number=5)
    finish_or(game)
    assert game.over and game.end_reason == "fixed_round"


def test_score_is_cash_plus_share_value_en_game_end() -> None:
    """Cash plus shares at market value; treasuries and privates do not count (EN)."""
    game = fresh(players=3)
    ar = start_company(game, "AR", "p0", 100, holdings={"p1": 2}, cash=999)
    move_price(game, "AR", 140)
    give_private(game, "VES", "p2")
    for seat, cash in enumerate((10, 20, 30)):
        set_cash(game, game.player(f"p{seat}"), cash)
    assert game.hooks.final_scores(game) == [10 + 2 * 140, 20 + 2 * 140, 30]
    ar.closed = True
    assert game.hooks.final_scores(game) == [10, 20, 30]
