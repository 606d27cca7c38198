"""The command line: tournament run / resume / report, play; errors are one line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from railhouse.cli.main import main

from .conftest import bot_command


def cli(*args: str) -> int:
    with pytest.raises(SystemExit) as caught:
        main(list(args))
    code = caught.value.code
    return code if isinstance(code, int) else 1


TOY = {"title": "toy", "players": 2, "seed_blocks": 2, "concurrency": 2,
       "time": {"per_decision": 1.0, "bank": 1.0, "grace": 0.3},
       "failure": {"retries": 0}}  # fmt: skip


def test_run_report_resume_and_structured_logs(
    config_file: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entrants = [
        {"name": "good", "command": bot_command("good.py", "1")},
        {"name": "illegal", "command": bot_command("illegal.py")},
        {"name": "rnd", "bot": "random"},
    ]
    path = config_file(TOY, entrants)
    out = tmp_path / "out"
    assert cli("--log-json", "tournament", "run", str(path), "--out", str(out)) == 0
    captured = capsys.readouterr()
    assert "played 12 games" in captured.out and "illegal" in captured.out
    events = [json.loads(line) for line in captured.err.splitlines() if line.startswith("{")]
    failed = [e for e in events if e.get("event") == "seat_failed"]
    assert failed and all(e["match_id"].startswith("g") for e in failed)
    assert {e["reason"] for e in failed} == {"illegal_action"}

    assert cli("tournament", "report", str(out), "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games_done"] == data["games_total"] == 12
    rows = {row["name"]: row for row in data["standings"]}
    assert rows["illegal"]["counters"]["forfeits"] == 8 and rows["illegal"]["wins"] == 0
    assert set(rows["good"]) >= {"games", "wins", "avg_rank", "avg_score", "mu", "sigma"}

    assert cli("tournament", "resume", str(out), "--quiet") == 0
    assert "played 0 games" in capsys.readouterr().out  # nothing played twice
    assert cli("tournament", "run", str(path), "--out", str(out)) == 1
    assert "already holds a tournament" in capsys.readouterr().err


def test_flags_alone_make_a_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "flags"
    code = cli("tournament", "run", "--title", "toy", "--entrant", "random",
               "--entrant", f"p=python {bot_command('good.py')[1]} 5", "--games", "3",
               "--option", "pile=9", "--out", str(out), "--quiet")  # fmt: skip
    assert code == 0
    manifest = json.loads((out / "tournament.json").read_text())
    assert manifest["config"]["options"] == {"pile": "9"} and manifest["games"] == 4
    record = json.loads(next((out / "games").glob("*.json")).read_text())
    assert record["options"]["pile"] == 9 and record["tournament"]["status"] == "ok"
    capsys.readouterr()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "zero"], "Invalid value"),
        (["--per-decision", "-1"], "time.per_decision: must be > 0"),
        (["--on-failure", "shrug"], "failure.on_failure: must be one of forfeit, abort"),
        (["--format", "gauntlet"], "challenger: is required"),
        (["--title", "nosuch"], "title: unknown title 'nosuch'"),
        (["--players", "7"], "players: "),
        (["--option", "pile=lots"], "options.pile: option 'pile' takes an integer"),
        (["--option", "colour=red"], "options.colour: title 'toy' has no option 'colour'"),
        (["--entrant", "nosuchbot", "--entrant", "random"], "entrants[0].bot: unknown bot"),
    ],
)
def test_bad_flags_are_one_line_errors(
    config_file: Callable[..., Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    path = config_file(TOY, [{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}])
    assert cli("tournament", "run", str(path), "--out", str(tmp_path / "x"), *args) != 0
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_report_of_a_directory_that_is_not_a_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli("tournament", "report", str(tmp_path)) == 1
    err = capsys.readouterr().err
    assert "not a tournament directory" in err and len(err.strip().splitlines()) == 1


def test_play_one_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    good = " ".join(bot_command("good.py", "2"))
    bad = " ".join(bot_command("crash_mid.py"))
    code = cli("play", "--title", "toy", "--seat", "random", "--seat", good, "--seat", bad,
               "--record", str(record), "--seed", "3")  # fmt: skip
    assert code == 0
    out = capsys.readouterr().out
    assert f"record: {record}" in out and "forfeit" in out and "crash" in out
    data = json.loads(record.read_text())
    assert data["seed"] == 3 and data["tournament"]["forfeits"] == [2]
    assert data["tournament"]["seats"] == ["random", "good.py", "crash_mid.py"]
    assert list((tmp_path / "game-logs").glob("crash_mid.py-*.log"))
