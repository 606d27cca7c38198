"""Selling, redeeming, floating and directors (R-7.2, R-7.4, R-7.5.6-9, R-7.6).

A sale (R-7.2.6): the seller is paid the sale price for every share, the director's
certificate changes hands if the sale moves directorship, then the (possibly new) director
decides whether the company redeems all the shares just sold (a pending ``RedeemDecider``);
only if it does not do the shares go to the Bank Pool and the price moves left per share.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from railhouse.engine.actions import LegalAction, Pass, Redeem
from railhouse.engine.entities import IPO, POOL, Company
from railhouse.engine.rounds.base import Decider
from railhouse.engine.shares import (
    first_ordinary_slots,
    give_president_certificate,
    hand_over_before_sale,
    redeem,
)

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839

FLOAT_IPO_PERCENT = 40
CAPITAL_MULTIPLE = 10


def sale_price(game: M1839, company: Company) -> int:
    """R-7.2.4 (A-08): the current price once the company has finished an operating turn
    since it (last) floated; otherwise the space to its left (or the left end)."""
    if company.id in game.operated_since_float:
        return game.share_price(company)
    market = game.market_of(company)
    return market.cell(market.neighbour(market.positions[company.id], "left")).price


def max_sellable(game: M1839, seller: str, company: Company, *, keep_director: bool) -> int:
    """Shares ``seller`` may sell now: never the director's certificate itself, but a director
    may sell below another player holding 20% or more (R-7.2.1, R-7.6.4) unless
    ``keep_director`` (the company raising money in an emergency, R-8.4.4): then no sale
    may hand its directorship to another player (a tie keeps the director, R-7.6.4)."""
    held = company.shares_of(seller)
    if company.president != seller:
        return held
    others = max((company.shares_of(p) for p in game.active_players() if p != seller), default=0)
    if keep_director:
        return max(0, held - max(2, others))
    if others >= 2:
        return held
    return held - 2


def sell(game: M1839, seller: str, company: Company, count: int,
         then: Callable[[], None] | None = None) -> int:
    """Perform a sale of ``count`` shares held by ``seller``; returns the money received.
    The redemption choice is asked before the price moves (R-7.4.1)."""
    price = sale_price(game, company)
    hand_over_before_sale(game, company, seller, count)
    ledger = company.ledger
    sold = first_ordinary_slots(ledger, seller, count)
    if sold:
        ledger.give(sold, "sold")
    game.pay(game.bank, game.payer(seller), price * count)
    game.event("sell", {"player": seller, "company": company.id, "count": count, "price": price})
    decider = RedeemDecider(game, company, count, then)
    if decider.possible():
        game.pending.append(decider)
    else:
        decider.to_pool()
    return price * count


class RedeemDecider(Decider["M1839"]):
    """R-7.4.1: the director may have the company buy back all the shares just sold, at the
    current price, before the price moves; all-or-nothing; not a director's action."""

    rule = "1839 R-7.4.1"

    def __init__(self, game: M1839, company: Company, count: int,
                 then: Callable[[], None] | None) -> None:
        super().__init__(game)
        self.company = company
        self.count = count
        self.then = then

    def possible(self) -> bool:
        company = self.company
        return (company.floated and company.president is not None
                and company.cash >= self.count * self.game.share_price(company))

    def acting_entity(self) -> str | None:
        return self.company.id

    def legal_actions(self) -> list[LegalAction]:
        me = self.company.id
        return [LegalAction(Redeem(entity=me, company=me, count=self.count)),
                LegalAction(Pass(entity=me))]

    def process_redeem(self, action: Redeem) -> None:
        redeem(self.game, self.company, "sold", self.count)
        self._done()

    def process_pass(self, action: Pass) -> None:
        self.to_pool()
        self._done()

    def to_pool(self) -> None:
        """R-7.2.6 step 4: the shares go to the pool and the price moves left per share."""
        ledger = self.company.ledger
        sold = ledger.slots_of("sold")
        if sold:
            ledger.give(sold, POOL)
        self.game.market_of(self.company).move(self.company.id, "left", self.count)
        if self.then is not None and self not in self.game.pending:
            self.then()

    def _done(self) -> None:
        self.game.pending.remove(self)
        if self.then is not None:
            self.then()


def buy_director(game: M1839, company: Company, buyer: str, price: int) -> None:
    """Take the director's certificate for 2 x ``price`` (parring or R-9.4 re-directing)."""
    game.pay(game.player(buyer), game.bank, 2 * price)
    give_president_certificate(company, buyer)
    company.president = buyer


def check_float(game: M1839, company: Company) -> None:
    """R-7.5.6-9: at most 40% left in the IPO floats the company: 10 x current price from the
    bank; a Local then pays its float fee (emergency rules if short, A-15)."""
    if company.floated or not company.started or company.percent_of(IPO) > FLOAT_IPO_PERCENT:
        return
    company.floated = True
    capital = CAPITAL_MULTIPLE * game.share_price(company)
    game.pay(game.bank, company, capital)
    game.event("float", {"company": company.id, "capital": capital})
    if company.spec.kind == "local":
        from railhouse_m1839.homes import float_fee
        from railhouse_m1839.money import raise_money

        fee = float_fee(game, company.id)
        game.event("float_fee", {"company": company.id, "fee": fee})
        from railhouse.engine.emergency import Payment

        raise_money(game, company, fee, Payment(game, company.id, "bank", fee))
