"""railhouse.bench.compare: two suites interleaved in one run, ratios by direction."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from railhouse.bench import compare
from railhouse.bench.compare import CompareError, Row, Side, groups


def test_groups_follow_the_suite_benches() -> None:
    chosen = {"core.step_us", "core.apply_action_us", "routes.worst_ms"}
    assert groups(chosen) == [["core.apply_action_us", "core.step_us"], ["routes.worst_ms"]]


def test_ratio_and_speedup_read_the_unit_direction() -> None:
    faster = Row("core.apply_action_us", "us", base=100.0, this=25.0)
    assert faster.ratio == 0.25 and faster.speedup == 4.0
    more_games = Row("soh.random_games_per_s", "games/s", base=10.0, this=40.0)
    assert more_games.ratio == 4.0 and more_games.speedup == 4.0
    new_metric = Row("core.step_us", "us", base=None, this=12.0)
    assert new_metric.ratio is None and new_metric.speedup is None


def test_a_side_keeps_one_median_per_round_and_the_failures() -> None:
    side = Side("x", sys.executable)
    side.add({"metrics": {"a": {"status": "ok", "median": 3.0, "unit": "us"},
                          "b": {"status": "failed", "note": "boom"},
                          "c": {"status": "skipped", "note": "not installed"}}})
    side.add({"metrics": {"a": {"status": "ok", "median": 5.0, "unit": "us"}}})
    side.add({"metrics": {"a": {"status": "ok", "median": 4.0, "unit": "us"}}})
    assert side.figure("a") == 4.0 and side.units["a"] == "us"
    assert side.failed == {"b": "boom"} and side.figure("c") is None


def test_an_unknown_ref_is_a_one_line_error() -> None:
    root = compare.repo_root()
    with pytest.raises(CompareError, match="'no-such-ref-xyz' is not a commit"):
        compare.resolve(root, "no-such-ref-xyz")


def test_outside_a_checkout_compare_says_so(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    import railhouse

    monkeypatch.setattr(railhouse, "__file__", str(tmp_path / "railhouse" / "__init__.py"))
    with pytest.raises(CompareError, match="needs railhouse installed from a git checkout"):
        compare.repo_root()


def test_compare_interleaves_both_sides_each_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the base's interpreter stood in by this one, the run alternates sides (ABBA) and
    every metric gets one median per round from each side."""
    monkeypatch.setattr(compare, "build_base", lambda root, commit, say: sys.executable)
    calls: list[str] = []
    real = compare.measure

    def spy(python: str, names: list[str], options: list[str]) -> dict[str, object]:
        calls.append(",".join(names))
        return real(python, names, options)

    monkeypatch.setattr(compare, "measure", spy)
    lines: list[str] = []
    commit, rows, base, this = compare.compare(
        "HEAD", {"core.legal_actions_us"}, rounds=2, options=["--quick"], say=lines.append)
    assert len(commit) == 40 and len(calls) == 4
    assert [line.split(" on ")[1] for line in lines if " on " in line] == [
        f"{base.label} ...", "this checkout ...", "this checkout ...", f"{base.label} ..."]
    (row,) = rows
    assert row.name == "core.legal_actions_us" and row.unit == "us"
    assert len(base.rounds[row.name]) == len(this.rounds[row.name]) == 2
    document = json.loads(compare.as_json(commit, rows, base, this))
    assert document["base"]["commit"] == commit
    assert document["metrics"]["core.legal_actions_us"]["ratio"] == pytest.approx(
        row.ratio, abs=1e-3)


@pytest.mark.slow
def test_build_base_installs_a_ref_in_its_own_virtualenv(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    root = compare.repo_root()
    commit = compare.resolve(root, "HEAD")
    python = compare.build_base(root, commit, lambda _line: None)
    assert python.startswith(str(tmp_path))
    done = subprocess.run([python, "-c", "import railhouse, railhouse_soh, railhouse_m1839; "
                           "print(railhouse.__file__)"], capture_output=True, text=True,
                          check=True)
    assert done.stdout.startswith(str(tmp_path))
    assert compare.build_base(root, commit, lambda _line: None) == python  # cached


OLDER_BENCH = '''#!{python}
"""Stands in for an older railhouse's ``bench``: it lacks core.step_us."""
import json, sys
names = sys.argv[sys.argv.index("--only") + 1].split(",")
known = ["core.apply_action_us", "core.legal_actions_us"]
lacking = [n for n in names if n not in known]
if lacking:
    sys.exit(f"railhouse: error: unknown metric {{lacking[0]!r}}; known: {{', '.join(known)}}")
print(json.dumps({{"metrics": {{n: {{"status": "ok", "median": 90.0, "unit": "us"}}
                                for n in names}}}}))
'''


def test_a_ref_older_than_a_metric_measures_the_rest_of_its_group(tmp_path: Path) -> None:
    """Comparing with a ref that predates one metric of a group (8524a33 has no
    core.step_us): the group's other metrics are still measured there, and the missing one
    is absent (``-``), not a failure of the whole group."""
    older = tmp_path / "older-python"
    older.write_text(OLDER_BENCH.format(python=sys.executable))
    older.chmod(0o755)
    names = ["core.apply_action_us", "core.legal_actions_us", "core.step_us"]
    document = compare.measure(str(older), names, [])
    metrics = document["metrics"]
    assert metrics["core.apply_action_us"]["median"] == 90.0
    assert metrics["core.step_us"] == {"status": "absent"}
    side = compare.Side("older", str(older))
    side.add(document)
    assert side.failed == {}
    assert side.figure("core.legal_actions_us") == 90.0 and side.figure("core.step_us") is None
