"""railhouse.bench.rival: our replay of game 181446 against the 18xx.games engine's.

The rival engine itself is never part of the tests: its side is a stand-in (a callable, a
fake ``ruby`` script, a tiny fake snapshot), except in the last test, which runs our
``require_all`` stand-in under a real Ruby when one is installed.
"""

from __future__ import annotations

import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

from railhouse.bench import rival
from railhouse.bench.metric import FAILED, OK, SKIPPED


def _git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def _snapshot(tmp_path: Path, files: dict[str, str]) -> Path:
    """A git repository holding ``files``; returns its git directory."""
    repo = tmp_path / "snapshot"
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text, encoding="utf-8")
    _git("init", "-q", cwd=repo)
    _git("add", ".", cwd=repo)
    _git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "s", cwd=repo)
    return repo / ".git"


def test_without_a_snapshot_the_metric_is_skipped_and_says_how_to_enable_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(rival.SNAPSHOT_ENV, raising=False)
    metric = rival.replay_ratio(1)
    assert metric.status == SKIPPED
    assert rival.SNAPSHOT_ENV in metric.note


def test_the_ratio_is_our_cpu_over_theirs_leaving_out_each_sides_first_play() -> None:
    calls: list[int] = []

    def theirs(export: Path, loads: int) -> list[float]:
        calls.append(loads)
        assert export.is_file()
        return [10_000.0] + [1_000.0] * (loads - 1)  # a slow first load is left out

    metric = rival.replay_ratio(2, plays=1, theirs=theirs)
    assert metric.status == OK and metric.repeats == 2
    assert calls == [2, 2]
    ours = metric.extra["ours_cpu_ms"]
    assert metric.extra["theirs_cpu_ms"] == [1000.0, 1000.0]
    assert metric.samples == pytest.approx([o / 1000.0 for o in ours], rel=1e-2)
    assert metric.extra["actions"] > 300  # the real game's validated actions


def test_a_failing_rival_run_is_a_failed_metric_with_its_reason() -> None:
    def theirs(export: Path, loads: int) -> list[float]:
        raise rival.RivalError("the 18xx.games engine failed (exit 1): boom")

    metric = rival.replay_ratio(1, plays=1, theirs=theirs)
    assert (metric.status, metric.note) == (FAILED, "the 18xx.games engine failed (exit 1): boom")


def test_prepare_exports_the_snapshot_lib_once_with_our_shim_and_script(tmp_path: Path) -> None:
    git_dir = _snapshot(tmp_path, {"lib/engine.rb": "# engine\n", "app/x.rb": "# not lib\n"})
    home = rival.prepare(git_dir, tmp_path / "cache")
    assert (home / "lib" / "engine.rb").read_text(encoding="utf-8") == "# engine\n"
    assert not (home / "app").exists()
    assert (home / "shim" / "require_all.rb").read_text(encoding="utf-8") == rival.REQUIRE_SHIM
    assert (home / "time_load.rb").read_text(encoding="utf-8") == rival.TIMING_SCRIPT
    (home / "lib" / "marker").write_text("kept", encoding="utf-8")
    assert rival.prepare(git_dir, tmp_path / "cache") == home  # reused, not re-exported
    assert (home / "lib" / "marker").exists()


def test_prepare_rejects_what_is_not_a_tobymao_snapshot(tmp_path: Path) -> None:
    with pytest.raises(rival.RivalError, match="not a git directory"):
        rival.prepare(tmp_path / "nothing", tmp_path / "cache")
    git_dir = _snapshot(tmp_path, {"lib/other.rb": "\n"})
    with pytest.raises(rival.RivalError, match="not a tobymao/18xx snapshot"):
        rival.prepare(git_dir, tmp_path / "cache")
    assert not any((tmp_path / "cache" / "t18").iterdir())  # no half export left behind


def _fake_ruby(tmp_path: Path, body: str) -> str:
    script = tmp_path / "ruby"
    script.write_text("#!/bin/sh\n" + textwrap.dedent(body), encoding="utf-8")
    script.chmod(0o755)
    return str(script)


def test_their_cpu_times_are_read_one_json_line_per_load(tmp_path: Path) -> None:
    ruby = _fake_ruby(tmp_path, """\
        echo 'loading engine'
        echo '{"cpu_ms": 120.5, "finished": true, "result": {}}'
        echo '{"cpu_ms": 99.0, "finished": true, "result": {}}'
        """)
    assert rival.their_cpu_ms(tmp_path, tmp_path / "g.json", 2, ruby) == [120.5, 99.0]


@pytest.mark.parametrize("body, reason", [
    ("echo 'undefined method' >&2; exit 1\n", "exit 1): undefined method"),
    ("echo '{\"cpu_ms\": 1, \"finished\": true}'\n", "exit 0): {"),  # one load of two
    ("echo '{\"cpu_ms\": 1, \"finished\": false}'\n"
     "echo '{\"cpu_ms\": 1, \"finished\": false}'\n", "did not finish the game"),
])
def test_a_rival_run_that_fails_or_stops_short_raises_one_line(
        tmp_path: Path, body: str, reason: str) -> None:
    ruby = _fake_ruby(tmp_path, body)
    with pytest.raises(rival.RivalError) as caught:
        rival.their_cpu_ms(tmp_path, tmp_path / "g.json", 2, ruby)
    assert reason in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.skipif(shutil.which("ruby") is None, reason="needs ruby")
def test_the_require_all_stand_in_loads_only_the_base_game_and_steam_over_holland(
        tmp_path: Path) -> None:
    """Our shim: ``require_rel 'engine/game'`` loads base.rb and Steam Over Holland (its
    files in any order: one needing a later one is retried) and no other title."""
    lib = tmp_path / "lib"
    files = {
        "engine.rb": "require 'require_all'\nrequire_rel 'engine/game'\n",
        "engine/game/base.rb": "module Titles; BASE = 1; end\n",
        "engine/game/g_other.rb": "raise 'another title was loaded'\n",
        "engine/game/g_steam_over_holland.rb": "module Titles; SOH = Titles::Part::X + 1; end\n",
        "engine/game/g_steam_over_holland/a_part.rb": "module Titles; module Part; "
                                                      "X = Titles::Later::Y; end; end\n",
        "engine/game/g_steam_over_holland/z_later.rb": "module Titles; module Later; "
                                                       "Y = 41; end; end\n",
    }
    for name, text in files.items():
        (lib / name).parent.mkdir(parents=True, exist_ok=True)
        (lib / name).write_text(text, encoding="utf-8")
    shim = tmp_path / "shim"
    shim.mkdir()
    (shim / "require_all.rb").write_text(rival.REQUIRE_SHIM, encoding="utf-8")
    done = subprocess.run(["ruby", "-I", str(shim), "-I", str(lib), "-e",
                           "require 'engine'; puts Titles::SOH + Titles::BASE"],
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout.strip()) == (0, "43"), done.stderr
