"""This title's own operating steps (R-8.3.2, R-8.3.C, R-8.3.D)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from railhouse.engine.steps import BuyTrainStep, CompletePurchase
from railhouse.engine.steps import DividendStep as CoreDividendStep
from railhouse_m1839.money import RaiseDecider
from railhouse_m1839.routing import MapStep
from railhouse_m1839.trains import failed_train_counts_as_bought
from railhouse_m1839.turn import M1839Turn

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839

NO_FIRST_TRAIN = ("4", "7")  # nothing happens if the next is gray or purple


class FirstTrainStep(MapStep):
    """R-8.3.2: on its first run a company acquires the next supply train (a Local free, a
    Major at cost with emergency money, R-8.4), unless it is gray or purple: the purchase of
    the train-buying step (:class:`TrainBuyStep`), made without a decision."""

    rule = "1839 R-8.3.2"

    def auto(self) -> bool:
        self.done = True
        game, company = self.game, self.company
        if company.id in game.operated_since_float:
            return True
        available = game.depot.available()
        if not available or available[0].name in NO_FIRST_TRAIN:
            return True
        train = available[0]
        price = 0 if company.spec.kind == "local" else train.spec.price
        TrainBuyStep(game, company.id).buy_from_depot(train.id, price)
        return True


class DividendStep(CoreDividendStep["M1839", M1839Turn], MapStep):
    """R-8.3.C: half or withhold before blue, full or withhold from blue (the core's step:
    its half payout is R-8.3.C.3 with A-12's rounding; players are paid for their shares,
    treasury and pool shares pay the company, A-50, IPO shares pay nobody, R-8.3.C.3; the
    marker is turned over as it moves, R-8.2.4, by the face-down market)."""

    rule = "1839 R-8.3.C"
    pool_pays_company = True

    def dividend_kinds(self) -> Sequence[str]:
        return tuple(self.game.phase.extra["dividends"])

    def price_basis(self, kind: str, revenue: int, per_share: int) -> int:
        return per_share * 10  # .C.5

    def price_moved(self) -> None:
        market = self.game.market_of(self.company)
        if market.cell(market.positions[self.company.id]).end_game:
            self.game.pending_end = "price_300_in_or"  # end of this OR


class TrainBuyStep(BuyTrainStep["M1839", M1839Turn], MapStep):
    """R-8.3.D: trains one at a time from the supply (current rank only) or, for a company
    that owns a train, from another company at an agreed price of f1 or more (A-27), each
    train its own choice; a train whose seller's director declined is not asked for again
    this turn (R-11.1), so offers cannot loop.  A company without a train must buy one from
    the supply (R-8.3.D.6), with emergency money if short (R-8.4): the core's step."""

    rule = "1839 R-8.3.D"

    def emergency_raise(self, train_id: str, price: int) -> RaiseDecider:
        """R-8.4 raises the money, then the purchase completes; a bankrupt director's failed
        train counts as bought and is discarded (R-9.7, R-9.8)."""
        return RaiseDecider(self.game, self.company, price,
                            CompletePurchase(self, train_id, price),
                            on_bankrupt=FailedPurchase(self.game, train_id))


@dataclass
class FailedPurchase:
    """R-9.7: the compulsory train that could not be paid counts as bought (the R-9.8
    discards follow in money.go_bankrupt); a continuation of the raise (never a closure)."""

    game: M1839
    train: str

    def __call__(self) -> None:
        failed_train_counts_as_bought(self.game, self.game.depot.take(self.train))
