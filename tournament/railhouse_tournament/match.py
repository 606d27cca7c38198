"""One game between seats, over the sans-I/O :class:`~railhouse.protocol.referee.Referee`.

Each process seat gets a reader task and a writer task in the match's nursery; everything
they see (a line, a too-long line, EOF, a line fully written) arrives on one inbox channel,
so the match loop is a single task that feeds the referee and waits for the earliest
deadline.  A seat that fails beyond its retries forfeits (a seeded random stand-in finishes
its decisions) or aborts the game, as the failure policy says.

The engine's work (everything the referee computes: applying an action, the next legal
set, observations) and in-process bots run in the match's worker thread whenever another
game has a bot on the clock, so a slow step of one game never delays another game's bots:
their lines are read and time-stamped on arrival (within 2 ms: see
:mod:`railhouse_tournament.offload`) while the step runs (see :meth:`Match._compute`).
The clock of a request starts when the writer has written it (:meth:`Referee.mark_sent`),
so the time the runner spends computing is never charged to a bot.  The failures a seat
causes are journaled with a cap per seat (:mod:`railhouse_tournament.failures`).

Processes are owned by the caller (the pool); the match only reports which seats' processes
must not be reused (:attr:`MatchOutcome.broken`).
"""

from __future__ import annotations

import math
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import trio

from railhouse.engine.actions import Action, LegalAction, from_builtins
from railhouse.engine.api import GameAPI, GameResult
from railhouse.engine.errors import IllegalAction
from railhouse.logs import bind, get_logger
from railhouse.protocol.messages import (
    Error,
    ObservationMode,
    PatchFormat,
    SimulateLimits,
    TimeControl,
)
from railhouse.protocol.referee import (
    ACTION_CAP,
    GameFinished,
    NeedsAction,
    Output,
    Referee,
    SeatFailed,
    SeatSetup,
    Send,
)
from railhouse_bots.random_bot import RandomBot
from railhouse_tournament.errors import BotCrashed, BotLineTooLong
from railhouse_tournament.failures import FailureLog
from railhouse_tournament.offload import Offload

log = get_logger("railhouse.tournament.match")


Inbound = tuple[str, int, bytes, float]
T = TypeVar("T")


class LinePeer(Protocol):
    """The line I/O of a bot process (:class:`~railhouse_tournament.process.BotProcess`,
    or a scripted peer in tests).  Both raise ``BotFailure`` subclasses."""

    async def send_line(self, line: bytes) -> None: ...

    async def receive_line(self) -> bytes: ...


def limit_hit(peer: LinePeer) -> str | None:
    """The resource limit the kernel enforced on the peer, if it can tell
    (:meth:`BotProcess.limit_hit`)."""
    check: Callable[[], str | None] | None = getattr(peer, "limit_hit", None)
    return check() if check is not None else None


async def exit_reason(peer: LinePeer, detail: str) -> tuple[str, str]:
    """Why a peer's output ended: ``("resource_limit", which)`` when the peer can tell
    (:meth:`BotProcess.exit_reason`), else ``("crash", detail)``."""
    explain = getattr(peer, "exit_reason", None)
    if explain is None:
        return "crash", detail
    found: tuple[str, str] | None = await explain()
    return found or ("crash", detail)


class InProcessBot(Protocol):
    """A bot object answering protocol messages (dicts) directly, e.g. ``RandomBot``."""

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None: ...


@dataclass
class SeatPlayer:
    """Who sits in a seat: exactly one of ``process`` and ``bot``."""

    entrant: str
    process: LinePeer | None = None
    bot: InProcessBot | None = None
    handshake: bool = True  # a fresh process (or bot) that must say ready
    mode: ObservationMode = "delta"
    patch: PatchFormat = "railhouse"  # what a reused process chose in its ready
    start_error: str = ""  # the process could not be started: the seat fails at once
    seed: int | None = None  # game_start's seed (default: derived from the game's)


