"""The buy-train step: trains from the depot and from other companies, forced purchases.

A company buys trains one at a time (SOH EN "Purchasing trains"; 1839 R-8.3.D):

- from the depot, any of the trains on sale (:meth:`BuyTrainStep.depot_trains`; the next of
  each type of the current group, ``Depot.available``) it can pay at its
  :meth:`~BuyTrainStep.depot_price` (SOH EN "Train costs"; 1839 R-8.3.D.3);
- from another operating company at a price agreed by both presidents, at least 1 and at
  most its cash (SOH EN "Train costs"; 1839 R-8.3.D.4, R-11.1): a core two-party agreement
  (:class:`~railhouse.engine.agreements.TrainSale`), concluded at once when one player
  presides over both companies (``BuyTrain`` with a ``source``), else an ``OfferTrain`` the
  seller's president answers; a refused train is not offered again that turn
  (``TurnState.declined``: 1839 R-11.1; SOH EN is silent on repeated offers and this is our
  reading, so that a game always ends);
- never beyond the train limit (:meth:`Game.train_limit`; SOH EN "Number of trains per
  company"; 1839 R-16.4.1), even where the purchase would start a phase with a lower one.

The first train of a type that starts a phase changes it
(:func:`railhouse.engine.phases.train_bought`: at once, or at the end of the turn); every
company then over the limit discards through ``Game.discard_decider``.

A company without a train that :meth:`~BuyTrainStep.must_buy` buys from the depot only
(SOH EN "Forced train purchases"; 1839 R-8.3.D.6) and may not pass; when it cannot pay the
cheapest train it is offered only that one, and the money comes from the core's emergency
raise (:mod:`railhouse.engine.emergency`): :meth:`~BuyTrainStep.emergency_raise`, the
title's or by default :class:`ForcedPurchase`, in one of two ways
(:attr:`~BuyTrainStep.hosts_raise`):

- raised after the purchase is chosen (1839 R-8.4): buying the train starts the raise on
  ``game.pending``, and the raise's ``raised`` completes the purchase
  (:class:`CompletePurchase`);
- raised before it (SOH EN: "He must first check whether he can raise enough money ...
  by selling shares owned by the company"): the step hosts the raise, rebuilt from the
  position each time it is asked, and offers its decisions first; the purchase then
  takes the rest of the price from the president.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from railhouse.engine.actions import (
    Bankrupt,
    BuyTrain,
    IssueShares,
    LegalAction,
    OfferTrain,
    Pass,
    Range,
    SellShares,
)
from railhouse.engine.agreements import TrainSale, propose
from railhouse.engine.emergency import EmergencyRaise, start_raise
from railhouse.engine.errors import IllegalAction
from railhouse.engine.phases import train_bought
from railhouse.engine.rounds.base import G
from railhouse.engine.steps.base import T, TurnStep
from railhouse.engine.steps.track import power_of

if TYPE_CHECKING:
    from railhouse.engine.entities import Company, Train
    from railhouse.engine.game import Game


class BuyTrainStep(TurnStep[G, T]):
    """Buy trains from the depot or from other companies; a forced purchase when the
    company has no train (the module doc).  Override points: :meth:`depot_trains`,
    :meth:`depot_price` (with :attr:`train_discount_percent` and :meth:`discounted`),
    :meth:`take_from_depot`, :meth:`bought_from_depot`,
    :meth:`must_buy_without_train`, :meth:`declined`, :meth:`emergency_raise`, and the
    class attribute :attr:`hosts_raise`; another company's trains are listed each or one
    per type as ``Game.each_train_a_choice`` says."""

    rule = "buy trains"
    #: True: the money for a forced purchase is raised before the purchase is offered,
    #: by a raise this step hosts (sound only with emergency rules in which no source
    #: moves money by itself: ``treasury_choice`` and ``contribute_at_spend``); False: the
    #: purchase starts the raise on ``game.pending`` (module doc)
    hosts_raise = False
    #: a private's ``train_discount`` ability takes this percentage off the depot trains
    #: its company buys (:meth:`depot_price`; SOH private #6 Werkspoor: 10); 0: none
    train_discount_percent = 0

    # -- override points ---------------------------------------------------------------
    def depot_trains(self) -> list[Train]:
        """The trains the company may buy from the depot now (``Depot.for_sale``)."""
        return self.game.depot.for_sale()

    def depot_price(self, train: Train) -> int:
        """What ``train`` costs from the depot: its printed price, less
        :attr:`train_discount_percent` when the company owns an open private with the
        ``train_discount`` ability and :meth:`discounted` admits the train."""
        percent = self.train_discount_percent
        if (percent and power_of(self.game, self.company, "train_discount") is not None
                and self.discounted(train)):
            return train.spec.price * (100 - percent) // 100
        return train.spec.price

    def discounted(self, train: Train) -> bool:
        """Whether the ``train_discount`` ability applies to ``train``: every depot train
        by default."""
        return True

    def take_from_depot(self, train_id: str) -> Train:
        """Take a bought train out of the depot (``Depot.take_for_sale``)."""
        return self.game.depot.take_for_sale(train_id)

    def bought_from_depot(self, train: Train) -> None:
        """Called after a depot purchase, before its phase change (nothing by default)."""

    def must_buy_without_train(self, cheapest: Train) -> bool:
        """Whether a company without a train must buy one (``cheapest`` is the cheapest on
        sale); asked once a turn.  Always, by default (1839 R-8.3.D.6)."""
        return True

    def declined(self) -> set[str]:
        """The trains whose owners declined to sell them this turn, not offered again:
        by default the turn's memory (``TurnState.declined``; 1839 R-11.1, and our
        reading of SOH EN "Train costs": a refusal ends the asking for the turn)."""
        return self.turn.declined

    def emergency_raise(self, train_id: str, price: int) -> EmergencyRaise:
        """The emergency raise of ``price`` for the forced purchase of ``train_id``: with
        :attr:`hosts_raise` its ``raised`` spends nothing, else it completes the purchase
        (:class:`CompletePurchase`).  By default :class:`ForcedPurchase`."""
        return ForcedPurchase(self, train_id, price)

    # -- the position --------------------------------------------------------------------
    def cheapest(self) -> tuple[Train, int] | None:
        """The cheapest train on sale in the depot and its price (ties: by train id; the
        first of equals in depot order)."""
        best: tuple[Train, int] | None = None
        for train in self.depot_trains():
            price = self.depot_price(train)
            if best is None or price < best[1] or (price == best[1] and train.id < best[0].id):
                best = train, price
        return best

    def must_buy(self) -> bool:
        """A company without a train must buy one from the depot when the title says so
        (:meth:`must_buy_without_train`, asked once a turn: ``TurnState.must_buy``)."""
        if self.game.companies[self.entity].trains:  # (the usual answer: no property call)
            return False
        turn = self.turn
        if turn.must_buy is False:  # asked already this turn: no depot question either
            return False
        cheapest = self.cheapest()
        if cheapest is None:
            return False
        if turn.must_buy is None:
            turn.must_buy = self.must_buy_without_train(cheapest[0])
        return turn.must_buy

    def hosted_raise(self) -> EmergencyRaise | None:
        """With :attr:`hosts_raise`: the raise for the cheapest train while it has a
        decision to make, built afresh from the position (:mod:`railhouse.engine.emergency`)."""
        if not self.hosts_raise or not self.must_buy():
            return None
        cheapest = self.cheapest()
        assert cheapest is not None
        train, price = cheapest
        raise_ = self.emergency_raise(train.id, price)
        return None if raise_.resolve() else raise_

    def raising(self) -> EmergencyRaise:
        raise_ = self.hosted_raise()
        assert raise_ is not None, "validated: an emergency decision is due"
        return raise_

    def acting_entity(self) -> str | None:
        if not self.hosts_raise or self.game.companies[self.entity].trains:
            return self.entity  # no raise to host (``must_buy`` is False): asked per action
        raise_ = self.hosted_raise()
        return self.entity if raise_ is None else raise_.acting_entity()

    def auto(self) -> bool:
        """Resolve without a decision if there is none.  A company that need not buy a
        train always has one (``pass`` is offered), known without listing every offer: the
        set is listed when it is asked for, not also here (``Step.auto``)."""
        if type(self).legal_actions is BuyTrainStep.legal_actions and not self.must_buy():
            return self.done
        return super().auto()

    # -- the choices ---------------------------------------------------------------------
    def legal_actions(self) -> list[LegalAction]:
        if self.must_buy():  # (a hosted raise is due only then: asked once, not twice)
            raise_ = self.hosted_raise()
            if raise_ is not None:
                return raise_.legal_actions()
            cheapest = self.cheapest()
            assert cheapest is not None
            train, price = cheapest
            if self.company.cash < price:  # emergency money pays the rest
                return [LegalAction(BuyTrain(entity=self.entity, train=train.id, price=price))]
            return self.depot_offers()
        legal = []
        if len(self.company.trains) < self.game.train_limit():
            legal = self.depot_offers() + self.company_offers()
        legal.append(LegalAction(Pass(entity=self.entity)))
        return legal

    def depot_offers(self) -> list[LegalAction]:
        cash, me = self.company.cash, self.entity
        legal = []
        for train in self.depot_trains():
            price = self.depot_price(train)
            if price <= cash:
                legal.append(LegalAction(BuyTrain(entity=me, train=train.id, price=price)))
        return legal

    def company_offers(self) -> list[LegalAction]:
        """Each train of another operating company (or one per type), at 1 to the cash;
        not a train refused this turn, nor (one per type) its identical twins."""
        company, me = self.company, self.entity
        cash = company.cash
        if cash < 1:
            return []
        declined, key_of = self.declined(), self.choice_key
        ranges = {"price": Range(1, cash)}  # never changed: one for every offer
        legal = []
        for other in self.game.operating_companies():
            trains = other.trains
            if other is company or not trains:
                continue
            same_president = other.president == company.president
            seen = {key_of(t) for t in trains if t.id in declined} if declined else set()
            for train in trains:
                key = key_of(train)
                if key in seen:
                    continue
                seen.add(key)
                action: BuyTrain | OfferTrain
                if same_president:
                    action = BuyTrain(entity=me, train=train.id, price=1, source=other.id)
                else:
                    action = OfferTrain(entity=me, train=train.id, price=1)
                legal.append(LegalAction(action, ranges))
        return legal

    def choice_key(self, train: Train) -> str:
        """What tells two of another company's trains apart as choices: the train, or
        its type (``Game.each_train_a_choice``)."""
        return train.id if self.game.each_train_a_choice else train.name

    # -- the actions ---------------------------------------------------------------------
    def process_buy_train(self, action: BuyTrain) -> None:
        if action.source == "depot":
            self.buy_from_depot(action.train, action.price)
        else:
            self.sell_between(action.source, action.train, action.price)

    def process_offer_train(self, action: OfferTrain) -> None:
        wanted = action.train
        seller = self.game.operating_company_holding(wanted)
        if seller is None:
            raise IllegalAction(f"no company holds {wanted}", self.rule)  # validated: unreachable
        self.sell_between(seller.id, wanted, action.price)

    def process_issue_shares(self, action: IssueShares) -> None:
        self.raising().process(action)

    def process_sell_shares(self, action: SellShares) -> None:
        self.raising().process(action)

    def process_bankrupt(self, action: Bankrupt) -> None:
        self.raising().process(action)

    def buy_from_depot(self, train_id: str, price: int) -> None:
        """Buy ``train_id`` at ``price``; a company short of money raises it (module doc)."""
        game = self.game
        company = game.companies[self.entity]  # (self.company without the property call)
        shortfall = price - company.cash
        if shortfall > 0 and not self.hosts_raise:
            start_raise(self.emergency_raise(train_id, price))
            return
        if shortfall > 0:  # the hosted raise counted the president's cash: they pay the rest
            assert company.president is not None
            game.pay(game.player(company.president), company, shortfall)
        self.complete_purchase(train_id, price)

    def complete_purchase(self, train_id: str, price: int) -> None:
        """The company, holding ``price``, takes ``train_id`` from the depot.  The train's
        type is read from its spec (``Train.name`` without the property call, twice)."""
        game = self.game
        company = game.companies[self.entity]  # (self.company without the property call)
        train = self.take_from_depot(train_id)
        game.pay(company, game.bank, price)
        game.event("train_bought", {"company": company.id, "train": train.id,
                                    "from": "depot", "price": price})
        twin = game.depot.take_twin(train.spec.name)
        if twin is not None:  # one stack of cards for two types (``Depot.twins``)
            game.event("train_removed", {"train": twin})
        self.bought_from_depot(train)
        acquire(game, company, train)

    def sell_between(self, seller: str, train_id: str, price: int) -> None:
        """``seller`` sells ``train_id`` for ``price`` if its president agrees (at once when
        it is the buyer's); a refusal is remembered where :meth:`declined` keeps them."""
        deal = TrainSale(self.game, self.entity, seller, train_id, price,
                         declined=self.declined())
        propose(self.game, deal, then=deal.answered)


def acquire(game: Game, company: Company, train: Train) -> None:
    """``train`` joins ``company`` (bought, or acquired otherwise, e.g. 1839's DRU train,
    R-14.3.7); the first train of a type may start a phase (SOH EN "Phases"; 1839 R-5.3)."""
    company.trains.append(train.to(company.id))
    train_bought(game, train.spec.name)  # (its ``name``, without the property call)


@dataclass
class CompletePurchase:
    """An emergency raise's continuation: ``step`` completes the purchase of ``train`` at
    ``price`` once the money is raised.  An object, not a closure: ``Game.clone()`` copies
    it with the pending raise that holds it."""

    step: BuyTrainStep[Any, Any]
    train: str
    price: int

    def __call__(self) -> None:
        self.step.complete_purchase(self.train, self.price)


class ForcedPurchase(EmergencyRaise):
    """The default raise of a forced purchase: the core's sources in their default order
    (:class:`~railhouse.engine.emergency.EmergencyRules`), then the purchase completes; a
    president who cannot raise the money is bankrupt, which ends the game (a title with its
    own bankruptcy, SOH EN "Bankruptcy" or 1839 R-9, overrides
    :meth:`BuyTrainStep.emergency_raise`)."""

    rule = "forced train purchase"

    def __init__(self, step: BuyTrainStep[Any, Any], train: str, price: int) -> None:
        super().__init__(step.game, step.company, price)
        self.purchase = CompletePurchase(step, train, price)

    def raised(self) -> None:
        self.purchase()

    def bankrupt(self) -> None:
        self.game.end_game("bankruptcy")
