"""Seats for games: built-in bots in-process, command entrants as pooled processes.

A bot process plays one game at a time and may play many games in a row: after a clean game
it goes back to the idle list of its entrant and is reused (without a new handshake).  A
process that failed, timed out or could not take ``game_over`` is closed instead, and the
next game of that entrant starts a fresh one: that is how a crashed bot is restarted.  A
pooled process found dead when it is taken again (a bot that exits between games) is
replaced silently, and counted as a ``restart``.
"""

from __future__ import annotations

import contextlib
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import trio

from railhouse.logs import get_logger
from railhouse.plugins import NotRegistered, registry
from railhouse.protocol.codec import ProtocolError, decode_bot_line, encode
from railhouse.protocol.messages import PROTOCOL, Bye, Error, Hello, Ready
from railhouse_tournament.config import Entrant, FailurePolicy, Limits, TimeControl
from railhouse_tournament.errors import BotCrashed, BotFailure, BotStartError
from railhouse_tournament.match import InProcessBot, SeatPlayer
from railhouse_tournament.process import MARKER_ENV, BotProcess

log = get_logger("railhouse.tournament.pool")


def bot_factory(name: str) -> Callable[..., InProcessBot]:
    """The factory of a registered bot; ``ConfigError``-ready ``ValueError`` if it is missing
    or cannot be imported."""
    try:
        return registry().bot(name).load_factory()
    except NotRegistered:
        raise
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"bot {name!r} is registered but cannot be loaded: {exc}") from None


def builtin_bot(name: str, seed: int) -> InProcessBot:
    """A registered bot (``railhouse_register_bots``) instantiated in-process."""
    bot: InProcessBot = bot_factory(name)(seed=seed)
    return bot


