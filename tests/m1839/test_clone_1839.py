"""A clone taken while a decision waits for money (R-8.4) is independent of the original:
the continuation that pays afterwards (the core's ``emergency.Payment``) acts on the clone."""

from __future__ import annotations

from m1839_positions import after_auction, float_company, operating_turn, refresh

from railhouse.engine.actions import BuyTrain, Pass, SellShares
from railhouse.engine.game import Game
from railhouse.engine.privates import update_private
from railhouse_m1839.operating import M1839OperatingRound
from railhouse_m1839.turnsteps import TrainBuyStep


def _finish_raising(game: Game, seller: str, company: str) -> None:
    game.apply(SellShares(entity=seller, company=company, count=2))
    while game.pending:
        game.apply(next(c.action for c in game.legal_actions() if isinstance(c.action, Pass)))


def test_R_8_1_2_rh_charge_waiting_in_a_clone_pays_in_the_clone() -> None:
    game = after_auction(4, seed=1)
    update_private(game, "RH", owner="p2", closed=False)
    float_company(game, "NCS", "p0", others={"p2": 2})
    game.player("p2").cash = 30
    M1839OperatingRound(game, 1, 1).charge_rh()
    refresh(game)
    clone = game.clone()
    _finish_raising(clone, "p2", "NCS")
    assert game.player("p2").cash == 30 and game.pending  # the original still waits
    assert clone.player("p2").cash == 30 + 2 * 67 - 100 and not clone.pending


def test_R_8_4_3_compulsory_train_waiting_in_a_clone_is_bought_by_the_clone() -> None:
    game = after_auction(4, seed=1)
    ams = float_company(game, "AMS", "p0", others={"p0": 2}, cash=0)
    game.player("p0").cash = 0
    operating_turn(game, "AMS", at=TrainBuyStep)
    buy = next(c.action for c in game.legal_actions() if isinstance(c.action, BuyTrain))
    game.apply(buy)
    clone = game.clone()
    _finish_raising(clone, "p0", "AMS")
    assert ams.trains == [] and clone.companies["AMS"].trains
    assert game.depot.available()[0].id == buy.train
