"""One bot process: spawn, exchange lines under a deadline, and always clean up.

The process is started from an argv list (never a shell) as the leader of its own session,
so its whole process group (the bot and anything it spawned) can be signalled at once.
Its stderr is drained by a background task into a log file that stops growing at a cap
(the drain keeps reading, so a flooding bot never blocks on a full pipe).  Closing sends
EOF, waits ``grace``, then SIGTERM to the group, waits ``grace``, then SIGKILL to the group,
all inside a shielded cancel scope; then everything else the bot started is killed: its
cgroup (:mod:`railhouse_tournament.jail`), or where there is none, every orphan the runner
adopted as child subreaper and every process carrying the bot's environment marker.  No
bot, nor anything it started, outlives its :class:`BotProcess`.  The jail also holds the
bot to its resource limits; a watchdog kills a bot that hit one (e.g. was refused a
process), so it ends as ``resource_limit``, never as a bot that plays on crippled.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

import trio

from railhouse.logs import get_logger
from railhouse_tournament import reaper
from railhouse_tournament.config import Limits
from railhouse_tournament.errors import BotCrashed, BotFailure, BotTimeout
from railhouse_tournament.jail import Jail
from railhouse_tournament.lines import LineReader

log = get_logger("railhouse.tournament.process")

MARKER_ENV = reaper.MARKER_ENV


class BotProcess:
    """A running bot.  Create with :meth:`spawn`; always ``await aclose()``."""

    def __init__(
        self,
        process: trio.Process,
        reader: LineReader,
        log_file: IO[bytes],
        grace: float,
        bot_id: str = "",
        jail: Jail | None = None,
    ) -> None:
        self.process = process
        self.jail = jail
        self.pid = process.pid
        self._reader = reader
        self._log_file = log_file
        self._grace = grace
        self._drain_scope = trio.CancelScope()
        self._watch_scope = trio.CancelScope()
        self._drained = trio.Event()
        self._closed = False
        self.bot_id = bot_id  # RAILHOUSE_BOT_ID of this process and its descendants

    @classmethod
    async def spawn(
        cls,
        nursery: trio.Nursery,
        argv: Sequence[str],
        *,
        cwd: str | None,
        env: Mapping[str, str],
        log_path: Path,
        max_line_bytes: int,
        stderr_bytes: int,
        grace: float,
        limits: Limits | None = None,
    ) -> BotProcess:
        """Start ``argv`` (in a :class:`Jail` holding it to ``limits``, when given); the
        stderr drain and the limit watchdog run in ``nursery`` until :meth:`aclose`."""
        reaper.become_subreaper()
        bot_id = uuid.uuid4().hex
        full_env = {**os.environ, **env, reaper.BOT_ENV: bot_id}
        log_path.parent.mkdir(parents=True, exist_ok=True)
        log_file = log_path.open("ab")
        if _executable(argv[0], cwd, full_env) is None:
            log_file.write(f"[railhouse] cannot start {list(argv)!r}: not found\n".encode())
            log_file.close()
            raise BotCrashed(f"cannot start {argv[0]!r}: no such executable")
        jail = await trio.to_thread.run_sync(Jail, limits) if limits is not None else None
        try:
            process = await trio.lowlevel.open_process(
                jail.argv(list(argv)) if jail is not None else list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=full_env,
                start_new_session=True,
            )
        except OSError as exc:
            log_file.write(f"[railhouse] cannot start {list(argv)!r}: {exc}\n".encode())
            log_file.close()
            if jail is not None:
                jail.remove()
            raise BotCrashed(f"cannot start {argv[0]!r}: {exc.strerror or exc}") from None
        reaper.OWN_BOTS.add(process.pid)
        assert process.stdout is not None
        reader = LineReader(process.stdout, max_line_bytes)
        bot = cls(process, reader, log_file, grace, bot_id, jail)
        nursery.start_soon(bot._drain_stderr, stderr_bytes)
        if jail is not None and jail.contains:
            nursery.start_soon(bot._watch_limits)
        log.debug("bot_started", pid=process.pid, argv=list(argv))
        return bot

    async def _watch_limits(self) -> None:
        """Kill the bot once the kernel enforced one of its limits (see :meth:`exit_reason`)."""
        assert self.jail is not None
        with self._watch_scope:
            while not self._closed and self.process.returncode is None:
                if self.jail.hit(None) is not None:
                    self._signal_group(signal.SIGKILL)
                    await trio.to_thread.run_sync(self.jail.kill_all)
                    return
                await trio.sleep(0.2)

    def limit_hit(self) -> str | None:
        """The limit the kernel enforced on the bot so far (a cgroup's counters), if any."""
        return self.jail.hit(None) if self.jail is not None and self.jail.contains else None

    async def exit_reason(self) -> tuple[str, str] | None:
        """After its output ended: ``("resource_limit", limit)`` if the bot was stopped
        by one of its limits, else None."""
        if self.jail is None:
            return None
        with trio.move_on_after(max(self._grace, 0.5)):
            await self.process.wait()
        limit = self.jail.hit(self.process.returncode)
        return ("resource_limit", f"{limit} exceeded") if limit else None

    @property
    def alive(self) -> bool:
        return not self._closed and self.process.poll() is None

    async def send_line(self, line: bytes) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            await stdin.send_all(line + b"\n")
        except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
            raise BotCrashed(f"the bot stopped reading its stdin: {exc!r}") from None

    async def receive_line(self) -> bytes:
        return await self._reader.receive_line()

    async def exchange(self, line: bytes | None, limit: float) -> tuple[bytes, float]:
        """Send ``line`` (if any) and read one line within ``limit`` seconds.

        Returns the line and the seconds it took, measured from just before the send, so
        time the runner spends elsewhere is never charged to the bot.
        """
        started = trio.current_time()
        with trio.move_on_after(max(limit, 0.0)) as scope:
            if line is not None:
                await self.send_line(line)
            reply = await self._reader.receive_line()
            return reply, trio.current_time() - started
        assert scope.cancelled_caught
        raise BotTimeout(f"no reply within {limit:.3f}s")

    async def _drain_stderr(self, cap: int) -> None:
        stream = self.process.stderr
        assert stream is not None
        written = 0
        try:
            with self._drain_scope:
                while chunk := await stream.receive_some(65536):
                    if written < cap:
                        piece = chunk[: cap - written]
                        self._log_file.write(piece)
                        written += len(piece)
                        if written >= cap:
                            self._log_file.write(b"\n[railhouse] stderr log truncated\n")
                        self._log_file.flush()
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass
        finally:
            self._drained.set()

    def _signal_group(self, signum: int) -> bool:
        """Signal the whole group; False when no process of it is left."""
        try:
            os.killpg(self.pid, signum)
        except ProcessLookupError:
            return False
        except PermissionError:
            pass
        return True

    async def _wait_group_gone(self) -> None:
        """Killed grandchildren linger until their new parent reaps them; wait (bounded)."""
        with trio.move_on_after(max(self._grace, 1.0)):
            while self._signal_group(signal.SIGKILL):
                reaper.reap_group(self.pid)
                await trio.sleep(0.01)

    def _kill_escaped(self) -> list[int]:
        """Kill descendants that left the process group (``setsid``, double fork): the
        whole cgroup; without one, the runner's adopted orphans and the environment
        marker's bearers."""
        escaped = self.jail.kill_all() if self.jail is not None else []
        if self.jail is None or not self.jail.contains:
            escaped += reaper.kill_adopted()
            escaped += reaper.kill_marked(self.bot_id, reaper.BOT_ENV) if self.bot_id else []
        if self.jail is not None:
            self.jail.remove()
        return escaped

    async def aclose(self) -> None:
        """EOF, grace, SIGTERM to the group, grace, SIGKILL to the group; never cancelled."""
        if self._closed:
            return
        self._closed = True
        self._watch_scope.cancel()
        with trio.CancelScope(shield=True):
            with contextlib.suppress(BotFailure, trio.BrokenResourceError, OSError):
                if self.process.stdin is not None:
                    await self.process.stdin.aclose()
            with trio.move_on_after(self._grace):
                await self.process.wait()
            if self.process.returncode is None:
                self._signal_group(signal.SIGTERM)
                with trio.move_on_after(self._grace):
                    await self.process.wait()
            # Always: children that kept the group alive die with the leader.
            self._signal_group(signal.SIGKILL)
            await self.process.wait()
            reaper.OWN_BOTS.discard(self.pid)
            await self._wait_group_gone()
            escaped = await trio.to_thread.run_sync(self._kill_escaped)
            if escaped:
                log.warning("killed_escaped_descendants", pid=self.pid, pids=escaped)
            with trio.move_on_after(self._grace):
                await self._drained.wait()
            self._drain_scope.cancel()
            await self._drained.wait()
            if self.process.stdout is not None:
                await self.process.stdout.aclose()
            if self.process.stderr is not None:
                await self.process.stderr.aclose()
            self._log_file.close()
        log.debug("bot_closed", pid=self.pid, returncode=self.process.returncode)


def _executable(program: str, cwd: str | None, env: Mapping[str, str]) -> str | None:
    """Where ``program`` would be found (as ``execvp`` looks), or None."""
    if os.sep in program:
        path = os.path.join(cwd or os.getcwd(), program)
        return path if os.access(path, os.X_OK) else None
    return shutil.which(program, path=env.get("PATH", os.defpath))