class BotPool:
    def __init__(
        self,
        nursery: trio.Nursery,
        log_path: Callable[[str, int], Path],
        token: str,
        time: TimeControl,
        failure: FailurePolicy,
        limits: Limits | None = None,
    ) -> None:
        self._nursery = nursery
        self._limits = limits or Limits()
        self._log_path = log_path
        self._token = token
        self._time = time
        self._failure = failure
        self._idle: dict[str, list[tuple[BotProcess, Any, Any]]] = defaultdict(list)
        self._serial: dict[str, int] = defaultdict(int)
        self._busy: set[BotProcess] = set()
        self._notes: dict[str, list[dict[str, Any]]] = defaultdict(list)

    async def acquire(self, entrant: Entrant, seed: int) -> tuple[SeatPlayer, list[dict[str, Any]]]:
        """A seat for ``entrant`` plus any failures met on the way (restarts).  ``seed``
        seeds an in-process bot and goes to every bot in ``game_start``."""
        if entrant.bot is not None:
            return SeatPlayer(entrant.name, bot=builtin_bot(entrant.bot, seed), seed=seed), []
        notes: list[dict[str, Any]] = self._notes.pop(entrant.name, [])  # from warm_up
        idle = self._idle[entrant.name]
        while idle:
            process, mode, patch = idle.pop()
            if process.alive:
                self._busy.add(process)
                player = SeatPlayer(
                    entrant.name, process, handshake=False, mode=mode, patch=patch, seed=seed
                )
                return player, notes
            notes.append(
                {"entrant": entrant.name, "reason": "crash", "action": "restart",
                 "detail": f"exited between games (status {process.process.returncode})"}
            )  # fmt: skip
            await process.aclose()
        return await self._spawn(entrant, seed), notes

    async def _spawn(self, entrant: Entrant, seed: int, *, quiet: bool = False) -> SeatPlayer:
        """A new process of ``entrant``; a start failure is the seat's ``start_error`` (and
        a warning, unless ``quiet``: the caller reports it)."""
        self._serial[entrant.name] += 1
        while self._log_path(entrant.name, self._serial[entrant.name]).exists():
            self._serial[entrant.name] += 1  # a resumed run: never append to an old log
        try:
            process = await BotProcess.spawn(
                self._nursery,
                entrant.command,
                cwd=entrant.cwd,
                env={**entrant.env, MARKER_ENV: self._token},
                log_path=self._log_path(entrant.name, self._serial[entrant.name]),
                max_line_bytes=self._failure.max_line_bytes,
                stderr_bytes=self._failure.stderr_bytes,
                grace=self._time.grace,
                limits=self._limits,
            )
        except BotCrashed as exc:
            if not quiet:
                log.warning("bot_start_failed", entrant=entrant.name, error=str(exc))
            return SeatPlayer(entrant.name, start_error=str(exc), seed=seed)
        self._busy.add(process)
        return SeatPlayer(entrant.name, process, seed=seed)

    async def warm_up(self, entrant: Entrant, hello: Hello) -> BotStartError | None:
        """Start ``entrant``'s first process and greet it (``hello`` -> ``ready``) before
        anything is scheduled; greeted, it then waits for its first game.  Returns the
        one-line error if the process cannot start or does not say ``ready`` in time."""
        player = await self._spawn(entrant, 0, quiet=True)
        log_path = self._log_path(entrant.name, self._serial[entrant.name])
        process = player.process
        if not isinstance(process, BotProcess):
            return BotStartError(entrant.name, player.start_error, _last_line(log_path))
        self._busy.discard(process)
        line: bytes | None = encode(hello).rstrip(b"\n")
        retries = self._failure.retries
        while True:  # as the referee's handshake: a bad ready costs a retry (journaled)
            try:
                answer, _ = await process.exchange(line, self._time.handshake)
                ready = _ready(answer)
                break
            except ProtocolError as exc:
                if retries <= 0:
                    await process.aclose()
                    return BotStartError(entrant.name, f"no ready after hello: {exc}",
                                         _last_line(log_path))  # fmt: skip
                retries -= 1
                self._notes[entrant.name].append(
                    {"entrant": entrant.name, "reason": exc.reason, "action": "retry",
                     "detail": str(exc)[:300]}
                )  # fmt: skip
                line = encode(Error(exc.reason, str(exc), None, retries)).rstrip(b"\n")
            except BotFailure as exc:
                await process.aclose()
                return BotStartError(entrant.name, f"no ready after hello: {exc}",
                                     _last_line(log_path))  # fmt: skip
        self._idle[entrant.name].append((process, ready.observation, ready.patch))
        return None

    async def release(
        self, player: SeatPlayer, *, reusable: bool, mode: Any, patch: Any = "railhouse"
    ) -> None:
        """Take back ``player``'s process: idle for the entrant's next game (with the
        observation ``mode`` and ``patch`` format it chose) if ``reusable``, else closed."""
        process = player.process
        if not isinstance(process, BotProcess):
            return
        self._busy.discard(process)
        if reusable and process.alive:
            self._idle[player.entrant].append((process, mode, patch))
        else:
            await process.aclose()

    async def aclose(self) -> None:
        """Close every process, idle or busy, concurrently (each close is shielded)."""
        idle = [p for processes in self._idle.values() for p, *_ in processes]
        busy = list(self._busy)
        self._busy.clear()
        self._idle.clear()
        with trio.CancelScope(shield=True):
            async with trio.open_nursery() as nursery:
                for process in idle:
                    nursery.start_soon(_say_bye_and_close, process)
                for process in busy:
                    nursery.start_soon(process.aclose)


def _ready(line: bytes) -> Ready:
    """The ``ready`` a greeted bot answered, or ``ProtocolError``."""
    ready = decode_bot_line(line)
    if not isinstance(ready, Ready):
        raise ProtocolError("unexpected", f"answered hello with {type(ready).__name__}")
    if ready.protocol != PROTOCOL:
        raise ProtocolError("invalid_message", f"speaks {ready.protocol!r}, not {PROTOCOL}")
    return ready


def _last_line(path: Path, limit: int = 200) -> str:
    """The last non-empty line of a bot's stderr log, cut to ``limit`` characters."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return ""
    last = next((line.strip() for line in reversed(lines) if line.strip()), "")
    return last if len(last) <= limit else last[: limit - 3] + "..."


async def _say_bye_and_close(process: BotProcess) -> None:
    with trio.move_on_after(1.0):
        with contextlib.suppress(BotCrashed):
            await process.send_line(encode(Bye(reason="tournament over")).rstrip(b"\n"))
    await process.aclose()
