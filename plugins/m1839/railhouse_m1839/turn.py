"""What a 1839 operating turn remembers beyond the core's turn state."""

from __future__ import annotations

from dataclasses import dataclass

from railhouse.engine.actions import Action
from railhouse.engine.turnstate import TurnState


@dataclass
class M1839Turn(TurnState):
    """The 1839 operating turn's state, shared by its steps."""

    #: the hex where SRV's extra tile went this turn (R-14.3.3: one use, then its token)
    srv_hex: str | None = None
    #: swap offers the other company's director declined (R-8.3.B.3): not offered again
    declined_swaps: tuple[Action, ...] = ()
    #: KR move offers KR's owner declined (R-14.3.5): not offered again
    declined_moves: tuple[Action, ...] = ()
    #: the marker given up in an accepted swap, as ``"HEX.cN"`` (A-18: it does not run)
    swapped_token: str | None = None
    # the trains and privates refused this turn are the core's ``declined``
