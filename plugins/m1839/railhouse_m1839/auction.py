"""The private buy-or-discount auction (R-6, A-04, A-06, A-39).

Turns go in ascending player-number-card order (R-6.3).  A turn is exactly two actions, each a
BUY at max(current price, 0) or a DISCOUNT of f20, in any order; a private discounted earlier
in the turn cannot be bought in that turn (R-6.4.1).  Discounting is banned for the whole turn
when at its start some private costs 0 or less (the first action must then buy one of those,
R-6.5.1) or when nobody else can afford any private while the player can (R-6.5.2).  An action
with no legal option is forfeited (R-6.5.3).  Buying a brown private pars its Major at a price
no other brown Major has (R-6.6).  The auction ends the moment the last private is bought;
the cards are re-dealt by ascending cash (R-6.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import BuyPrivate, Concede, Discount, LegalAction, Par
from railhouse.engine.privates import buy_from_bank
from railhouse.engine.rounds.base import Decider, Round
from railhouse.engine.shares import start_company
from railhouse_m1839.data import BROWN_PRIVATES

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839

DISCOUNT = 20


class DiscountAuction(Round["M1839"]):
    kind = "auction"
    rule = "1839 R-6"

    def __init__(self, game: M1839, items: list[str]) -> None:
        super().__init__(game)
        self.items = list(items)
        self.discounts: dict[str, int] = {p: 0 for p in items}
        self.player = game.cards.first()
        self._start_turn()


    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "items": list(self.items), "discounts": dict(self.discounts),
                "player": self.player, "action": self.actions_done + 1}

    def price(self, item: str) -> int:
        return self.game.privates[item].spec.value - self.discounts[item]

    # -- turn ------------------------------------------------------------------------
    def _start_turn(self) -> None:
        self.actions_done = 0
        self.discounted_now: set[str] = set()
        self.free_first = any(self.price(p) <= 0 for p in self.items)
        self.no_discount = self.free_first or self._others_cannot_afford()

    def _others_cannot_afford(self) -> bool:
        """R-6.5.2 first half, fixed at the start of the turn (A-39: cash >= price)."""
        others = [p for p in self.game.active_players() if p != self.player]
        return all(self.game.player(o).cash < self.price(i) for o in others for i in self.items)

    def acting_entity(self) -> str | None:
        return None if self.finished else self.player

    def buyable(self) -> list[str]:
        cash = self.game.player(self.player).cash
        items = [i for i in self.items if i not in self.discounted_now
                 and cash >= max(self.price(i), 0)]
        if self.free_first and self.actions_done == 0:
            items = [i for i in items if self.price(i) <= 0]
        return items

    def legal_actions(self) -> list[LegalAction]:
        if self.finished:
            return []
        me = self.player
        legal = [LegalAction(BuyPrivate(entity=me, target=i, price=max(self.price(i), 0)))
                 for i in self.buyable()]
        if not self._discount_banned():
            legal += [LegalAction(Discount(entity=me, target=i)) for i in self.items]
        if legal:
            legal.append(LegalAction(Concede(entity=me)))  # at any time
        return legal

    def _discount_banned(self) -> bool:
        """R-6.5.2's second half is judged when the action is chosen."""
        if self.free_first:
            return True
        return self.no_discount and bool(self.buyable())

    def advance(self) -> None:
        """R-6.5.3: an action with no legal option is forfeited."""
        guard = 0
        while not self.finished and not self.legal_actions() and guard < 10:
            self._after_action()
            guard += 1

    def process_discount(self, action: Discount) -> None:
        self.discounts[action.target] += DISCOUNT
        self.discounted_now.add(action.target)
        self.game.event("discount", {"player": action.entity, "private": action.target,
                                  "price": self.price(action.target)})
        self._after_action()

    def process_buy_private(self, action: BuyPrivate) -> None:
        game = self.game
        item = action.target
        self.items.remove(item)
        buy_from_bank(game, item, action.entity, action.price)  # with its certificates
        game.event("private_bought", {"player": action.entity, "private": item,
                                      "price": action.price})
        if item in BROWN_PRIVATES:
            game.pending.append(BrownParDecider(game, action.entity, item))
        self._after_action()

    def process_concede(self, action: Concede) -> None:
        """R-9.1: the player leaves (R-9.2-R-9.9); the next player starts a new turn."""
        from railhouse_m1839.money import go_bankrupt

        me = self.player
        nxt = self.game.cards.next_after(me)
        go_bankrupt(self.game, me)
        if self.game.over:
            return
        self.player = nxt
        self._start_turn()

    def _after_action(self) -> None:
        if not self.items:
            self.finished = True
            self.game.redeal_by_cash()
            return
        self.actions_done += 1
        if self.actions_done >= 2:
            self.player = self.game.cards.next_after(self.player)
            self._start_turn()


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
