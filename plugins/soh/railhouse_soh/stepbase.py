"""What a Steam Over Holland operating turn remembers beyond the core's turn state."""

from __future__ import annotations

from dataclasses import dataclass

from railhouse.engine.turnstate import TurnState


@dataclass
class SohTurn(TurnState):
    """What a SOH operating turn remembers beyond the core's."""

    #: the company placed its home token this turn (EN "Placing station markers": no
    #: other token in the same turn)
    home_token: bool = False

