"""Two-party agreements: an offer by one seat, then an accept/decline by the other.

DESIGN "Two-party agreements": a company buying a private from a player (SOH EN "Buying
private companies"; 1839 R-8.3.10), a train sold between companies of different presidents
(SOH EN "Train costs"; 1839 R-8.3.D.4), a 1839 station swap (R-8.3.B.3) or KR's marker
move (R-14.3.5) are all one shape:

1. The proposing entity's step lists the offer as a legal action (``OfferPrivate``,
   ``OfferTrain`` or a title's own action) and, when it is applied, calls
   :func:`propose` with a :class:`Deal` describing what happens on acceptance.
2. :func:`propose` checks the deal (:meth:`Deal.check` raises ``IllegalAction``), and
   either executes it at once when one seat sits on both sides (a player does not ask
   himself; a title may disable this with ``ask_same_seat=True``) or pushes an
   :class:`AgreementDecider` on ``game.pending``.
3. The respondent (a player id, or a company id whose president answers) is asked for
   ``Respond(accept=True|False)``; accepting executes the deal, declining does nothing.
   Both record an ``agreement`` event; ``then(accepted)`` lets the proposing step go on
   (e.g. remember a declined offer so it is not repeated in the same turn, 1839 R-8.3.10).
   ``then`` must be a bound method (or None), never a lambda or closure: ``Game.clone()``
   re-binds a bound method to the cloned step (or deal: a deal may carry its own
   ``then``, e.g. ``then=deal.answered``), but shares a plain function unchanged.

A title uses it from a step::

    def process_offer_private(self, action: OfferPrivate) -> None:
        propose(self.game, PrivateSale(self.game, action.entity, action.target, action.price),
                then=self.after_answer)

and writes its own :class:`Deal` subclass (``check`` + ``execute``) for anything else, e.g. a
station swap.  The ready-made :class:`PrivateSale` and :class:`TrainSale` move money only
through ``Game.pay``, so the money invariants hold, and record what changed hands as the
titles' ``private_bought`` / ``train_bought`` events (``company``, ``private``/``train``,
``from``, ``price``) before the ``agreement`` event.  The core's buy-train step
(:mod:`railhouse.engine.steps.trains`) sells trains between companies with ``TrainSale``,
for every title (SOH EN "Train costs"; 1839 R-8.3.D.4).  Steam Over Holland (trainbuy.py)
makes its private purchases with ``PrivateSale``, asked or not.  1839 uses it for its green
private purchases (R-8.3.10), the core's token deals (:mod:`railhouse.engine.tokendeals`)
for its station swaps (R-8.3.B.3, stations.py), and writes its own deals: DRU's train
hand-over (R-14.3.7, anytime.py) and KR's move (kabinet.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from railhouse.engine.actions import LegalAction, Respond
from railhouse.engine.errors import IllegalAction
from railhouse.engine.privates import update_private
from railhouse.engine.rounds.base import Decider

if TYPE_CHECKING:
    from railhouse.engine.entities import Company, Train
    from railhouse.engine.game import Game

RULE = "two-party agreement"
Answered = Callable[[bool], None]


class Deal:
    """What an accepted offer does.  ``proposer`` and ``respondent`` are entity ids (a
    player id or a company id); ``describe()`` is the JSON-ready record of the terms.
    With ``declined`` (a turn's memory of refused offers, e.g. 1839 R-11.1) a refusal adds
    :meth:`refusal` to it when :meth:`answered` is the deal's ``then``, so that the offer
    is not made again."""

    rule = RULE

    def __init__(self, game: Game, proposer: str, respondent: str, *,
                 declined: set[str] | None = None) -> None:
        self.game = game.inner  # (a part of the game: railhouse.engine.cloning)
        self.proposer = proposer
        self.respondent = respondent
        self.declined = declined

    def refusal(self) -> str:
        """What a refusal of this deal is remembered as in ``declined``."""
        raise NotImplementedError

    def answered(self, accepted: bool) -> None:
        if not accepted and self.declined is not None:
            self.declined.add(self.refusal())

    def check(self) -> None:
        """Raise ``IllegalAction`` unless the deal can be executed now."""

    def execute(self) -> None:
        raise NotImplementedError

    def describe(self) -> dict[str, object]:
        return {"proposer": self.proposer, "respondent": self.respondent}


class AgreementDecider(Decider["Game"]):
    """Asks the respondent of ``deal`` to accept or decline (on ``game.pending``)."""

    rule = RULE

    def __init__(self, game: Game, deal: Deal, then: Answered | None = None) -> None:
        self.game = game.inner  # Decider.__init__'s (every offer asks its respondent)
        self.deal = deal
        self.then = then

    def acting_entity(self) -> str | None:
        return self.deal.respondent

    def legal_actions(self) -> list[LegalAction]:
        who = self.deal.respondent
        return [LegalAction(Respond(entity=who, accept=True)),
                LegalAction(Respond(entity=who, accept=False))]

    def process_respond(self, action: Respond) -> None:
        self.game.pending.remove(self)
        conclude(self.game, self.deal, action.accept, self.then)


def propose(game: Game, deal: Deal, *, then: Answered | None = None,
            ask_same_seat: bool = False) -> None:
    """Offer ``deal``: check it, then execute it at once if one seat is on both sides
    (unless ``ask_same_seat``), else ask the respondent through ``game.pending``."""
    deal.check()
    if not ask_same_seat and _one_seat(game, deal.proposer, deal.respondent):
        _settle_deal(game, deal, True, then)  # just checked: nothing changed since
        return
    game.event("offer", deal.describe())
    game.pending.append(AgreementDecider(game, deal, then))


def _one_seat(game: Game, first: str, second: str) -> bool:
    try:
        return game.seat_of(first) == game.seat_of(second)
    except KeyError:  # an entity no seat decides for (a company without a president)
        return False


def conclude(game: Game, deal: Deal, accepted: bool, then: Answered | None) -> None:
    """Execute ``deal`` if ``accepted`` (re-checked first), record it, call ``then``."""
    if accepted:
        deal.check()
    _settle_deal(game, deal, accepted, then)


def _settle_deal(game: Game, deal: Deal, accepted: bool, then: Answered | None) -> None:
    """Execute ``deal`` if ``accepted`` (checked already), record it, call ``then``."""
    if accepted:
        deal.execute()
    game.event("agreement", {**deal.describe(), "accepted": accepted})
    if then is not None:
        then(accepted)


class PrivateSale(Deal):
    """Company ``buyer`` buys private ``private`` from its owner for ``price``; a refusal
    is remembered as the private (``declined``)."""

    def __init__(self, game: Game, buyer: str, private: str, price: int, *,
                 declined: set[str] | None = None) -> None:
        owner = game.privates[private].owner if private in game.privates else None
        if owner is None:
            raise IllegalAction(f"private {private!r} has no owner to sell it", RULE)
        # Deal.__init__'s assignments, without the super() call (a deal is made at every
        # offer and purchase between companies)
        self.game, self.proposer, self.respondent, self.declined = game, buyer, owner, declined
        self.private = private
        self.price = price

    def refusal(self) -> str:
        return self.private

    def check(self) -> None:
        game = self.game
        private = game.privates[self.private]
        buyer = game.company(self.proposer)
        if private.closed or private.owner != self.respondent:
            raise IllegalAction(f"{self.respondent} no longer owns {self.private}", RULE)
        if self.price < 0 or buyer.cash < self.price:
            raise IllegalAction(f"{buyer.id} cannot pay {self.price} for {self.private}", RULE)

    def execute(self) -> None:
        game = self.game
        buyer = game.company(self.proposer)
        game.pay(buyer, game.payer(self.respondent), self.price)
        seller = game.companies.get(self.respondent)
        if seller is not None and self.private in seller.privates:
            seller.privates.remove(self.private)
        update_private(game, self.private, owner=buyer.id)
        buyer.privates.append(self.private)
        game.event("private_bought", {"company": buyer.id, "private": self.private,
                                      "from": self.respondent, "price": self.price})

    def describe(self) -> dict[str, object]:
        # Deal.describe's entries, then the terms, in one dict (no super() call, no
        # second dict: every offer and agreement event describes its deal)
        return {"proposer": self.proposer, "respondent": self.respondent,
                "private": self.private, "price": self.price}


class TrainSale(Deal):
    """Company ``buyer`` buys train ``train`` from company ``seller`` for ``price``; with
    ``declined`` (a turn's memory, e.g. 1839 R-11.1) a refusal adds the train to it when
    :meth:`answered` is the deal's ``then``, so that it is not asked for again."""

    def __init__(self, game: Game, buyer: str, seller: str, train: str, price: int, *,
                 declined: set[str] | None = None) -> None:
        # Deal.__init__'s assignments, without the super() call (as PrivateSale's)
        self.game, self.proposer, self.respondent, self.declined = game, buyer, seller, declined
        self.train = train
        self.price = price

    def refusal(self) -> str:
        return self.train

    def check(self) -> None:
        game = self.game
        buyer, seller = game.company(self.proposer), game.company(self.respondent)
        if buyer is seller:
            raise IllegalAction(f"{buyer.id} cannot buy its own train", RULE)
        if self.held_by(seller) is None:
            raise IllegalAction(f"{seller.id} has no train {self.train!r}", RULE)
        if self.price < 0 or buyer.cash < self.price:
            raise IllegalAction(f"{buyer.id} cannot pay {self.price} for {self.train}", RULE)

    def execute(self) -> None:
        game = self.game
        buyer, seller = game.company(self.proposer), game.company(self.respondent)
        train = self.held_by(seller)
        assert train is not None, "checked: the seller holds the train"
        game.pay(buyer, seller, self.price)
        seller.trains.remove(train)
        buyer.trains.append(train.to(buyer.id))
        game.event("train_bought", {"company": buyer.id, "train": self.train,
                                    "from": seller.id, "price": self.price})

    def held_by(self, seller: Company) -> Train | None:
        """``seller``'s train of the deal, or None."""
        wanted = self.train
        for train in seller.trains:
            if train.id == wanted:
                return train
        return None

    def describe(self) -> dict[str, object]:
        # Deal.describe's entries, then the terms, in one dict (as PrivateSale's)
        return {"proposer": self.proposer, "respondent": self.respondent,
                "train": self.train, "price": self.price}
