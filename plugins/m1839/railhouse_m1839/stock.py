"""1839 stock rounds (R-7).

A turn is: sell any shares, then one of {buy one certificate, par a company, redeem Bank-Pool
shares of a company the player directs}, then sell any shares (R-7.1.2); ``pass`` before
anything is a pass, ``pass`` after acting ends the turn.  Order and the end of the round come
from the number cards (cards.py, R-7.1.3-4).  End-of-round price moves: R-7.1.5.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from railhouse.engine.actions import (
    BuyShares,
    LegalAction,
    Par,
)
from railhouse.engine.entities import IPO, TREASURY, Company
from railhouse.engine.rounds.holderanswers import HolderAnswers
from railhouse.engine.rounds.plainchoices import buy_choice
from railhouse.engine.rounds.stock import StockRound
from railhouse.engine.shares import (
    move_shares,
    start_company,
    update_president,
)
from railhouse_m1839.actions import GiveDruTrain
from railhouse_m1839.anytime import may_receive_dru, offer_dru_train
from railhouse_m1839.closures import HomeDecider, resolve_new_locals
from railhouse_m1839.homes import can_reserve_two
from railhouse_m1839.markets import LOCAL_PARS
from railhouse_m1839.shares import (
    buy_director,
    check_float,
    sell,
)
from railhouse_m1839.stations import sync_reservations

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839

class M1839StockRound(StockRound["M1839"]):
    """R-7 on the core's stock round: its sale choices (R-7.2.1, R-7.6.4: a director may
    sell below another player holding 20% or more) and its par choices (R-7.5) with 1839's
    knobs; the turn order and the end of the round are the number cards'."""

    rule = "1839 R-7"
    priority_deal = "keep"  # the number cards give the order (R-7.1.3-4)
    sell_after_purchase = True
    redeem_in_turn = True
    may_concede = True  # at any time of the turn

    def __init__(self, game: M1839, first: bool) -> None:
        self.first = first  # no selling in the first SR
        super().__init__(game)
        self.player = game.cards.first()

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "player": self.player, "colour": self.game.cards.colour}

    def _new_turn(self) -> None:
        """``sold_this_turn``: the companies sold since the turn's purchase (R-7.1.2)."""
        super()._new_turn()
        self.turn_order = self.game.cards.order()  # to find the successor of a bankrupt player
        self.declined: set[str] = set()  # DRU offers refused this turn

    def player_id(self) -> str:
        return self.player

    def allow_sell(self, me: str, company: Company) -> bool:
        """R-7.2.2: no selling in the first SR; a company started this round may be sold.
        The core's ``max_sellable`` is R-7.2.1 / R-7.6.4 (no pool limit in 1839)."""
        return not self.first

    def purchases(self, me: str, company: Company,
                  cash: int | None = None) -> list[LegalAction]:
        """One share from each source (the core's ``buy_sources``: R-7.3.1, R-7.3.6; once
        ``allow_buy`` checked R-7.3.5's 60% cap and R-7.3.8, not a company sold this
        round); a director's certificate left in the IPO is bought whole for 2 x price, not
        by a player barred by R-7.3.9 (R-7.3.4 / R-9.4, A-25).  ``cash``: ``me``'s cash,
        where the caller has it."""
        # where the director's certificate is, and the choices (one share from each
        # source, or the director's certificate) read the certificates and ``me`` alone:
        # memoised in the ledger, in ``me``'s HolderAnswers (holder_answers, inlined)
        memo = company.ledger.memo
        answers = memo.get(me)
        if answers is None:
            answers = memo[me] = HolderAnswers()
        hit: tuple[bool, list[LegalAction]] | None = answers.purchases
        if hit is None:
            hit = answers.purchases = self._share_purchases(me, company)
        director_in_ipo, choices = hit
        if not choices:
            return choices
        game = self.game
        if director_in_ipo and me in game.barred_from_par:
            return []
        if cash is None:
            cash = game.player(me).cash
        # game.share_price without the call (asked of every started company per listing)
        price = game.markets[company.spec.market].prices[company.id]
        return choices if (2 * price if director_in_ipo else price) <= cash else []

    def _share_purchases(self, me: str, company: Company) -> tuple[bool, list[LegalAction]]:
        """Whether the director's certificate is in the IPO, and the purchase then open:
        the director's certificate (two shares) if so, else one share from each source."""
        if company.ledger.president_owner() == IPO:
            return True, [buy_choice(me, company.id, IPO, 2)]
        # (a loop: no comprehension's frame; asked per player after each change)
        choices: list[LegalAction] = []
        for source in self.buy_sources(company):
            choices.append(buy_choice(me, company.id, source, 1))
        return False, choices

    def may_par(self, me: str, company: Company, units: int) -> bool:
        """R-7.5.1-3: not barred by R-7.3.9; for a Local, two legal home hexes (the
        reservations synced once per listing: nothing changes them meanwhile)."""
        if me in self.game.barred_from_par:
            return False
        if company.spec.kind != "local":
            return True
        memo = self.listing_memo()
        if memo is None:
            return can_reserve_two(self.game, company.id)
        board = memo.get(("synced board",))
        if board is None:
            board = memo[("synced board",)] = sync_reservations(self.game)
        return can_reserve_two(self.game, company.id, synced=board)

    def par_prices(self, company: Company) -> Sequence[int]:
        """R-7.5.3: a par is unavailable where two or more companies already stand.  The
        open pars are kept (a tuple) in the market's memo under the phase's pars until a
        stack changes, as they read only the stacks at the par spaces (a sale or a dividend
        moves a marker; most listings follow a purchase or a pass, which move none): that
        memo answers every unstarted company of a listing, with no listing memo in front."""
        game = self.game
        spec = company.spec
        pars = LOCAL_PARS if spec.kind == "local" else game.phase.extra["major_pars"]
        market = game.markets[spec.market]  # (game.market_of without the call)
        memo = market.memo
        kept: tuple[int, ...] | None = memo.get(pars)
        if kept is not None:
            return kept
        stacks, columns = market.stacks, market.spec.columns
        # a loop: a comprehension of three prices costs more in its own frame
        open_pars: list[int] = []
        for p in pars:
            if len(stacks.get((0, columns[p] if p in columns else market.index_of(p)),
                              ())) < 2:
                open_pars.append(p)
        kept = memo[pars] = tuple(open_pars)
        return kept

    def extra_choices(self, me: str) -> list[LegalAction]:
        """R-14.3.7 (A-28): the holder of DRU's train may give it to a floated company below
        its train limit during their SR turn; it is not a stock action (no card effect)."""
        if self.game.dru_holder != me or "DRU" in self.declined:
            return []
        return [LegalAction(GiveDruTrain(entity=me, company=c.id))
                for c in self.game.companies.values() if may_receive_dru(self.game, c)]

    def process_give_dru_train(self, action: GiveDruTrain) -> None:
        company = self.game.company(action.company)
        offer_dru_train(self.game, company, self.declined, by_holder=True)

    # -- processing --------------------------------------------------------------------
    def on_act(self, me: str) -> None:
        super().on_act(me)
        self.game.cards.on_act(me)

    def sell(self, me: str, company: Company, count: int) -> None:
        """R-7.2.6: a sale, the redemption offer (R-7.4.1) before the price moves."""
        sell(self.game, me, company, count)

    def process_buy_shares(self, action: BuyShares) -> None:
        game, me = self.game, self.player
        company = game.company(action.company)
        price = game.share_price(company)
        if company.ledger.president_owner() == IPO:
            buy_director(game, company, me, price)
        else:
            receiver = company if action.source == TREASURY else game.bank
            game.pay(game.player(me), receiver, price)
            move_shares(company, action.source, me, 1)
            update_president(game, company)
        game.event("buy", {"player": me, "company": company.id, "source": action.source,
                           "price": price})
        self.after_purchase(me)
        check_float(game, company)

    def process_par(self, action: Par) -> None:
        game, me = self.game, self.player
        company = game.company(action.company)
        game.pay(game.player(me), game.bank, 2 * action.price)
        start_company(game, company, me, action.price)
        self.after_purchase(me)
        if company.spec.kind == "local":
            game.pending.append(HomeDecider(game, company))

    def advance(self) -> None:
        """A player who went bankrupt during their turn (a concession, or a Local's float fee
        they could not pay, R-8.4.6) leaves it: the next player in card order starts one."""
        if self.finished or self.game.over or not self.game.player(self.player).bankrupt:
            return
        order = self.turn_order
        i = order.index(self.player)
        self.player = next(p for p in order[i + 1:] + order[:i]
                           if not self.game.player(p).bankrupt)
        self._new_turn()
        self.finish_if_over()

    # -- the number cards (R-7.1.3-4) -----------------------------------------------
    def on_turn_end(self, acted: bool) -> None:
        """R-7.1.3: ``pass`` before anything is a pass (the pass-order card)."""
        if not acted:
            self.game.cards.on_pass(self.player)

    def round_over(self) -> bool:
        """R-7.1.4: every player passed."""
        return self.game.cards.all_passed()

    def next_turn(self) -> None:
        """R-7.1.3: the next player in card order."""
        self.player = self.game.cards.next_after(self.player)

    def on_round_end(self) -> None:
        self.game.cards.swap()
        self.end_of_round_moves("price_300_in_sr")  # f300
        resolve_new_locals(self.game)
