"""The per-game action cap (``max_game_actions``): a runaway game ends unrated with a clear
status instead of hanging the tournament, and every game is still journaled and recorded."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest
import trio

from railhouse.cli.main import main
from railhouse_tournament import report, runner
from railhouse_tournament.config import MAX_GAME_ACTIONS, Entrant, TournamentConfig

#: below the length of some seeded toy games (random bots, a pile of 21), above others'
CAP = 12


def test_games_over_the_cap_end_unrated_and_finished_games_are_kept(tmp_path: Path) -> None:
    config = TournamentConfig(
        "toy", tuple(Entrant(n, bot="random") for n in "abc"), players=2, seed_blocks=3,
        seed=5, max_game_actions=CAP,
    )  # fmt: skip
    directory = runner.create(config, tmp_path / "t")
    summary = trio.run(runner.Runner(directory).run)
    entries = directory.entries()
    assert summary.played == len(entries) == 3 * 3 * 2  # every scheduled game is journaled
    capped = [e for e in entries if e["reason"] == "action_cap"]
    ended = [e for e in entries if e["reason"] == "pile_empty"]
    assert capped and ended and len(capped) + len(ended) == len(entries)
    for entry in ended:
        assert entry["status"] == "ok" and entry["decisions"] <= CAP
    for entry in capped:
        assert entry["status"] == "aborted" and entry["decisions"] == CAP
        assert entry["ranks"] == [1, 1] and entry["scores"] == [0, 0]
        [failure] = entry["failures"]
        assert failure["reason"] == "action_cap" and failure["action"] == "abort"
        assert failure["seat"] is None and f"after {CAP} actions" in failure["detail"]
        record = json.loads((directory.path / entry["record"]).read_text())
        assert len(record["actions"]) == CAP and record["tournament"]["status"] == "aborted"
    data = report.summary(directory.path)
    assert data["games_by_status"]["aborted"] == len(capped)
    rated = sum(row["games"] for row in data["standings"])
    assert rated == 2 * len(ended)  # capped games are left out of the standings


def test_the_default_cap_is_generous_and_the_same_for_play() -> None:
    """Far beyond a real game: the longest random 1839 game of the golden set takes about
    1,250 actions."""
    from railhouse.cli.play import play

    assert TournamentConfig("toy", ()).max_game_actions == MAX_GAME_ACTIONS >= 10_000
    default = inspect.signature(play).parameters["max_game_actions"].default
    assert default == MAX_GAME_ACTIONS


def test_play_stops_a_runaway_game_and_keeps_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``railhouse play --max-game-actions``: a game that would take thousands of actions
    (a pile of 5,000) is stopped at the cap, says so, and its record is written."""
    record = tmp_path / "game.json"
    with pytest.raises(SystemExit) as caught:
        main(["play", "--title", "toy", "--seat", "random", "--seat", "random",
              "--option", "pile=5000", "--max-game-actions", "30", "--record", str(record)])
    assert caught.value.code in (0, None)
    out = capsys.readouterr().out
    assert "aborted (action_cap)" in out
    assert "failure: the game action_cap (abort): no game end after 30 actions" in out
    data = json.loads(record.read_text())
    assert len(data["actions"]) == 30 and data["tournament"]["status"] == "aborted"
