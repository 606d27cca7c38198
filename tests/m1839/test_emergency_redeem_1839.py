"""Emergency money raising on the core mechanism (railhouse.engine.emergency) where the
redemption offer of a sale (R-7.4.1) changes what the company lacks (R-8.4.3)."""

from __future__ import annotations

from m1839_positions import after_auction, float_company, operating_turn, refresh

from railhouse.engine.actions import BuyTrain, Redeem, SellShares
from railhouse.engine.entities import TREASURY
from railhouse_m1839.game import M1839
from railhouse_m1839.money import RaiseDecider
from railhouse_m1839.shares import sale_price
from railhouse_m1839.stock import M1839StockRound
from railhouse_m1839.turnsteps import TrainBuyStep

ME = "p1"  # the first player of the SR in the seed-1, 4-player position


def _game() -> M1839:
    game: M1839 = after_auction(4, seed=1)
    assert isinstance(game.round, M1839StockRound) and game.acting_entity() == ME
    game.player(ME).cash = 0
    refresh(game)
    return game


def test_R_8_4_3_a_redemption_during_the_raise_raises_the_directors_contribution() -> None:
    """MSS (f70) must buy its compulsory f80 train; its director ME (no cash) sells an MSS
    share (f67) and, as MSS's director, has MSS redeem it (R-7.4.1): MSS now lacks f77, so
    the f67 no longer covers the difference and ME must sell on (R-8.4.4) before paying the
    whole f77 (R-8.4.3), the rest staying with ME (R-8.4.5)."""
    game = _game()
    mss = float_company(game, "MSS", ME, others={"p2": 3}, cash=70)
    ncs = float_company(game, "NCS", ME, others={"p3": 1}, cash=0)
    operating_turn(game, "MSS", at=TrainBuyStep)
    (buy,) = [c.action for c in game.legal_actions() if isinstance(c.action, BuyTrain)]
    game.apply(buy)
    assert isinstance(game.pending[-1], RaiseDecider) and game.acting_entity() == ME
    game.apply(SellShares(entity=ME, company="MSS", count=1))
    assert game.acting_entity() == "MSS" and mss.cash == 70  # ME's f67 stays with ME
    game.apply(Redeem(entity="MSS", company="MSS", count=1))
    assert mss.cash == 3 and mss.shares_of(TREASURY) == 1
    assert isinstance(game.pending[-1], RaiseDecider) and game.acting_entity() == ME
    assert game.player(ME).cash == 67 and not mss.trains  # f67 < f77: nothing paid yet
    sold_for = sale_price(game, ncs)
    game.apply(SellShares(entity=ME, company="NCS", count=1))
    assert [t.name for t in mss.trains] == ["2"] and mss.cash == 0
    assert not any(isinstance(d, RaiseDecider) for d in game.pending)
    assert game.player(ME).cash == 67 + sold_for - 77
