"""Private companies: revenue (fixed, growing by phase, or negative) and closing.

Revenue is ``PrivateSpec.revenue_by_phase`` for the current phase if listed there, else
``PrivateSpec.revenue``.  A positive revenue is paid by the bank to the owner (a player or a
company); a negative one is a charge the owner pays to the bank (1839 R-8.1.2, the RH): a
title whose owners may have to raise money for it overrides
:meth:`railhouse.engine.rounds.operating.OperatingRound.charge_private_owner`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from railhouse.engine.entities import Private

if TYPE_CHECKING:
    from railhouse.engine.game import Game


def revenue_of(game: Game, private: Private) -> int:
    """The private's revenue in the current phase (negative: a charge to its owner)."""
    return private.spec.revenue_by_phase.get(game.phase.name, private.spec.revenue)


class HoldsPrivates(Protocol):
    """A game, or anything else keeping privates by id (a test's stand-in)."""

    privates: dict[str, Private]


def update_private(game: HoldsPrivates, private_id: str, **changes: Any) -> Private:
    """Change the private ``private_id``'s ``owner``, ``closed`` flag or ``price_paid``
    (:class:`Private` is a value: the changed one replaces it in ``game.privates``, which a
    clone copied, so the other game keeps its own).  Returns the new value."""
    private = game.privates[private_id] = game.privates[private_id].but(**changes)
    return private


def buy_from_bank(game: Game, private_id: str, player_id: str, price: int) -> None:
    """``player_id`` buys the private from the bank for ``price`` (at an auction, or dealt
    at its value: SOH EN "Phase 1"; 1839 R-6.4); certificates the private carries go with
    it (1839 R-6.7).  The caller records the purchase's event."""
    game.pay(game.player(player_id), game.bank, price)
    update_private(game, private_id, owner=player_id, price_paid=price)
    for company in game.companies.values():
        # found and moved in the ledger: a private carries no certificate in most titles,
        # and asking each company's ``certs`` would make its certificate views to learn it
        ledger = company.ledger
        if private_id in ledger.owners:
            ledger.give(ledger.slots_of(private_id), player_id)


def close_private(game: Game, private_id: str, reason: str = "") -> None:
    """Close a private (every title, every cause: use, phase, bankruptcy): it pays nothing
    more, its abilities end and it leaves the game, so a company owner's charter forgets it
    (SOH EN "Notes on private companies"; 1839 R-14.2.4).  The title then hears of it
    (:meth:`Game.on_private_closed`, e.g. 1839's new-Local power).  Closing an already
    closed private does nothing."""
    private = game.privates[private_id]
    if private.closed:
        return
    private = update_private(game, private_id, closed=True)
    owner = private.owner
    company = game.companies.get(owner or "")
    if company is not None and private_id in company.privates:
        company.privates.remove(private_id)
    game.event("private_closed", {"private": private_id, "reason": reason})
    game.on_private_closed(private, owner)


def close_all_privates(game: Game, reason: str) -> None:
    for private_id in list(game.privates):
        close_private(game, private_id, reason)
