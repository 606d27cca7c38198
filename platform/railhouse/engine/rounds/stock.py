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

from railhouse.engine.actions import (
    Action,
    BuyShares,
    Concede,
    LegalAction,
    Par,
    Pass,
    Range,
    Redeem,
    SellShares,
)
from railhouse.engine.entities import POOL, TREASURY, Company
from railhouse.engine.errors import IllegalAction
from railhouse.engine.rounds.base import G, Round
from railhouse.engine.rounds.sales import sale_step, sellable_units
from railhouse.engine.shares import (
    buyback_limit,
    move_shares,
    player_certificate_count,
    redeem,
    sale_price_drop,
    sell_to_pool,
    start_company,
    update_president,
)


class StockRound(Round[G]):
    kind = "stock"
    rule = "stock round"
    priority_deal = "after_last_actor"
    sell_after_purchase = False
    redeem_in_turn = False
    may_concede = False

    def __init__(self, game: G) -> None:
        super().__init__(game)
        self.seat = game.priority
        self.passes_in_row = 0
        self.sold_this_round: dict[str, set[str]] = {p.id: set() for p in game.seats}
        self.started_this_round: set[str] = set()
        self.pass_order: list[str] = []
        self.last_actor: int | None = None
        self.run_start: int | None = None  # seat that began the current run of passes
        #: certificate counts by player while ``legal_actions`` computes (None otherwise):
        #: the state cannot change meanwhile, and every company's purchase asks for it
        self._counts: dict[str, int] | None = None
        self._par_prices: dict[str, list[int]] = {}  # market id -> its par prices
        self._new_turn()

    # -- turn bookkeeping --------------------------------------------------------------
    def _new_turn(self) -> None:
        self.sold_this_turn: set[str] = set()
        self.bought_this_turn = False
        self.acted_this_turn = False

    def player_id(self) -> str:
        return f"p{self.seat}"

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
        """Every active player passed in succession."""
        return self.passes_in_row >= len(self.game.active_players())

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
        n = len(self.game.seats)
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if not self.game.seats[candidate].bankrupt:
                return candidate
        return seat

    # -- legal actions -----------------------------------------------------------------
    def legal_actions(self) -> list[LegalAction]:
        saved, self._counts = self._counts, {}
        try:
            return self._legal_actions()
        finally:
            self._counts = saved

    def _legal_actions(self) -> list[LegalAction]:
        if self.finished:
            return []
        me = self.player_id()
        legal: list[LegalAction] = []
        if self.may_sell_now():
            legal.extend(self.sell_choices(me))
        if self.must_sell(me):
            return legal or [LegalAction(Pass(entity=me))]
        if not self.bought_this_turn:
            legal.extend(self.par_choices(me))
            legal.extend(self.buy_choices(me))
            legal.extend(self.redeem_choices(me))
        legal.extend(self.extra_choices(me))
        if self.may_pass(me):
            legal.append(LegalAction(Pass(entity=me)))
        if self.may_concede:
            legal.append(LegalAction(Concede(entity=me)))
        return legal

    def may_sell_now(self) -> bool:
        """Sales come before the turn's purchase, and after it where
        ``sell_after_purchase``."""
        return self.sell_after_purchase or not self.bought_this_turn

    def extra_choices(self, me: str) -> list[LegalAction]:
        """A title's own actions in ``me``'s turn (after the purchases, before ``pass``)."""
        return []

    def redeem_choices(self, me: str) -> list[LegalAction]:
        """``redeem_in_turn``: each company ``me`` directs that has floated buys back as
        many of its Bank-Pool shares as its cash pays for (1839 R-7.4.5)."""
        if not self.redeem_in_turn:
            return []
        legal = []
        for company in self.game.companies.values():
            if company.president != me or not company.floated or company.closed:
                continue
            top = buyback_limit(self.game, company)
            if top > 0:
                legal.append(LegalAction(Redeem(entity=me, company=company.id, count=1),
                                         {"count": Range(1, top)}))
        return legal

    def sell_choices(self, me: str) -> list[LegalAction]:
        """One ranged choice per company; with certificates larger than 10% the range steps
        by the certificate size (a holder of 20% certificates sells 2, 4, ... shares)."""
        choices = []
        for company in self.game.companies.values():
            if not company.percent_of(me):
                continue  # nothing to sell (asked first: the title's limit costs more)
            top = self.max_sellable(me, company)
            if top <= 0:
                continue
            step = sale_step(company, me)
            top -= top % step
            if top > 0:
                action = SellShares(entity=me, company=company.id, count=step)
                choices.append(LegalAction(action, {"count": Range(step, top, step)}))
        return choices

    def max_sellable(self, me: str, company: Company) -> int:
        """How many 10% units ``me`` may sell of ``company`` now (:func:`sellable_units`
        unless sold this turn or the title's ``allow_sell`` says no)."""
        if company.closed or not company.started or company.id in self.sold_this_turn:
            return 0
        return sellable_units(self.game, me, company) if self.allow_sell(me, company) else 0

    def may_pass(self, me: str) -> bool:
        return True

    def must_sell(self, me: str) -> bool:
        """A player over the certificate limit must sell down in their turn (SOH
        "Maximum number of certificates")."""
        limit = self.certificate_limit()
        return limit is not None and self.certificate_count(me) > limit

    def certificate_limit(self) -> int | None:
        return self.game.config.certificate_limit[len(self.game.seats)]

    def can_take_certificates(self, me: str, count: int) -> bool:
        limit = self.certificate_limit()
        return limit is None or self.certificate_count(me) + count <= limit

    def certificate_count(self, me: str) -> int:
        """``me``'s certificates counting toward the limit (computed once per legal set)."""
        counts = self._counts
        if counts is None:
            return player_certificate_count(self.game, me)
        if me not in counts:
            counts[me] = player_certificate_count(self.game, me)
        return counts[me]

    # -- starting a company (par) -------------------------------------------------------
    def par_units(self) -> int:
        """Shares (10% units) a starter buys at the par price, the president's certificate
        included: its usual 20% by default (SOH: the phase number, EN "Starting a
        company")."""
        return 2

    def may_par(self, me: str, company: Company, units: int) -> bool:
        """Whether ``me`` may start ``company`` (unstarted and open) with ``units`` shares:
        its president's certificate is unsold and the holding cap allows them (SOH FAQ 5:
        private #7's owner cannot start NRS in phase 6)."""
        if company.percent_of(me) + units * 10 > self.game.config.max_holding_percent:
            return False
        return company.ledger.president_owner() == self.game.unsold_location()

    def par_choices(self, me: str) -> list[LegalAction]:
        """Every company ``me`` may start, at every one of its :meth:`par_prices` at which
        ``me`` can pay for ``par_units`` shares; none when the certificates (the
        president's counting one) would break the limit."""
        game = self.game
        units = self.par_units()
        if not self.can_take_certificates(me, units - 1):
            return []
        cash = game.player(me).cash
        choices = []
        for company in game.companies.values():
            if company.started or company.closed:
                continue
            prices = [p for p in self.par_prices(company) if p * units <= cash]
            if prices and self.may_par(me, company, units):  # affordable first: may_par costs
                choices += [LegalAction(Par(entity=me, company=company.id, price=p))
                            for p in prices]
        return choices

    def par_prices(self, company: Company) -> list[int]:
        """The par prices open to ``company`` now: its market's par spaces, ascending."""
        market = company.spec.market
        prices = self._par_prices.get(market)
        if prices is None:
            cells = self.game.market_of(company).par_cells()
            prices = self._par_prices[market] = sorted(cell.price for _, cell in cells)
        return prices

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

    def buy_choices(self, me: str) -> list[LegalAction]:
        choices: list[LegalAction] = []
        for company in self.game.companies.values():
            choices.extend(self.buy_choices_of(me, company))
        return choices

    def buy_choices_of(self, me: str, company: Company) -> list[LegalAction]:
        """The purchases of ``company``'s shares open to ``me``: one per source and size of
        ordinary certificate there (``count`` in 10% units: a 20% certificate is 2)."""
        return self.purchases(me, company) if self.allow_buy(me, company) else []

    def purchases(self, me: str, company: Company) -> list[LegalAction]:
        """:meth:`buy_choices_of` once :meth:`allow_buy` allowed them."""
        price = self.game.share_price(company)
        cash = self.game.player(me).cash
        room = self.game.config.max_holding_percent - company.percent_of(me)
        choices = []
        ledger = company.ledger
        for source in self.buy_sources(company):
            sizes = sorted({pct for owner, pct, pres in zip(ledger.owners, ledger.percents,
                                                            ledger.presidents, strict=True)
                            if owner == source and not pres})
            for percent in sizes:
                units = percent // 10
                if price * units <= cash and percent <= room:
                    action = BuyShares(entity=me, company=company.id, source=source, count=units)
                    choices.append(LegalAction(action))
        return choices

    def allow_buy(self, me: str, company: Company) -> bool:
        if not company.started or company.closed or company.id in self.sold_this_round[me]:
            return False
        cap = self.game.config.max_holding_percent
        if company.percent_of(me) + 10 > cap:
            return False
        return self.can_take_certificates(me, 1)

    def buy_sources(self, company: Company) -> list[str]:
        """Where ``company``'s ordinary shares are bought: where they start unsold, and the
        Bank Pool; a company's own treasury shares, where the unsold ones start in an IPO,
        only once the IPO holds no ordinary share (1839 R-7.3.1, R-7.3.6)."""
        owners, presidents = company.ledger.owners, company.ledger.presidents
        unsold = self.game.unsold_location()
        supply = any(o == unsold and not p for o, p in zip(owners, presidents, strict=True))
        sources = [unsold] if supply else []
        if POOL in owners:
            sources.append(POOL)
        if unsold != TREASURY and not supply and TREASURY in owners:
            sources.append(TREASURY)
        return sources

    # -- title knobs -------------------------------------------------------------------
    def allow_sell(self, me: str, company: Company) -> bool:
        return company.id not in self.started_this_round

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
            if company.certs_of(POOL):
                market.move(company_id, "left", 1)
            elif not company.certs_of(game.unsold_location()):
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

    # -- direct validation ------------------------------------------------------------
    def validate(self, action: Action) -> None:
        """Check ``action`` against only the choices of its own kind (the legal set of a
        stock turn, built per company, is the expensive part of an apply).

        The shortcut is taken only while ``legal_actions`` is this class's own: a title that
        overrides it is validated by membership in its legal set, so the two never disagree.
        Where the legal set was listed already (a caller asked ``legal_actions`` before
        answering) membership in it is the cheaper check.
        """
        if (type(self).legal_actions is not StockRound.legal_actions
                or self.game.known_legal(self) is not None):
            super().validate(action)  # the listed set, already there: no recomputation
            return
        candidates = self.candidates_for(action)
        if candidates is None:
            super().validate(action)
        elif not any(choice.admits(action) for choice in candidates):
            raise IllegalAction(self.explain(action), self.rule)

    def candidates_for(self, action: Action) -> list[LegalAction] | None:
        """The legal choices of ``action``'s kind, mirroring :meth:`legal_actions` exactly;
        None for kinds this round does not know (checked by membership instead)."""
        me = self.player_id()
        if isinstance(action, SellShares):
            return self.sell_choices(me) if self.may_sell_now() else []
        if not isinstance(action, Pass | Par | BuyShares):
            return None
        if self.must_sell(me):
            if not isinstance(action, Pass) or self.sell_choices(me):
                return []
            return [LegalAction(Pass(entity=me))]
        if isinstance(action, Pass):
            return [LegalAction(Pass(entity=me))] if self.may_pass(me) else []
        if self.bought_this_turn:
            return []
        if isinstance(action, Par):
            return self.par_choices(me)
        company = self.game.companies.get(action.company)
        return [] if company is None else self.buy_choices_of(me, company)
