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

Both offers are two-party agreements of the core (:mod:`railhouse.engine.agreements`,
R-11.1): the core's ``PrivateSale`` and :class:`DruHandOver` are their deals, answered with
``respond`` unless one player sits on both sides.  A declined offer cannot be repeated in
the same turn (the deal's ``answered`` adds it to ``declined``), so an offer loop always
ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from railhouse.engine.actions import (
    Action,
    BuyPrivate,
    Concede,
    LegalAction,
    OfferPrivate,
)
from railhouse.engine.agreements import Deal, PrivateSale, propose
from railhouse.engine.entities import Company
from railhouse.engine.errors import IllegalAction
from railhouse.engine.steps import acquire, private_purchase_choices
from railhouse_m1839.actions import GiveDruTrain
from railhouse_m1839.data import GREEN_PRIVATES

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839

GREEN_PRIVATES_FROM = 3  # phase number of light green
DRU_TRAIN_FROM = 8  # phase number of dark brown
ANYTIME = (BuyPrivate, OfferPrivate, GiveDruTrain, Concede)


def anytime_choices(game: M1839, company: Company, declined: set[str]) -> list[LegalAction]:
    """The company's any-moment choices now; ``declined`` names offers already refused."""
    choices = private_choices(game, company, declined)  # a fresh list
    choices += dru_choices(game, company, declined)
    choices.append(_concession(company.id))
    return choices


def _concession(company_id: str) -> LegalAction:
    """The company's director's concession (R-9.1) as a choice, made once per company: a
    choice is immutable, and this one reads nothing but the id."""
    choice = _CONCESSIONS.get(company_id)
    if choice is None:
        choice = _CONCESSIONS[company_id] = LegalAction(Concede(entity=company_id))
    return choice


#: :func:`_concession`'s choices, per company id
_CONCESSIONS: dict[str, LegalAction] = {}


def private_choices(game: M1839, company: Company, declined: set[str]) -> list[LegalAction]:
    """R-8.3.10: green privates owned by a player, f1 to face value, within the treasury
    (the core's purchase choices)."""
    if game.phase.extra["number"] < GREEN_PRIVATES_FROM:
        return []
    return private_purchase_choices(game, company, GREEN_PRIVATES, declined)


def dru_choices(game: M1839, company: Company, declined: set[str]) -> list[LegalAction]:
    """R-14.3.7 (A-28): the held DRU train, to a floated company below its train limit."""
    if not may_receive_dru(game, company) or "DRU" in declined:
        return []
    return [LegalAction(GiveDruTrain(entity=company.id, company=company.id))]


def may_receive_dru(game: M1839, company: Company) -> bool:
    return (game.dru_train is not None and game.dru_holder is not None
            and game.phase.extra["number"] >= DRU_TRAIN_FROM
            and company.floated and not company.closed
            and len(company.trains) < game.train_limit())


def process_anytime(game: M1839, company: Company, action: Action,
                    declined: set[str]) -> None:
    """Carry out an any-moment choice already validated against ``anytime_choices``."""
    if isinstance(action, Concede):
        assert company.president is not None
        game.concede(company.president)
    elif isinstance(action, (BuyPrivate, OfferPrivate)):
        deal = PrivateSale(game, company.id, action.target, action.price, declined=declined)
        propose(game, deal, then=deal.answered)  # buy_private: its director, no answer
    elif isinstance(action, GiveDruTrain):
        offer_dru_train(game, company, declined)


def offer_dru_train(game: M1839, company: Company, declined: set[str], *,
                    by_holder: bool = False, after: Callable[[], None] | None = None) -> None:
    """R-14.3.7: DRU's train to ``company``, offered by the company (its director; the
    holder answers) or ``by_holder`` (the company's director answers); at once when the
    holder is the director.  ``after`` (a bound method: clones re-bind it) runs once the
    offer is settled (accepted or not)."""
    holder = game.dru_holder
    assert holder is not None
    proposer, respondent = (holder, company.id) if by_holder else (company.id, holder)
    deal = DruHandOver(game, proposer, respondent, company, declined, after)
    propose(game, deal, then=deal.answered)


def give_dru_train(game: M1839, company: Company) -> None:
    """R-14.3.7: the held dark brown train joins ``company`` (a normal acquisition)."""
    train = game.dru_train
    assert train is not None
    game.dru_train = game.dru_holder = None
    game.event("dru_train", {"company": company.id, "train": train.id})
    acquire(game, company, train)


class DruHandOver(Deal):
    """R-14.3.7 (A-28): DRU's held train goes to ``company`` (floated, below its train
    limit), the holder and the company's director agreeing; a refusal is remembered in
    ``declined`` as ``"DRU"``; ``after`` runs once it is settled."""

    rule = "1839 R-14.3.7"

    def __init__(self, game: M1839, proposer: str, respondent: str, company: Company,
                 declined: set[str], after: Callable[[], None] | None = None) -> None:
        super().__init__(game, proposer, respondent, declined=declined)
        self.company = company
        self.after = after
        self.train = game.dru_train.id if game.dru_train is not None else None

    game: M1839

    def check(self) -> None:
        if not may_receive_dru(self.game, self.company):
            raise IllegalAction(f"{self.company.id} cannot receive DRU's train now", self.rule)

    def execute(self) -> None:
        give_dru_train(self.game, self.company)

    def describe(self) -> dict[str, object]:
        return {**super().describe(), "company": self.company.id, "train": self.train}

    def refusal(self) -> str:
        return "DRU"

    def answered(self, accepted: bool) -> None:
        super().answered(accepted)
        if self.after is not None:
            self.after()
