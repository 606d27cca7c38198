"""The demo config (README's main command) parses and, with Steam Over Holland installed,
plays: built-in bot in-process, the same bot as a process, and the Node example bot."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import trio

from railhouse.plugins import Registry, reset_registry
from railhouse_tournament import config, runner, schedule

DEMO = Path(__file__).parents[2] / "tournament" / "examples" / "demo.toml"


def test_demo_config_parses_and_points_at_the_node_bot() -> None:
    loaded = config.load(DEMO)
    assert loaded.title == "soh" and len(schedule.build(loaded)) == 4 * 6
    node = loaded.entrant("node-example")
    assert node.cwd is not None and (Path(node.cwd) / node.command[1]).is_file()


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_a_short_soh_demo_tournament(tmp_path: Path) -> None:
    pytest.importorskip("railhouse_soh")
    previous = reset_registry(Registry(only=("soh",)))  # the real Steam Over Holland plugin
    try:
        loaded = config.load(DEMO, {"seed_blocks": 1, "seating": "rotate"})
        directory = runner.create(loaded, tmp_path / "demo")

        async def main() -> runner.RunSummary:
            with trio.fail_after(120):
                return await runner.Runner(directory).run()

        summary = trio.run(main)
    finally:
        reset_registry(previous)
    assert summary.played == 3 and summary.leftovers == []
    entries = directory.entries()
    assert all(e["status"] == "ok" and e["failures"] == [] for e in entries), entries
    assert all(e["decisions"] > 100 for e in entries)
