"""Emergency money raising and bankruptcy, title-agnostic (issue 3; 1839 R-8.4, R-9).

When a company must pay an amount it lacks (a compulsory train from the depot, a float fee),
the title starts an :class:`EmergencyRaise` instead of paying.  The money comes from the
sources in :attr:`EmergencyRules.order`, each used only as far as needed (1839 R-8.4.5):

``treasury_shares``
    the company sells its own treasury shares to the pool at the current price, the price
    moving down one step per share (1839 R-8.4.2); automatic and just enough by default,
    or a ranged choice of the president (``treasury_choice``, SOH's "issue" step);
``president_cash``
    the president contributes the rest from personal cash (1839 R-8.4.3); automatic;
``president_shares``
    the president sells shares, in an order of their choosing (1839 R-8.4.4): never a
    president's certificate, never more than the pool may hold, never so many that the
    operating company changes president (``keep_operating_presidency``); a sale that passes
    another company's presidency on exchanges certificates at once.  When even selling
    everything sellable cannot cover the rest, the only choice is ``bankrupt`` (SOH EN
    "Bankruptcy": "no sale takes place"; 1839 R-8.4.6).

How a title uses it: subclass :class:`EmergencyRaise`, implement :meth:`raised` (e.g. take
the train: the company now holds at least ``amount``), or pass the continuation ``then``
(e.g. a :class:`Payment`), and :meth:`bankrupt` (the title's bankruptcy: SOH closes the
company; 1839 R-9 removes the player and nationalises), and start it with
:func:`start_raise` from the step that needs the money.  With ``EmergencyRules.concession``
the seller may concede instead of selling (1839 R-9.1), which is the bankruptcy.

Title knobs besides :class:`EmergencyRules`: :meth:`EmergencyRaise.sellable` (which shares
the president may sell), :meth:`EmergencyRaise.sell_shares` (the title's own sale; a sale
that leaves a decision pending, e.g. 1839's redemption offer R-7.4.1, calls
:meth:`EmergencyRaise.after_sale` once it is complete) and
:meth:`EmergencyRaise.sell_treasury`.  A player's own debt (1839 R-8.1.2's RH charge, R-8.4.4
"or the RH owner") is a raise without a company: ``EmergencyRaise(game, None, amount,
debtor=player_id)`` waits until that player holds ``amount``, only by their share sales.
1839 (money.py) uses ``EmergencyRules(contribute_in_full=True, sell_until_exhausted=True,
sell_only_needed=True, concession=True, treasury_share_by_share=True)`` with its own sales
(:meth:`EmergencyRaise.sale_price` is R-7.2.4's, price moves left, redemption offer).

SOH's forced purchase (trainbuy.py) uses ``EmergencyRules(treasury_choice=True,
repeat_issue=True, contribute_at_spend=True, keep_president_certificates=True,
sell_only_needed=True, bankrupt_by_choice=True)`` with its own issue (``treasury_units``,
``sell_treasury``: SOH's issue limit and price drop); its 18xx-games rule set adds
``one_block_per_company=True, no_bankrupt_after_sale=True``, the turn keeping the sales
(``sold``).  The title's share sale rules (ledges, price moves) go through
:meth:`EmergencyRaise.sale_moves`.  The options are data in
:mod:`railhouse.engine.emergencyrules`.

A raise need not sit on ``game.pending``: a step that derives its decision from the position
each time it is asked (the core's buy-train step with ``hosts_raise``, SOH's, so that a
changed position is seen at once; :mod:`railhouse.engine.steps.trains`) may
*host* it: build it afresh, :meth:`~EmergencyRaise.resolve` it, and while that returns False
offer its ``legal_actions`` and hand it the actions (``process``).  That is only sound when no
source moves money by itself (``treasury_choice`` and ``contribute_at_spend``), so resolving
a fresh raise changes nothing but the raise; :meth:`~EmergencyRaise.raised` then spends
nothing (the step's own action spends, the president paying the rest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import (
    Bankrupt,
    Concede,
    IssueShares,
    LegalAction,
    Range,
    SellShares,
)
from railhouse.engine.emergencyrules import EmergencyRules, Later, Payment
from railhouse.engine.entities import POOL, TREASURY, Company
from railhouse.engine.errors import IllegalAction
from railhouse.engine.rounds.base import Decider
from railhouse.engine.shares import (
    move_shares,
    president_cert,
    sale_price_drop,
    sell_to_pool,
)

if TYPE_CHECKING:
    from railhouse.engine.game import Game

__all__ = ["EmergencyRaise", "EmergencyRules", "Later", "Payment", "start_raise"]

class EmergencyRaise(Decider["Game"]):
    """``company`` must hold ``amount``: raise the shortfall, then :meth:`raised`.  With
    ``company=None`` and ``debtor`` (a player id) it is that player who must hold
    ``amount``; they raise it by selling shares only (``president_shares``)."""

    rule = "emergency money raising (1839 R-8.4)"

    def __init__(self, game: Game, company: Company | None, amount: int,
                 rules: EmergencyRules | None = None, *, debtor: str | None = None,
                 then: Later | None = None, sold: list[str] | None = None) -> None:
        super().__init__(game)
        if (company is None) == (debtor is None):
            raise ValueError("an emergency raise is for a company or for a debtor player")
        self._company = company
        self.debtor = debtor
        self.amount = amount
        self.rules = rules or EmergencyRules()
        self.then = then
        self.stage_index = 0
        #: the companies whose shares the president sold in this raise; a host that
        #: rebuilds the raise passes a list that outlives it (the turn's ``emergency_sales``)
        self.sold = [] if sold is None else sold

    # -- title knobs ---------------------------------------------------------------------
    def raised(self) -> None:
        """The company holds at least ``amount`` now (with ``contribute_at_spend``: the
        company and its president together); spend it: the ``then`` continuation, or
        title-defined."""
        if self.then is None:
            raise NotImplementedError
        self.then()

    def bankrupt(self) -> None:
        """The money cannot be raised (title-defined bankruptcy)."""
        raise NotImplementedError

    def sale_price(self, company: Company) -> int:
        """What one share of ``company`` sells for now: its market price."""
        return self.game.share_price(company)

    def sale_moves(self, company: Company, count: int, by_president: bool) -> None:
        """Price moves of an emergency sale (``by_president``: the seller was president
        before it): those of any sale, as in the stock round."""
        sale_price_drop(self.game, company, count, by_president)

    # -- state ---------------------------------------------------------------------------
    @property
    def company(self) -> Company:
        """The company that must hold ``amount`` (none for a player's own debt)."""
        if self._company is None:
            raise IllegalAction(f"{self.debtor}'s own debt involves no company", self.rule)
        return self._company

    @property
    def president(self) -> str:
        """The player who contributes and sells: the company's president, or the debtor."""
        if self.debtor is not None:
            return self.debtor
        president = self.company.president
        if president is None:
            raise IllegalAction(f"{self.company.id} has no president", self.rule)
        return president

    def shortfall(self) -> int:
        holder = self._company or self.game.player(self.president)
        have = holder.cash
        if self._company is not None and self.president_counts():
            have += self.game.player(self.president).cash
        return max(0, self.amount - have)

    def president_counts(self) -> bool:
        """``contribute_at_spend``: the president's cash counts once ``president_cash`` is
        passed (it still belongs to the president)."""
        return (self.rules.contribute_at_spend
                and "president_cash" in self.sources()[:self.stage_index])

    def to_raise(self) -> int:
        """What the president's sales must still bring in."""
        due = self.shortfall()
        if self._company is not None and self.rules.contribute_in_full:
            due -= self.game.player(self.president).cash
        return max(0, due)

    def sources(self) -> tuple[str, ...]:
        """The sources used, in order: a player's own debt has only their share sales."""
        if self._company is None:
            return tuple(s for s in self.rules.order if s == "president_shares")
        return self.rules.order

    def stage(self) -> str | None:
        order = self.sources()
        return order[self.stage_index] if self.stage_index < len(order) else None

    def acting_entity(self) -> str | None:
        return self.company.id if self.stage() == "treasury_shares" else self.president

    # -- resolution ----------------------------------------------------------------------
    def resolve(self) -> bool:
        """Use automatic sources until a decision is needed; True when finished."""
        while True:
            if self.shortfall() == 0:
                self._finish()
                self.raised()
                return True
            stage = self.stage()
            if stage is None:
                self._finish()
                self.bankrupt()
                return True
            if stage == "treasury_shares" and self.treasury_units() > 0:
                if self.rules.treasury_choice:
                    return False
                needed = self.units_needed(self.company, self.shortfall())
                self.sell_treasury(min(self.treasury_units(), needed))
                continue
            if stage == "president_cash":
                self.contribute()
            if stage == "president_shares":
                return False
            self.stage_index += 1

    def _finish(self) -> None:
        if self in self.game.pending:
            self.game.pending.remove(self)

    def units_needed(self, company: Company, due: int) -> int:
        """Shares of ``company`` that bring in ``due`` at its :meth:`sale_price` (the last
        may overshoot)."""
        price = self.sale_price(company)
        return -(-due // price) if price > 0 else 0

    def treasury_units(self) -> int:
        company = self._company
        if company is None:
            return 0
        held = company.shares_of(TREASURY)
        limit = self.game.config.pool_limit_percent
        room = held if limit is None else (limit - company.percent_of(POOL)) // 10
        return max(0, min(held, room))

    def sellable(self, company: Company) -> int:
        """Shares the president may sell of ``company`` now (10% units)."""
        me = self.president
        if not company.started or company.closed:
            return 0
        held = company.shares_of(me)
        if company.president == me:
            others = max((company.shares_of(p.id) for p in self.game.seats if p.id != me),
                         default=0)
            own_cert = president_cert(company).percent // 10
            keep = own_cert if (company is self._company or others < own_cert
                                or self.rules.keep_president_certificates) else 0
            if company is self._company and self.rules.keep_operating_presidency:
                keep = max(keep, others)
            held -= keep
        limit = self.game.config.pool_limit_percent
        room = held if limit is None else (limit - company.percent_of(POOL)) // 10
        return max(0, min(held, room))

    # -- decisions -----------------------------------------------------------------------
    def legal_actions(self) -> list[LegalAction]:
        legal = self.choices()
        if self.rules.one_block_per_company:
            legal = self.whole_blocks([c for c in legal if not (
                isinstance(c.action, SellShares) and c.action.company in self.sold)])
        if self.rules.no_bankrupt_after_sale and self.sold:
            legal = [c for c in legal if not isinstance(c.action, Bankrupt)] or legal
        return legal

    def whole_blocks(self, legal: list[LegalAction]) -> list[LegalAction]:
        """``one_block_per_company``: a sale must leave the rest of the shortfall within the
        other companies' sales: SOH EN "if the sale of those shares would not raise enough
        money to buy the train, no sale takes place".  (T itself admits the short sale
        and then refuses the close, leaving only a train bought from another company;
        the SOH differential's seed 2.)"""
        game = self.game
        worth = {c.action.company: c.ranges["count"].max * self.sale_price(
            game.company(c.action.company)) for c in legal if isinstance(c.action, SellShares)}
        due = self.to_raise()
        out = []
        for choice in legal:
            action = choice.action
            if not isinstance(action, SellShares):
                out.append(choice)
                continue
            price = self.sale_price(game.company(action.company))
            rest = due - (sum(worth.values()) - worth[action.company])
            low = max(1, -(-rest // price)) if price > 0 else 1
            top = choice.ranges["count"].max
            if low <= top:
                sale = SellShares(entity=action.entity, company=action.company, count=low)
                out.append(LegalAction(sale, {"count": Range(low, top)}))
        return out

    def choices(self) -> list[LegalAction]:
        """The issue, or the president's sales and bankruptcy, before the per-sale rules
        (``one_block_per_company``, ``no_bankrupt_after_sale``)."""
        if self.stage() == "treasury_shares":
            top = self.treasury_units()
            return [LegalAction(IssueShares(entity=self.company.id, count=1),
                                {"count": Range(1, top)})]
        me = self.president
        sales = []
        raisable = 0
        for company in self.game.companies.values():
            top = self.sellable(company)
            if top and self.rules.sell_only_needed:
                top = min(top, self.units_needed(company, self.to_raise()))
            if top:
                raisable += top * self.sale_price(company)
                sales.append(LegalAction(SellShares(entity=me, company=company.id, count=1),
                                         {"count": Range(1, top)}))
        bankrupt = [LegalAction(Bankrupt(entity=me))]
        if sales and (self.rules.sell_until_exhausted or raisable >= self.to_raise()):
            if self.rules.concession:
                sales.append(LegalAction(Concede(entity=me)))
            return sales + bankrupt if self.rules.bankrupt_by_choice else sales
        return bankrupt

    def process_issue_shares(self, action: IssueShares) -> None:
        self.sell_treasury(action.count)
        if not self.rules.repeat_issue:
            self.stage_index += 1
        self.resolve()

    def sell_treasury(self, count: int) -> None:
        game, company = self.game, self.company
        if self.rules.treasury_share_by_share:
            for _ in range(count):
                price = self.sale_price(company)
                move_shares(company, TREASURY, POOL, 1)
                game.pay(game.bank, company, price)
                game.market_of(company).move(company.id, "left", 1)
                game.event("emergency_sale", {"company": company.id, "price": price})
            return
        price = self.sale_price(company)
        move_shares(company, TREASURY, POOL, count)
        game.pay(game.bank, company, price * count)
        self.sale_moves(company, count, by_president=False)
        game.event("emergency_issue", {"company": company.id, "count": count, "price": price})

    def process_sell_shares(self, action: SellShares) -> None:
        self.sold.append(action.company)
        self.sell_shares(self.game.company(action.company), action.count)

    def sell_shares(self, company: Company, count: int) -> None:
        """The president sells ``count`` shares of ``company`` (title hook); a title's sale
        must end with :meth:`after_sale`, at once or once a pending decision is made."""
        game, me = self.game, self.president
        sale = sell_to_pool(game, company, me, count,
                            exchange_first=not self.rules.keep_president_certificates)
        self.sale_moves(company, count, by_president=sale.by_president)
        game.event("sell", {"player": me, "company": company.id, "count": count,
                            "price": sale.price, "emergency": True})
        self.after_sale()

    def after_sale(self) -> None:
        """A sale is complete: the president contributes, then the raise goes on."""
        self.contribute()
        self.resolve()

    def contribute(self) -> None:
        """The president pays the company what they can of the shortfall; with
        ``contribute_in_full`` all of it or nothing.  Nothing for a player's own debt, nor
        with ``contribute_at_spend`` (the spend takes it)."""
        if self._company is None or self.rules.contribute_at_spend:
            return
        player, due = self.game.player(self.president), self.shortfall()
        if self.rules.contribute_in_full and player.cash < due:
            return
        self.game.pay(player, self._company, min(player.cash, due))

    def process_bankrupt(self, action: Bankrupt) -> None:
        self._finish()
        self.bankrupt()

    def process_concede(self, action: Concede) -> None:
        """``EmergencyRules.concession``: conceding instead of raising the money is this
        bankruptcy (1839 R-9.1)."""
        self.process_bankrupt(Bankrupt(entity=action.entity))


def start_raise(raise_: EmergencyRaise) -> None:
    """Resolve what needs no decision; if a decision remains, make it pending."""
    if not raise_.resolve():
        raise_.game.pending.append(raise_)
