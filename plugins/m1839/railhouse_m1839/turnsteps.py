"""This title's own operating steps (R-8.3.2, R-8.3.6, R-8.3.7, R-16.5.2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from railhouse.engine.actions import (
    BuyTrain,
    LegalAction,
    OfferTrain,
    Pass,
    Range,
)
from railhouse.engine.entities import IPO, POOL, TREASURY, Company, Train
from railhouse.engine.steps import DividendStep as CoreDividendStep
from railhouse_m1839.later import DepotPurchase, FailedPurchase
from railhouse_m1839.money import raise_money
from railhouse_m1839.routing import MapStep
from railhouse_m1839.trains import (
    acquire,
    buy_company_train,
    buy_from_depot,
    rust_after_run,
    train_limit,
)
from railhouse_m1839.turn import M1839Turn

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839

NO_FIRST_TRAIN = ("4", "7")  # nothing happens if the next is gray or purple


class M1839Step(MapStep):
    """The map steps' base (acting company, turn state) seen from the 1839 game."""



class FirstTrainStep(M1839Step):
    """R-8.3.2: on its first run a company acquires the next supply train (a Local free, a
    Major at cost with emergency money), unless it is gray or purple."""

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
        if company.spec.kind == "local":
            game.depot.take(train.id)
            game.event("train_bought", {"company": company.id, "train": train.id,
                                        "from": "depot", "price": 0})
            acquire(game, company, train)
            return True
        compulsory_purchase(game, company, train)
        return True


def compulsory_purchase(game: M1839, company: Company, train: Train) -> None:
    """Buy ``train`` from the supply, raising money if short (R-8.4); a bankrupt director's
    failed train counts as bought and is discarded (R-9.7, R-9.8)."""
    price = train.spec.price
    raise_money(game, company, price, DepotPurchase(game, company.id, train.id, price),
                on_bankrupt=FailedPurchase(game, train.id))


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


class TrainBuyStep(M1839Step):
    """R-8.3.D: trains one at a time from the supply (current rank only) or, for a company
    that owns a train, from another company at an agreed price of f1 or more (A-27).  A
    company without a train must buy one from the supply (R-8.3.D.6)."""

    rule = "1839 R-8.3.D"

    def legal_actions(self) -> list[LegalAction]:
        company, game = self.company, self.game
        me = self.entity
        available = game.depot.available()
        if not company.trains:
            return [LegalAction(BuyTrain(entity=me, train=t.id, price=t.spec.price))
                    for t in available[:1]]
        legal: list[LegalAction] = []
        if len(company.trains) < train_limit(game):
            legal += [LegalAction(BuyTrain(entity=me, train=t.id, price=t.spec.price))
                      for t in available if t.spec.price <= company.cash]
            legal += self.company_trains(me)
        legal.append(LegalAction(Pass(entity=me)))
        return legal

    def company_trains(self, me: str) -> list[LegalAction]:
        company, game = self.company, self.game
        if company.cash < 1:
            return []
        legal = []
        declined = self.turn.declined
        for other in game.companies.values():
            if other is company or not other.floated or other.closed:
                continue
            kind = BuyTrain if other.president == company.president else OfferTrain
            for train in other.trains:
                if train.id in declined:
                    continue
                action = (BuyTrain(entity=me, train=train.id, price=1, source=other.id)
                          if kind is BuyTrain else OfferTrain(entity=me, train=train.id, price=1))
                legal.append(LegalAction(action, {"price": Range(1, company.cash)}))
        return legal

    def process_buy_train(self, action: BuyTrain) -> None:
        game, company = self.game, self.company
        if action.source == "depot":
            if not company.trains and company.cash < action.price:
                train = next(t for t in game.depot.available() if t.id == action.train)
                compulsory_purchase(game, company, train)
                return
            buy_from_depot(game, company, action.train, action.price)
            return
        self.sell_between(game.company(action.source), action.train, action.price)

    def process_offer_train(self, action: OfferTrain) -> None:
        seller = next(c for c in self.game.companies.values()
                      if any(t.id == action.train for t in c.trains))
        self.sell_between(seller, action.train, action.price)

    def sell_between(self, seller: Company, train_id: str, price: int) -> None:
        """R-11.1: at once when one player directs both companies, else the seller's
        director answers (trains.buy_company_train); a declined train is not offered for
        again in this turn, so offers cannot loop."""
        declined = self.turn.declined
        buy_company_train(self.game, self.company, seller, train_id, price, declined)

