"""Resume after the runner is killed with SIGKILL: nothing lost, nothing played twice."""

from __future__ import annotations

import collections
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import trio

from railhouse_tournament import runner, schedule
from railhouse_tournament.journal import JOURNAL, TournamentDir

from .conftest import bot_command, finished_before_resume, processes_with_marker, write_config


def paced_config(tmp_path: Path) -> Path:
    top = {
        "title": "toy",
        "players": 2,
        "seed_blocks": 6,
        "concurrency": 2,
        "seed": 5,
        "time": {"per_decision": 2.0, "bank": 2.0, "grace": 0.3},
    }
    entrants: list[dict[str, Any]] = [
        {"name": "a", "command": bot_command("paced.py", "0.01")},
        {"name": "b", "command": bot_command("paced.py", "0.01")},
        {"name": "r", "bot": "random"},
    ]
    return write_config(tmp_path / "paced.toml", top, entrants)


def journal_lines(directory: Path) -> list[bytes]:
    return (directory / JOURNAL).read_bytes().splitlines(keepends=True)


def wait_for_games(directory: Path, count: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if (directory / JOURNAL).exists() and len(journal_lines(directory)) >= count:
            return
        time.sleep(0.02)
    raise AssertionError(f"fewer than {count} games after {timeout}s")


@pytest.mark.slow
def test_resume_after_sigkill_loses_and_duplicates_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    env = {**os.environ, "RAILHOUSE_PLUGINS": ""}
    argv = [
        str(Path(sys.executable).parent / "railhouse"),
        "tournament",
        "run",
        str(paced_config(tmp_path)),
        "--out",
        str(out),
        "--quiet",
    ]
    child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for_games(out, 5)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    before = journal_lines(out)
    done = finished_before_resume(out)
    directory = TournamentDir.open(out)
    total = len(schedule.build(directory.config))
    assert 5 <= len(before) < total, "the runner must be killed mid-tournament"

    async def resume() -> runner.RunSummary:
        with trio.fail_after(120):
            return await runner.run_directory(out)

    summary = trio.run(resume)
    after = journal_lines(out)
    complete = [line for line in before if line.endswith(b"\n")]
    assert after[: len(complete)] == complete  # finished games are untouched
    ids = [json.loads(line)["game"] for line in after]
    assert collections.Counter(ids).most_common(1)[0][1] == 1  # nothing twice
    assert sorted(ids) == [g.game_id for g in schedule.build(directory.config)]  # nothing lost
    assert summary.skipped == len(done) and summary.played == total - len(done)
    assert all((out / "games" / f"{game_id}.json").exists() for game_id in ids)
    assert processes_with_marker(directory.token) == []


def test_resume_drops_a_torn_last_line_and_restores_it_from_the_record(tmp_path: Path) -> None:
    out = tmp_path / "out"
    from railhouse_tournament import config

    loaded = config.load(
        paced_config(tmp_path),
        {
            "seed_blocks": 2,
            "entrants": [{"name": "r1", "bot": "random"}, {"name": "r2", "bot": "random"}],
        },
    )
    runner.create(loaded, out)
    trio.run(runner.run_directory, out)
    lines = journal_lines(out)
    first = json.loads(lines[0])["game"]
    # Simulate a kill in the middle of appending: keep one whole line plus half of the next.
    (out / JOURNAL).write_bytes(lines[0] + lines[1][: len(lines[1]) // 2])
    assert TournamentDir.open(out).finished_ids() == {first}
    # the torn game's record was written before its line: its line comes back from it;
    # a game whose record is gone too is played again
    lost = json.loads(lines[2])["game"]
    (out / "games" / f"{lost}.json").unlink()
    summary = trio.run(runner.run_directory, out)
    assert summary.skipped == len(lines) - 1 and summary.played == 1
    again = [json.loads(line)["game"] for line in journal_lines(out)]
    assert sorted(again) == sorted(json.loads(line)["game"] for line in lines)
    assert sorted(journal_lines(out)[:2]) == sorted(lines[:2])  # restored as it was


def stopped_run(tmp_path: Path, out: Path, signum: int) -> tuple[int, str]:
    """Run the paced tournament in a process, send ``signum`` after 3 games: its status
    and stderr."""
    env = {**os.environ, "RAILHOUSE_PLUGINS": ""}
    argv = [str(Path(sys.executable).parent / "railhouse"), "tournament", "run",
            str(paced_config(tmp_path)), "--out", str(out), "--quiet"]  # fmt: skip
    child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for_games(out, 3)
        child.send_signal(signum)
        _, err = child.communicate(timeout=20)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    return child.returncode, err.decode()


@pytest.mark.slow
def test_sigterm_stops_cleanly_and_resume_finishes(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert stopped_run(tmp_path, out, signal.SIGTERM)[0] == 1  # stopped before the end
    directory = TournamentDir.open(out)
    assert processes_with_marker(directory.token) == []  # it cleaned up after itself
    done = len(journal_lines(out))
    summary = trio.run(runner.run_directory, out)
    assert summary.skipped == done and summary.played + done == summary.total
