"""The Stork and the Rijkshuis (digest /work/shared/facts/1839.md, authority
rules/1839/rules.md §14): R-14.3.9 STK's two shares, income, no power and closing at gray;
R-14.3.10 RH never auctioned, coming with CM at dark brown, its f100 charge and never
closing.  Positions are built by hand where playing there would be impractical; the rule
itself is then driven through ``game.legal_actions()`` / ``game.apply()`` and the round
machine."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from m1839_positions import (
    buy_next_train,
    cleared,
    finish_turn,
    float_company,
    give_train,
    legal,
    operating_turn,
    own_private,
    pass_sr,
    to_phase,
    to_rank,
)
from m1839_private_positions import (
    SR_PLAYER,
    ams_before_gray,
    mss_network,
    same_choices_whoever_owns,
    to_gray,
)

from railhouse.engine.actions import BuyPrivate, Discount, Pass, SellShares
from railhouse.engine.privates import update_private
from railhouse_m1839.game import M1839
from railhouse_m1839.money import RaiseDecider
from railhouse_m1839.stations import StationStep
from railhouse_m1839.stock import M1839StockRound
from railhouse_m1839.track import TrackStep
from railhouse_m1839.turnsteps import TrainBuyStep


# -- Stork ------------------------------------------------------------------------
def test_R_14_3_9_stork_carries_two_shares_of_the_AV_major(
        make_game: Callable[..., M1839]) -> None:
    game = make_game(4)
    major = game.companies[game.brown_assignment["AV"]]
    assert major.shares_of("STK") == 2 and major.percent_of("STK") == 20
    me = game.acting_entity()
    assert me is not None
    game.apply(BuyPrivate(entity=me, target="STK", price=240))
    assert major.percent_of(me) == 20 and major.shares_of("STK") == 0
    assert game.privates["STK"].owner == me


def test_R_14_3_9_stork_pays_f30_at_every_OR_start() -> None:
    game = cleared()
    own_private(game, "STK", "p0")
    cash, bank = game.player("p0").cash, game.bank.cash
    pass_sr(game)  # OR 1 starts (no company floated: it ends at once), then SR 2
    assert game.ors_played == 1
    assert game.player("p0").cash == cash + 30 and game.bank.cash == bank - 30
    pass_sr(game)
    assert game.ors_played == 2 and game.player("p0").cash == cash + 60


def test_R_14_3_9_stork_has_no_power() -> None:
    """Holding STK changes no choice of its owner's: in the SR, nor while a company the
    owner directs operates."""
    game = cleared()
    mss_network(game)
    own_private(game, "STK", SR_PLAYER)
    same_choices_whoever_owns(game, "STK", SR_PLAYER)
    for step in (TrackStep, StationStep, TrainBuyStep):
        operating_turn(game, "MSS", at=step)
        same_choices_whoever_owns(game, "STK", SR_PLAYER)


def test_R_14_3_9_stork_closes_at_gray_the_shares_stay() -> None:
    game = ams_before_gray("STK", "p2")
    major = game.companies[game.brown_assignment["AV"]]
    float_company(game, major.id, "p1", others={"p2": 2})
    to_gray(game)
    assert game.privates["STK"].closed and major.shares_of("p2") == 2


# -- RH -----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_14_3_10_rh_is_never_auctioned(make_game: Callable[..., M1839],
                                         players: int) -> None:
    game = make_game(players)
    rh = game.privates["RH"]
    assert rh.closed and rh.owner is None and rh.spec.value == 0
    targets = {getattr(a, "target", None) for a in legal(game)
               if isinstance(a, BuyPrivate | Discount)}
    assert "RH" not in targets and "STK" in targets
    # it can only come through CM, which only 4-player games use
    assert game.privates["CM"].closed == (players < 4)


def _cm_converting() -> M1839:
    """CM held by p3; AMS (p0, f1000, one R5) waits at its train step, the first R4 next."""
    game = cleared()
    ams = float_company(game, "AMS", "p0", cash=1000)
    to_phase(game, "MBr")
    give_train(game, ams)
    to_rank(game, "MBr")
    own_private(game, "CM", "p3")
    operating_turn(game, "AMS", at=TrainBuyStep)
    return game


def test_R_14_3_10_rh_comes_with_cm_at_dark_brown_face_f0() -> None:
    game = _cm_converting()
    cash = game.player("p3").cash
    buy_next_train(game, "AMS")  # the first dark brown R4: CM converts
    rh = game.privates["RH"]
    assert game.phase.name == "DBr" and game.privates["CM"].closed
    assert rh.owner == "p3" and not rh.closed and game.player("p3").cash == cash + 800
    scores = game.hooks.final_scores(game)
    update_private(game, "RH", owner=None)
    assert game.hooks.final_scores(game) == scores  # a face value of f0


def test_R_14_3_10_rh_owner_pays_f100_from_the_next_OR_start() -> None:
    game = _cm_converting()
    buy_next_train(game, "AMS")
    cash = game.player("p3").cash
    finish_turn(game, "AMS")  # and the nationalisation window: no charge in this OR
    assert isinstance(game.round, M1839StockRound) and game.player("p3").cash == cash
    bank = game.bank.cash
    pass_sr(game)  # the next OR starts
    assert game.player("p3").cash == cash - 100 and game.bank.cash == bank + 100
    assert game.acting_entity() == "AMS"


def test_R_14_3_10_rh_never_closes_not_even_at_gray() -> None:
    game = ams_before_gray("RH", "p3")
    game.player("p3").cash = 500
    to_gray(game)
    assert not game.privates["RH"].closed
    cash = game.player("p3").cash
    finish_turn(game, "AMS")
    pass_sr(game)
    assert game.player("p3").cash == cash - 100


def test_R_14_3_10_rh_charge_uses_emergency_money_raising() -> None:
    """An owner short of the f100 must sell shares at the OR start (R-8.4)."""
    game = cleared()
    own_private(game, "RH", "p3")
    ams = float_company(game, "AMS", "p0", others={"p3": 2})
    give_train(game, ams)
    game.player("p3").cash = 30
    pass_sr(game)
    assert isinstance(game.pending[-1], RaiseDecider) and game.acting_entity() == "p3"
    sales = [(a.company, c.ranges["count"].max) for c in game.legal_actions()
             if isinstance(a := c.action, SellShares)]
    assert sales == [("AMS", 2)]
    game.apply(SellShares(entity="p3", company="AMS", count=2))
    assert game.acting_entity() == "AMS"  # its director may redeem them
    game.apply(Pass(entity="AMS"))
    assert not any(isinstance(d, RaiseDecider) for d in game.pending)
    assert game.player("p3").cash == 30 + 2 * 67 - 100
