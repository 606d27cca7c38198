"""The one bot interface, used in-process by the runner and over stdio by ``railhouse bot``.

A bot is an object with ``handle(message: dict) -> dict | None``: it takes one protocol
message (the dict form of a line) and returns the reply, or None when the message needs
none.  :class:`Bot` implements the protocol bookkeeping once -- the handshake, the state
tracker, seq echo -- so a concrete bot only writes :meth:`Bot.choose`.

In-process, the runner hands ``handle`` the dicts it would otherwise encode; as a process,
:func:`railhouse_bots.stdio.serve` wraps the very same object in a read/handle/write loop.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Protocol

from railhouse.protocol.messages import PROTOCOL, ObservationMode
from railhouse.protocol.tracker import StateTracker


class BotLike(Protocol):
    """Anything the runner can seat in-process."""

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None: ...


class Bot:
    """Base class: override :meth:`choose` (and optionally the ``on_*`` hooks).

    :attr:`state` is the current public observation (kept from deltas unless
    :attr:`observation` is ``"full"``), :attr:`seat` this bot's seat in the current game.
    :attr:`rng` is seeded by the constructor's ``seed`` and again, at every ``game_start``,
    by that message's ``seed``: draw every random choice from it and a game is reproducible.
    """

    name: ClassVar[str] = "bot"
    version: ClassVar[str] = "1"
    observation: ClassVar[ObservationMode] = "delta"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.tracker = StateTracker()
        self.seat: int | None = None
        self.hello: dict[str, Any] = {}

    @property
    def state(self) -> dict[str, Any]:
        return self.tracker.state

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        kind = message.get("type")
        if kind == "hello":
            self.hello = message
            self.seat = message.get("seat")
            return {
                "type": "ready",
                "name": self.name,
                "version": self.version,
                "observation": self.observation,
                "protocol": PROTOCOL,
            }
        if kind == "request":
            self.tracker.update(message)
            reply = {"type": "action", "seq": message["seq"]}
            reply.update(self.choose(message))
            return reply
        if kind == "game_start":
            self.seat = message.get("seat")
            if isinstance(message.get("seed"), int):
                # the runner's per-game, per-seat seed: the same tournament plays the same
                self.rng.seed(message["seed"])
            self.tracker.update(message)
            self.on_game_start(message)
        elif kind == "game_over":
            self.tracker.update(message)
            self.on_game_over(message)
        elif kind == "error":
            self.on_error(message)
        return None

    def choose(self, request: dict[str, Any]) -> dict[str, Any]:
        """``{"index": i}`` or ``{"action": {...}}`` (optionally with ``"comment"``)."""
        raise NotImplementedError

    def on_game_start(self, message: dict[str, Any]) -> None:
        """A game begins (``self.state`` holds its observation)."""

    def on_game_over(self, message: dict[str, Any]) -> None:
        """A game ended."""

    def on_error(self, message: dict[str, Any]) -> None:
        """The referee rejected a reply; a fresh request follows if retries are left."""


def concrete(choice: dict[str, Any], values: dict[str, int] | None = None) -> dict[str, Any]:
    """The action object of a legal ``choice`` (without ``ranges`` and ``free``), ranged
    fields set from ``values`` (each must lie in its range; fields not given keep the
    minimum; a ``free`` field keeps the value offered)."""
    action = {key: value for key, value in choice.items() if key not in ("ranges", "free")}
    if values:
        action.update(values)
    return action
