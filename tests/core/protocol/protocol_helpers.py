"""Shared helpers for the protocol tests (a plain module: conftest names collide)."""

from __future__ import annotations

from typing import Any, cast

import msgspec

from railhouse.engine.api import GameAPI
from railhouse.protocol.drive import InProcess
from railhouse.protocol.referee import Send
from railhouse.testing.toy import new_game


class Recording(InProcess):
    """An in-process seat that also records, for every message it receives, the engine's
    observation at that moment (canonical JSON form)."""

    def __init__(self, bot: Any, game: GameAPI, *, wire: bool = False) -> None:
        super().__init__(bot, wire=wire)
        self.game = game
        self.seen: list[tuple[dict[str, Any], dict[str, Any]]] = []

    def deliver(self, send: Send) -> None:
        truth = msgspec.to_builtins(self.game.observation())
        self.seen.append((send.to_builtins(), truth))
        super().deliver(send)


def toy(players: list[str], options: dict[str, Any] | None = None, seed: int = 0) -> GameAPI:
    """A toy game typed as the contract (ToyGame's list attributes are not covariant)."""
    return cast(GameAPI, new_game(players, options, seed))
