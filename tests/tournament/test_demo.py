"""The demo config (README's main command) parses and, with Steam Over Holland installed,
plays: greedy, the random bot in-process and as a process, and the Node example bot; and
because every bot seeds itself from game_start's seed, it plays the same games twice."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import trio

from railhouse.plugins import Registry, reset_registry
from railhouse_tournament import config, report, runner, schedule
from railhouse_tournament.journal import TournamentDir

DEMO = Path(__file__).parents[2] / "tournament" / "examples" / "demo.toml"


def test_demo_config_parses_and_points_at_the_node_bot() -> None:
    loaded = config.load(DEMO)
    assert loaded.title == "soh" and len(schedule.build(loaded)) == 3 * 4
    assert loaded.entrant("greedy").bot == "greedy"  # so the standings separate (issue 19)
    node = loaded.entrant("node-example")
    assert node.cwd is not None and (Path(node.cwd) / node.command[1]).is_file()


def play_demo(path: Path, overrides: dict[str, Any]) -> tuple[runner.RunSummary, Path]:
    previous = reset_registry(Registry(only=("soh",)))  # the real Steam Over Holland plugin
    try:
        loaded = config.load(DEMO, overrides)
        directory = runner.create(loaded, path)

        async def main() -> runner.RunSummary:
            with trio.fail_after(300):
                return await runner.Runner(directory).run()

        return trio.run(main), directory.path
    finally:
        reset_registry(previous)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_demo_gives_identical_standings_twice(tmp_path: Path) -> None:
    """Issue 19, item 6: every bot (greedy, random in-process and as a process, the Node
    example) takes its choices from game_start's per-game, per-seat seed, derived from the
    tournament seed, so two runs of one config play the same games."""
    pytest.importorskip("railhouse_soh")
    runs = [play_demo(tmp_path / name, {"seed_blocks": 1}) for name in ("one", "two")]
    standings, games = [], []
    for summary, path in runs:
        assert summary.played == 4
        rows = report.summary(path)["standings"]
        standings.append([(r["name"], r["wins"], r["score_sum"], r["mu"]) for r in rows])
        entries = sorted(TournamentDir.open(path).entries(), key=lambda e: e["index"])
        games.append([(e["game"], e["scores"], e["decisions"]) for e in entries])
    assert standings[0] == standings[1] and games[0] == games[1]
    assert standings[0][0][0] == "greedy"


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_a_short_soh_demo_tournament(tmp_path: Path) -> None:
    pytest.importorskip("railhouse_soh")
    summary, path = play_demo(tmp_path / "demo", {"seed_blocks": 1})
    assert summary.played == 4 and summary.leftovers == []
    entries = TournamentDir.open(path).entries()
    assert all(e["status"] == "ok" and e["failures"] == [] for e in entries), entries
    assert all(e["decisions"] > 100 for e in entries)
