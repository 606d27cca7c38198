"""Time controls, deterministically: a scripted peer under trio's autojump clock."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

import trio

from railhouse.protocol.messages import TimeControl
from railhouse.testing.toy import new_game
from railhouse_bots.random_bot import RandomBot
from railhouse_tournament.errors import BotCrashed
from railhouse_tournament.match import Match, MatchOutcome, SeatPlayer

from .conftest import autojump_test


class ScriptedPeer:
    """A bot process stand-in: answers each request with index 0 after ``delay(n)`` s."""

    def __init__(self, delay: Callable[[int], float]) -> None:
        self.delay = delay
        self._to_bot_send, self._to_bot = trio.open_memory_channel[bytes](math.inf)
        self._from_bot_send, self._from_bot = trio.open_memory_channel[bytes](math.inf)
        self.requests: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []

    async def send_line(self, line: bytes) -> None:
        await self._to_bot_send.send(line)

    async def receive_line(self) -> bytes:
        try:
            return await self._from_bot.receive()
        except trio.EndOfChannel:
            raise BotCrashed("closed") from None

    async def run(self) -> None:
        async for line in self._to_bot:
            message = json.loads(line)
            if message["type"] == "request":
                self.requests.append(message)
                await trio.sleep(self.delay(len(self.requests)))
                reply = {"type": "action", "seq": message["seq"], "index": 0}
                await self._from_bot_send.send(json.dumps(reply).encode())
            elif message["type"] == "error":
                self.errors.append(message)


async def play(peer: ScriptedPeer, decision_ms: int, bank_ms: int) -> MatchOutcome:
    seats = [SeatPlayer("peer", peer, handshake=False), SeatPlayer("rnd", bot=RandomBot(seed=1))]
    game = new_game(["peer", "rnd"], {"pile": 60}, seed=2)
    time = TimeControl(decision_ms=decision_ms, bank_ms=bank_ms)
    match = Match(game, "g1", seats, time=time, retries=1, max_line_bytes=4096,
                  on_failure="forfeit", flush_timeout=1.0)  # fmt: skip
    async with trio.open_nursery() as nursery:
        nursery.start_soon(peer.run)
        outcome = await match.play()
        nursery.cancel_scope.cancel()
    return outcome


@autojump_test
async def test_answers_just_inside_the_decision_time_are_never_late() -> None:
    peer = ScriptedPeer(lambda n: 0.999)
    outcome = await play(peer, decision_ms=1000, bank_ms=0)
    assert outcome.status == "ok" and outcome.failures == []
    assert len(peer.requests) >= 5
    assert all(r["time"] == {"decision_ms": 1000, "bank_ms": 0} for r in peer.requests)


@autojump_test
async def test_the_bank_drains_then_the_seat_times_out_and_forfeits() -> None:
    peer = ScriptedPeer(lambda n: 1.25)  # binary-exact times: no rounding in the banks
    outcome = await play(peer, decision_ms=1000, bank_ms=2100)
    banks = [r["time"]["bank_ms"] for r in peer.requests]
    # each answer overdraws the decision time by 0.25 s, paid from the bank; with 0.1 s left
    # it is late (the bank is then empty), and so is the retry
    assert banks == [2100, 1850, 1600, 1350, 1100, 850, 600, 350, 100, 0]
    reasons = [(f["reason"], f["action"]) for f in outcome.failures]
    assert reasons[0] == ("timeout", "retry") and reasons[-1] == ("timeout", "forfeit")
    # the late answer to the timed-out request is only a notice, it costs no retry
    assert set(reasons[1:-1]) <= {("wrong_seq", "notice")}
    assert outcome.status == "forfeit" and outcome.result.forfeits == (0,)
    assert 0 in outcome.broken  # its late answers must not leak into another game
    assert peer.errors[0]["reason"] == "timeout" and peer.errors[0]["retries_left"] == 0
