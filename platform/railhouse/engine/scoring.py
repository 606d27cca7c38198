"""A player's worth at the end of the game, the usual 18xx final score.

Cash, plus every share of a started, open company at its current market price (SOH EN
"Game end"; 1839 R-10.2), plus, where the title counts them, the face value of the open
privates the player holds (1839 R-10.2; SOH's online edition and the 18xx.games rule
set).  A title's ``railhouse_final_scores`` states which parts it counts and adds its own
exceptions (1839 R-9.6: a bankrupt player scores 0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from railhouse.engine.game import Game


def private_value(game: Game, player_id: str) -> int:
    """The face value of the open privates ``player_id`` holds."""
    return sum(p.spec.value for p in game.privates.values()
               if p.owner == player_id and not p.closed)


def worth(game: Game, player_id: str, *, privates: bool = False) -> int:
    """Cash plus shares at the current price; with ``privates``, plus :func:`private_value`."""
    total = game.player(player_id).cash
    for company in game.companies.values():
        if company.started and not company.closed:
            total += company.shares_of(player_id) * game.share_price(company)
    return total + (private_value(game, player_id) if privates else 0)
