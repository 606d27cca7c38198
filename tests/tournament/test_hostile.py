"""Hostile bots, one per attack (``tests/tournament/hostile/``), each against an honest bot
in a real tournament: whatever the attacker does is charged to the attacker alone, the honest
bot's games and results stand, nothing it starts survives, and the runner's memory and
journal stay bounded."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
import trio

from railhouse_tournament import config, jail, runner
from railhouse_tournament.journal import TournamentDir

from .conftest import bot_command, processes_with_marker, write_config, zombie_children

HOSTILE = Path(__file__).parent / "hostile"
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


def attacker(script: str, *args: str) -> list[str]:
    return [sys.executable, str(HOSTILE / script), *args]


def arena(
    tmp_path: Path, command: list[str], **top: Any
) -> tuple[TournamentDir, runner.RunSummary, list[dict[str, Any]]]:
    """Two games (both seatings) of ``good`` against the attacker ``bad``."""
    settings: dict[str, Any] = {
        "title": "toy", "players": 2, "seed_blocks": 1, "concurrency": 2, "seed": 3,
        "time": {"handshake": 5.0, "per_decision": 1.0, "bank": 1.0, "grace": 0.3},
        "failure": {"retries": 1},
    }  # fmt: skip
    for key, value in top.items():
        settings[key] = {**settings.get(key, {}), **value} if isinstance(value, dict) else value
    entrants = [
        {"name": "good", "command": bot_command("good.py", "7")},
        {"name": "bad", "command": command},
    ]
    loaded = config.load(write_config(tmp_path / "arena.toml", settings, entrants))
    directory = runner.create(loaded, tmp_path / "out")

    async def main() -> runner.RunSummary:
        with trio.fail_after(90):
            return await runner.Runner(directory).run()

    summary = trio.run(main)
    entries = sorted(directory.entries(), key=lambda e: e["index"])
    assert summary.leftovers == [] and processes_with_marker(directory.token) == []
    assert zombie_children() == []
    assert len(entries) == 2 and all(e["status"] in ("ok", "forfeit") for e in entries)
    for entry in entries:
        assert not [f for f in entry["failures"] if f["entrant"] == "good"], entry
        assert entry["seats"].index("good") not in entry["forfeits"]
    return directory, summary, entries


def charged(entries: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(f["reason"], f["action"]) for e in entries for f in e["failures"]]


@pytest.mark.parametrize("script", ["deep_nesting.py", "bad_utf8.py"])
def test_a_line_that_breaks_the_decoder_is_the_attackers_invalid_json(
    tmp_path: Path, script: str
) -> None:
    _, _, entries = arena(tmp_path, attacker(script))
    assert charged(entries) == [("invalid_json", "retry"), ("invalid_json", "forfeit")] * 2


def test_a_notice_flood_fails_the_seat_and_keeps_the_journal_small(tmp_path: Path) -> None:
    directory, _, entries = arena(tmp_path, attacker("notice_flood.py", "200000"))
    for entry in entries:
        kinds = [(f["reason"], f["action"]) for f in entry["failures"]]
        assert ("flood", "forfeit") in kinds and len(kinds) <= 12
        [summary] = [f for f in entry["failures"] if f["action"] == "summary"]
        assert sum(summary["counts"].values()) == 100 - 10  # max_notices, of which 10 kept
    assert (directory.path / "journal.jsonl").stat().st_size < 20_000
    from railhouse_tournament import report

    [bad] = [r for r in report.summary(directory.path)["standings"] if r["name"] == "bad"]
    assert bad["counters"]["protocol"] == 2 * (100 + 1)  # every notice counted, and the flood


def test_a_10_mb_line_is_skipped_and_costs_one_retry(tmp_path: Path) -> None:
    _, _, entries = arena(tmp_path, attacker("huge_line_10mb.py"))
    assert charged(entries) == [("too_long", "retry")] * 2  # once per process


def test_repeating_every_answer_costs_nothing(tmp_path: Path) -> None:
    _, _, entries = arena(tmp_path, attacker("repeat_answer.py"))
    assert {kind for kind in charged(entries)} == {("wrong_seq", "notice")}
    assert all(entry["forfeits"] == [] for entry in entries)


def test_a_handshake_error_is_a_retry_and_the_process_is_reused(tmp_path: Path) -> None:
    directory, _, entries = arena(tmp_path, attacker("bad_handshake.py"), concurrency=1)
    assert charged(entries) == [("invalid_message", "retry")]
    assert len(list((directory.path / "logs").glob("bad-*.log"))) == 1  # one process


@linux_only
def test_nothing_a_bot_starts_outlives_it_whatever_it_does(tmp_path: Path) -> None:
    pids_file = tmp_path / "pids"
    arena(tmp_path, attacker("setsid_escape.py", str(pids_file), "15"))
    pids = [int(p) for p in pids_file.read_text().split()]
    assert len(pids) == 2 * 15  # two processes: the games run at once
    alive = [pid for pid in pids if _alive(pid)]
    assert alive == []


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


HOST = jail.Host.probe()


@linux_only
def test_a_bot_over_its_memory_limit_fails_as_resource_limit(tmp_path: Path) -> None:
    _, _, entries = arena(tmp_path, attacker("memory_hog.py", "600"), limits={"memory_mb": 200},
                          time={"per_decision": 10.0})  # fmt: skip
    details = [f["detail"] for e in entries for f in e["failures"]]
    if HOST.memory is None and "memory" not in HOST.v2_controllers:
        assert charged(entries) == [("crash", "forfeit")] * 2  # RLIMIT_DATA: a plain crash
    else:
        assert charged(entries) == [("resource_limit", "forfeit")] * 2
        assert all("limits.memory_mb (200 MiB)" in detail for detail in details)


@linux_only
@pytest.mark.skipif(
    os.geteuid() == 0 and HOST.pids is None and "pids" not in HOST.v2_controllers,
    reason="processes are limited by RLIMIT_NPROC alone, which root ignores",
)
def test_a_fork_bomb_is_stopped_at_the_process_limit(tmp_path: Path) -> None:
    _, _, entries = arena(tmp_path, attacker("fork_bomb.py"), limits={"processes": 16})
    assert charged(entries) == [("resource_limit", "forfeit")] * 2
    assert all("limits.processes (16)" in f["detail"] for e in entries for f in e["failures"])


@linux_only
def test_a_bot_over_its_cpu_limit_fails_as_resource_limit(tmp_path: Path) -> None:
    _, _, entries = arena(
        tmp_path, attacker("cpu_burner.py", "5"), limits={"cpu_seconds": 1},
        time={"per_decision": 10.0},
    )  # fmt: skip
    assert charged(entries) == [("resource_limit", "forfeit")] * 2
    assert all("limits.cpu_seconds (1 s)" in f["detail"] for e in entries for f in e["failures"])


def test_the_journal_names_each_resource_limit_in_the_report(tmp_path: Path) -> None:
    directory, _, _ = arena(
        tmp_path, attacker("cpu_burner.py", "5"), limits={"cpu_seconds": 1},
        time={"per_decision": 10.0},
    )  # fmt: skip
    from railhouse_tournament import report

    hits = report.summary(directory.path)["limits_hit"]
    assert [hit["entrant"] for hit in hits] == ["bad", "bad"]
    record = json.loads((directory.path / "games" / "g000000.json").read_text())
    assert record["tournament"]["failures"][0]["reason"] == "resource_limit"
