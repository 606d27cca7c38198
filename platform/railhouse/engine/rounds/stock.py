"""The stock round: turns of "sell, then one purchase" until everyone passes in succession.

Title-agnostic mechanics (each title states them; citations name SOH EN and 1839 v2):
- turns go in seat order from the priority holder (SOH "Stock round"; 1839 R-7.1.1);
- a turn sells any shares, then makes at most one purchase; selling one company twice in a
  turn is not offered, as shares sold in one turn are sold together ("Selling shares");
- a player who sold a company this round may not buy it again (SOH "Buying shares";
  1839 R-7.3.8);
- the pool may hold at most ``pool_limit_percent`` ("Selling shares"; none in 1839);
- starting a company buys its president's certificate (and, where the title says, more
  shares) at a par price of its market (SOH "Starting a company"; 1839 R-7.5);
- a president's certificate is never sold, it is only exchanged when another player with at
  least 20% takes the presidency (SOH "President's certificate"; 1839 R-7.6.4);
- the round ends when every player passes in succession (SOH "End of the round");
- the priority deal at the end (``priority_deal``): ``"after_last_actor"`` (the player after
  the last one who bought or sold, as in 1830), ``"first_passer"`` (the first player of
  the closing run of passes, SOH's optional rule), ``"to_left"`` (the holder's left
  neighbour, SOH EN "End of the round") or ``"keep"``; ``pass_order`` records the
  order in which players passed and stayed passed (1839 R-7.1.3's pass-order cards).

Titles override the ``allow_*``/``par_*``/``on_*`` methods for their specifics; the turn
order and the end of the round are :meth:`StockRound.next_turn` and
:meth:`StockRound.round_over` (1839: its number cards); a turn's other kinds of action are
the switches ``sell_after_purchase`` (1839 R-7.1.2: sell, buy, sell; the purchase does not
end the turn, ``pass`` does), ``redeem_in_turn`` (1839 R-7.4.5: a company the player
directs buys back its Bank-Pool shares, as the turn's purchase) and ``may_concede`` (1839
R-9.1), and :meth:`StockRound.extra_choices` for a title's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import BuyShares, Concede, Par, Pass, Redeem, SellShares
from railhouse.engine.entities import POOL, TREASURY, Company
from railhouse.engine.rounds.base import G
from railhouse.engine.rounds.stockchoices import StockChoices
from railhouse.engine.shares import (
    move_shares,
    redeem,
    sale_price_drop,
    sell_to_pool,
    start_company,
    update_president,
)

if TYPE_CHECKING:
    from railhouse.engine.game import Game


class StockRound(StockChoices[G]):
    kind = "stock"
    rule = "stock round"
    priority_deal = "after_last_actor"

    def __init__(self, game: G) -> None:
        super().__init__(game)
        self.seat = game.priority
        self.passes_in_row = 0
        self.sold_this_round: dict[str, set[str]] = {p.id: set() for p in game.seats}
        self.started_this_round: set[str] = set()
        self.pass_order: list[str] = []
        self.last_actor: int | None = None
        self.run_start: int | None = None  # seat that began the current run of passes
        self._new_turn()

    # -- turn bookkeeping --------------------------------------------------------------
    def _new_turn(self) -> None:
        self.sold_this_turn: set[str] = set()
        self.bought_this_turn = False
        self.acted_this_turn = False

    def player_id(self) -> str:
        """``f"p{seat}"``: the id of the seat whose turn it is, read from the seat (asked
        at every action of the round, and no string made each time)."""
        return self.game.seats[self.seat].id

    def acting_entity(self) -> str | None:
        return None if self.finished else self.player_id()

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "priority": self.game.priority}

    def end_turn(self) -> None:
        me = self.player_id()
        if self.acted_this_turn:
            self.passes_in_row = 0
            self.last_actor = self.seat
            self.run_start = None
            if me in self.pass_order:
                self.pass_order.remove(me)
        else:
            self.passes_in_row += 1
            if self.run_start is None:
                self.run_start = self.seat
            if me not in self.pass_order:
                self.pass_order.append(me)
        self.on_turn_end(self.acted_this_turn)
        if not self.finish_if_over():
            self.next_turn()
            self._new_turn()

    def finish_if_over(self) -> bool:
        """End the round if :meth:`round_over`: deal the priority, then :meth:`on_round_end`."""
        if not self.round_over():
            return False
        self.finished = True
        self.deal_priority()
        self.on_round_end()
        return True

    def round_over(self) -> bool:
        """Every active player passed in succession.  Where the game keeps the core's
        ``active_players`` (the seats that are not bankrupt) they are counted on the
        seats, without the list (asked at every turn's end)."""
        game = self.game
        if not _lists_unbankrupt_seats(type(game)):
            return self.passes_in_row >= len(game.active_players())
        active = 0
        for seat in game.seats:
            if not seat.bankrupt:
                active += 1
        return self.passes_in_row >= active

    def next_turn(self) -> None:
        """Move to the next player: the next seat still in the game."""
        self.seat = self.next_seat(self.seat)

    def deal_priority(self) -> None:
        """Give the priority for the next stock round as ``priority_deal`` says."""
        if self.priority_deal == "after_last_actor" and self.last_actor is not None:
            self.game.priority = self.next_seat(self.last_actor)
        elif self.priority_deal == "first_passer" and self.run_start is not None:
            self.game.priority = self.run_start
        elif self.priority_deal == "to_left":
            self.game.priority = self.next_seat(self.game.priority)

    def next_seat(self, seat: int) -> int:
        """The next seat after ``seat`` still in the game (``seat`` itself if none is)."""
        seats = self.game.seats
        n = len(seats)
        candidate = seat
        for _ in seats:  # the n seats after it, in order
            candidate = (candidate + 1) % n
            if not seats[candidate].bankrupt:
                return candidate
        return seat

    # -- starting a company (par) -------------------------------------------------------
    def process_par(self, action: Par) -> None:
        """The starter pays ``par_units`` times the price into the company's treasury and
        takes the president's certificate and the other shares; then :meth:`on_par`, and
        the purchase ends the turn."""
        game = self.game
        company = game.company(action.company)
        me = action.entity
        units = self.par_units()
        game.pay(game.player(me), company, action.price * units)
        if units > 2:
            move_shares(company, game.unsold_location(), me, units - 2)
        start_company(game, company, me, action.price, shares=units)
        self.started_this_round.add(company.id)
        self.on_par(company, action.price)
        self.after_purchase(me)

    def on_par(self, company: Company, price: int) -> None:
        """Hook after ``company`` started at ``price`` (SOH: it floats at once)."""

    # -- title knobs -------------------------------------------------------------------
    def sale_price_moves(self, company: Company, count: int, by_president: bool) -> None:
        """The price moves of a sale; ``by_president``: the seller was president before it."""
        sale_price_drop(self.game, company, count, by_president)

    def on_turn_end(self, acted: bool) -> None:
        """Hook for titles (e.g. pass-order cards)."""

    def on_round_end(self) -> None:
        """Hook for titles (priority deal, :meth:`end_of_round_moves`)."""

    def end_of_round_moves(self, end_reason: str) -> None:
        """End-of-round price moves (1839 R-7.1.5, A-40): every company on a market, in
        operating order (market by market, highest price first), moves left if any of its
        shares is in the Bank Pool, else right if none is unsold either; reaching an
        end-game space ends the game at once, for ``end_reason`` (1839 R-10.1.3)."""
        game = self.game
        order = [c for market in game.markets.values() for c in market.order()]
        for company_id in order:
            company = game.companies[company_id]
            market = game.market_of(company)
            owners = company.ledger.owners  # (a certificate there, face down or not)
            if POOL in owners:
                market.move(company_id, "left", 1)
            elif game.unsold_location() not in owners:
                market.move(company_id, "right", 1)
                if market.cell(market.positions[company_id]).end_game:
                    game.end_game(end_reason)
                    return

    # -- processing --------------------------------------------------------------------
    def process_pass(self, action: Pass) -> None:
        self.end_turn()

    def process_sell_shares(self, action: SellShares) -> None:
        company = self.game.company(action.company)
        me = action.entity
        self.sold_this_turn.add(company.id)
        self.sold_this_round[me].add(company.id)
        self.on_act(me)
        self.sell(me, company, action.count)

    def sell(self, me: str, company: Company, count: int) -> None:
        """The sale itself: to the pool at the market price, then :meth:`sale_price_moves`
        (1839: its own sale, with the redemption offer of R-7.4.1)."""
        sale = sell_to_pool(self.game, company, me, count)
        self.sale_price_moves(company, count, sale.by_president)
        self.game.event("sell", {"player": me, "company": company.id, "count": count,
                                 "price": sale.price})

    def process_buy_shares(self, action: BuyShares) -> None:
        game = self.game
        company = game.company(action.company)
        me = action.entity
        price = game.share_price(company) * action.count
        receiver = company if action.source == TREASURY else game.bank
        game.pay(game.player(me), receiver, price)
        move_shares(company, action.source, me, action.count)
        update_president(game, company)
        self.after_purchase(me)
        game.event("buy", {"player": me, "company": company.id, "source": action.source,
                           "price": price})

    def process_redeem(self, action: Redeem) -> None:
        """The company pays the current price per share to the bank and takes its Bank-Pool
        shares into its treasury (1839 R-7.4.5); the turn's purchase."""
        redeem(self.game, self.game.company(action.company), POOL, action.count)
        self.after_purchase(action.entity)

    def process_concede(self, action: Concede) -> None:
        """``may_concede`` (1839 R-9.1): the game's concession (the player's bankruptcy)."""
        self.game.concede(action.entity)

    def after_purchase(self, me: str) -> None:
        """The turn's purchase is made: it ends the turn, unless ``sell_after_purchase``
        (then a company sold before the purchase may be sold again after it)."""
        self.bought_this_turn = True
        self.on_act(me)
        if self.sell_after_purchase:
            self.sold_this_turn = set()
        else:
            self.end_turn()

    def on_act(self, me: str) -> None:
        """``me`` sold or bought (1839: the pass-order cards see it, R-7.1.3)."""
        self.acted_this_turn = True


#: whether a game class keeps the core's ``Game.active_players``, by class
_CORE_ACTIVE_PLAYERS: dict[type, bool] = {}


def _lists_unbankrupt_seats(game_class: type[Game]) -> bool:
    """Whether ``game_class``'s ``active_players`` is the core's (the seats that are not
    bankrupt), decided once per class."""
    keeps = _CORE_ACTIVE_PLAYERS.get(game_class)
    if keeps is None:
        from railhouse.engine.game import Game

        keeps = _CORE_ACTIVE_PLAYERS[game_class] = (
            game_class.active_players is Game.active_players)
    return keeps
