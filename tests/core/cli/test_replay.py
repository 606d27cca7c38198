"""`railhouse replay`: records replay, results are compared, bad input is one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from railhouse.bench.positions import playout
from railhouse.cli.main import main
from railhouse.engine.record import replay, save


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    game = playout("soh", 3, 11)
    assert game.over
    return game.to_record()  # type: ignore[no-any-return]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as stop:
        main(["replay", *args])
    out, err = capsys.readouterr()
    return int(stop.value.code or 0), out, err


def write(tmp_path: Path, record: dict[str, Any]) -> str:
    path = tmp_path / "game.json"
    save(record, path)
    return str(path)


def test_replay_prints_the_result(record: dict[str, Any], tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, write(tmp_path, record), "--check")
    assert code == 0
    assert f"{len(record['actions'])} actions replayed; game over" in out
    best = record["result"]["ranks"].index(1)
    assert f"1. {record['players'][best]}: {record['result']['scores'][best]}" in out


def test_replay_upto_shows_the_position(record: dict[str, Any], tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """``--upto N --json`` prints the observation a bot would see after N actions (issue 19,
    item 4): the engine's observation of that position, the keys of docs/observation.md."""
    code, out, _ = run(capsys, write(tmp_path, record), "--upto", "10", "--json")
    assert code == 0
    observation = json.loads(out)
    expected = msgspec.to_builtins(replay(record, upto=10).observation())
    assert observation == expected
    assert observation["over"] is False and observation["acting"] and observation["board"]


def test_a_record_whose_result_differs_fails_in_one_line(
    record: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = dict(record, result=dict(record["result"], scores=[1, 2, 3]))
    code, _, err = run(capsys, write(tmp_path, forged))
    assert code == 1
    assert err.startswith("railhouse: error: recorded scores [1, 2, 3] but the replay gives")
    assert len(err.strip().splitlines()) == 1


def test_a_tampered_action_names_its_index(record: dict[str, Any], tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    actions = [dict(a) for a in record["actions"]]
    actions[3] = {"type": "pass", "entity": "nobody"}
    code, _, err = run(capsys, write(tmp_path, dict(record, actions=actions)))
    assert code == 1 and "action 3 does not replay" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("args, message", [
    (["missing.json"], "cannot read"),
    (["GAME", "--upto", "-1"], "--upto must be between 0 and"),
])
def test_bad_arguments_are_one_line(args: list[str], message: str, record: dict[str, Any],
                                    tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, record)
    code, _, err = run(capsys, *[path if a == "GAME" else str(tmp_path / a) if a.endswith(
        ".json") else a for a in args])
    assert code == 1 and message in err and len(err.strip().splitlines()) == 1
