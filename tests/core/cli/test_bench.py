"""`railhouse bench` on the command line."""

from __future__ import annotations

import json

import pytest

from railhouse.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as stop:
        main(["bench", *args])
    out, err = capsys.readouterr()
    return int(stop.value.code or 0), out, err


def test_bench_json_prints_one_object_with_the_chosen_metrics(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _err = run(capsys, "--quick", "--json", "--only", "core.legal_actions_us")
    assert code == 0
    document = json.loads(out)
    assert document["quick"] is True and document["title"] == "soh"
    metric = document["metrics"]["core.legal_actions_us"]
    assert metric["status"] == "ok" and metric["unit"] == "us"
    assert metric["median"] > 0 and metric["p95"] >= metric["median"] and metric["repeats"] > 0


def test_bench_table_names_every_chosen_metric(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "--quick", "--only", "map")
    assert code == 0
    assert "map.legal_tile_lays_ms" in out and "median" in out


def test_bench_rejects_an_unknown_metric_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "--only", "nope")
    assert code == 1
    assert err.strip().startswith("railhouse: error: unknown metric 'nope'")
    assert len(err.strip().splitlines()) == 1


def test_bench_rejects_an_uninstalled_title_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _out, err = run(capsys, "--title", "9999", "--only", "core")
    assert code == 1
    assert "title '9999' is not installed" in err and len(err.strip().splitlines()) == 1
