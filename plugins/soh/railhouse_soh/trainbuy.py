"""Buying privates and trains, phase changes, forced purchases, bankruptcy (SOH EN).

Agreements between two parties (a company buying a private from another player, a train
from a company with another president) are an offer by the buying company and a
``respond`` by the other party; with one player on both sides no consent is asked.
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
    Respond,
    SellShares,
)
from railhouse.engine.entities import POOL, Company, Train
from railhouse.engine.phases import DiscardDecider as CoreDiscardDecider
from railhouse.engine.rounds.base import Decider
from railhouse.engine.shares import move_shares, update_president
from railhouse.engine.trains import phase_for_train, rust_trains
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
        game, company = self.soh, self.company
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
        transfer_private(self.soh, self.company, action.target, action.price)

    def process_offer_private(self, action: OfferPrivate) -> None:
        owner = self.soh.privates[action.target].owner
        assert owner is not None
        self.game.pending.append(OfferDecider(self.soh, owner, action, self.company))


def transfer_private(game: SteamOverHolland, company: Company, private_id: str, price: int) -> None:
    private = game.privates[private_id]
    assert private.owner is not None
    game.pay(company, game.player(private.owner), price)
    game.event("private_bought", {"company": company.id, "private": private_id,
                                  "from": private.owner, "price": price})
    private.owner = company.id
    company.privates.append(private_id)


class OfferDecider(Decider):
    """The other party accepts or declines an offer (DESIGN: two-party agreements)."""

    rule = "agreement"

    def __init__(self, game: SteamOverHolland, respondent: str, offer: OfferPrivate | OfferTrain,
                 buyer: Company) -> None:
        super().__init__(game)
        self.respondent = respondent
        self.offer = offer
        self.buyer = buyer

    def acting_entity(self) -> str | None:
        return self.respondent

    def legal_actions(self) -> list[LegalAction]:
        return [LegalAction(Respond(entity=self.respondent, accept=a)) for a in (True, False)]

    def process_respond(self, action: Respond) -> None:
        self.game.pending.remove(self)
        game: SteamOverHolland = self.game  # type: ignore[assignment]
        offer = self.offer
        if action.accept and isinstance(offer, OfferPrivate):
            transfer_private(game, self.buyer, offer.target, offer.price)
        elif action.accept and isinstance(offer, OfferTrain):
            seller = game.companies[self.respondent]
            move_train(game, self.buyer, seller, offer.train, offer.price)
        game.event("response", {"by": self.respondent, "accept": action.accept})


def move_train(game: SteamOverHolland, buyer: Company, seller: Company, train_id: str,
               price: int) -> None:
    train = next(t for t in seller.trains if t.id == train_id)
    game.pay(buyer, seller, price)
    seller.trains.remove(train)
    train.owner = buyer.id
    buyer.trains.append(train)
    game.event("train_bought", {"company": buyer.id, "train": train_id, "from": seller.id,
                                "price": price})


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

    def president(self) -> str:
        president = self.company.president
        assert president is not None
        return president

    def acting_entity(self) -> str | None:
        return self.president() if self.mode() == "sell" else self.entity

    def cheapest(self) -> tuple[Train, int] | None:
        company = self.company
        offers = [(depot_price(self.soh, company, t), t) for t in self.soh.depot.available()]
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
        if "must_buy" not in self.turn:
            self.turn["must_buy"] = routing.can_run(self.soh, company, cheapest[0])
        return bool(self.turn["must_buy"])

    def mode(self) -> str:
        """``normal``; ``issue``/``contribute``/``sell``: the forced-purchase money steps."""
        if not self.must_buy():
            return "normal"
        cheapest = self.cheapest()
        assert cheapest is not None
        price = cheapest[1]
        company = self.company
        if company.cash >= price:
            return "normal"
        if (treasury.issue_limit(self.soh, company, self.turn.get("issued", 0)) > 0
                and may_issue(self.soh.ruleset, self.turn, emergency=True)):
            return "issue"
        if company.cash + self.soh.player(self.president()).cash >= price:
            return "contribute"
        return "sell"

    def legal_actions(self) -> list[LegalAction]:
        mode = self.mode()
        if mode == "issue":
            top = treasury.issue_limit(self.soh, self.company, self.turn.get("issued", 0))
            return [LegalAction(IssueShares(entity=self.entity, count=1), {"count": Range(1, top)})]
        if mode == "contribute":
            train, price = self.cheapest()  # type: ignore[misc]
            return [LegalAction(BuyTrain(entity=self.entity, train=train.id, price=price))]
        if mode == "sell":
            return self.sell_choices()
        legal = self.purchase_choices()
        if not self.must_buy():
            legal.append(LegalAction(Pass(entity=self.entity)))
        return legal

    def purchase_choices(self) -> list[LegalAction]:
        game, company = self.soh, self.company
        if len(company.trains) >= game.phase.train_limit:
            return []
        legal = []
        for train in game.depot.available():
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
                if kind is BuyTrain:
                    action = BuyTrain(entity=self.entity, train=train.id, price=1, source=other.id)
                else:
                    action = OfferTrain(entity=self.entity, train=train.id, price=1)  # type: ignore[assignment]
                legal.append(LegalAction(action, {"price": Range(1, company.cash)}))
        return legal

    def sell_choices(self) -> list[LegalAction]:
        """The president may sell his own shares, or let the company go bankrupt; selling
        is offered only if it can raise enough ("no sale takes place" otherwise), and only
        "the necessary shares": no more of a company than the shortfall needs."""
        game, me = self.soh, self.president()
        cheapest = self.cheapest()
        assert cheapest is not None
        need = cheapest[1] - self.company.cash - game.player(me).cash
        options = []
        raisable = 0
        for other in game.companies.values():
            top = emergency_sellable(game, me, other, self.company)
            if top:
                price = game.share_price(other)
                top = min(top, -(-need // price))
                raisable += top * price
                options.append(LegalAction(SellShares(entity=me, company=other.id, count=1),
                                           {"count": Range(1, top)}))
        legal = options if raisable >= need else []
        legal.append(LegalAction(Bankrupt(entity=me)))
        return legal

    def process_issue_shares(self, action: IssueShares) -> None:
        treasury.issue(self.soh, self.company, action.count)

    def process_sell_shares(self, action: SellShares) -> None:
        game = self.soh
        company = game.company(action.company)
        me = action.entity
        price = game.share_price(company)
        move_shares(company, me, POOL, action.count)
        game.pay(game.bank, game.player(me), price * action.count)
        game.market_of(company).move(company.id, "down", action.count,
                                     ledges=company.president != me)
        update_president(game, company)
        game.event("sell", {"player": me, "company": company.id, "count": action.count,
                            "price": price, "emergency": True})

    def process_bankrupt(self, action: Bankrupt) -> None:
        bankrupt_company(self.soh, self.company)
        self.done = True

    def process_buy_train(self, action: BuyTrain) -> None:
        game, company = self.soh, self.company
        if action.source != "depot":
            move_train(game, company, game.companies[action.source], action.train, action.price)
            return
        shortfall = max(0, action.price - company.cash)
        if shortfall:
            game.pay(game.player(self.president()), company, shortfall)
        train = game.depot.take(action.train)
        game.pay(company, game.bank, action.price)
        train.owner = company.id
        company.trains.append(train)
        game.event("train_bought", {"company": company.id, "train": train.id, "from": "depot",
                                    "price": action.price})
        twin = variant_trains.take_twin(game.ruleset, game.depot, train.name)
        if twin is not None:  # facts §11.2: one shared stack of 6 / 3E cards
            game.event("train_removed", {"train": twin})
        close_privates_on_purchase(game, train.name)
        trigger_phase(game, train.name)

    def process_offer_train(self, action: OfferTrain) -> None:
        seller = next(c for c in self.soh.operating_companies()
                      if any(t.id == action.train for t in c.trains))
        self.game.pending.append(OfferDecider(self.soh, seller.id, action, self.company))


def emergency_sellable(game: SteamOverHolland, me: str, company: Company,
                       operating: Company) -> int:
    """Shares ``me`` may sell in an emergency: ordinary certificates, the market at most
    50%, and never so many that the operating company changes president (our reading)."""
    if not company.started or company.closed:
        return 0
    held = company.shares_of(me) - (2 if company.president == me else 0)
    room = ((game.config.pool_limit_percent or 100) - company.percent_of(POOL)) // 10
    top = max(0, min(held, room))
    if company is operating:
        others = max((company.shares_of(p.id) for p in game.seats if p.id != me), default=0)
        top = min(top, max(0, company.shares_of(me) - others))
    return top


def close_privates_on_purchase(game: SteamOverHolland, train_name: str) -> None:
    """Online edition (SUM "Private Companies", option ``privates_close``): "When the first
    5 train is bought, all private companies close" at once, not when phase 5 begins at
    the end of the turn (EN).  The purchase itself still gets private #6's discount."""
    index = phase_for_train(game.config.phases, train_name)
    if (not game.online.privates_close_on_purchase or index is None
            or index <= game.phase_index
            or "close_privates" not in game.config.phases[index].events):
        return
    for private in game.privates.values():
        if not private.closed:
            private.closed = True
            game.event("private_closed", {"private": private.id})


