"""Decisions a company may take at any moment of its operating turn (R-8.3.10, R-14.3.7).

"At any moment of its turn" is read as: at every decision the operating company is asked
for during its turn (every step that waits for the company), in addition to that step's own
choices.  Steps that resolve themselves offer no moment.  Two kinds of decision:

* **R-8.3.10 / R-14.2.2 green privates**: from light green on, the company buys LVG or SRV
  from a player for f1 up to face value, paid from its treasury.  When the private's owner
  is the company's director the purchase is immediate (``buy_private``); otherwise the
  company makes an ``offer_private`` and the owner answers with ``respond``.
* **R-14.3.7 DRU's train** (A-28): from dark brown on, the player holding the train gives it
  to a floated company below its train limit, its director agreeing.  The company's side is
  ``give_dru_train`` (immediate when its director is the holder); otherwise the holder answers
  with ``respond``.  The same choice is offered to a trainless company in the
  nationalisation window (operating.py) and to the holder in their stock-round turn (stock.py).

* **R-9.1 concession** "at any time": the company's director may concede at any of these
  decisions (``concede`` with the company as entity, i.e. its director's seat); the
  company is then nationalised with the director's other companies (R-9.3) and its turn
  ends.

A declined offer cannot be repeated in the same turn (``turn["declined"]``), so an offer
loop always ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railhouse.engine.actions import (
    Action,
    BuyPrivate,
    Concede,
    LegalAction,
    OfferPrivate,
    Range,
    Respond,
)
from railhouse.engine.entities import Company
from railhouse.engine.rounds.base import Decider
from railhouse_m1839.actions import GiveDruTrain
from railhouse_m1839.data import GREEN_PRIVATES

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839

GREEN_PRIVATES_FROM = 3  # phase number of light green
DRU_TRAIN_FROM = 8  # phase number of dark brown
ANYTIME = (BuyPrivate, OfferPrivate, GiveDruTrain, Concede)


def anytime_choices(game: M1839, company: Company, declined: set[str]) -> list[LegalAction]:
    """The company's any-moment choices now; ``declined`` names offers already refused."""
    return (private_choices(game, company, declined) + dru_choices(game, company, declined)
            + [LegalAction(Concede(entity=company.id))])


def private_choices(game: M1839, company: Company, declined: set[str]) -> list[LegalAction]:
    """R-8.3.10: green privates owned by a player, f1 to face value, within the treasury."""
    if game.phase.extra["number"] < GREEN_PRIVATES_FROM or company.cash < 1:
        return []
    legal = []
    for private_id in GREEN_PRIVATES:
        private = game.privates.get(private_id)
        if (private is None or private.closed or private.owner is None
                or not private.owner.startswith("p") or private_id in declined):
            continue
        kind = BuyPrivate if private.owner == company.president else OfferPrivate
        top = min(private.spec.value, company.cash)
        legal.append(LegalAction(kind(entity=company.id, target=private_id, price=1),
                                 {"price": Range(1, top)}))
    return legal


def dru_choices(game: M1839, company: Company, declined: set[str]) -> list[LegalAction]:
    """R-14.3.7 (A-28): the held DRU train, to a floated company below its train limit."""
    if not may_receive_dru(game, company) or "DRU" in declined:
        return []
    return [LegalAction(GiveDruTrain(entity=company.id, company=company.id))]


def may_receive_dru(game: M1839, company: Company) -> bool:
    from railhouse_m1839.trains import train_limit

    return (game.dru_train is not None and game.dru_holder is not None
            and game.phase.extra["number"] >= DRU_TRAIN_FROM
            and company.floated and not company.closed
            and len(company.trains) < train_limit(game))


def process_anytime(game: M1839, company: Company, action: Action,
                    declined: set[str]) -> None:
    """Carry out an any-moment choice already validated against ``anytime_choices``."""
    if isinstance(action, Concede):
        from railhouse_m1839.money import go_bankrupt

        assert company.president is not None
        go_bankrupt(game, company.president)
    elif isinstance(action, BuyPrivate):
        transfer_private(game, company, action.target, action.price)
    elif isinstance(action, OfferPrivate):
        owner = game.privates[action.target].owner
        assert owner is not None
        game.pending.append(AnytimeOffer(game, owner, company, action, declined))
    elif isinstance(action, GiveDruTrain):
        if game.dru_holder == company.president:
            give_dru_train(game, company)
        else:
            holder = game.dru_holder
            assert holder is not None
            game.pending.append(AnytimeOffer(game, holder, company, action, declined))


def transfer_private(game: M1839, company: Company, private_id: str, price: int) -> None:
    """The private moves to ``company``; the price goes from its treasury to the player."""
    private = game.privates[private_id]
    seller = private.owner
    assert seller is not None
    game.pay(company, game.player(seller), price)
    private.owner = company.id
    company.privates.append(private_id)
    game.event("private_bought", {"company": company.id, "private": private_id,
                                  "from": seller, "price": price})


def give_dru_train(game: M1839, company: Company) -> None:
    """R-14.3.7: the held dark brown train joins ``company`` (a normal acquisition)."""
    from railhouse_m1839.trains import acquire

    train = game.dru_train
    assert train is not None
    game.dru_train = game.dru_holder = None
    game.event("dru_train", {"company": company.id, "train": train.id})
    acquire(game, company, train)


class AnytimeOffer(Decider):
    """The other party (the private's owner, or the DRU train's holder, or a company's
    director answering for it) accepts or declines; a refusal is remembered in ``declined``."""

    rule = "1839 R-8.3.10"

    def __init__(self, game: M1839, respondent: str, company: Company, offer: Any,
                 declined: set[str]) -> None:
        super().__init__(game)
        self.respondent = respondent
        self.company = company
        self.offer = offer
        self.declined = declined

    @property
    def m(self) -> M1839:
        return self.game  # type: ignore[return-value]

    def acting_entity(self) -> str | None:
        return self.respondent

    def legal_actions(self) -> list[LegalAction]:
        return [LegalAction(Respond(entity=self.respondent, accept=a)) for a in (True, False)]

    def process_respond(self, action: Respond) -> None:
        game, offer = self.m, self.offer
        game.pending.remove(self)
        game.event("response", {"by": self.respondent, "accept": action.accept})
        if isinstance(offer, OfferPrivate):
            private = game.privates[offer.target]
            still = (not private.closed and private.owner == self.respondent
                     and self.company.cash >= offer.price)
            if action.accept and still:
                transfer_private(game, self.company, offer.target, offer.price)
            elif not action.accept:
                self.declined.add(offer.target)
            return
        if action.accept and may_receive_dru(game, self.company):
            give_dru_train(game, self.company)
        elif not action.accept:
            self.declined.add("DRU")
