"""One bot process: spawn, exchange lines under a deadline, and always clean up.

The process is started from an argv list (never a shell) as the leader of its own session,
so its whole process group (the bot and anything it spawned) can be signalled at once.
Its stderr is drained by a background task into a log file that stops growing at a cap
(the drain keeps reading, so a flooding bot never blocks on a full pipe).  Closing sends
EOF, waits ``grace``, then SIGTERM to the group, waits ``grace``, then SIGKILL to the group,
all inside a shielded cancel scope: no bot outlives its :class:`BotProcess`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

import structlog
import trio

from railhouse_tournament import reaper
from railhouse_tournament.errors import BotCrashed, BotFailure, BotTimeout
from railhouse_tournament.lines import LineReader

log = structlog.get_logger("railhouse.tournament.process")

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
    ) -> None:
        self.process = process
        self.pid = process.pid
        self._reader = reader
        self._log_file = log_file
        self._grace = grace
        self._drain_scope = trio.CancelScope()
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
    ) -> BotProcess:
        """Start ``argv``; the stderr drain runs in ``nursery`` until :meth:`aclose`."""
        reaper.become_subreaper()
        bot_id = uuid.uuid4().hex
        full_env = {**os.environ, **env, reaper.BOT_ENV: bot_id}
        log_path.parent.mkdir(parents=True, exist_ok=True)
        log_file = log_path.open("ab")
        try:
            process = await trio.lowlevel.open_process(
                list(argv),
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
            raise BotCrashed(f"cannot start {argv[0]!r}: {exc.strerror or exc}") from None
        assert process.stdout is not None
        reader = LineReader(process.stdout, max_line_bytes)
        bot = cls(process, reader, log_file, grace, bot_id)
        nursery.start_soon(bot._drain_stderr, stderr_bytes)
        log.debug("bot_started", pid=process.pid, argv=list(argv))
        return bot

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

    async def aclose(self) -> None:
        """EOF, grace, SIGTERM to the group, grace, SIGKILL to the group; never cancelled."""
        if self._closed:
            return
        self._closed = True
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
            await self._wait_group_gone()
            if self.bot_id:  # descendants that left the group (setsid) carry our id
                escaped = await trio.to_thread.run_sync(
                    reaper.kill_marked, self.bot_id, reaper.BOT_ENV
                )
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
