"""Sale sizes in the stock round (SOH "Selling shares", "President's certificate"; 1839
R-7.2.1, R-7.6.4): how many 10% units a holder may sell, within the pool limit and without
selling the president's certificate, and the step of a sale when certificates are larger
than 10%."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from railhouse.engine.entities import POOL, Company
from railhouse.engine.rounds.holderanswers import UNKNOWN, holder_answers
from railhouse.engine.rounds.plainchoices import sale_range_choice

if TYPE_CHECKING:
    from railhouse.engine.actions import LegalAction
    from railhouse.engine.certificates import ShareLedger
    from railhouse.engine.game import Game


def sale_choice(game: Game, seller: str, company: Company) -> LegalAction | None:
    """The sale of ``company`` open to ``seller`` by the shares alone, as one ranged
    choice: :func:`sellable_units` rounded down to whole steps of :func:`sale_step` (a
    holder of 20% certificates sells 2, 4, ... shares); None if nothing can be sold.

    Memoised in the ledger's :meth:`~railhouse.engine.certificates.ShareLedger.derived`,
    in ``seller``'s :class:`~railhouse.engine.rounds.holderanswers.HolderAnswers` (a slot
    for each standing: president or not): it reads what those two read and nothing else
    (the certificates, that flag, the game's fixed pool limit and seats).  The choice is
    immutable, so listings share it."""
    president = company.president == seller
    answers = holder_answers(company.ledger.memo, seller)
    known = answers.sale_as_president if president else answers.sale
    if known is not UNKNOWN:
        choice: LegalAction | None = known
        return choice
    choice = fresh_sale_choice(game, company, seller, president)
    if president:
        answers.sale_as_president = choice
    else:
        answers.sale = choice
    return choice


def fresh_sale_choice(game: Game, company: Company, seller: str,
                      president: bool) -> LegalAction | None:
    """:func:`sale_choice` computed from scratch."""
    top = _sellable_units(game, company.ledger, seller, president)
    if top <= 0:
        return None
    step = _sale_step(company.ledger, seller, president)
    top -= top % step
    if top <= 0:
        return None
    return sale_range_choice(seller, company.id, step, top)


def sellable_units(game: Game, seller: str, company: Company) -> int:
    """How many 10% units ``seller`` may sell of ``company`` by the shares alone: all held,
    within room left in the pool (``pool_limit_percent``), a president keeping the
    president's certificate unless another holder can take the presidency.

    Memoised in the ledger's :meth:`~railhouse.engine.certificates.ShareLedger.derived`
    under ``("sellable", seller, seller is president)``: the answer reads the certificates,
    that flag, and the game's fixed pool limit and seats."""
    president = company.president == seller
    memo = company.ledger.memo
    key = ("sellable", seller, president)
    units: int | None = memo.get(key)
    if units is None:
        units = memo[key] = _sellable_units(game, company.ledger, seller, president)
    return units


def _sellable_units(game: Game, ledger: ShareLedger, seller: str, president: bool) -> int:
    held = ledger.percent_of(seller) // 10
    if held == 0:
        return 0
    limit = game.config.pool_limit_percent
    room = held if limit is None else (limit - ledger.percent_of(POOL)) // 10
    if not president:
        return max(min(held, room), 0)
    president_units = ledger.percents[ledger.president_index()] // 10
    best = min(held - president_units, room)
    holdings = ledger.held()
    others = 0  # the best other seat's shares (a plain loop: max() over a generator
    for seat in game.seats:  # costs a frame per call)
        shares = holdings.get(seat.id, 0) // 10
        if shares > others and seat.id != seller:
            others = shares
    if others >= president_units:
        # selling below the best other holding hands over the presidency
        for k in range(held, best, -1):
            if k <= room and held - k < others:
                best = max(best, k)
                break
    return max(best, 0)


def sale_step(company: Company, seller: str) -> int:
    """The greatest common size, in 10% units, of the certificates a sale can draw on
    (``seller``'s ordinary ones and, for a president, the ones an exchange would give).
    Memoised in the ledger under ``("step", seller, seller is president)``: the answer
    reads only the certificates and that flag."""
    president = company.president == seller
    memo = company.ledger.memo
    key = ("step", seller, president)
    step: int | None = memo.get(key)
    if step is None:
        step = memo[key] = _sale_step(company.ledger, seller, president)
    return step


def _sale_step(ledger: ShareLedger, seller: str, president: bool) -> int:
    if ledger.ordinary_size() == 10:  # every certificate drawn on is one share: steps of 1
        return 1
    step = 0
    for owner, percent, is_president in zip(ledger.owners, ledger.percents,
                                            ledger.presidents, strict=True):
        drawn_on = owner == seller or (president and owner[:1] == "p")
        if is_president or not drawn_on:
            continue
        step = math.gcd(step, percent // 10)
    return step or 1
