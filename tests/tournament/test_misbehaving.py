"""The acceptance test: a tournament full of misbehaving bots completes, records every
failure with its reason, leaves the good bot's games intact, and leaves no process behind."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
import trio

from railhouse_tournament import config, report, runner
from railhouse_tournament.journal import TournamentDir

from .conftest import bot_command, processes_with_marker, write_config, zombie_children

#: bot script -> failure reasons it must produce (any of them, at least once)
MISBEHAVING: dict[str, set[str]] = {
    "invalid_json.py": {"invalid_json"},
    "non_object.py": {"invalid_json"},
    "illegal.py": {"illegal_action"},
    "wrong_seq.py": {"wrong_seq"},
    "slow.py": {"timeout"},
    "crash_mid.py": {"crash"},
    "huge_line.py": {"too_long"},  # only once: a retry recovers, so it never forfeits
    "close_stdout.py": {"crash"},
    "child_holds_pipe.py": {"timeout"},
}
RECOVERS = {"huge_line.py"}
#: bots that play legally but misbehave as processes: no failure may be charged to them
WELL_PLAYED = ("stderr_flood.py", "ignore_sigterm.py", "escapes_group.py")
STDERR_CAP = 64 * 1024


def entrants() -> list[dict[str, Any]]:
    rows = [{"name": "good", "command": bot_command("good.py", "7")}]
    for script in [*MISBEHAVING, *WELL_PLAYED, "exits_between.py"]:
        rows.append({"name": script.removesuffix(".py"), "command": bot_command(script)})
    return rows


def run_gauntlet(tmp_path: Path, on_failure: str) -> tuple[TournamentDir, runner.RunSummary]:
    top = {
        "title": "toy",
        "players": 2,
        "format": "gauntlet",
        "challenger": "good",
        "seed_blocks": 1,
        "concurrency": 2,
        "seed": 11,
        "time": {"handshake": 5.0, "per_decision": 0.5, "bank": 0.5, "grace": 0.3},
        "failure": {
            "retries": 1,
            "on_failure": on_failure,
            "max_line_bytes": 65536,
            "stderr_bytes": STDERR_CAP,
        },
    }
    loaded = config.load(write_config(tmp_path / "bad.toml", top, entrants()))
    directory = runner.create(loaded, tmp_path / "out")

    async def main() -> runner.RunSummary:
        with trio.fail_after(120):
            return await runner.Runner(directory).run()

    return directory, trio.run(main)


def failures_by_entrant(entries: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for entry in entries:
        for failure in entry["failures"]:
            found[failure["entrant"]].append(failure)
    return found


@pytest.mark.slow
def test_misbehaving_bots_forfeit_and_leave_nothing_behind(tmp_path: Path) -> None:
    directory, summary = run_gauntlet(tmp_path, "forfeit")
    entries = directory.entries()
    expected_games = 2 * (len(MISBEHAVING) + len(WELL_PLAYED) + 1)
    assert summary.total == summary.played == len(entries) == expected_games
    # Process cleanup worked on its own: the final safety sweep found nothing to kill.
    assert summary.leftovers == []
    assert processes_with_marker(directory.token) == []
    assert zombie_children() == []

    failures = failures_by_entrant(entries)
    assert "good" not in failures, failures.get("good")
    for script, reasons in MISBEHAVING.items():
        name = script.removesuffix(".py")
        seen = {f["reason"] for f in failures[name]}
        assert seen & reasons, (name, failures[name])
        final = "retry" if script in RECOVERS else "forfeit"
        assert any(f["action"] == final for f in failures[name]), (name, failures[name])
    for script in WELL_PLAYED:
        assert script.removesuffix(".py") not in failures
    # a bot that quits after each game is restarted (or, if caught mid-start, forfeits)
    assert {f["action"] for f in failures["exits_between"]} <= {"restart", "forfeit"}

    for entry in entries:
        assert entry["status"] in {"ok", "forfeit"}
        good_seat = entry["seats"].index("good")
        assert good_seat not in entry["forfeits"]
        record = json.loads((directory.path / entry["record"]).read_text())
        assert record["tournament"]["game"] == entry["game"]
        assert len(record["actions"]) == entry["decisions"] > 0
        bad = entry["seats"][1 - good_seat]
        if f"{bad}.py" in MISBEHAVING.keys() - RECOVERS:
            assert entry["forfeits"] == [1 - good_seat]
        elif bad == "exits_between":  # caught dead at the start of a game (a race): forfeit
            assert entry["forfeits"] in ([], [1 - good_seat]), entry
        else:
            assert entry["forfeits"] == [], entry

    logs = list((directory.path / "logs").glob("stderr_flood-*.log"))
    assert logs and all(log.stat().st_size <= STDERR_CAP + 100 for log in logs)
    crash_logs = "".join(p.read_text() for p in (directory.path / "logs").glob("crash_mid-*"))
    assert "deliberate crash" in crash_logs

    data = report.summary(directory.path)
    rows = {row["name"]: row for row in data["standings"]}
    assert rows["good"]["wins"] > rows["illegal"]["wins"]
    assert rows["slow"]["counters"]["timeouts"] >= 2
    assert rows["illegal"]["counters"]["forfeits"] == 2


@pytest.mark.slow
def test_abort_policy_ends_the_game_and_counts_it(tmp_path: Path) -> None:
    directory, summary = run_gauntlet(tmp_path, "abort")
    assert summary.leftovers == []
    entries = {e["seats"][0] + "/" + e["seats"][1]: e for e in directory.entries()}
    aborted = [e for e in entries.values() if e["status"] == "aborted"]
    assert {e["status"] for e in entries.values()} <= {"ok", "aborted"}
    for script in MISBEHAVING.keys() - RECOVERS:
        name = script.removesuffix(".py")
        assert entries[f"good/{name}"]["status"] == "aborted"
        assert entries[f"{name}/good"]["status"] == "aborted"
    data = report.summary(directory.path)
    rows = {row["name"]: row for row in data["standings"]}
    assert rows["illegal"]["games"] == 0 and rows["illegal"]["counters"]["aborts"] == 2
    assert data["games_by_status"]["aborted"] == len(aborted)
