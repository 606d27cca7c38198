"""Private companies: revenue (fixed, growing by phase, or negative) and closing.

Revenue is ``PrivateSpec.revenue_by_phase`` for the current phase if listed there, else
``PrivateSpec.revenue``.  A positive revenue is paid by the bank to the owner (a player or a
company); a negative one is a charge the owner pays to the bank (1839 R-8.1.2, the RH): a
title whose owners may have to raise money for it overrides
:meth:`railhouse.engine.rounds.operating.OperatingRound.charge_private_owner`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.entities import Private

if TYPE_CHECKING:
    from railhouse.engine.game import Game


def revenue_of(game: Game, private: Private) -> int:
    """The private's revenue in the current phase (negative: a charge to its owner)."""
    return private.spec.revenue_by_phase.get(game.phase.name, private.spec.revenue)


def close_private(game: Game, private_id: str, reason: str = "") -> None:
    """Close a private: it pays nothing more and its abilities end; a company owner's list
    forgets it.  Closing an already closed private does nothing."""
    private = game.privates[private_id]
    if private.closed:
        return
    private.closed = True
    owner = game.companies.get(private.owner or "")
    if owner is not None and private_id in owner.privates:
        owner.privates.remove(private_id)
    game.event("private_closed", {"private": private_id, "reason": reason})


def close_all_privates(game: Game, reason: str) -> None:
    for private_id in game.privates:
        close_private(game, private_id, reason)
