"""Damaged tournament directories: ``check`` (and the start of ``resume`` and ``report``)
says exactly what is wrong and how to repair it; ``resume --repair`` repairs it without
ever overwriting a finished game's record or counting a game twice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import trio

from railhouse_tournament import runner
from railhouse_tournament.config import Entrant, TournamentConfig
from railhouse_tournament.journal import JOURNAL, MANIFEST

from .test_cli import cli


@pytest.fixture
def finished(tmp_path: Path) -> Path:
    """A finished in-process tournament of 4 games."""
    config = TournamentConfig(
        "toy", (Entrant("a", bot="random"), Entrant("b", bot="random")), seed_blocks=2, seed=9
    )
    directory = runner.create(config, tmp_path / "t")
    trio.run(runner.Runner(directory).run)
    return directory.path


def lines(path: Path) -> list[bytes]:
    return (path / JOURNAL).read_bytes().splitlines(keepends=True)


def records(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((path / "games").glob("*.json"))}


def games_done(path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    capsys.readouterr()
    assert cli("tournament", "report", str(path), "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games_done"] == data["games_total"] == 4
    return sorted(json.loads(line)["game"] for line in lines(path))


def damaged(path: Path, capsys: pytest.CaptureFixture[str], *expected: str) -> None:
    """check, report and resume all refuse, naming each problem on a line of its own."""
    for command in ("check", "report", "resume"):
        assert cli("tournament", command, str(path)) == 1
        err = capsys.readouterr().err.splitlines()
        assert err[0] == f"railhouse: {path} is damaged:"
        for text in expected:
            assert any(text in line for line in err), (text, err)
        assert "Traceback" not in "\n".join(err)


def test_an_intact_directory_checks_ok(finished: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli("tournament", "check", str(finished)) == 0
    assert "ok: 4 of 4 games finished" in capsys.readouterr().out


def test_an_unreadable_line_mid_journal_is_restored_from_its_record(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before, kept = lines(finished), records(finished)
    (finished / JOURNAL).write_bytes(before[0] + b"{not json\n" + b"".join(before[2:]))
    damaged(finished, capsys, f"{JOURNAL}:2 is unreadable", "resume --repair")
    assert cli("tournament", "resume", "--repair", str(finished), "--quiet") == 0
    assert "repaired: rewrote" in capsys.readouterr().out
    assert games_done(finished, capsys) == ["g000000", "g000001", "g000002", "g000003"]
    assert records(finished) == kept  # restored from the record: nothing played again


def test_a_missing_record_is_played_again(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (finished / "games" / "g000002.json").unlink()
    damaged(finished, capsys, f"{JOURNAL}:3: the record games/g000002.json is missing")
    assert cli("tournament", "resume", "--repair", str(finished), "--quiet") == 0
    assert games_done(finished, capsys) == ["g000000", "g000001", "g000002", "g000003"]
    assert (finished / "games" / "g000002.json").exists()


def test_a_duplicated_line_counts_once(finished: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = lines(finished)
    (finished / JOURNAL).write_bytes(b"".join(before) + before[1])
    damaged(finished, capsys, f"{JOURNAL}:5 repeats g000001")
    assert cli("tournament", "resume", "--repair", str(finished), "--quiet") == 0
    assert games_done(finished, capsys) == ["g000000", "g000001", "g000002", "g000003"]


def test_a_manifest_without_token_gets_a_new_one(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = json.loads((finished / MANIFEST).read_text())
    del manifest["token"]
    (finished / MANIFEST).write_text(json.dumps(manifest))
    damaged(finished, capsys, f"{MANIFEST} has no token")
    assert cli("tournament", "resume", "--repair", str(finished), "--quiet") == 0
    assert json.loads((finished / MANIFEST).read_text())["token"]


def test_a_changed_schedule_is_not_repaired_but_explained(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = json.loads((finished / MANIFEST).read_text())
    manifest["config"]["seed_blocks"] = 4
    (finished / MANIFEST).write_text(json.dumps(manifest))
    damaged(finished, capsys, "schedules 8 games, but the tournament has 4",
            "set seed_blocks back to 2")  # fmt: skip
    assert cli("tournament", "resume", "--repair", str(finished)) == 1
    assert "set seed_blocks back to 2" in capsys.readouterr().err
    assert len(lines(finished)) == 4


def test_a_cut_journal_gets_its_lines_back_from_the_records(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before, kept = lines(finished), records(finished)
    (finished / JOURNAL).write_bytes(b"".join(before[:2]) + before[2][:20])  # torn, lost lines
    assert cli("tournament", "check", str(finished)) == 0
    out = capsys.readouterr().out
    assert "torn line" in out and "games/g000003.json has no journal line" in out
    assert cli("tournament", "resume", str(finished), "--quiet") == 0
    assert "played 0 games" in capsys.readouterr().out
    assert sorted(lines(finished)) == sorted(before) and records(finished) == kept
