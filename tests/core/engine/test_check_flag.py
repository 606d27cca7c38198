"""``railhouse play --check``: the invariant checker runs after every action of the game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from railhouse.cli.main import main
from railhouse.engine import invariants


@pytest.fixture(autouse=True)
def checking_off() -> Iterator[None]:
    invariants.set_checking(False)
    yield
    invariants.set_checking(False)


def cli(*args: str) -> int:
    with pytest.raises(SystemExit) as caught:
        main(list(args))
    code = caught.value.code
    return code if isinstance(code, int) else 1


def play(tmp_path: Path, *extra: str) -> int:
    seats = ("--seat", "random") * 3
    record = str(tmp_path / "game.json")
    return cli("play", "--title", "soh", "--seed", "3", *seats, "--record", record, *extra)


def count_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = invariants.find_problems

    def counting(game: object) -> list[str]:
        calls.append(1)
        return real(game)  # type: ignore[arg-type]

    monkeypatch.setattr(invariants, "find_problems", counting)
    return calls


def test_check_runs_the_checker_after_every_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls = count_checks(monkeypatch)
    assert play(tmp_path, "--check") == 0
    out = capsys.readouterr().out
    assert "seed 3" in out
    actions = json.loads((tmp_path / "game.json").read_text())["actions"]
    assert len(calls) == len(actions) > 0


def test_without_check_the_checker_stays_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = count_checks(monkeypatch)
    assert play(tmp_path) == 0
    assert calls == []


def test_a_violation_under_check_is_not_silent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(invariants, "find_problems", lambda game: ["money not conserved"])
    assert play(tmp_path, "--check") == 1
    assert capsys.readouterr().err.strip() == "railhouse: error: money not conserved"