def trigger_phase(game: SteamOverHolland, train_name: str) -> None:
    """The first train of a type that starts a phase: at the end of the turn (EN
    "Phases"); at once under the 18xx-games rule set (facts §11.2 "When a phase change
    takes effect": rusting, train limits, private closing and tile colours change
    mid-turn)."""
    index = phase_for_train(game.config.phases, train_name)
    if index is None or index <= game.phase_index:
        return
    if game.pending_phase is None or index > game.pending_phase:
        game.pending_phase = index
    if game.ruleset.immediate_phase:
        apply_pending_phase(game)


def apply_pending_phase(game: SteamOverHolland) -> None:
    target = game.pending_phase
    game.pending_phase = None
    while target is not None and game.phase_index < target:
        old = game.phase
        game.phase_index += 1
        new = game.phase
        game.event("phase", {"phase": new.name})
        rust_trains(game, new.name)
        game.hooks.phase_changed(game, old, new)
    for company in game.operating_companies():
        if len(company.trains) > game.phase.train_limit:
            game.pending.append(DiscardDecider(game, company))


class DiscardDecider(CoreDiscardDecider):
    """EN "Number of trains per company": over the limit after a phase change, the
    president discards trains of his choice; they leave the game (the core's discard)."""

    rule = "SOH EN 'Number of trains per company'"


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
        game.privates[private_id].closed = True
    company.privates.clear()
    game.market_of(company).remove(company.id)
    company.closed = True
    game.event("company_bankrupt", {"company": company.id})
