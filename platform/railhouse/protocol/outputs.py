"""What the referee hands its caller: the outputs of every input, and how a seat is set up.

See :mod:`railhouse.protocol.referee` for the contract between them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from railhouse.engine.actions import LegalAction
from railhouse.engine.api import GameResult
from railhouse.protocol.codec import encode
from railhouse.protocol.messages import ObservationMode, RunnerMessage

__all__ = ["GameFinished", "NeedsAction", "Output", "SeatFailed", "SeatSetup", "Send"]


@dataclass(frozen=True, slots=True)
class Send:
    """Send ``message`` to ``seat``.  For an ``error``, ``retry`` says whether it cost
    the seat one of its retries (False: a notice that costs nothing)."""

    seat: int
    message: RunnerMessage
    retry: bool = False

    def line(self) -> bytes:
        """The encoded line, ``\\n`` included."""
        return encode(self.message)

    def to_builtins(self) -> dict[str, Any]:
        data: dict[str, Any] = msgspec.to_builtins(self.message)
        return data


@dataclass(frozen=True, slots=True)
class SeatFailed:
    """``seat`` is out: a protocol ``reason`` code with no retries left, or
    ``"disconnected"`` when the caller reported the process gone."""

    seat: int
    reason: str
    message: str


@dataclass(frozen=True, slots=True)
class NeedsAction:
    """The failed ``seat`` must decide for ``entity``; call ``Referee.substitute``."""

    seat: int
    entity: str
    legal: list[LegalAction]


@dataclass(frozen=True, slots=True)
class GameFinished:
    result: GameResult


Output = Send | SeatFailed | NeedsAction | GameFinished


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """How to treat a seat: ``handshake`` sends ``hello`` and waits for ``ready`` (a new
    process); otherwise the process already said ready in an earlier game with
    ``observation`` as its chosen mode."""

    handshake: bool = True
    observation: ObservationMode = "delta"
