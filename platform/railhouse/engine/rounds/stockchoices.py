"""What a stock-round turn may do: the legal choices, and the quick check of one action.

:class:`StockChoices` is the half of :class:`~railhouse.engine.rounds.stock.StockRound`
that reads the position and never changes it: the sales (SOH "Selling shares", 1839
R-7.2), the pars (SOH "Starting a company", 1839 R-7.5), the purchases (SOH "Buying
shares", 1839 R-7.3) and the title knobs they ask (``allow_*``, ``may_*``, ``par_*``);
and :meth:`StockChoices.validate`, which checks an answer against the choices of its own
kind only (:meth:`StockChoices.candidates_for`) instead of the whole legal set.  The
turn's bookkeeping and the processing of actions are the round's
(:mod:`railhouse.engine.rounds.stock`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from railhouse.engine.actions import (
    Action,
    BuyShares,
    LegalAction,
    Par,
    Pass,
    Range,
    Redeem,
    SellShares,
    admitted,
)
from railhouse.engine.entities import POOL, Company
from railhouse.engine.errors import IllegalAction
from railhouse.engine.rounds.base import G, Round, checks_listed_set_first
from railhouse.engine.rounds.holderanswers import UNKNOWN
from railhouse.engine.rounds.offers import OFFERS, buy_sources_at, offers_at
from railhouse.engine.rounds.plainchoices import (
    buy_choice,
    concede_choice,
    par_choices_at,
    pass_choice,
)
from railhouse.engine.rounds.sales import sale_choice, sellable_units
from railhouse.engine.shares import buyback_limit, player_certificate_count


class StockChoices(Round[G]):
    """The legal choices of a stock turn; the round (:class:`StockRound`) keeps the turn
    state they read and sets the switches (see its module docstring)."""

    sell_after_purchase = False
    redeem_in_turn = False
    may_concede = False
    #: the turn state the choices read, kept by the round
    sold_this_round: dict[str, set[str]]
    started_this_round: set[str]
    sold_this_turn: set[str]
    bought_this_turn: bool

    def __init__(self, game: G) -> None:
        super().__init__(game)
        #: a scratch memo while ``legal_actions`` computes (None otherwise): the state
        #: cannot change meanwhile, so answers every company asks for (a player's
        #: certificate count, a title's par prices) are computed once per listing
        self._listing: dict[Any, Any] | None = None
        self._par_prices: dict[str, list[int]] = {}  # market id -> its par prices

    def player_id(self) -> str:
        """The player whose turn it is."""
        raise NotImplementedError

    # -- legal actions -----------------------------------------------------------------
    def legal_actions(self) -> list[LegalAction]:
        saved, self._listing = self._listing, {}
        try:
            return self._legal_actions()
        finally:
            self._listing = saved

    def listing_memo(self) -> dict[Any, Any] | None:
        """The scratch memo of the legal set being listed (keys: a tuple naming what is
        kept, its first item the kind), or None outside ``legal_actions`` (then compute
        afresh: a caller may change the state between two questions)."""
        return self._listing

    def _legal_actions(self) -> list[LegalAction]:
        if self.finished:
            return []
        me = self.player_id()
        selling = self.may_sell_now()
        keeps = _KEEPS_CORE_ROWS.get(type(self))  # (_keeps_core_rows without the call)
        if keeps is None:
            keeps = _keeps_core_rows(type(self))
        # where the title keeps the core's must_sell, ``me``'s certificate room is asked
        # once (a listing asked it twice, with the limit each time: must_sell, then what
        # ``me`` may take): must_sell's test read in place, company_rows given the room
        room = self.certificate_room(me) if keeps else UNKNOWN
        if (room is not None and room < 0) if keeps else self.must_sell(me):
            return (self.sell_choices(me) if selling else []) or [pass_choice(me)]
        acquiring = not self.bought_this_turn
        if keeps:  # every company visited once for all four kinds
            sells, pars, buys, redeems = self.company_rows(
                me, sells=selling, pars=acquiring, buys=acquiring,
                redeems=acquiring and self.redeem_in_turn, room=room)
            legal = [*sells, *pars, *buys, *redeems]
        else:
            legal = self.sell_choices(me) if selling else []
            if acquiring:
                legal.extend(self.par_choices(me))
                legal.extend(self.buy_choices(me))
                legal.extend(self.redeem_choices(me))
        legal.extend(self.extra_choices(me))
        if self.may_pass(me):
            legal.append(pass_choice(me))
        if self.may_concede:
            legal.append(concede_choice(me))
        return legal

    def company_rows(self, me: str, companies: Iterable[Company] | None = None, *,
                     sells: bool, pars: bool, buys: bool, redeems: bool,
                     room: Any = UNKNOWN,
                     ) -> tuple[list[LegalAction], list[LegalAction], list[LegalAction],
                                list[LegalAction]]:
        """The choices of ``me`` that name one of ``companies`` (all by default), by kind,
        each in company order: (:meth:`sell_choices`, :meth:`par_choices`,
        :meth:`buy_choices`, :meth:`redeem_choices`), the kinds not asked for left empty.
        One pass over the companies answers all four (a closed company offers none; a
        started one sales and purchases, an unstarted one pars: its :meth:`par_prices`
        ``me`` can pay for, where :meth:`may_par`; a floated one its president's
        redemption), so a listing reads each company's holdings once.  The per-kind
        methods are this with one kind asked (where a title keeps them:
        :func:`_keeps_core_rows`).  ``room``: ``me``'s :meth:`certificate_room`, where
        the caller has it (asked here otherwise)."""
        game = self.game
        sold: list[LegalAction] = []
        parred: list[LegalAction] = []
        bought: list[LegalAction] = []
        redeemed: list[LegalAction] = []
        cash = game.player(me).cash if pars or buys else 0
        units = self.par_units() if pars else 0
        if not (pars or buys):
            room = None
        elif room is UNKNOWN:
            room = self.certificate_room(me)
        if room is not None:  # (can_take_certificates, the limit read once)
            pars = pars and units - 1 <= room
            buys = buys and room >= 1
        held_ok = sells or buys
        barred = self.sold_this_round[me] if buys else ()
        sold_now = self.sold_this_turn
        cap = game.config.max_holding_percent - 10
        allow_sell, purchases = self.allow_sell, self.purchases
        # a title's own may_sell is asked as it is; the core's is read in place below
        may_sell = None if type(self).may_sell is StockChoices.may_sell else self.may_sell
        # the affordable prices of each list ``par_prices`` gives, by its id (companies of
        # one kind and market share one list; the list is kept with them, so no other
        # object takes its id meanwhile)
        affordable: dict[int, tuple[Sequence[int], tuple[int, ...]]] = {}
        for company in game.companies.values() if companies is None else companies:
            if company.closed:
                continue
            if company.started:
                if held_ok:
                    ledger = company.ledger
                    held = ledger.holdings  # (percent_of without the call)
                    mine = (ledger.held() if held is None else held).get(me, 0)
                    # holding nothing is asked first (a holder of nothing has no
                    # sale_choice); then sale_choice's memo (``me``'s HolderAnswers in
                    # the ledger, read without the call): a known "no sale" is taken
                    # without the title's gate (may_sell's tests of an open started
                    # company; a call, and most holdings offer no sale, a president's
                    # certificate alone, say); a known sale, or one not worked out yet,
                    # is asked the gate before anything else is done
                    if sells and mine:
                        answers = ledger.memo.get(me)
                        choice = UNKNOWN if answers is None else (
                            answers.sale_as_president if company.president == me
                            else answers.sale)
                        if choice is not None and (
                                (company.id not in sold_now and allow_sell(me, company))
                                if may_sell is None else may_sell(me, company)):
                            if choice is UNKNOWN:
                                choice = sale_choice(game, me, company)
                            if choice is not None:
                                sold.append(choice)
                    # allow_buy's tests on the company, in its order
                    if buys and company.id not in barred and mine <= cap:
                        bought += purchases(me, company, cash)
            elif pars:
                offered = self.par_prices(company)
                known = affordable.get(id(offered))
                if known is None:  # (a loop: no comprehension's frame per listing)
                    fits: list[int] = []
                    for price in offered:
                        if price * units <= cash:
                            fits.append(price)
                    known = affordable[id(offered)] = (offered, tuple(fits))
                prices = known[1]
                # affordable first: may_par costs
                if prices and self.may_par(me, company, units):
                    parred += par_choices_at(me, company.id, prices)
            # (no certificate in the pool: buyback_limit is 0, not worked out; the flag
            # read before the ids compared)
            if (redeems and company.floated and company.president == me
                    and POOL in company.ledger.owners):
                top = buyback_limit(game, company)
                if top > 0:
                    redeemed.append(LegalAction(Redeem(entity=me, company=company.id, count=1),
                                                {"count": Range(1, top)}))
        return sold, parred, bought, redeemed

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
        return self.company_rows(me, sells=False, pars=False, buys=False, redeems=True)[3]

    def sell_choices(self, me: str) -> list[LegalAction]:
        """One ranged choice per company ``me`` holds and :meth:`may_sell`
        (:func:`~railhouse.engine.rounds.sales.sale_choice`: with certificates larger than
        10% the range steps by the certificate size, a holder of 20% certificates sells 2,
        4, ... shares)."""
        return self.company_rows(me, sells=True, pars=False, buys=False, redeems=False)[0]

    def sale_choice_of(self, me: str, company: Company) -> LegalAction | None:
        """``company``'s entry of :meth:`sell_choices` (None for none): its
        :func:`~railhouse.engine.rounds.sales.sale_choice` where :meth:`may_sell`.  The
        direct check of a sale (:meth:`candidates_for`) asks it of the one company sold."""
        return sale_choice(self.game, me, company) if self.may_sell(me, company) else None

    def may_sell(self, me: str, company: Company) -> bool:
        """Whether ``me`` may sell ``company`` now at all, whatever the shares say: it is
        started and open, not sold this turn, and the title's ``allow_sell`` agrees (the
        listing asks it of started open companies only)."""
        if company.closed or not company.started or company.id in self.sold_this_turn:
            return False
        return self.allow_sell(me, company)

    def max_sellable(self, me: str, company: Company) -> int:
        """How many 10% units ``me`` may sell of ``company`` now (:func:`sellable_units`
        where :meth:`may_sell`)."""
        return sellable_units(self.game, me, company) if self.may_sell(me, company) else 0

    def may_pass(self, me: str) -> bool:
        return True

    def must_sell(self, me: str) -> bool:
        """A player over the certificate limit must sell down in their turn (SOH
        "Maximum number of certificates")."""
        room = self.certificate_room(me)
        return room is not None and room < 0

    def certificate_limit(self) -> int | None:
        return self.game.config.certificate_limit[len(self.game.seats)]

    def can_take_certificates(self, me: str, count: int) -> bool:
        room = self.certificate_room(me)
        return room is None or count <= room

    def certificate_room(self, me: str) -> int | None:
        """How many more certificates ``me`` may hold (negative: over the limit), or None
        where the title has no limit (SOH EN "Maximum number of certificates"; 1839 has
        none).  ``me``'s count is worked out once per legal set (a listing asks this
        twice: whether ``me`` must sell, then what ``me`` may take)."""
        limit = self.certificate_limit()
        if limit is None:
            return None
        memo = self._listing
        if memo is None:
            return limit - self.certificate_count(me)
        key = ("certificates", me)
        count: int | None = memo.get(key)
        if count is None:
            count = memo[key] = self.certificate_count(me)
        return limit - count

    def certificate_count(self, me: str) -> int:
        """``me``'s certificates counting toward the limit."""
        return player_certificate_count(self.game, me)

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
        ledger = company.ledger
        if ledger.president_owner() != self.game.unsold_location():
            return False
        return ledger.percent_of(me) + units * 10 <= self.game.config.max_holding_percent

    def par_choices(self, me: str) -> list[LegalAction]:
        """Every company ``me`` may start, at every one of its :meth:`par_prices` at which
        ``me`` can pay for ``par_units`` shares; none when the certificates (the
        president's counting one) would break the limit."""
        return self.pars_among(me, self.game.companies.values())

    def pars_among(self, me: str, companies: Iterable[Company]) -> list[LegalAction]:
        """:meth:`par_choices` among ``companies`` only, in their order (the direct check
        of a par, :meth:`candidates_for`, asks it of the one company started)."""
        return self.company_rows(me, companies, sells=False, pars=True, buys=False,
                                 redeems=False)[1]

    def par_prices(self, company: Company) -> Sequence[int]:
        """The par prices open to ``company`` now: its market's par spaces, ascending."""
        market = company.spec.market
        prices = self._par_prices.get(market)
        if prices is None:
            cells = self.game.market_of(company).par_cells()
            prices = self._par_prices[market] = sorted(cell.price for _, cell in cells)
        return prices

    def buy_choices(self, me: str) -> list[LegalAction]:
        """:meth:`buy_choices_of` of every company, in order.  Where a title keeps this
        class's :meth:`buy_choices_of` and :meth:`allow_buy`, the tests of ``allow_buy``
        that do not depend on the company (the certificate limit) are asked once."""
        kind = type(self)
        if (kind.buy_choices_of is not StockChoices.buy_choices_of
                or kind.allow_buy is not StockChoices.allow_buy):
            choices: list[LegalAction] = []
            for company in self.game.companies.values():
                choices.extend(self.buy_choices_of(me, company))
            return choices
        return self.company_rows(me, sells=False, pars=False, buys=True, redeems=False)[2]

    def buy_choices_of(self, me: str, company: Company) -> list[LegalAction]:
        """The purchases of ``company``'s shares open to ``me``: one per source and size of
        ordinary certificate there (``count`` in 10% units: a 20% certificate is 2)."""
        return self.purchases(me, company) if self.allow_buy(me, company) else []

    def purchases(self, me: str, company: Company,
                  cash: int | None = None) -> list[LegalAction]:
        """:meth:`buy_choices_of` once :meth:`allow_buy` allowed them: the :func:`offers`
        ``me`` can pay for and hold.  ``cash``: ``me``'s cash, where the caller has it.

        Memoised in the ledger (:meth:`~railhouse.engine.certificates.ShareLedger.derived`)
        under ``("buys", me, price, cash)``: the answer reads the certificates (the offers,
        ``me``'s holding), the price, the cash and the game's fixed holding cap, and is
        a list of shared plain choices: do not mutate it."""
        game = self.game
        ledger = company.ledger
        memo = ledger.memo
        offers: list[tuple[str, int]] | None = memo.get(OFFERS)
        if offers is None:
            offers = memo[OFFERS] = offers_at(ledger, self.buy_sources(company))
        if not offers:
            return []
        price = game.share_price(company)
        if cash is None:
            cash = game.player(me).cash
        key = ("buys", me, price, cash)
        choices: list[LegalAction] | None = memo.get(key)
        if choices is None:  # (a loop: no comprehension's frame; a new cash misses)
            room = game.config.max_holding_percent - ledger.percent_of(me)
            company_id = company.id
            choices = memo[key] = []
            for source, percent in offers:
                if price * (percent // 10) <= cash and percent <= room:
                    choices.append(buy_choice(me, company_id, source, percent // 10))
        return choices

    def allow_buy(self, me: str, company: Company) -> bool:
        if not company.started or company.closed or company.id in self.sold_this_round[me]:
            return False
        if company.ledger.percent_of(me) + 10 > self.game.config.max_holding_percent:
            return False
        return self.can_take_certificates(me, 1)

    def buy_sources(self, company: Company) -> list[str]:
        """Where ``company``'s ordinary shares are bought: where they start unsold, and the
        Bank Pool; a company's own treasury shares, where the unsold ones start in an IPO,
        only once the IPO holds no ordinary share (1839 R-7.3.1, R-7.3.6).  The list is
        memoised in the ledger (:meth:`ShareLedger.derived`, keyed on the unsold location,
        all it reads besides the certificates): do not change it."""
        unsold = self.game.unsold_location()
        memo = company.ledger.memo
        key = ("sources", unsold)
        sources: list[str] | None = memo.get(key)
        if sources is None:
            sources = memo[key] = buy_sources_at(company.ledger, unsold)
        return sources

    # -- title knobs of the choices ---------------------------------------------------
    def allow_sell(self, me: str, company: Company) -> bool:
        return company.id not in self.started_this_round

    # -- direct validation ------------------------------------------------------------
    @checks_listed_set_first
    def validate(self, action: Action) -> None:
        """Check ``action`` against only the choices of its own kind (the legal set of a
        stock turn, built per company, is the expensive part of an apply).

        The shortcut is taken only while ``legal_actions`` is this class's own: a title that
        overrides it is validated by membership in its legal set, so the two never disagree.
        Where the legal set was listed already (a caller asked ``legal_actions`` before
        answering) membership in it is the cheaper check.
        """
        listed = self.game.known_legal(self)
        if listed is not None:  # the listed set, already there: no recomputation
            if not admitted(listed, action):  # (as super().validate would check it)
                raise IllegalAction(self.explain(action), self.rule)
            return
        if type(self).legal_actions is not StockChoices.legal_actions:
            super().validate(action)
            return
        # the direct check reads an unchanging state too: the listing's scratch memo
        # (a certificate count asked by ``must_sell`` and again by the purchase)
        saved, self._listing = self._listing, {}
        try:
            candidates = self.candidates_for(action)
        finally:
            self._listing = saved
        if candidates is None:
            super().validate(action)
        elif not any(choice.admits(action) for choice in candidates):
            raise IllegalAction(self.explain(action), self.rule)

    def candidates_for(self, action: Action) -> list[LegalAction] | None:
        """The legal choices of ``action``'s kind, mirroring :meth:`legal_actions` exactly;
        None for kinds this round does not know (checked by membership instead)."""
        me = self.player_id()
        if isinstance(action, SellShares):
            if not self.may_sell_now():
                return []
            if type(self).sell_choices is not StockChoices.sell_choices:
                return self.sell_choices(me)
            company = self.game.companies.get(action.company)
            choice = None if company is None else self.sale_choice_of(me, company)
            return [] if choice is None else [choice]
        if not isinstance(action, Pass | Par | BuyShares | Redeem):
            return None
        if self.must_sell(me):
            if not isinstance(action, Pass) or self.sell_choices(me):
                return []
            return [pass_choice(me)]
        if isinstance(action, Pass):
            return [pass_choice(me)] if self.may_pass(me) else []
        if self.bought_this_turn:
            return []
        company = self.game.companies.get(action.company)
        if isinstance(action, Par):
            if type(self).par_choices is not StockChoices.par_choices:
                return self.par_choices(me)
            if company is None:
                return []
            return self.pars_among(me, (company,))
        if isinstance(action, Redeem):
            if type(self).redeem_choices is not StockChoices.redeem_choices:
                return self.redeem_choices(me)
            if company is None or not self.redeem_in_turn:
                return []
            return self.company_rows(me, (company,), sells=False, pars=False, buys=False,
                                     redeems=True)[3]
        return [] if company is None else self.buy_choices_of(me, company)


#: the methods whose core versions :meth:`StockChoices.company_rows` stands for (and
#: ``must_sell``, which the one-pass listing reads in place), by class
_CORE_ROWS = ("must_sell", "sell_choices", "may_sell", "par_choices", "pars_among",
              "buy_choices", "buy_choices_of", "allow_buy", "redeem_choices")
_KEEPS_CORE_ROWS: dict[type, bool] = {}


def _keeps_core_rows(kind: type) -> bool:
    """Whether the stock round class ``kind`` keeps every one of the core's per-kind
    listings (:data:`_CORE_ROWS`), so that one :meth:`StockChoices.company_rows` pass
    lists them all exactly as they would (a title overriding one is listed kind by kind,
    through its own method); with the core's ``must_sell`` too, which that listing reads
    in place on the certificate room it asks once."""
    keeps = _KEEPS_CORE_ROWS.get(kind)
    if keeps is None:
        keeps = _KEEPS_CORE_ROWS[kind] = all(
            getattr(kind, name) is getattr(StockChoices, name) for name in _CORE_ROWS)
    return keeps
