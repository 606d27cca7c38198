"""This title's own operating steps (R-8.3.2, R-8.3.6, R-8.3.7, R-16.5.2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from railhouse.engine.entities import IPO, POOL, TREASURY, Company
from railhouse.engine.steps import BuyTrainStep, CompletePurchase
from railhouse.engine.steps import DividendStep as CoreDividendStep
from railhouse_m1839.later import FailedPurchase
from railhouse_m1839.money import RaiseDecider
from railhouse_m1839.routing import MapStep
from railhouse_m1839.trains import rust_after_run
from railhouse_m1839.turn import M1839Turn

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839

NO_FIRST_TRAIN = ("4", "7")  # nothing happens if the next is gray or purple


class M1839Step(MapStep):
    """The map steps' base (acting company, turn state) seen from the 1839 game."""



class FirstTrainStep(M1839Step):
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


class RustAfterRunStep(M1839Step):
    def auto(self) -> bool:
        rust_after_run(self.game, self.company)
        self.done = True
        return True


class DividendStep(CoreDividendStep["M1839", M1839Turn], M1839Step):
    """R-8.3.C: half or withhold before blue, full or withhold from blue (the core's step;
    the marker is turned over as it moves, R-8.2.4, by the face-down market)."""

    rule = "1839 R-8.3.C"

    def dividend_kinds(self) -> Sequence[str]:
        return tuple(self.game.phase.extra["dividends"])

    def split(self, kind: str, revenue: int) -> tuple[int, int]:
        return split_revenue(kind, revenue)

    def pay_holders(self, per_share: int) -> None:
        pay_shareholders(self.game, self.company, per_share)

    def price_basis(self, kind: str, revenue: int, per_share: int) -> int:
        return per_share * 10  # .C.5

    def price_moved(self) -> None:
        market = self.game.market_of(self.company)
        if market.cell(market.positions[self.company.id]).end_game:
            self.game.pending_end = "price_300_in_or"  # end of this OR


def split_revenue(kind: str, revenue: int) -> tuple[int, int]:
    """(dividend per share, amount to the treasury) per R-8.3.C.2-4 (A-12: round down)."""
    if kind == "payout":
        return revenue // 10, 0
    if kind == "half":
        return -(-revenue // 20), revenue // 20 * 10
    return 0, revenue


def pay_shareholders(game: M1839, company: Company, per_share: int) -> None:
    """Players are paid for their shares; treasury and pool shares pay the company (A-50);
    IPO shares pay nobody (R-8.3.C.3)."""
    for player_id in game.active_players():
        game.pay(game.bank, game.player(player_id), per_share * company.shares_of(player_id))
    company_shares = company.shares_of(TREASURY) + company.shares_of(POOL)
    game.pay(game.bank, company, per_share * company_shares)
    assert IPO  # IPO shares are paid to nobody


class TrainBuyStep(BuyTrainStep["M1839", M1839Turn], M1839Step):
    """R-8.3.D: trains one at a time from the supply (current rank only) or, for a company
    that owns a train, from another company at an agreed price of f1 or more (A-27), each
    train its own choice; a train whose seller's director declined is not asked for again
    this turn (R-11.1), so offers cannot loop.  A company without a train must buy one from
    the supply (R-8.3.D.6), with emergency money if short (R-8.4): the core's step."""

    rule = "1839 R-8.3.D"
    every_train = True

    def emergency_raise(self, train_id: str, price: int) -> RaiseDecider:
        """R-8.4 raises the money, then the purchase completes; a bankrupt director's failed
        train counts as bought and is discarded (R-9.7, R-9.8)."""
        return RaiseDecider(self.game, self.company, price,
                            CompletePurchase(self, train_id, price),
                            on_bankrupt=FailedPurchase(self.game, train_id))
