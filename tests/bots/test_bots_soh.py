"""The protocol over Steam Over Holland: random bots finish 4-player games, the tracker
equals the engine's observation at every message, and every message fits the schema."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from railhouse.protocol.drive import InProcess, play
from railhouse.protocol.referee import Referee, Send
from railhouse.protocol.schema import schema, validate
from railhouse.protocol.tracker import StateTracker
from railhouse_bots.random_bot import RandomBot

soh = pytest.importorskip("railhouse_soh.game")
DOC = schema()


class Checked(InProcess):
    def __init__(self, bot: RandomBot, game: Any) -> None:
        super().__init__(bot, wire=True)
        self.game, self.tracker, self.checked = game, StateTracker(), 0

    def deliver(self, send: Send) -> None:
        message = json.loads(send.line())
        assert validate(message, DOC, "#/$defs/RunnerMessage") == []
        self.tracker.update(message)
        if message["type"] in ("game_start", "request", "game_over"):
            assert self.tracker.state == msgspec.to_builtins(self.game.observation())
            self.checked += 1
        super().deliver(send)


@pytest.mark.parametrize("seed", range(4))
def test_random_soh_games_over_the_protocol(seed: int) -> None:
    game = soh.new_game(["a", "b", "c", "d"], seed=seed)
    seats = [Checked(RandomBot(seed * 4 + i), game) for i in range(4)]
    transcript = play(Referee(game), seats)
    assert transcript.result is not None and transcript.failures() == []
    assert not [s for s in transcript.sent() if s.message.__class__.__name__ == "Error"]
    assert sum(s.checked for s in seats) >= len(game.actions)
