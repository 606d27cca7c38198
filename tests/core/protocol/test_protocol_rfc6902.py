"""``"patch": "rfc6902"`` (issue 19, item 10): a bot that chose it in ``ready`` receives its
deltas as RFC 6902 JSON Patch; applied with an independent library (the ``jsonpatch``
package) they reproduce the engine's observation at every request and at ``game_over``,
on random games of the toy title, Steam Over Holland and 1839."""

from __future__ import annotations

import copy
from typing import Any, cast

import pytest
from protocol_helpers import Recording, toy

from railhouse.engine.api import GameAPI
from railhouse.engine.record import new_game
from railhouse.protocol.drive import InProcess, play
from railhouse.protocol.messages import SetOp
from railhouse.protocol.referee import Referee, SeatSetup
from railhouse.protocol.rfc6902 import pointer, translate
from railhouse_bots.random_bot import RandomBot

jsonpatch = pytest.importorskip("jsonpatch")


class JsonPatchBot(RandomBot):
    """The random bot, reading RFC 6902 deltas and tracking the state with ``jsonpatch``."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.tracked: dict[str, Any] = {}
        self.patched = 0

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        kind = message.get("type")
        if kind == "hello":
            return {"type": "ready", "name": "jsonpatch", "patch": "rfc6902"}
        if kind == "game_start":
            self.tracked = copy.deepcopy(message["observation"])
        elif kind in ("request", "game_over"):
            patch = message["delta"]["patch"]
            assert all(op["op"] in ("add", "replace", "remove") for op in patch)
            self.tracked = jsonpatch.apply_patch(self.tracked, patch)
            self.patched += len(patch)
        if kind == "request":
            return {"type": "action", "seq": message["seq"], **self.choose(message)}
        return None


def check_game(game: GameAPI, seat: int, *, handshake: bool = True) -> int:
    bot = JsonPatchBot(seat)
    checked = Recording(bot, game, wire=True)
    players = len(game.players)
    seats: list[Any] = [InProcess(RandomBot(i)) for i in range(players)]
    seats[seat] = checked
    setups = [SeatSetup() for _ in range(players)]
    if not handshake:  # a process that chose rfc6902 in an earlier game
        setups[seat] = SeatSetup(handshake=False, patch="rfc6902")
        bot.handle({"type": "hello"})
    transcript = play(Referee(game, seats=setups), seats)
    assert transcript.result is not None and transcript.failures() == []
    # feed the same messages to a fresh tracker, comparing with the engine after each
    states, replayer = 0, JsonPatchBot(seat)
    replayer.handle({"type": "hello"})
    for message, truth in checked.seen:
        replayer.handle(message)
        if message["type"] in ("request", "game_over"):
            assert replayer.tracked == truth, message["type"]
            states += 1
    assert states > 3 and bot.patched > 0
    return states


@pytest.mark.parametrize("seed", range(4))
def test_toy_games(seed: int) -> None:
    check_game(toy(["a", "b", "c"], {"pile": 40}, seed), seed % 3, handshake=seed % 2 == 0)


@pytest.mark.parametrize("title, players", [("soh", 3), ("1839", 4)])
def test_real_titles(title: str, players: int) -> None:
    pytest.importorskip("railhouse_soh" if title == "soh" else "railhouse_m1839")
    game = cast(GameAPI, new_game(title, [f"P{i}" for i in range(players)], None, 3))
    assert check_game(game, 1) > 100


def test_translation_tells_replace_from_add_and_escapes_pointers() -> None:
    old = {"a": [1, 2], "x/y": {"~": 1}}
    ops = [SetOp(["a", 0], 9), SetOp(["a", 2], 3), SetOp(["x/y", "~"], 2),
           SetOp(["x/y", "new"], 0)]  # fmt: skip
    rfc = [{"op": type(op).__name__.removesuffix("Op").lower(), "path": op.path}
           for op in translate(ops, old)]  # fmt: skip
    assert rfc == [{"op": "replace", "path": "/a/0"}, {"op": "add", "path": "/a/2"},
                   {"op": "replace", "path": "/x~1y/~0"}, {"op": "add", "path": "/x~1y/new"}]
    assert pointer([]) == ""
