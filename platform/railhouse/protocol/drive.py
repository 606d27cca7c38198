"""Small synchronous drivers around the referee: in-process bots and bot subprocesses.

These serve tests, ``railhouse protocol check`` and the protocol benchmark.  The tournament
runner has its own trio process layer; it uses :class:`~railhouse.protocol.referee.Referee`
the same way :func:`play` does here.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import subprocess
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from railhouse.engine.api import GameResult
from railhouse.protocol.referee import (
    GameFinished,
    NeedsAction,
    Output,
    Referee,
    SeatFailed,
    Send,
)


class Handler(Protocol):
    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None: ...


class Seat(Protocol):
    """One seat's transport: deliver a message, and collect the bot's next line."""

    def deliver(self, send: Send) -> None: ...

    def answer(self, deadline: float) -> bytes | dict[str, Any] | None:
        """The next reply (a line, or a dict from an in-process bot), None on timeout;
        raises ``EOFError`` when the bot is gone."""


@dataclass
class Transcript:
    """What happened in a game: every output of the referee, in order."""

    outputs: list[Output] = field(default_factory=list)
    result: GameResult | None = None

    def sent(self, seat: int | None = None) -> list[Send]:
        return [o for o in self.outputs if isinstance(o, Send) and seat in (None, o.seat)]

    def failures(self) -> list[SeatFailed]:
        return [o for o in self.outputs if isinstance(o, SeatFailed)]


class InProcess:
    """An in-process bot behind :class:`Seat`; ``wire=True`` round-trips JSON lines."""

    def __init__(self, bot: Handler, *, wire: bool = False) -> None:
        self.bot, self.wire = bot, wire
        self.pending: deque[bytes | dict[str, Any]] = deque()

    def deliver(self, send: Send) -> None:
        if self.wire:
            import msgspec

            message = msgspec.json.decode(send.line())
        else:
            message = send.to_builtins()
        reply = self.bot.handle(message)
        if reply is not None:
            self.pending.append(_encode_line(reply) if self.wire else reply)

    def answer(self, deadline: float) -> bytes | dict[str, Any] | None:
        return self.pending.popleft() if self.pending else None


def _encode_line(reply: dict[str, Any]) -> bytes:
    import msgspec

    return msgspec.json.encode(reply) + b"\n"


def play(
    referee: Referee,
    seats: Sequence[Seat],
    *,
    clock: Callable[[], float] = time.monotonic,
    on_failure: Callable[[Referee, SeatFailed], list[Output]] | None = None,
) -> Transcript:
    """Run ``referee``'s game to the end.  A failed seat's decisions are taken by
    :meth:`Referee.substitute` (first legal choice) unless ``on_failure`` ends the game."""
    transcript = Transcript()
    queue: deque[Output] = deque(referee.start(clock()))
    while True:
        while queue:
            output = queue.popleft()
            transcript.outputs.append(output)
            if isinstance(output, Send):
                seats[output.seat].deliver(output)
            elif isinstance(output, SeatFailed) and on_failure is not None:
                queue.extend(on_failure(referee, output))
            elif isinstance(output, NeedsAction) and not referee.done:
                queue.extend(referee.substitute(None, clock()))
            elif isinstance(output, GameFinished):
                transcript.result = output.result
        if referee.done:
            return transcript
        waiting = referee.waiting_on()
        if not waiting:
            raise RuntimeError("the referee waits on nobody but the game is not over")
        for seat in waiting:
            queue.extend(_collect(referee, seat, seats[seat], clock))
            if queue:
                break


def _collect(
    referee: Referee, seat: int, transport: Seat, clock: Callable[[], float]
) -> list[Output]:
    deadline = referee.deadline(seat)
    if deadline is None:
        return []
    try:
        reply = transport.answer(deadline)
    except EOFError:
        return referee.disconnected(seat, clock())
    if reply is None:
        return referee.timeout(seat, clock())
    if isinstance(reply, bytes):
        return referee.receive(seat, reply, clock())
    return referee.receive_message(seat, reply, clock())


class BotProcess:
    """A bot subprocess with line I/O and deadlines (``selectors``; POSIX pipes)."""

    def __init__(self, argv: Sequence[str], *, max_line_bytes: int = 1 << 20) -> None:
        self.argv = list(argv)
        self.max_line_bytes = max_line_bytes
        self.proc = subprocess.Popen(
            self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
        )
        assert self.proc.stdout is not None and self.proc.stdin is not None
        self._out_fd = self.proc.stdout.fileno()
        self._in = self.proc.stdin
        self._buffer = bytearray()
        self._discarding = False
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._out_fd, selectors.EVENT_READ)
        self.lines_sent = 0

    def deliver(self, send: Send) -> None:
        self.write(send.line())

    def write(self, line: bytes) -> None:
        try:
            self._in.write(line)
            self._in.flush()
        except (BrokenPipeError, ValueError):
            pass  # the reader notices EOF
        self.lines_sent += 1

    def answer(self, deadline: float) -> bytes | None:
        return self.read_line(deadline)

    def read_line(self, deadline: float) -> bytes | None:
        """The next line without its ``\\n``; None at the deadline; ``EOFError`` when the
        bot's stdout closes.  An over-long line comes back cut to ``max_line_bytes + 1``
        bytes (so the referee says ``too_long``) and its rest is skipped."""
        while True:
            end = self._buffer.find(b"\n")
            if self._discarding:
                if end < 0:
                    self._buffer.clear()
                else:
                    del self._buffer[: end + 1]
                    self._discarding = False
                    continue
            elif end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                return line
            elif len(self._buffer) > self.max_line_bytes:
                line = bytes(self._buffer[: self.max_line_bytes + 1])
                self._buffer.clear()
                self._discarding = True
                return line
            if not self._fill(deadline):
                return None

    def _fill(self, deadline: float) -> bool:
        timeout = deadline - time.monotonic()
        if timeout <= 0 or not self._selector.select(timeout):
            return False
        chunk = os.read(self._out_fd, 1 << 16)
        if not chunk:
            raise EOFError("the bot closed its output")
        self._buffer.extend(chunk)
        return True

    def close(self, grace: float = 2.0) -> int | None:
        """Close stdin and wait up to ``grace`` seconds; kill if needed.  Returns the exit
        status, or None if the process had to be killed."""
        with contextlib.suppress(OSError):
            self._in.close()
        try:
            return self.proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None
        finally:
            self._selector.close()
            if self.proc.stdout is not None:
                self.proc.stdout.close()
