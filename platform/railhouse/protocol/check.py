"""``railhouse protocol check``: run a bot command through scripted games, list violations.

Bots that look ahead with ``simulate`` are checked the same way: every simulate line is
validated against the schema and judged by the referee (limits, seq).

One bot process plays seat after seat of several games in a row (the others are in-process
random bots), so the handshake, seq echo, deadlines, legality, several games per process
and a clean exit on ``bye`` are all exercised.  A second process checks the exit on EOF.
Every line the bot writes is also validated against the JSON Schema.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from railhouse.engine.api import GameAPI
from railhouse.protocol.drive import BotProcess, InProcess, Seat, play
from railhouse.protocol.messages import (
    Bye,
    Error,
    Hello,
    ObservationMode,
    PatchFormat,
    TimeControl,
)
from railhouse.protocol.referee import Referee, SeatFailed, SeatSetup, Send
from railhouse.protocol.schema import schema, validate


@dataclass
class Report:
    games: int = 0
    decisions: int = 0
    violations: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.violations


class _Checked:
    """The bot process's seat: records violations the referee reports about it."""

    def __init__(self, process: BotProcess, report: Report, label: str) -> None:
        self.process, self.report, self.label = process, report, label
        self.doc = schema()

    def deliver(self, send: Send) -> None:
        message = send.message
        if isinstance(message, Error) and message.reason != "illegal_simulation":
            # (a simulated line that turns out illegal is an answer, not a violation)
            self.report.violations.append(f"{self.label}: {message.reason}: {message.message}")
        self.process.deliver(send)

    def answer(self, deadline: float) -> bytes | None:
        line = self.process.answer(deadline)
        if line is not None:
            self.report.decisions += 1
            try:
                errors = validate(json.loads(line), self.doc, "#/$defs/BotMessage")
            except ValueError:
                errors = []  # not JSON: the referee reports invalid_json
            for error in errors[:3]:
                self.report.violations.append(f"{self.label}: schema: {error}")
        return line


def check(
    argv: Sequence[str],
    new_game: Callable[[list[str], int], GameAPI],
    *,
    seats: int = 3,
    games: int = 3,
    time_control: TimeControl | None = None,
) -> Report:
    """Check the bot started by ``argv`` over ``games`` games of ``seats`` seats."""
    from railhouse_bots.random_bot import RandomBot

    report = Report()
    clock = time_control or TimeControl(decision_ms=2000, bank_ms=10000, hello_ms=10000)
    process = BotProcess(argv)
    mode: ObservationMode = "delta"
    patch: PatchFormat = "railhouse"
    try:
        for number in range(games):
            seat = number % seats
            label = f"game {number + 1} seat {seat}"
            game = new_game([f"player{i}" for i in range(seats)], number)
            # the bot's process says hello once; later games reuse it in another seat
            setups = [SeatSetup(handshake=(i != seat or number == 0), observation=mode,
                                patch=patch) for i in range(seats)]  # fmt: skip
            transports: list[Seat] = [InProcess(RandomBot(number * 10 + i)) for i in range(seats)]
            transports[seat] = _Checked(process, report, label)
            referee = Referee(game, game_id=f"check{number + 1}", time=clock, seats=setups)
            transcript = play(referee, transports)
            ready = referee.seats[seat].ready
            if ready is not None:
                mode, patch = ready.observation, ready.patch
            report.games += 1
            for failed in transcript.failures():
                report.violations.append(f"{label}: seat failed: {failed.reason}: {failed.message}")
            if any(isinstance(f, SeatFailed) for f in transcript.failures()):
                break
    except EOFError:
        report.violations.append("the bot exited in the middle of the games")
    finally:
        process.write(_bye_line())
        status = process.close(grace=3.0)
        if status is None:
            report.violations.append("the bot did not exit within 3 s of 'bye' (killed)")
        elif status != 0:
            report.violations.append(f"the bot exited with status {status} after 'bye'")
    _check_eof_exit(argv, report)
    return report


def _bye_line() -> bytes:
    from railhouse.protocol.codec import encode

    return encode(Bye("check done"))


def _check_eof_exit(argv: Sequence[str], report: Report) -> None:
    """A fresh process that sees EOF right after its handshake must exit by itself."""
    from railhouse.protocol.codec import decode_bot_line, encode

    process = BotProcess(argv)
    hello = Hello("check", "1", {}, 2, 0, "p0", TimeControl(), 2, 1 << 20)
    process.write(encode(hello))
    try:
        line = process.read_line(time.monotonic() + 10)
    except EOFError:
        line = None
    if line is None:
        report.violations.append("eof check: no 'ready' to a second 'hello'")
    else:
        try:
            decode_bot_line(line)
        except ValueError as exc:
            report.violations.append(f"eof check: bad 'ready': {exc}")
    status = process.close(grace=3.0)
    if status is None:
        report.violations.append("the bot did not exit within 3 s of EOF on stdin (killed)")


def describe(report: Report) -> list[str]:
    lines = [f"{report.games} games, {report.decisions} replies checked"]
    lines += [f"VIOLATION {v}" for v in report.violations] or ["no protocol violations found"]
    return lines
