from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from railhouse_tournament import config
from railhouse_tournament.errors import ConfigError

ENTRANTS = [{"name": "a", "bot": "random"}, {"name": "b", "command": "python bot.py --x 'y z'"}]


def test_defaults_and_command_splitting(config_file: Callable[..., Path]) -> None:
    loaded = config.load(config_file({"title": "toy"}, ENTRANTS))
    assert loaded.players == 2 and loaded.format == "round-robin" and loaded.seed_blocks == 1
    assert loaded.time == config.TimeControl() and loaded.failure == config.FailurePolicy()
    b = loaded.entrant("b")
    assert b.command == (sys.executable, "bot.py", "--x", "y z")  # shlex, python -> ours
    assert b.cwd == str(Path.cwd()) and loaded.entrant("a").cwd is None


def test_round_trip_through_the_manifest(config_file: Callable[..., Path]) -> None:
    top = {
        "title": "toy",
        "players": 2,
        "games": 7,
        "options": {"pile": 9},
        "time": {"per_decision": 0.5},
        "failure": {"on_failure": "abort"},
        "max_game_actions": 500,
    }
    loaded = config.load(config_file(top, ENTRANTS))
    assert loaded.max_game_actions == 500
    assert config.TournamentConfig.from_dict(loaded.to_dict()) == loaded


def test_overrides_replace_file_values(config_file: Callable[..., Path]) -> None:
    path = config_file({"title": "toy", "seed_blocks": 3}, ENTRANTS)
    loaded = config.load(path, {"games": 10, "time.bank": "2.5", "players": None})
    assert loaded.games == 10 and loaded.time.bank == 2.5 and loaded.players == 2


@pytest.mark.parametrize(
    ("top", "entrants", "key"),
    [
        ({}, ENTRANTS, "title"),
        ({"title": "toy", "playres": 2}, ENTRANTS, "playres"),
        ({"title": "toy", "players": "four"}, ENTRANTS, "players"),
        ({"title": "toy", "players": 3}, ENTRANTS, "players"),
        ({"title": "toy", "time": {"per_decision": 0}}, ENTRANTS, "time.per_decision"),
        ({"title": "toy", "time": {"bank": "lots"}}, ENTRANTS, "time.bank"),
        ({"title": "toy", "failure": {"on_failure": "explode"}}, ENTRANTS, "failure.on_failure"),
        ({"title": "toy", "failure": {"retries": -1}}, ENTRANTS, "failure.retries"),
        ({"title": "toy", "format": "swiss"}, ENTRANTS, "format"),
        ({"title": "toy", "format": "gauntlet"}, ENTRANTS, "challenger"),
        ({"title": "toy", "format": "gauntlet", "challenger": "zz"}, ENTRANTS, "challenger"),
        ({"title": "toy", "games": 3, "seed_blocks": 2}, ENTRANTS, "games"),
        ({"title": "toy", "max_game_actions": -1}, ENTRANTS, "max_game_actions"),
        ({"title": "toy", "max_game_actions": "many"}, ENTRANTS, "max_game_actions"),
        ({"title": "toy"}, [{"name": "a"}], "entrants[0].command"),
        ({"title": "toy"}, [{"name": "a", "bot": "random", "command": "x"}], "entrants[0].command"),
        ({"title": "toy"}, [{"name": "a", "command": "x 'unclosed"}], "entrants[0].command"),
        ({"title": "toy"}, [{"name": "a", "bot": "random", "colour": 1}], "entrants[0].colour"),
        ({"title": "toy"}, [{"name": "a", "bot": "random"}] * 2, "entrants"),
        ({"title": "toy"}, [], "entrants"),
    ],
)
def test_bad_config_is_one_line_naming_the_key(
    config_file: Callable[..., Path], top: dict[str, Any], entrants: list[Any], key: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        config.load(config_file(top, entrants))
    assert caught.value.key == key
    assert str(caught.value).startswith(f"{key}: ") and "\n" not in str(caught.value)


def test_unreadable_and_invalid_toml_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        config.load(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("title = \n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        config.load(bad)