@dataclass
class MatchOutcome:
    status: str  # "ok", "forfeit" or "aborted" (also a game stopped at the action cap)
    result: GameResult
    failures: list[dict[str, Any]] = field(default_factory=list)
    broken: set[int] = field(default_factory=set)  # seats whose process must be discarded
    modes: dict[int, ObservationMode] = field(default_factory=dict)
    patches: dict[int, PatchFormat] = field(default_factory=dict)
    decisions: int = 0


def stand_in_choice(legal: Sequence[LegalAction], bot: RandomBot) -> Action:
    """What the stand-in for a failed seat plays: the built-in ``random`` bot's choice."""
    request = {"legal": [choice.to_builtins() for choice in legal]}
    reply = bot.choose(request)
    if "index" in reply:
        chosen: Action = legal[reply["index"]].action
        return chosen
    return from_builtins(reply["action"])


#: the matches being played in this process (whose clocks a computation must not stall)
_LIVE: weakref.WeakSet[Match] = weakref.WeakSet()


class Match:
    def __init__(
        self,
        game: GameAPI,
        game_id: str,
        seats: Sequence[SeatPlayer],
        *,
        time: TimeControl,
        retries: int,
        max_line_bytes: int,
        on_failure: str,
        flush_timeout: float,
        simulate: SimulateLimits | None = None,
        max_notices: int = 100,
        max_actions: int = 0,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.on_failure = on_failure
        self.flush_timeout = flush_timeout
        self.max_line_bytes = max_line_bytes
        setups = [SeatSetup(s.handshake, s.mode, s.seed, s.patch) for s in seats]
        self.referee = Referee(
            game, game_id=game_id, time=time, retries=retries,
            max_line_bytes=max_line_bytes, seats=setups, simulate=simulate,
            max_notices=max_notices, max_actions=max_actions,
        )  # fmt: skip
        self.outcome = MatchOutcome("ok", GameResult((), (), "unfinished"))
        self._forfeits: set[int] = set()
        self._stand_in = RandomBot(seed=game.seed)
        # (kind, seat, data, time read): the time is taken when the line arrives, so a busy
        # runner (another game's engine) never charges its own delay to the bot
        # bounded: a flooding bot waits on its own pipe, it cannot fill the runner's memory
        self._inbox_send, self._inbox = trio.open_memory_channel[Inbound](16 * len(self.seats))
        self._outboxes: dict[int, trio.MemorySendChannel[bytes]] = {}
        self._flushed: dict[int, trio.Event] = {}
        self._pending: deque[Output] = deque()
        self._eof_detail: dict[int, tuple[str, str]] = {}  # seat -> (reason, detail)
        self._failures = FailureLog([seat.entrant for seat in self.seats])
        self._offload = Offload(game_id)  # this match's worker thread (see _compute)

    async def play(self) -> MatchOutcome:
        _LIVE.add(self)
        try:
            async with self._offload:
                return await self._play()
        finally:
            _LIVE.discard(self)

    async def _play(self) -> MatchOutcome:
        async with trio.open_nursery() as nursery:
            for index, seat in enumerate(self.seats):
                if seat.process is not None:
                    self._start_pipes(nursery, index, seat.process)
            self._pending.extend(await self._compute(self.referee.start, trio.current_time()))
            for index, seat in enumerate(self.seats):
                if seat.start_error:
                    self._eof_detail[index] = ("crash", seat.start_error)
                    now = trio.current_time()
                    self._pending.extend(await self._compute(self.referee.disconnected, index, now))
            await self._loop()
            await self._flush()
            nursery.cancel_scope.cancel()
        for index, state in enumerate(self.referee.seats):
            self.outcome.modes[index] = state.mode
            self.outcome.patches[index] = state.patch
            if (state.dead or state.timeouts) and self.seats[index].process is not None:
                self.outcome.broken.add(index)  # a late answer could leak into the next game
        self.outcome.failures = self._failures.close(self.game.action_count)
        self.outcome.decisions = self.game.action_count
        return self.outcome

    async def _compute(self, work: Callable[..., T], *args: Any) -> T:
        """Run the referee (and with it the engine) or an in-process bot off the event
        loop, in this match's worker thread (:mod:`railhouse_tournament.offload`), whenever
        another game has a bot on the clock, so its answer is read and time-stamped while
        this runs.  When no other game waits on a bot, blocking the loop delays nobody and
        the work runs inline (a thread hop costs a fraction of a millisecond).  On
        cancellation the computation is abandoned: the game is dropped unfinished anyway."""
        if not any(other is not self and other._on_the_clock() for other in _LIVE):
            await trio.lowlevel.checkpoint()
            return work(*args)
        return await self._offload.run(work, *args)

    def _on_the_clock(self) -> bool:
        """Whether a bot process of this game owes an answer now (its clock runs)."""
        return any(self.seats[seat].process is not None for seat in self.referee.waiting_on())

    def _start_pipes(self, nursery: trio.Nursery, index: int, process: LinePeer) -> None:
        send, receive = trio.open_memory_channel[bytes](math.inf)
        self._outboxes[index] = send
        self._flushed[index] = trio.Event()
        nursery.start_soon(self._reader, index, process)
        nursery.start_soon(self._writer, index, process, receive)

    async def _reader(self, index: int, process: LinePeer) -> None:
        bind(seat=index)  # this task's log lines carry its seat (contextvars are per task)
        while not self.referee.seats[index].dead:  # a failed seat is not listened to
            try:
                line = await process.receive_line()
            except BotLineTooLong:
                await self._inbox_send.send(("too_long", index, b"", trio.current_time()))
                continue
            except BotCrashed as exc:
                now = trio.current_time()
                reason, detail = await exit_reason(process, str(exc))
                self._eof_detail[index] = (reason, detail)
                await self._inbox_send.send(("eof", index, b"", now))
                return
            limit = limit_hit(process)
            if limit is not None:  # the kernel stopped the bot short: it plays no more
                self._eof_detail[index] = ("resource_limit", f"{limit} exceeded")
                await self._inbox_send.send(("eof", index, b"", trio.current_time()))
                return
            await self._inbox_send.send(("line", index, line, trio.current_time()))

    async def _writer(
        self, index: int, process: LinePeer, lines: trio.MemoryReceiveChannel[bytes]
    ) -> None:
        bind(seat=index)
        try:
            async for line in lines:
                await process.send_line(line.rstrip(b"\n"))
                # the bot's clock starts when its question is written, not when created
                await self._inbox_send.send(("sent", index, b"", trio.current_time()))
        except BotCrashed as exc:
            self._eof_detail.setdefault(index, ("crash", str(exc)))
            await self._inbox_send.send(("eof", index, b"", trio.current_time()))
        self._flushed[index].set()

    async def _flush(self) -> None:
        """Let the writers deliver ``game_over``; a seat that cannot take it is broken."""
        for outbox in self._outboxes.values():
            outbox.close()
        with trio.move_on_after(self.flush_timeout):
            for event in self._flushed.values():
                await event.wait()
        for index, event in self._flushed.items():
            if not event.is_set():
                self.outcome.broken.add(index)

    async def _loop(self) -> None:
        while True:
            while self._pending:
                await self._handle(self._pending.popleft())
            if self.referee.done:
                return
            self._pending.extend(await self._next_input())

    async def _next_input(self) -> list[Output]:
        waiting = self.referee.waiting_on()
        if not waiting:
            raise RuntimeError("the referee waits on nobody but the game is not finished")
        deadline = min(self.referee.deadline(s) or math.inf for s in waiting)
        inbound: Inbound | None = None
        try:  # an answer that already arrived wins even if the deadline passed since
            inbound = self._inbox.receive_nowait()
        except trio.WouldBlock:
            with trio.move_on_at(deadline):  # (only the wait: never cancel a computation)
                inbound = await self._inbox.receive()
        if inbound is not None:
            return await self._dispatch(inbound)
        now = trio.current_time()
        out: list[Output] = []
        for seat in waiting:
            seat_deadline = self.referee.deadline(seat)
            if seat_deadline is not None and seat_deadline <= now:
                out.extend(await self._compute(self.referee.timeout, seat, now))
        return out

    async def _dispatch(self, inbound: Inbound) -> list[Output]:
        kind, index, data, now = inbound
        if kind == "sent":
            self.referee.mark_sent(index, now)
            return []
        if kind == "line":
            return await self._compute(self.referee.receive, index, data, now)
        if kind == "too_long":
            # The reader dropped the line; the referee only needs to see its length.
            too_long = bytes(self.max_line_bytes + 1)
            return await self._compute(self.referee.receive, index, too_long, now)
        return await self._compute(self.referee.disconnected, index, now)

    async def _handle(self, output: Output) -> None:
        if isinstance(output, Send):
            await self._send(output)
        elif isinstance(output, SeatFailed):
            self._seat_failed(output)
        elif isinstance(output, NeedsAction):
            if self.referee.done:  # the failure policy already ended the game
                return
            now = trio.current_time()
            self._pending.extend(await self._compute(self._stand_in_plays, output, now))
        elif isinstance(output, GameFinished):
            self._finished(output.result)

    def _stand_in_plays(self, needs: NeedsAction, now: float) -> list[Output]:
        """The stand-in's choice; if the engine refuses it on apply, the first legal
        choice, then every other one in turn (in the worker thread)."""
        choices: list[Action | None] = [stand_in_choice(needs.legal, self._stand_in), None]
        for choice in [*choices, *(legal.action for legal in needs.legal)]:
            try:
                return self.referee.substitute(choice, now)
            except IllegalAction as exc:
                log.warning("stand_in_refused", seat=needs.seat, error=str(exc))
        raise RuntimeError("the engine refuses every legal choice of a failed seat")

    async def _send(self, output: Send) -> None:
        message = output.message
        if isinstance(message, Error):
            action = "retry" if output.retry else "notice"
            self._fail_record(output.seat, message.reason, message.message, action)
        seat = self.seats[output.seat]
        if seat.bot is not None:
            bot = seat.bot
            try:
                reply = await self._compute(bot.handle, output.to_builtins())
            except Exception as exc:  # an in-process bot that raises is a crashed bot
                self._eof_detail[output.seat] = ("crash", f"the bot raised {exc!r}")
                now = trio.current_time()
                self._pending.extend(
                    await self._compute(self.referee.disconnected, output.seat, now)
                )
                return
            if reply is not None:
                now = trio.current_time()
                self._pending.extend(
                    await self._compute(self.referee.receive_message, output.seat, reply, now)
                )
        elif output.seat in self._outboxes:
            self._outboxes[output.seat].send_nowait(output.line())

    def _fail_record(self, seat: int, reason: str, detail: str, action: str) -> None:
        self._failures.add(seat, reason, detail, action, self.game.action_count)

    def _seat_failed(self, failed: SeatFailed) -> None:
        reason, detail = failed.reason, failed.message
        if failed.reason == "disconnected":
            reason, detail = self._eof_detail.get(failed.seat, ("crash", failed.message))
        action = "abort" if self.on_failure == "abort" else "forfeit"
        self._fail_record(failed.seat, reason, detail, action)
        self.outcome.broken.add(failed.seat)
        self._forfeits.add(failed.seat)
        if action == "forfeit":
            self.referee.forfeit(failed.seat)  # so every game_over message names it
        log.info("seat_failed", seat=failed.seat, reason=reason, policy=action, detail=detail)
        if action == "abort":
            self.outcome.status = "aborted"
            count = len(self.seats)
            aborted = GameResult((0,) * count, (1,) * count, "aborted", (failed.seat,))
            self._pending.extend(self.referee.finish(aborted))

    def _finished(self, result: GameResult) -> None:
        if result.reason == ACTION_CAP:  # a runaway game: recorded, journaled, unrated
            self.outcome.status = "aborted"
            actions = self.game.action_count
            self._failures.add_game(ACTION_CAP, f"no game end after {actions} actions "
                                    "(max_game_actions)", actions)
        elif self.outcome.status != "aborted":
            forfeits = tuple(sorted(self._forfeits | set(result.forfeits)))
            result = GameResult(result.scores, result.ranks, result.reason, forfeits)
            self.outcome.status = "forfeit" if forfeits else "ok"
        self.outcome.result = result
