"""Buying privates and trains, phase changes, forced purchases, bankruptcy (SOH EN).

Agreements between two parties (a company buying a private from another player, a train
from a company with another president) are the core's two-party agreements
(:mod:`railhouse.engine.agreements`): an offer by the buying company and a ``respond`` by the
other party; with one player on both sides (``BuyPrivate``, ``BuyTrain`` from a company of the
same president) no consent is asked.  A forced purchase raises its money with the core's
emergency raise (:mod:`railhouse.engine.emergency`), hosted by the buy-train step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import (
    Bankrupt,
    BuyPrivate,
    BuyTrain,
    IssueShares,
    LegalAction,
    OfferPrivate,
    OfferTrain,
    Pass,
    Range,
    SellShares,
)
from railhouse.engine.agreements import PrivateSale, TrainSale, propose
from railhouse.engine.emergency import EmergencyRaise, EmergencyRules
from railhouse.engine.entities import Company, Train
from railhouse.engine.phases import train_bought
from railhouse.engine.privates import close_all_privates, close_private
from railhouse.engine.trains import phase_for_train
from railhouse_soh import routing, treasury
from railhouse_soh.stepbase import SohStep
from railhouse_soh.track import ability_private
from railhouse_soh.variants import trains as variant_trains
from railhouse_soh.variants.issues import may_issue

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland

DISCOUNT_PERCENT = 10  # private #6 Werkspoor


class BuyPrivateStep(SohStep):
    """EN "Buying private companies": in phases 3 and 4 a company may buy a private from
    any player for 1 up to its printed value, if the owner agrees."""

    rule = "SOH EN 'Buying private companies'"

    def legal_actions(self) -> list[LegalAction]:
        game, company = self.game, self.company
        if "privates_buyable" not in game.phase.events or company.cash < 1:
            return []
        legal = []
        for private in game.privates.values():
            if private.closed or private.owner is None or not private.owner.startswith("p"):
                continue
            top = min(private.spec.value, company.cash)
            kind = BuyPrivate if private.owner == company.president else OfferPrivate
            legal.append(LegalAction(kind(entity=self.entity, target=private.id, price=1),
                                     {"price": Range(1, top)}))
        if legal:
            legal.append(LegalAction(Pass(entity=self.entity)))
        return legal

    def process_buy_private(self, action: BuyPrivate) -> None:
        self.buy(action.target, action.price)

    def process_offer_private(self, action: OfferPrivate) -> None:
        self.buy(action.target, action.price)

    def buy(self, private: str, price: int) -> None:
        """The owner is asked (core agreement); the president's own private is bought at
        once (one seat on both sides)."""
        propose(self.game, PrivateSale(self.game, self.entity, private, price))


def depot_price(game: SteamOverHolland, company: Company, train: Train) -> int:
    """EN private #6: 10% off every train the owning company buys from the bank
    (18xx-games rule set: only 3-, 4- and 5-trains; facts §11.2 "Private #6")."""
    if (ability_private(game, company, "train_discount") is not None
            and variant_trains.discounted(game.ruleset, train.name)):
        return train.spec.price * (100 - DISCOUNT_PERCENT) // 100
    return train.spec.price


class BuyTrainStep(SohStep):
    """EN "Purchasing trains", "Train costs", "Forced train purchases", "Bankruptcy"."""

    rule = "SOH EN 'Purchasing trains'"

    def acting_entity(self) -> str | None:
        raise_ = self.emergency()
        return self.entity if raise_ is None else raise_.acting_entity()

    def cheapest(self) -> tuple[Train, int] | None:
        company = self.company
        offers = [(depot_price(self.game, company, t), t)
                  for t in variant_trains.on_sale(self.game)]
        if not offers:
            return None
        price, train = min(offers, key=lambda o: (o[0], o[1].id))
        return train, price

    def must_buy(self) -> bool:
        company = self.company
        if company.trains:
            return False
        cheapest = self.cheapest()
        if cheapest is None:
            return False
        if self.turn.must_buy is None:
            self.turn.must_buy = routing.has_route(self.game, company, cheapest[0])
        return self.turn.must_buy

    def emergency(self) -> ForcedPurchaseRaise | None:
        """EN "Forced train purchases": the money raising while it has a decision to make
        (issue, or the president's sale or bankruptcy).  The core raise is built afresh from
        the position each time (hosted here, not on ``game.pending``)."""
        if not self.must_buy():
            return None
        cheapest = self.cheapest()
        assert cheapest is not None
        raise_ = ForcedPurchaseRaise(self, cheapest[1])
        return None if raise_.resolve() else raise_

    def raising(self) -> ForcedPurchaseRaise:
        raise_ = self.emergency()
        assert raise_ is not None, "validated: an emergency decision is due"
        return raise_

    def legal_actions(self) -> list[LegalAction]:
        raise_ = self.emergency()
        if raise_ is not None:
            return raise_.legal_actions()
        cheapest = self.cheapest()
        if self.must_buy() and cheapest is not None and self.company.cash < cheapest[1]:
            train, price = cheapest  # the president pays the balance (EN step 2)
            return [LegalAction(BuyTrain(entity=self.entity, train=train.id, price=price))]
        legal = self.purchase_choices()
        if not self.must_buy():
            legal.append(LegalAction(Pass(entity=self.entity)))
        return legal

    def purchase_choices(self) -> list[LegalAction]:
        game, company = self.game, self.company
        if len(company.trains) >= game.phase.train_limit:
            return []
        legal = []
        for train in variant_trains.on_sale(game):
            price = depot_price(game, company, train)
            if price <= company.cash:
                legal.append(LegalAction(BuyTrain(entity=self.entity, train=train.id, price=price)))
        if self.must_buy() or company.cash < 1:
            return legal  # a forced purchase must be the cheapest train from the bank
        for other in game.operating_companies():
            if other is company:
                continue
            kind = BuyTrain if other.president == company.president else OfferTrain
            seen: set[str] = set()
            for train in other.trains:
                if train.name in seen:
                    continue
                seen.add(train.name)
                action: BuyTrain | OfferTrain
                if kind is BuyTrain:
                    action = BuyTrain(entity=self.entity, train=train.id, price=1, source=other.id)
                else:
                    action = OfferTrain(entity=self.entity, train=train.id, price=1)
                legal.append(LegalAction(action, {"price": Range(1, company.cash)}))
        return legal

    def process_issue_shares(self, action: IssueShares) -> None:
        self.raising().process(action)

    def process_sell_shares(self, action: SellShares) -> None:
        self.raising().process(action)

    def process_bankrupt(self, action: Bankrupt) -> None:
        self.raising().process(action)

    def process_buy_train(self, action: BuyTrain) -> None:
        game, company = self.game, self.company
        if action.source != "depot":  # same president: no consent asked
            propose(game, TrainSale(game, company.id, action.source, action.train,
                                    action.price))
            return
        shortfall = max(0, action.price - company.cash)
        if shortfall:  # a forced purchase: the president pays the balance (EN step 2)
            president = company.president
            assert president is not None
            game.pay(game.player(president), company, shortfall)
        train = variant_trains.take(game, action.train)
        game.pay(company, game.bank, action.price)
        train.owner = company.id
        company.trains.append(train)
        game.event("train_bought", {"company": company.id, "train": train.id, "from": "depot",
                                    "price": action.price})
        twin = variant_trains.take_twin(game.ruleset, game.depot, train.name)
        if twin is not None:  # facts §11.2: one shared stack of 6 / 3E cards
            game.event("train_removed", {"train": twin})
        close_privates_on_purchase(game, train.name)
        train_bought(game, train.name)

    def process_offer_train(self, action: OfferTrain) -> None:
        seller = next(c for c in self.game.operating_companies()
                      if any(t.id == action.train for t in c.trains))
        propose(self.game, TrainSale(self.game, self.entity, seller.id, action.train,
                                     action.price))


#: EN "Forced train purchases" as the core's emergency options: (a) the company issues
#: shares up to the normal limit (any number of issues, FAQ; ``may_issue`` limits T's), (b)
#: the president's cash, paid at the purchase, (c) the president may sell "the necessary
#: shares", never a president's certificate (EN "Selling shares"), or let the company go
#: bankrupt; when the sales cannot cover the rest, "no sale takes place" (bankruptcy only).
FORCED_PURCHASE = EmergencyRules(treasury_choice=True, repeat_issue=True,
                                 contribute_at_spend=True, keep_president_certificates=True,
                                 sell_only_needed=True, bankrupt_by_choice=True)


class ForcedPurchaseRaise(EmergencyRaise):
    """The core emergency raise for the cheapest train, hosted by :class:`BuyTrainStep`;
    the step's ``BuyTrain`` spends the money (the president paying the balance)."""

    rule = "SOH EN 'Forced train purchases'"

    def __init__(self, step: BuyTrainStep, amount: int) -> None:
        super().__init__(step.game, step.company, amount, FORCED_PURCHASE)
        self.step = step

    def treasury_units(self) -> int:
        """The issue limit of EN "Sell or buy its own shares" (FAQ: cumulative in the turn,
        emergency issues count); the 18xx-games rule set allows no emergency issue after a
        voluntary one (``may_issue``) and no more shares than the shortfall needs (facts
        §11.2 "Emergency issue")."""
        step = self.step
        if not may_issue(step.game.ruleset, step.turn, emergency=True):
            return 0
        limit = treasury.issue_limit(step.game, self.company, step.turn.issued)
        if step.game.ruleset.emergency_issue_capped:  # T: no more shares than needed
            limit = min(limit, self.units_needed(self.company, self.shortfall()))
        return limit

    def sell_treasury(self, count: int) -> None:
        treasury.issue(self.step.game, self.company, count)

    def legal_actions(self) -> list[LegalAction]:
        """18xx-games rule set: once the president has sold shares for the train, the
        company may no longer be let go (T: "Player sold shares, a train must be
        purchased"), unless nothing else is left, and a company's shares are sold in one
        block (T's ``BuyTrain#can_sell?``: not again once sold in this purchase)."""
        legal = super().legal_actions()
        turn = self.step.turn
        if self.step.game.ruleset.no_close_after_sale and turn.president_sold:
            sold = turn.sold_companies
            legal = [c for c in legal if not (isinstance(c.action, SellShares)
                                              and c.action.company in sold)]
            legal = [c for c in legal if not isinstance(c.action, Bankrupt)] or legal
        return legal

    def process_sell_shares(self, action: SellShares) -> None:
        turn = self.step.turn
        turn.president_sold = True
        turn.sold_companies = (*turn.sold_companies, action.company)
        super().process_sell_shares(action)

    def raised(self) -> None:
        """Nothing to do: the step now offers the ``BuyTrain``."""

    def bankrupt(self) -> None:
        bankrupt_company(self.step.game, self.company)
        self.step.done = True


def close_privates_on_purchase(game: SteamOverHolland, train_name: str) -> None:
    """Online edition (SUM "Private Companies", option ``privates_close``): "When the first
    5 train is bought, all private companies close" at once, not when phase 5 begins at
    the end of the turn (EN).  The purchase itself still gets private #6's discount."""
    index = phase_for_train(game.config.phases, train_name)
    if (not game.online.privates_close_on_purchase or index is None
            or index <= game.phase_index
            or "close_privates" not in game.config.phases[index].events):
        return
    close_all_privates(game, "first 5 train")


def bankrupt_company(game: SteamOverHolland, company: Company) -> None:
    """EN "Bankruptcy": tokens removed (the home spot is freed), shares worthless and
    removed, treasury to the bank, the president's own cash untouched."""
    board = game.board
    for hex_id, city in board.company_cities(company.id):
        board.remove_token(hex_id, city, company.id)
    board.drop_reservations(company.id)
    game.pay(company, game.bank, company.cash)
    for cert in company.certs:
        cert.owner = "removed"
    for train in company.trains:
        train.owner = None
        game.depot.discarded.append(train)
    company.trains.clear()
    for private_id in list(company.privates):
        close_private(game, private_id, "bankruptcy")
    game.market_of(company).remove(company.id)
    company.closed = True
    game.event("company_bankrupt", {"company": company.id})
