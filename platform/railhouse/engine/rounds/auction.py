"""Sequential bid-up auction of private companies, one item at a time.

For each item in order, the opener may bid at least the item's minimum or pass; then the
others in seat order raise by at least ``min_raise`` or pass.  A player who passed is out
of that item.  The last bidder standing buys at their bid; an item nobody bids on is
removed.  (SOH EN "Phase 1 - Distribution of private companies".)

Knobs (class or instance attributes): ``opener_moves``, the next item is opened by the
seat after the last opener (SOH EN: the start card moves one seat left after each
private), else by the same one; ``skip_broke_openers``, that seat skips for good a player
who cannot afford any item left; ``all_pass_ends``, everybody passing on an item ends the
auction, the items left removed unsold (the last two: SOH as 18xx.games plays it, facts
§11.2 "More T deviations").
"""

from __future__ import annotations

from railhouse.engine.actions import Bid, LegalAction, Pass, Range
from railhouse.engine.privates import buy_from_bank, update_private
from railhouse.engine.rounds.base import G, Round


class SequentialBidAuction(Round[G]):
    kind = "auction"
    rule = "private auction"
    min_raise = 5
    opener_moves = False
    skip_broke_openers = False
    all_pass_ends = False

    def __init__(self, game: G, items: list[str], opener: int) -> None:
        super().__init__(game)
        self.items = list(items)
        self.opener = opener
        self._open_item()

    def _open_item(self) -> None:
        self.active = [p.seat for p in self.game.seats if not p.bankrupt]
        self.out: set[int] = set()
        self.high_bid = 0
        self.high_bidder: int | None = None
        self.seat = self.opener

    @property
    def item(self) -> str:
        return self.items[0]

    def minimum(self, item: str) -> int:
        return self.game.privates[item].spec.value

    def start(self) -> None:
        if not self.items:
            self.finished = True
            self.on_end()

    def acting_entity(self) -> str | None:
        """``f"p{seat}"``, read from the seat (no string made at every action)."""
        return None if self.finished else self.game.seats[self.seat].id

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "items": list(self.items)}

    def legal_actions(self) -> list[LegalAction]:
        if self.finished:
            return []
        me = self.game.seats[self.seat].id
        low = self.minimum(self.item) if self.high_bidder is None else (
            self.high_bid + self.min_raise
        )
        cash = self.game.player(me).cash
        legal = []
        if cash >= low:
            bid = Bid(entity=me, target=self.item, price=low)
            legal.append(LegalAction(bid, {"price": Range(low, cash, 1)}))
        legal.append(LegalAction(Pass(entity=me)))
        return legal

    def process_bid(self, action: Bid) -> None:
        self.high_bid = action.price
        self.high_bidder = self.seat
        self._next_bidder()

    def process_pass(self, action: Pass) -> None:
        self.out.add(self.seat)
        self._next_bidder()

    def _next_bidder(self) -> None:
        remaining = [s for s in self.active if s not in self.out]
        if self.high_bidder is not None and remaining == [self.high_bidder]:
            self._close_item(sold=True)
            return
        if not remaining:
            self._close_item(sold=self.high_bidder is not None)
            return
        n = len(self.game.seats)
        for step in range(1, n + 1):
            candidate = (self.seat + step) % n
            if candidate in remaining and candidate != self.high_bidder:
                self.seat = candidate
                return
        self._close_item(sold=self.high_bidder is not None)

    def _close_item(self, sold: bool) -> None:
        item = self.items.pop(0)
        if sold and self.high_bidder is not None:
            self.on_sold(item, f"p{self.high_bidder}", self.high_bid)
        else:
            self.on_unsold(item)
            while self.all_pass_ends and self.items:
                self.on_unsold(self.items.pop(0))
        self.on_item_done()
        if self.items:
            self._open_item()
        else:
            self.finished = True
            self.on_end()

    # -- title knobs -------------------------------------------------------------------
    def on_sold(self, item: str, player: str, price: int) -> None:
        game = self.game
        buy_from_bank(game, item, player, price)
        game.event("private_sold", {"private": item, "player": player, "price": price})

    def on_unsold(self, item: str) -> None:
        update_private(self.game, item, closed=True)
        self.game.event("private_removed", {"private": item})

    def on_item_done(self) -> None:
        """Called after each item: the next opener (see the knobs in the module doc)."""
        if not self.opener_moves:
            return
        n = len(self.game.seats)
        self.opener = (self.opener + 1) % n
        if self.skip_broke_openers and self.items:
            cheapest = min(self.minimum(item) for item in self.items)
            for step in range(n):
                seat = (self.opener + step) % n
                if self.game.seats[seat].cash >= cheapest:
                    self.opener = seat
                    break

    def on_end(self) -> None:
        """Called once after the last item."""
