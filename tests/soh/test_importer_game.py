"""``convert_18xx_games``: the importer hands back the game it played (issue 5: the
import must not replay twice) and checks invariants on it after every action."""

from __future__ import annotations

import json
from typing import Any

import pytest

from railhouse.engine.errors import InvariantViolation, RecordError
from railhouse.engine.invariants import check_invariants
from railhouse.engine.record import replay
from railhouse_soh.importer import GAME_181446, convert, convert_18xx_games, load_export

FIXTURE = GAME_181446


@pytest.fixture(scope="module")
def export() -> dict[str, Any]:
    return dict(load_export(FIXTURE))


def test_converted_game_is_the_replay_of_its_record(export: dict[str, Any]) -> None:
    record, game = convert_18xx_games(export)
    again = replay(json.loads(json.dumps(record)))
    assert len(game.actions) == len(record["actions"]) == len(again.actions)
    assert game.observation() == again.observation()
    assert game.board.to_dict() == again.board.to_dict()
    assert list(game.result().scores) == record["result"]["scores"] == [2167, 3358, 3328]


def test_check_runs_the_invariants_after_every_action(
    export: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    real = check_invariants

    def counting(game: Any) -> None:
        calls.append(len(game.actions))
        real(game)

    monkeypatch.setattr(convert, "check_invariants", counting)
    _, game = convert_18xx_games(export, check=True)
    assert calls == list(range(1, len(game.actions) + 1))
    calls.clear()
    convert_18xx_games(export)
    assert calls == []


def test_broken_invariant_is_a_record_error_naming_the_action(
    export: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_at_tenth(game: Any) -> None:
        if len(game.actions) == 10:
            raise InvariantViolation("cash is not conserved")

    monkeypatch.setattr(convert, "check_invariants", broken_at_tenth)
    with pytest.raises(RecordError, match=r"^18xx.games action \d+: invariants broken after "
                                          r"\w+: cash is not conserved$"):
        convert_18xx_games(export, check=True)
