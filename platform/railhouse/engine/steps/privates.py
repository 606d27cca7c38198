"""Companies buying privates from players, as a step of the turn or at any moment of it."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from typing import TYPE_CHECKING

from railhouse.engine.actions import BuyPrivate, LegalAction, OfferPrivate, Pass, Range
from railhouse.engine.agreements import PrivateSale, propose
from railhouse.engine.entities import Company
from railhouse.engine.rounds.base import G
from railhouse.engine.steps.base import T, TurnStep

if TYPE_CHECKING:
    from railhouse.engine.entities import Private
    from railhouse.engine.game import Game

#: the phase-event marker (``PhaseSpec.events``) of phases in which companies buy privates
PRIVATES_BUYABLE = "privates_buyable"


def private_purchase_choices(game: Game, company: Company, privates: Iterable[str],
                             declined: Collection[str] = ()) -> list[LegalAction]:
    """``company``'s purchases of the ``privates`` a player holds, for 1 up to face value
    within its treasury (SOH EN "Buying private companies"; 1839 R-8.3.10, R-14.2.2):
    ``buy_private`` when its president holds one (no consent asked), else
    ``offer_private``, which the holder answers.  ``declined``: offers refused this turn."""
    legal = []
    for private in purchasable(game, company, privates, declined):
        kind = BuyPrivate if private.owner == company.president else OfferPrivate
        top = min(private.spec.value, company.cash)
        legal.append(LegalAction(kind(entity=company.id, target=private.id, price=1),
                                 {"price": Range(1, top)}))
    return legal


def purchasable(game: Game, company: Company, privates: Iterable[str],
                declined: Collection[str] = ()) -> Iterator[Private]:
    """The privates of ``privates`` that ``company`` may buy now (one choice each in
    :func:`private_purchase_choices`): open, held by a player, not refused this turn,
    and the company has the least price (1)."""
    if company.cash < 1:
        return
    for private_id in privates:
        private = game.privates.get(private_id)
        owner = None if private is None or private.closed else private.owner
        if owner is None or not _is_player(owner) or private_id in declined:
            continue
        assert private is not None
        yield private


def _is_player(entity: str) -> bool:
    return entity.startswith("p") and entity[1:].isdigit()


class BuyPrivateStep(TurnStep[G, T]):
    """A company may buy a private from a player for 1 up to its face value, the holder
    agreeing (SOH EN "Buying private companies"), in the phases whose events carry the
    :data:`PRIVATES_BUYABLE` marker.  The sale is the core's two-party agreement
    (:class:`railhouse.engine.agreements.PrivateSale`); a private its holder refused to
    sell is not offered again this turn.

    Override points: :meth:`may_buy` (when), :meth:`buyable` (which privates)."""

    rule = "buying private companies"

    def may_buy(self) -> bool:
        return PRIVATES_BUYABLE in self.game.phase.events

    def buyable(self) -> Iterable[str]:
        return self.game.privates

    def auto(self) -> bool:
        """Done without a decision when :meth:`nothing_for_sale`, known without listing
        the choices: the set is listed when it is asked for, not also here
        (``Step.auto``)."""
        if type(self).legal_actions is not BuyPrivateStep.legal_actions:
            return super().auto()
        if self.nothing_for_sale():
            self.done = True
        return self.done

    def nothing_for_sale(self) -> bool:
        """Whether :meth:`legal_actions` is empty: not a phase for it, or no private the
        company may buy (:func:`purchasable`, the choices it lists, Pass besides)."""
        return not self.may_buy() or next(purchasable(
            self.game, self.company, self.buyable(), self.turn.declined), None) is None

    def legal_actions(self) -> list[LegalAction]:
        if not self.may_buy():
            return []
        legal = private_purchase_choices(self.game, self.company, self.buyable(),
                                         self.turn.declined)
        if legal:
            legal.append(LegalAction(Pass(entity=self.entity)))
        return legal

    def process_buy_private(self, action: BuyPrivate) -> None:
        self.buy(action.target, action.price)

    def process_offer_private(self, action: OfferPrivate) -> None:
        self.buy(action.target, action.price)

    def buy(self, private: str, price: int) -> None:
        """The holder is asked; the president's own private is bought at once.  A refusal
        is remembered for the turn (``TurnState.declined``): EN "may decline to sell" read
        as declining for the rest of the buyer's turn, as 1839 R-11.1 says outright."""
        deal = PrivateSale(self.game, self.entity, private, price, declined=self.turn.declined)
        propose(self.game, deal, then=deal.answered)
