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
the train: the company now holds at least ``amount``) and :meth:`bankrupt` (the title's
bankruptcy: SOH closes the company; 1839 R-9 removes the player and nationalises), and start
it with :func:`start_raise` from the step that needs the money.  SOH's forced purchase maps
to ``EmergencyRules(order=("treasury_shares", "president_cash", "president_shares"),
treasury_choice=True)``; 1839's to the defaults.  The title's share sale rules (ledges, price
moves) go through :meth:`EmergencyRaise.sale_moves`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from railhouse.engine.actions import Bankrupt, IssueShares, LegalAction, Range, SellShares
from railhouse.engine.entities import POOL, TREASURY, Company
from railhouse.engine.errors import IllegalAction
from railhouse.engine.rounds.base import Decider
from railhouse.engine.shares import (
    hand_over_before_sale,
    move_shares,
    president_cert,
    update_president,
)

if TYPE_CHECKING:
    from railhouse.engine.game import Game

SOURCES = ("treasury_shares", "president_cash", "president_shares")


@dataclass(frozen=True)
class EmergencyRules:
    """A title's emergency-money options, as data."""

    order: tuple[str, ...] = SOURCES
    treasury_choice: bool = False
    keep_operating_presidency: bool = True
    ledges: bool = False  # a president's emergency sale stops at ledges

    def __post_init__(self) -> None:
        unknown = set(self.order) - set(SOURCES)
        if unknown:
            raise ValueError(f"unknown emergency money sources {sorted(unknown)}")


class EmergencyRaise(Decider):
    """``company`` must hold ``amount``: raise the shortfall, then :meth:`raised`."""

    rule = "emergency money raising (1839 R-8.4)"

    def __init__(self, game: Game, company: Company, amount: int,
                 rules: EmergencyRules | None = None) -> None:
        super().__init__(game)
        self.company = company
        self.amount = amount
        self.rules = rules or EmergencyRules()
        self.stage_index = 0

    # -- title knobs ---------------------------------------------------------------------
    def raised(self) -> None:
        """The company holds at least ``amount`` now; spend it (title-defined)."""
        raise NotImplementedError

    def bankrupt(self) -> None:
        """The money cannot be raised (title-defined bankruptcy)."""
        raise NotImplementedError

    def sale_moves(self, company: Company, count: int, by_president: bool) -> None:
        """Price moves of an emergency sale: down one step per share."""
        ledges = self.rules.ledges or not by_president
        self.game.market_of(company).move(company.id, "down", count, ledges=ledges)

    # -- state ---------------------------------------------------------------------------
    @property
    def president(self) -> str:
        president = self.company.president
        if president is None:
            raise IllegalAction(f"{self.company.id} has no president", self.rule)
        return president

    def shortfall(self) -> int:
        return max(0, self.amount - self.company.cash)

    def stage(self) -> str | None:
        order = self.rules.order
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
                self.sell_treasury(min(self.treasury_units(), self.units_needed(self.company)))
                continue
            if stage == "president_cash":
                player = self.game.player(self.president)
                self.game.pay(player, self.company, min(player.cash, self.shortfall()))
            if stage == "president_shares":
                return False
            self.stage_index += 1

    def _finish(self) -> None:
        if self in self.game.pending:
            self.game.pending.remove(self)

    def units_needed(self, company: Company) -> int:
        price = self.game.share_price(company)
        return -(-self.shortfall() // price) if price > 0 else 0

    def treasury_units(self) -> int:
        company = self.company
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
            keep = own_cert if company is self.company or others < own_cert else 0
            if company is self.company and self.rules.keep_operating_presidency:
                keep = max(keep, others)
            held -= keep
        limit = self.game.config.pool_limit_percent
        room = held if limit is None else (limit - company.percent_of(POOL)) // 10
        return max(0, min(held, room))

    # -- decisions -----------------------------------------------------------------------
    def legal_actions(self) -> list[LegalAction]:
        if self.stage() == "treasury_shares":
            top = self.treasury_units()
            return [LegalAction(IssueShares(entity=self.company.id, count=1),
                                {"count": Range(1, top)})]
        me = self.president
        sales = []
        raisable = 0
        for company in self.game.companies.values():
            top = self.sellable(company)
            if top:
                raisable += top * self.game.share_price(company)
                sales.append(LegalAction(SellShares(entity=me, company=company.id, count=1),
                                         {"count": Range(1, top)}))
        if raisable >= self.shortfall():
            return sales
        return [LegalAction(Bankrupt(entity=me))]

    def process_issue_shares(self, action: IssueShares) -> None:
        self.sell_treasury(action.count)
        self.stage_index += 1
        self.resolve()

    def sell_treasury(self, count: int) -> None:
        game, company = self.game, self.company
        price = game.share_price(company)
        move_shares(company, TREASURY, POOL, count)
        game.pay(game.bank, company, price * count)
        self.sale_moves(company, count, by_president=False)
        game.event("emergency_issue", {"company": company.id, "count": count, "price": price})

    def process_sell_shares(self, action: SellShares) -> None:
        game, me = self.game, self.president
        company = game.company(action.company)
        price = game.share_price(company)
        hand_over_before_sale(game, company, me, action.count)
        move_shares(company, me, POOL, action.count)
        game.pay(game.bank, game.player(me), price * action.count)
        self.sale_moves(company, action.count, by_president=company.president == me)
        update_president(game, company)
        game.event("sell", {"player": me, "company": company.id, "count": action.count,
                            "price": price, "emergency": True})
        player = game.player(me)
        game.pay(player, self.company, min(player.cash, self.shortfall()))
        self.resolve()

    def process_bankrupt(self, action: Bankrupt) -> None:
        self._finish()
        self.bankrupt()


def start_raise(raise_: EmergencyRaise) -> None:
    """Resolve what needs no decision; if a decision remains, make it pending."""
    if not raise_.resolve():
        raise_.game.pending.append(raise_)
