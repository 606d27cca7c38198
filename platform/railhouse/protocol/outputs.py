"""What the referee hands its caller: the outputs of every input, and how a seat is set up.

See :mod:`railhouse.protocol.referee` for the contract between them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, ClassVar

import msgspec

from railhouse.engine.actions import LegalAction
from railhouse.engine.api import GameResult
from railhouse.protocol.codec import encode
from railhouse.protocol.messages import ObservationMode, PatchFormat, RunnerMessage

__all__ = [
    "GameFinished", "NeedsAction", "Output", "SeatFailed", "SeatSetup", "Send", "seat_seed",
]  # fmt: skip


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
    """The failed ``seat`` must decide for ``entity``; call ``Referee.substitute``.
    Compared by value, but not hashable: its legal choices are not (their ranges)."""

    __hash__: ClassVar[None] = None  # type: ignore[assignment]  # (object.__hash__ is a method)
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
    ``observation`` and ``patch`` as its choices.  ``seed`` goes to the bot in
    ``game_start`` (default: :func:`seat_seed` of the game's seed, its id and the seat)."""

    handshake: bool = True
    observation: ObservationMode = "delta"
    seed: int | None = None
    patch: PatchFormat = "railhouse"


def seat_seed(*parts: object) -> int:
    """A 32-bit seed derived from ``parts`` (e.g. a tournament seed, a game id, a seat):
    stable across runs, platforms and Python versions (not ``hash()``)."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:4], "big")
