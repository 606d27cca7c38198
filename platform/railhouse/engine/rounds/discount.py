"""The buy-or-discount sale of private companies (1839 R-6, A-04, A-06, A-39).

All items are on sale at once at their face value less the discounts so far.  A turn is
:attr:`~BuyOrDiscountAuction.actions_per_turn` actions (1839 R-6.4: two), each a BUY of one
item at max(price, 0) or a DISCOUNT of one item by :attr:`~BuyOrDiscountAuction.discount`
(R-6.2: f20), in any order; an item discounted earlier in the turn cannot be bought in that
turn (R-6.4.1).  Discounting is banned for the whole turn when at its start some item costs 0
or less (the first action must then buy one of those, R-6.5.1) or when nobody else can
afford any item while the player can (R-6.5.2, A-39: cash >= price).  An action with no
legal option is forfeited (R-6.5.3).  The sale ends the moment the last item is bought.

Override points: :meth:`~BuyOrDiscountAuction.first_player` and
:meth:`~BuyOrDiscountAuction.next_player` (the turn order: seat order by default, 1839 R-6.3
its number cards), :meth:`~BuyOrDiscountAuction.bought` (after a purchase: 1839 R-6.6 pars
a brown private's Major), :meth:`~BuyOrDiscountAuction.on_end` (1839 R-6.8 re-deals the
cards); with :attr:`~BuyOrDiscountAuction.concession` a player may concede at any action
(1839 R-9.1), through :meth:`railhouse.engine.game.Game.concede`.
"""

from __future__ import annotations

from railhouse.engine.actions import BuyPrivate, Concede, Discount, LegalAction
from railhouse.engine.privates import buy_from_bank
from railhouse.engine.rounds.base import G, Round


class BuyOrDiscountAuction(Round[G]):
    kind = "auction"
    rule = "buy-or-discount auction (1839 R-6)"
    discount = 20
    actions_per_turn = 2
    concession = False

    def __init__(self, game: G, items: list[str]) -> None:
        super().__init__(game)
        self.items = list(items)
        self.discounts: dict[str, int] = {p: 0 for p in items}
        self.player = self.first_player()
        self._start_turn()

    # -- override points ---------------------------------------------------------------
    def first_player(self) -> str:
        return self.game.active_players()[0]

    def next_player(self, player: str) -> str:
        return self.game.players_after(player)[0]

    def bought(self, item: str, buyer: str) -> None:
        """Called after ``buyer`` bought ``item``, before the next action."""

    def on_end(self) -> None:
        """Called once, after the last item is bought."""

    # -- the sale ----------------------------------------------------------------------
    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "items": list(self.items), "discounts": dict(self.discounts),
                "player": self.player, "action": self.actions_done + 1}

    def price(self, item: str) -> int:
        return self.game.privates[item].spec.value - self.discounts[item]

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
        if legal and self.concession:
            legal.append(LegalAction(Concede(entity=me)))
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
        self.discounts[action.target] += self.discount
        self.discounted_now.add(action.target)
        self.game.event("discount", {"player": action.entity, "private": action.target,
                                     "price": self.price(action.target)})
        self._after_action()

    def process_buy_private(self, action: BuyPrivate) -> None:
        game, item = self.game, action.target
        self.items.remove(item)
        buy_from_bank(game, item, action.entity, action.price)  # with its certificates
        game.event("private_bought", {"player": action.entity, "private": item,
                                      "price": action.price})
        self.bought(item, action.entity)
        self._after_action()

    def process_concede(self, action: Concede) -> None:
        """R-9.1: the player leaves (the title's concession); the next player starts a new
        turn."""
        me = self.player
        nxt = self.next_player(me)
        self.game.concede(me)
        if self.game.over:
            return
        self.player = nxt
        self._start_turn()

    def _after_action(self) -> None:
        if not self.items:
            self.finished = True
            self.on_end()
            return
        self.actions_done += 1
        if self.actions_done >= self.actions_per_turn:
            self.player = self.next_player(self.player)
            self._start_turn()
