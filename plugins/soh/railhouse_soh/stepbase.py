"""The base of Steam Over Holland's operating steps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from railhouse.engine.steps import MapStep
from railhouse.engine.turnstate import TurnState

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland  # noqa: F401  (the base's game type)


@dataclass(slots=True)
class SohTurn(TurnState):
    """What a SOH operating turn remembers beyond the core's."""

    #: the company placed its home token this turn (EN "Placing station markers": no
    #: other token in the same turn)
    home_token: bool = False
    #: shares issued this turn, and issue actions taken (EN "Sell or buy its own shares";
    #: the 18xx-games rule set limits the actions, facts §11.2)
    issued: int = 0
    issue_actions: int = 0
    #: buy-back actions taken this turn
    buy_backs: int = 0
    #: the president sold shares to fund a forced train purchase, and from which companies
    president_sold: bool = False
    sold_companies: tuple[str, ...] = ()


class SohStep(MapStep["SteamOverHolland", SohTurn]):
    """The base of SOH's own operating steps: the core's map step (board, operator)."""
