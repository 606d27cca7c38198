"""The private buy-or-discount auction (R-6, A-04, A-06, A-39): the core's
:class:`~railhouse.engine.rounds.discount.BuyOrDiscountAuction` (two actions a turn, f20
discounts, R-6.2-R-6.5), with 1839's turn order by ascending player-number card (R-6.3),
concession at any action (R-9.1), the brown privates' Majors parred at once (R-6.6) and the
cards re-dealt by ascending cash at the end (R-6.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import LegalAction, Par
from railhouse.engine.rounds.base import Decider
from railhouse.engine.rounds.discount import BuyOrDiscountAuction
from railhouse.engine.shares import start_company
from railhouse_m1839.data import BROWN_PRIVATES

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839


class DiscountAuction(BuyOrDiscountAuction["M1839"]):
    rule = "1839 R-6"
    concession = True  # at any time

    def first_player(self) -> str:
        return self.game.cards.first()

    def next_player(self, player: str) -> str:
        return self.game.cards.next_after(player)

    def bought(self, item: str, buyer: str) -> None:
        """R-6.6: buying a brown private pars its Major."""
        if item in BROWN_PRIVATES:
            self.game.pending.append(BrownParDecider(self.game, buyer, item))

    def on_end(self) -> None:
        self.game.redeal_by_cash()


class BrownParDecider(Decider["M1839"]):
    """R-6.6: the buyer pars the assigned Major at once at an available major par that no
    other brown-associated Major has (the "two others" rule does not apply)."""

    rule = "1839 R-6.6"

    def __init__(self, game: M1839, buyer: str, private_id: str) -> None:
        super().__init__(game)
        self.buyer = buyer
        self.company_id = game.brown_assignment[private_id]

    def acting_entity(self) -> str | None:
        return self.buyer

    def legal_actions(self) -> list[LegalAction]:
        taken = {self.game.companies[c].par_price for c in self.game.brown_assignment.values()}
        pars = [p for p in self.game.phase.extra["major_pars"] if p not in taken]
        return [LegalAction(Par(entity=self.buyer, company=self.company_id, price=p))
                for p in pars]

    def process_par(self, action: Par) -> None:
        game = self.game
        game.pending.remove(self)
        company = game.companies[self.company_id]
        start_company(game, company, self.buyer, action.price)
