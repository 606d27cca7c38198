"""Certificates and presidency: buying, selling, transfers and president changes.

Title-agnostic rules implemented here (each title's rulebook states them the same way):
- the player holding the most shares is president; a challenger must hold strictly more;
- on a tie the presidency goes to the first tied player after the current president in
  the order of :meth:`Game.players_after` (seat order, SOH EN "Change of presidency";
  1839 R-7.6.4 with A-41: the rotating card order);
- the old and new president exchange the president's certificate for ordinary certificates
  worth the same percentage;
- a sale to the pool is the president's when the seller held the presidency *before* it,
  even if it passes the presidency on (:func:`sell_to_pool`), and only a non-president's
  sale stops at a ledge (:func:`sale_price_drop`; SOH EN "Adjusting share price").

Certificates may have any size: counts of shares are in 10% units (a 20% ordinary
certificate is two shares), and transfers pick certificates that add up exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from railhouse.engine.entities import POOL, TREASURY, Certificate, Company

if TYPE_CHECKING:
    from railhouse.engine.certificates import ShareLedger
    from railhouse.engine.game import Game


def take_certificates(company: Company, owner: str, count: int) -> list[Certificate]:
    """Ordinary (non-president) certificates of ``owner`` worth exactly ``count`` 10% units
    (face-up ones and lower indexes first), or ``[]`` if no combination adds up."""
    views = company.ledger.views()
    return [views[i] for i in take_slots(company.ledger, owner, count)]


def take_slots(ledger: ShareLedger, owner: str, count: int) -> list[int]:
    """:func:`take_certificates` as positions in ``ledger``."""
    owners = ledger.owners
    if owner not in owners:
        return []
    percent = count * 10
    common = ledger.ordinary_size()  # every ordinary certificate's size, if they share one
    if common and percent % common == 0 and ledger.in_index_order and not ledger.some_face_down:
        # the usual case: one size, positions in pick order; the first ``needed`` of
        # ``owner``'s ordinary certificates, found by C-level searches
        needed = percent // common
        found = first_ordinary_slots(ledger, owner, needed)
        return found if len(found) == needed else []
    presidents = ledger.presidents
    found = [i for i, held_by in enumerate(owners) if held_by == owner and not presidents[i]]
    if not found:
        return []
    sizes = ledger.percents
    first = common or sizes[found[0]]
    if percent % first == 0 and (common or all(sizes[i] == first for i in found)):
        # one size: the exact search's first selection is the first ``percent // first``
        # in its order (a multiple of the size, or none at all)
        needed = percent // first
        if needed > len(found):
            return []
        _order(ledger, found)
        return found[:needed]
    _order(ledger, found)
    picked = _exact([(i, sizes[i]) for i in found], percent)
    return [] if picked is None else picked


def first_ordinary_slots(ledger: ShareLedger, owner: str, needed: int) -> list[int]:
    """The positions of ``owner``'s first ``needed`` ordinary (non-president)
    certificates in position order, fewer if ``owner`` holds fewer; found by C-level
    searches (``tuple.index``), no Python code per certificate skipped."""
    owners, presidents = ledger.owners, ledger.presidents
    found: list[int] = []
    at = -1
    while len(found) < needed:
        try:
            at = owners.index(owner, at + 1)
        except ValueError:
            break
        if not presidents[at]:
            found.append(at)
    return found


def _order(ledger: ShareLedger, found: list[int]) -> None:
    """Sort positions face-up first, then by certificate index (the order of the picks);
    positions in order already are left alone (no certificate face down, indexes
    ascending with the positions: :attr:`ShareLedger.in_index_order`)."""
    face_down, indexes = ledger.face_down, ledger.indexes
    if (ledger.some_face_down and any(face_down[i] for i in found)) or (
            not ledger.in_index_order
            and any(indexes[a] > indexes[b] for a, b in pairwise(found))):
        found.sort(key=lambda i: (face_down[i], indexes[i]))


def _exact(certs: list[tuple[int, int]], percent: int) -> list[int] | None:
    """The first (in ``certs`` order) selection of (position, percent) entries summing to
    ``percent``, as positions; None if none does."""
    if percent == 0:
        return []
    for i, (position, size) in enumerate(certs):
        if size <= percent:
            rest = _exact(certs[i + 1 :], percent - size)
            if rest is not None:
                return [position, *rest]
    return None


def move_shares(company: Company, source: str, target: str, count: int) -> None:
    """Move ordinary certificates worth ``count`` 10% units from ``source`` to ``target``."""
    ledger = company.ledger
    slots = take_slots(ledger, source, count)
    if count > 0 and not slots:
        raise ValueError(f"{source} holds no certificates of {company.id} worth {count} shares")
    if slots:
        ledger.give(slots, target, face_up=True)


def president_cert(company: Company) -> Certificate:
    return company.certs[company.ledger.president_index()]


def give_president_certificate(company: Company, owner: str) -> None:
    """``owner`` takes ``company``'s president's certificate (the same as assigning
    :func:`president_cert`'s ``owner``, without making the certificate views)."""
    ledger = company.ledger
    ledger.set_owner(ledger.president_index(), owner)


def start_company(game: Game, company: Company, president: str, par: int,
                  **event: object) -> None:
    """``president`` starts ``company`` at ``par``: takes its president's certificate, and
    its marker goes on the par space, at the bottom of the stack there (SOH EN "Starting a
    company": "to the right of any tokens already there"; 1839 R-7.5.4 "under").  Paying
    for it and any other certificates taken are the caller's (SOH pays the company, 1839
    the bank); ``event`` adds to the ``par`` event."""
    give_president_certificate(company, president)
    company.president = president
    company.started = True
    company.par_price = par
    market = game.market_of(company)
    market.place(company.id, market.find_par(par))
    game.event("par", {"player": president, "company": company.id, "price": par, **event})


#: the ledger memo's key (with the president's id) of "no active player holds more shares
#: than this president": :func:`update_president`'s answer "no change" for these holdings
#: (a fact of the certificates, the president named and the seats, as the memo requires)
SETTLED = "settled"


def update_president(game: Game, company: Company) -> str | None:
    """Re-evaluate the presidency after a change in holdings; returns the new president's id
    if it changed.  The certificate exchange is performed here.  An answer of no change is
    noted in the ledger's memo (:data:`SETTLED`) for :func:`sell_to_pool`."""
    current = company.president
    if current is None:
        return None
    best = current
    ledger = company.ledger
    held = ledger.held()
    best_shares = held.get(current, 0) // 10
    if not _any_seat_above(game, held, best_shares * 10 + 9):
        ledger.memo[SETTLED, current] = True
        return None  # (no seat holds more: the tie-break order is not needed)
    for player_id in game.players_after(current):
        shares = held.get(player_id, 0) // 10
        if shares > best_shares:
            best, best_shares = player_id, shares
    if best == current:
        ledger.memo[SETTLED, current] = True
        return None
    exchange_presidency(company, current, best)
    company.president = best
    game.event("president", {"company": company.id, "old": current, "new": best})
    return best


def exchange_presidency(company: Company, old: str, new: str) -> None:
    """The new president hands ordinary certificates worth the president's certificate to
    the old one and receives the president's certificate."""
    ledger = company.ledger
    pres = ledger.president_index()
    handed = take_slots(ledger, new, ledger.percents[pres] // 10)
    if not handed:
        raise ValueError(f"{new} cannot exchange for {company.id}'s president's certificate")
    ledger.give(handed, old)
    ledger.set_owner(pres, new)


def player_certificate_count(game: Game, player_id: str) -> int:
    """Certificates counting toward the limit: each certificate counts one (a president's
    certificate too) and each private company counts one (SOH EN "Maximum number of
    certificates").  Each company's count is read from its ledger's per-holder counts
    (:meth:`~railhouse.engine.certificates.ShareLedger.counts`)."""
    count = 0
    for company in game.companies.values():
        if not company.closed:
            ledger = company.ledger
            tally = ledger.tally
            count += (ledger.counts() if tally is None else tally).get(player_id, 0)
    for private in game.privates.values():
        if private.owner == player_id and not private.closed:
            count += 1
    return count


def sold_percent(game: Game, company: Company) -> int:
    """Percent no longer in the unsold location (IPO or treasury): held by players or in
    the pool."""
    unsold = game.unsold_location()
    ledger = company.ledger
    return sum(pct for owner, pct in zip(ledger.owners, ledger.percents, strict=True)
               if owner != unsold and owner != "removed")


def check_float(game: Game, company: Company) -> bool:
    """Float ``company`` once ``CompanySpec.float_percent`` of it has been sold (float rules
    as data: SOH and 1839 majors 60% ... titles with other conditions set the percent per
    company); returns True when it floats now."""
    if company.floated or not company.started or company.closed:
        return False
    if sold_percent(game, company) < company.spec.float_percent:
        return False
    company.floated = True
    game.event("float", {"company": company.id})
    return True


def buyback_limit(game: Game, company: Company) -> int:
    """Shares ``company`` can buy back from the pool with its cash at the current price
    (SOH EN "Sell or buy its own shares"; 1839 R-7.4.5)."""
    price = game.share_price(company)
    return min(company.shares_of(POOL), company.cash // price if price else 0)


def redeem(game: Game, company: Company, source: str, count: int) -> None:
    """``company`` buys ``count`` of its shares held at ``source`` into its treasury at the
    current price (1839 R-7.4.1: the shares just sold; R-7.4.5: from the Bank Pool)."""
    price = game.share_price(company)
    game.pay(company, game.bank, price * count)
    move_shares(company, source, TREASURY, count)
    game.event("redeem", {"company": company.id, "count": count, "price": price})


def pool_percent(company: Company) -> int:
    return company.percent_of(POOL)


def hand_over_before_sale(game: Game, company: Company, seller: str, count: int) -> None:
    """If a president sells below another player's holding, exchange the president's
    certificate first so the sold certificates are ordinary ones (the new president is the
    first player after the seller in seat order among those holding the most)."""
    if company.president != seller:
        return
    held = company.ledger.held()
    remaining = held.get(seller, 0) // 10 - count
    if not _any_seat_above(game, held, remaining * 10 + 9, seller):
        return  # (no seat will hold more than the seller: no rival to order)
    rivals = [(held.get(p, 0) // 10, p) for p in others_in_order(game, seller)]
    best = max((s for s, _ in rivals), default=0)
    ledger = company.ledger
    if remaining >= best or best < ledger.percents[ledger.president_index()] // 10:
        return
    new = next(p for s, p in rivals if s == best)
    exchange_presidency(company, seller, new)
    company.president = new
    game.event("president", {"company": company.id, "old": seller, "new": new})


def _any_seat_above(game: Game, held: dict[str, int], percent: int,
                    besides: str | None = None) -> bool:
    """Whether a seat other than ``besides`` holds more than ``percent`` (in ``held``,
    a ledger's holdings).  Every player a presidency can pass to is a seat, so where
    none does, no player outranks and the order of the players (``players_after``, a
    title's own order) need not be worked out.  (A plain loop: any() over a generator
    costs a frame per call.)"""
    for seat in game.seats:
        if held.get(seat.id, 0) > percent and seat.id != besides:
            break
    else:
        return False
    return True


def others_in_order(game: Game, player_id: str) -> list[str]:
    return [p for p in game.players_after(player_id) if p != player_id]


@dataclass(slots=True)
class PoolSale:
    """What a sale to the pool was: the price per share it was paid at, and whether the
    seller was the company's president when selling (before any change of presidency).
    Made at every sale and only read: not frozen, as a frozen dataclass sets each field
    through ``object.__setattr__`` (a sale's result cost ~2.8k more instructions)."""

    price: int
    by_president: bool


def sell_to_pool(game: Game, company: Company, seller: str, count: int, *,
                 exchange_first: bool = True) -> PoolSale:
    """``seller`` sells ``count`` shares of ``company`` to the pool at the current price,
    paid by the bank; the presidency follows the holdings.  The price does not move here:
    the caller moves it with ``by_president`` (e.g. :func:`sale_price_drop`).

    ``exchange_first``: a president selling below another holder exchanges the president's
    certificate before the sale (:func:`hand_over_before_sale`), so the sold certificates
    are ordinary ones; otherwise (SOH's forced sale keeps a president's certificate) the
    presidency passes after the sale.  Either way the sale is the president's when the
    seller was president before it: SOH EN "Adjusting share price" exempts a sale unless
    "the selling player is not the president of the company whose shares are sold", and a
    president who sells out of the presidency was the president selling (18xx.games also
    decides before the sale).  Both the stock round and the emergency sale come here.
    """
    president = company.president
    by_president = president == seller
    price = game.share_price(company)
    settled = None
    if not by_president:
        # another player's sale: if no player held more than the president before it,
        # none does after it (only the seller's holding falls; the pool is no seat)
        settled = company.ledger.memo.get((SETTLED, president))
    elif exchange_first:  # (only a president's sale can hand it over)
        hand_over_before_sale(game, company, seller, count)
    move_shares(company, seller, POOL, count)
    game.pay(game.bank, game.player(seller), price * count)
    if settled:
        company.ledger.memo[SETTLED, president] = True  # (the sale replaced the memo)
    else:
        update_president(game, company)
    return PoolSale(price, by_president)


def sale_price_drop(game: Game, company: Company, count: int, by_president: bool) -> None:
    """The price moves of a sale: down one step per share; a sale not by the president
    stops at a ledge (SOH EN "Adjusting share price"; ledges are market data, so a market
    without them just drops ``count`` steps)."""
    game.market_of(company).move(company.id, "down", count, ledges=not by_president)
