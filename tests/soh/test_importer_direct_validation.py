"""Direct validation of tile lays (the fast path the import and replay use) agrees with
the enumerated legal set, at every track step of the real game 181446 (EN "Laying
track"; 18xx-games rule set, facts §11.2)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from railhouse.engine.actions import LayTile, decode_json
from railhouse.engine.errors import IllegalAction
from railhouse.engine.record import replay
from railhouse_soh.importer import GAME_181446, import_18xx_games
from railhouse_soh.track import TrackStep

FIXTURE = GAME_181446


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return import_18xx_games(FIXTURE)


def track_positions(record: dict[str, Any]) -> list[Any]:
    """A copy of the game at every track step of the record."""
    game = replay({**record, "actions": []})
    found = []
    for raw in record["actions"]:
        step = getattr(game.round, "current_step", lambda: None)()
        if isinstance(step, TrackStep) and not game.pending:
            found.append(game.clone())
        game.apply(decode_json(msgspec.json.encode(raw)))
    return found


def test_direct_lay_validation_agrees_with_the_listing_EN_laying_track(
        record: dict[str, Any]) -> None:
    positions = track_positions(record)
    assert len(positions) > 40
    for game in positions:
        step = game.round.current_step()
        listed = [c.action for c in step.legal_actions() if isinstance(c.action, LayTile)]
        assert step.any_lay() is bool(listed)
        for action in listed[:: max(1, len(listed) // 15)]:
            assert step.find(action) is not None, action
            step.validate(action)
        listed_set = {(a.hex, a.tile, a.rotation, a.ability) for a in listed}
        for action in listed[:5]:
            for rotation in range(6):
                probe = msgspec.structs.replace(action, rotation=rotation)
                if (probe.hex, probe.tile, rotation, probe.ability) in listed_set:
                    continue
                with pytest.raises(IllegalAction, match="Laying track"):
                    step.validate(probe)


def test_a_found_lay_is_the_listed_lay_at_the_listed_price_EN_laying_track(
        record: dict[str, Any]) -> None:
    """``find`` prices and judges only the lays that spell the action, yet answers what
    the listing does: the same lay at the same cost (terrain, fees; facts §11.2's
    semi-restrictive test included)."""
    for game in track_positions(record)[::4]:
        step = game.round.current_step()
        for lay in step.lays():
            found = step.find(step.lay_action(lay, ""))
            assert found is not None and found[0] == lay, lay


def test_one_lay_is_looked_up_once_per_apply_and_again_after_a_change(
        record: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Normalising, validating and processing one lay ask :meth:`TrackStep.find` once;
    the answer is not reused for another action object or once the position changed."""
    game = next(g for g in track_positions(record)
                if any(isinstance(c.action, LayTile) for c in g.legal_actions()))
    step = game.round.current_step()
    action = next(c.action for c in game.legal_actions() if isinstance(c.action, LayTile))
    calls: list[LayTile] = []
    original = TrackStep.find

    def counting(self: TrackStep, lay: LayTile) -> Any:
        calls.append(lay)
        return original(self, lay)

    monkeypatch.setattr(TrackStep, "find", counting)
    step.validate(msgspec.structs.replace(action))  # another object: looked up
    assert len(calls) == 1
    step.validate(action)  # not yet looked up: looked up
    step.validate(action)  # the same object at the same position: remembered
    assert len(calls) == 2
    step.company.cash += 1  # the position changed: looked up again
    step.validate(action)
    assert len(calls) == 3
    step.company.cash -= 1
    calls.clear()
    game.apply(action)
    assert calls == [action]
