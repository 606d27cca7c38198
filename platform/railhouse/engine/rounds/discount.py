"""Buy-or-discount auction of private companies (1839 R-6, facts/1839.md).

Every remaining private has a current price: face value minus the discounts placed on it
(``step`` each, R-6.2; it may fall to zero or below).  Players take turns in seat order
from the priority holder (R-6.3); a turn is exactly ``actions_per_turn`` actions, each a
BUY (pay ``max(price, 0)``) or a DISCOUNT (R-6.4), and a player may not buy a private
they discounted earlier in the same turn (R-6.4.1).  DISCOUNT is forbidden for the whole
turn when, at its start, some private costs 0 or less (the player must take one, free,
R-6.5.1), or when no other player can afford any private while the active player can
afford one they did not discount this turn (R-6.5.2).  An action with no legal BUY or
DISCOUNT is forfeited (R-6.5.3: offered as ``pass``).  The round ends the moment the last
private is bought (R-6.8); titles re-deal the priority in :meth:`on_end`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import BuyPrivate, Discount, LegalAction, Pass
from railhouse.engine.rounds.base import Round

if TYPE_CHECKING:
    from railhouse.engine.game import Game


class BuyOrDiscountAuction(Round):
    kind = "buy_or_discount"
    rule = "1839 R-6"
    step = 20
    actions_per_turn = 2

    def __init__(self, game: Game, items: list[str], first_seat: int) -> None:
        super().__init__(game)
        self.items = list(items)
        self.discounts: dict[str, int] = {item: 0 for item in items}
        self.seat = first_seat
        self._new_turn()

    def _new_turn(self) -> None:
        self.actions_left = self.actions_per_turn
        self.discounted_this_turn: set[str] = set()
        self.no_discount = self._discount_forbidden_at_start()

    def start(self) -> None:
        if not self.items:
            self.finished = True
            self.on_end()

    def price(self, item: str) -> int:
        return self.game.privates[item].spec.value - self.discounts[item]

    def me(self) -> str:
        return f"p{self.seat}"

    def acting_entity(self) -> str | None:
        return None if self.finished else self.me()

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "prices": {i: self.price(i) for i in self.items}}

    def _discount_forbidden_at_start(self) -> bool:
        if any(self.price(i) <= 0 for i in self.items):
            return True
        others = [p for p in self.game.seats if p.seat != self.seat and not p.bankrupt]
        return not any(p.cash >= self.price(i) for p in others for i in self.items)

    def legal_actions(self) -> list[LegalAction]:
        if self.finished:
            return []
        me, cash = self.me(), self.game.player(self.me()).cash
        free = [i for i in self.items if self.price(i) <= 0]
        buyable = free or [i for i in self.items if i not in self.discounted_this_turn
                           and max(self.price(i), 0) <= cash]
        legal = [LegalAction(BuyPrivate(entity=me, target=i, price=max(self.price(i), 0)))
                 for i in buyable]
        # R-6.5.2's second clause is evaluated when the action is chosen
        discount_ok = not (self.no_discount and (free or buyable))
        if discount_ok and not free:
            legal += [LegalAction(Discount(entity=me, target=i)) for i in self.items]
        return legal or [LegalAction(Pass(entity=me))]

    def process_buy_private(self, action: BuyPrivate) -> None:
        game = self.game
        player = game.player(action.entity)
        game.pay(player, game.bank, action.price)
        private = game.privates[action.target]
        private.owner, private.price_paid = player.id, action.price
        self.items.remove(action.target)
        game.event("private_sold", {"private": action.target, "player": player.id,
                                    "price": action.price})
        self.on_sold(action.target, player.id)
        self._after_action()

    def process_discount(self, action: Discount) -> None:
        self.discounts[action.target] += self.step
        self.discounted_this_turn.add(action.target)
        self._after_action()

    def process_pass(self, action: Pass) -> None:
        self._after_action()  # a forfeited action

    def _after_action(self) -> None:
        if not self.items:
            self.finished = True
            self.on_end()
            return
        self.actions_left -= 1
        if self.actions_left == 0:
            n = len(self.game.seats)
            self.seat = next(s % n for s in range(self.seat + 1, self.seat + n + 1)
                             if not self.game.seats[s % n].bankrupt)
            self._new_turn()

    # -- title knobs -------------------------------------------------------------------
    def on_sold(self, item: str, player: str) -> None:
        """After a purchase (1839: certificates attached to the private, R-6.6/R-6.7)."""

    def on_end(self) -> None:
        """Once, when the last private is bought (1839 R-6.8 re-deals the player cards)."""
