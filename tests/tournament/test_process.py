"""BotProcess against real processes: deadlines, kill escalation, process groups, logs."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import trio

from railhouse_tournament.errors import BotCrashed, BotTimeout
from railhouse_tournament.process import BotProcess

from .conftest import trio_test, zombie_children

CAT = [sys.executable, "-c", "import sys\nfor l in sys.stdin: print(l.strip(), flush=True)"]


async def spawn(nursery: trio.Nursery, argv: list[str], tmp_path: Path, **kw: object) -> BotProcess:
    options = {"max_line_bytes": 1024, "stderr_bytes": 1000, "grace": 0.3, **kw}
    return await BotProcess.spawn(
        nursery,
        argv,
        cwd=str(tmp_path),
        env={},
        log_path=tmp_path / "bot.log",
        **options,  # type: ignore[arg-type]
    )


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


@trio_test
async def test_exchange_and_clean_close(tmp_path: Path) -> None:
    async with trio.open_nursery() as nursery:
        bot = await spawn(nursery, CAT, tmp_path)
        line, seconds = await bot.exchange(b"hello", 5)
        assert line == b"hello" and 0 <= seconds < 5
        await bot.aclose()
    assert bot.process.returncode == 0 and not group_alive(bot.pid)
    assert zombie_children() == []


@trio_test
async def test_timeout_then_kill_a_bot_that_ignores_sigterm(tmp_path: Path) -> None:
    stubborn = [
        sys.executable,
        "-c",
        "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "print('up', flush=True)\ntime.sleep(600)",
    ]
    async with trio.open_nursery() as nursery:
        bot = await spawn(nursery, stubborn, tmp_path)
        assert (await bot.exchange(None, 10))[0] == b"up"
        with pytest.raises(BotTimeout):
            await bot.exchange(b"anything", 0.2)
        started = trio.current_time()
        await bot.aclose()
        assert trio.current_time() - started < 3  # EOF grace + TERM grace, then KILL
    assert bot.process.returncode == -9 and not group_alive(bot.pid)


@trio_test
async def test_close_kills_grandchildren_holding_the_pipe(tmp_path: Path) -> None:
    parent = [
        sys.executable,
        "-c",
        "import subprocess, sys\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'])\n"
        "print(child.pid, flush=True)",
    ]
    async with trio.open_nursery() as nursery:
        bot = await spawn(nursery, parent, tmp_path)
        child_pid = int((await bot.exchange(None, 10))[0])
        with pytest.raises(BotTimeout):  # the child keeps stdout open: no EOF, ever
            await bot.exchange(None, 0.3)
        await bot.aclose()
    assert not group_alive(bot.pid)
    assert (
        not Path(f"/proc/{child_pid}").exists()
        or "Z" in Path(f"/proc/{child_pid}/stat").read_text().split(")")[-1][:3]
    )


@trio_test
async def test_stderr_is_capped_and_start_failures_are_crashes(tmp_path: Path) -> None:
    noisy = [
        sys.executable,
        "-c",
        "import sys\nsys.stderr.write('e' * 100000)\nprint('x', flush=True)",
    ]
    async with trio.open_nursery() as nursery:
        bot = await spawn(nursery, noisy, tmp_path)
        assert (await bot.exchange(None, 10))[0] == b"x"
        with pytest.raises(BotCrashed):
            await bot.exchange(None, 10)  # it exited: EOF
        await bot.aclose()
        with pytest.raises(BotCrashed, match="cannot start"):
            await spawn(nursery, [str(tmp_path / "no-such-bot")], tmp_path)
    log = (tmp_path / "bot.log").read_text()
    assert log.startswith("e" * 1000) and "truncated" in log and "cannot start" in log
    assert len(log) < 1000 + 400  # the cap plus our own notes


@trio_test
async def test_cancellation_still_closes_the_process(tmp_path: Path) -> None:
    async with trio.open_nursery() as nursery:
        bot = await spawn(nursery, CAT, tmp_path)
        with trio.move_on_after(0.2):
            try:
                await bot.exchange(None, 60)  # CAT never speaks first
            finally:
                await bot.aclose()  # shielded inside: runs to completion despite the cancel
    assert bot.process.returncode is not None and not group_alive(bot.pid)
