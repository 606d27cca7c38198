"""What a newcomer meets first (issue 19): a typo'd bot is an error with a suggestion, a
bot that cannot start stops ``play`` and ``tournament run`` before anything is played,
``play`` writes nothing unless asked, and the runner's errors are one plain line."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from railhouse.cli.main import main

from .conftest import bot_command

TOY = {"title": "toy", "players": 2, "seed_blocks": 1,
       "time": {"per_decision": 1.0, "bank": 1.0, "grace": 0.3}}  # fmt: skip


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as caught:
        main(list(args))
    code = caught.value.code
    out, err = capsys.readouterr()
    return (code if isinstance(code, int) else 1), out, err


def one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("railhouse: error: "), err
    assert "internal error" not in err and "Errno" not in err
    return lines[0]


def test_a_typod_bot_name_suggests_the_registered_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, "play", "--title", "toy", "--seat", "random", "--seat", "gredy")
    assert code == 1 and out == ""
    assert "unknown bot 'gredy' (did you mean greedy?)" in one_error_line(err)
    assert list(tmp_path.iterdir()) == []


def test_play_stops_when_a_command_seat_cannot_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    crash = " ".join(bot_command("crash_start.py"))
    record = tmp_path / "game.json"
    code, _, err = cli(capsys, "play", "--title", "toy", "--seat", "random", "--seat", crash,
                       "--record", str(record))  # fmt: skip
    assert code == 1 and not record.exists()
    assert "entrant 'crash_start.py' did not start" in one_error_line(err)


def test_play_writes_nothing_unless_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    good = " ".join(bot_command("good.py", "2"))
    code, out, _ = cli(capsys, "play", "--title", "toy", "--seat", "random", "--seat", good)
    assert code == 0 and "score" in out and "record:" not in out
    assert list(tmp_path.iterdir()) == []  # no ./runs, no game logs


def test_a_tournament_refuses_to_start_when_an_entrant_cannot(
    config_file: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entrants = [{"name": "good", "command": bot_command("good.py", "1")},
                {"name": "dead", "command": bot_command("crash_start.py")}]  # fmt: skip
    out = tmp_path / "out"
    code, _, err = cli(capsys, "tournament", "run", str(config_file(TOY, entrants)),
                       "--out", str(out), "--quiet")  # fmt: skip
    assert code == 1
    line = one_error_line(err)
    assert "entrant 'dead' did not start" in line and "nothing was played" in line
    assert (out / "journal.jsonl").read_text() == ""  # resume plays it once the bot starts


def test_missing_or_clashing_tournament_directories_are_plain_errors(
    config_file: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("resume", "report"):
        code, _, err = cli(capsys, "tournament", command, str(tmp_path / "nowhere"))
        assert code == 1 and "not a tournament directory" in one_error_line(err)
    path = config_file(TOY, [{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}])
    out = tmp_path / "t"
    assert cli(capsys, "tournament", "run", str(path), "--out", str(out), "--quiet")[0] == 0
    code, _, err = cli(capsys, "tournament", "run", str(path), "--out", str(out))
    assert code == 1 and "already holds a tournament" in one_error_line(err)
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    for target in (a_file, a_file / "sub"):
        code, _, err = cli(capsys, "tournament", "run", str(path), "--out", str(target))
        assert code == 1 and str(a_file) in one_error_line(err)


def test_a_run_shows_its_sort_key_and_ends_by_naming_the_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("drawsvg")
    out = tmp_path / "t"
    code, stdout, _ = cli(capsys, "tournament", "run", "--title", "toy", "--players", "2",
                          "--entrant", "random", "--entrant", "greedy", "--out", str(out),
                          "--quiet")  # fmt: skip
    assert code == 0
    assert "mu-3sigma" in stdout and "ranked by mu-3sigma" in stdout  # the sort key is shown
    last = stdout.strip().splitlines()[-1]
    assert last == (f"report: railhouse tournament report {out}; "
                    f"HTML report: {out / 'report.html'}")  # fmt: skip
    assert os.path.getsize(out / "report.html") > 1000
