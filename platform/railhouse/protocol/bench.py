"""Protocol overhead benchmark: what the pipe costs per decision.

:func:`decision_overhead` plays the same games twice with the built-in random bot in one
seat -- once in-process (no encoding, no pipe) and once as a ``railhouse bot random``
subprocess over stdio with delta observations, game by game in turn -- and reports the
median time per decision of each and their difference, which is the protocol's overhead
per decision.  The time of a decision runs from handing the request to the seat (encoding
included) to having its answer; the referee's own work (observation, patch, legal list)
is the same for both and is not part of it.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from railhouse.engine.api import GameAPI
from railhouse.protocol.drive import BotProcess, InProcess, Seat
from railhouse.protocol.referee import Referee, SeatSetup, Send

BOT_ARGV = [sys.executable, "-m", "railhouse_bots", "random"]


@dataclass(frozen=True)
class Overhead:
    decisions: int
    in_process_us: float  # median time per decision of the measured seat, in-process
    subprocess_us: float  # the same through a subprocess over the protocol
    overhead_us: float  # subprocess_us - in_process_us

    def as_dict(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "in_process_us": round(self.in_process_us, 1),
            "subprocess_us": round(self.subprocess_us, 1),
            "overhead_us": round(self.overhead_us, 1),
        }


class _Timed:
    """Wraps the measured seat: time from handing over a request to having the reply."""

    def __init__(self, inner: Seat) -> None:
        self.inner = inner
        self.samples: list[float] = []
        self._sent = 0.0

    def deliver(self, send: Send) -> None:
        self._sent = time.perf_counter()
        self.inner.deliver(send)

    def answer(self, deadline: float) -> bytes | dict[str, Any] | None:
        reply = self.inner.answer(deadline)
        self.samples.append(time.perf_counter() - self._sent)
        return reply


def _play_one(new_game: Callable[[int], GameAPI], number: int, measured: _Timed) -> None:
    """Game ``number`` with ``measured`` in seat 0 and in-process random bots elsewhere."""
    from railhouse.protocol.drive import play
    from railhouse_bots.random_bot import RandomBot

    game = new_game(number)
    others: list[Seat] = [InProcess(RandomBot(i)) for i in range(len(game.players))]
    others[0] = measured
    # the measured process (or bot object) is reused: only its first game shakes hands
    first = not measured.samples
    setups = [SeatSetup(handshake=i != 0 or first) for i in range(len(others))]
    play(Referee(game, game_id=f"bench{number}", seats=setups), others)


def decision_overhead(
    new_game: Callable[[int], GameAPI] | None = None,
    *,
    games: int = 20,
    argv: Sequence[str] = BOT_ARGV,
) -> Overhead:
    """Median per-decision time, in-process vs subprocess, on ``games`` games built by
    ``new_game(seed)`` (default: 4-seat toy games with a 200-token pile)."""
    from railhouse_bots.random_bot import RandomBot

    if new_game is None:
        from railhouse.testing.toy import new_game as toy

        def new_game(seed: int) -> GameAPI:
            game: GameAPI = toy(["a", "b", "c", "d"], {"pile": 200}, seed)
            return game

    local = _Timed(InProcess(RandomBot(0)))
    process = BotProcess(argv)
    remote = _Timed(process)
    try:
        # interleaved, game by game: a shared machine's load drifts, and both sides of
        # the difference should see the same drift
        for number in range(games):
            pair = (local, remote) if number % 2 == 0 else (remote, local)
            for measured in pair:
                _play_one(new_game, number, measured)
    finally:
        process.write(b'{"type":"bye"}\n')
        process.close()
    local_us = statistics.median(local.samples) * 1e6
    remote_us = statistics.median(remote.samples) * 1e6
    return Overhead(len(remote.samples), local_us, remote_us, remote_us - local_us)


def simulate_round_trips(game: GameAPI, repeats: int) -> list[float]:
    """Microseconds of the runner's side of one ``simulate`` of one action at ``game``'s
    position: decode the bot's line, copy the game, apply the action, build the answer
    (observation, legal list, scores) and encode it as a line.  The pipe itself adds what
    ``protocol.overhead_us`` measures."""
    import msgspec

    from railhouse.protocol.messages import Request

    referee = Referee(game, seats=[SeatSetup(handshake=False)] * len(game.players))
    request = next(o.message for o in referee.start(0.0)
                   if isinstance(o, Send) and isinstance(o.message, Request))
    seq, seat = request.seq, request.seat
    action = {k: v for k, v in request.legal[0].items() if k != "ranges"}
    samples: list[float] = []
    for ident in range(repeats):
        line = msgspec.json.encode({"type": "simulate", "seq": seq, "id": ident,
                                    "actions": [action]})
        start = time.perf_counter()
        (answer,) = referee.receive(seat, line, 0.0)
        assert isinstance(answer, Send)
        answer.line()
        samples.append((time.perf_counter() - start) * 1e6)
    return samples
