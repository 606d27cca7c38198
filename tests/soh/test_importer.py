"""The 18xx.games importer on the real game 181446 (issue 5 acceptance) and bad inputs."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from railhouse.engine.errors import RecordError
from railhouse.engine.record import replay
from railhouse.engine.routes import best_routes
from railhouse_soh.importer import GAME_181446, import_18xx_games, load_export
from railhouse_soh.importer.convert import Converter
from railhouse_soh.importer.log import effective_actions, resolve_undo

FIXTURE = GAME_181446


@pytest.fixture(scope="module")
def export() -> dict[str, Any]:
    return dict(load_export(FIXTURE))


@pytest.fixture(scope="module")
def record(export: dict[str, Any]) -> dict[str, Any]:
    return import_18xx_games(export)


def test_fixture_imports_to_the_final_scores(record: dict[str, Any]) -> None:
    by_name = dict(zip(record["players"], record["result"]["scores"], strict=True))
    # players 4725, 1488, 549 are seats 0, 1, 2 ("Player 1".."Player 3")
    assert by_name == {"Player 1": 2167, "Player 2": 3358, "Player 3": 3328}
    assert record["result"]["reason"] == "fixed_round"
    assert record["options"]["rules"] == "18xx-games"


def test_record_replays_with_invariants(record: dict[str, Any]) -> None:
    game = replay(json.loads(json.dumps(record)), check=True)
    assert list(game.result().scores) == record["result"]["scores"]


def test_optimiser_finds_at_least_the_recorded_revenue(export: dict[str, Any],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """At every run_routes, best_routes earns at least what the player claimed; every
    position where ours is higher is printed."""
    from railhouse_soh.importer import _start

    game, converter = _start(export)
    checked = 0
    higher = []
    for step in effective_actions(export["actions"]):
        if step.data.get("type") == "run_routes" and step.data.get("routes"):
            company = game.companies[str(step.data["entity"])]
            ours = best_routes(game, company).revenue
            theirs = sum(int(r["revenue"]) for r in step.data["routes"])
            assert ours >= theirs, f"action {step.source_id}: {ours} < {theirs}"
            checked += 1
            if ours > theirs:
                higher.append((step.source_id, company.id, theirs, ours))
        converter.feed(step)
    with capsys.disabled():
        for source_id, company_id, theirs, ours in higher:
            print(f"\naction {source_id}: {company_id} ran {theirs}, best is {ours}")
    assert checked >= 25


def test_undo_redo_resolution() -> None:
    actions = [{"type": "pass", "id": 1}, {"type": "bid", "id": 2}, {"type": "undo", "id": 3},
               {"type": "bid", "id": 4}, {"type": "pass", "id": 5},
               {"type": "undo", "id": 6, "action_id": 1}, {"type": "redo", "id": 7}]
    assert [a["id"] for a in resolve_undo(actions)] == [1, 4, 5]


def test_programs_dropped_and_auto_actions_inlined() -> None:
    actions = [{"type": "program_share_pass", "id": 1,
                "auto_actions": [{"type": "pass", "entity": 1}]},
               {"type": "par", "id": 2, "auto_actions": [{"type": "program_disable"}]}]
    steps = effective_actions(actions)
    assert [(s.data["type"], s.source_id) for s in steps] == [("pass", 1), ("par", 2)]


def _broken(export: dict[str, Any], index: int, **change: Any) -> dict[str, Any]:
    data = copy.deepcopy(export)
    data["actions"][index].update(change)
    return data


def test_unknown_action_type_names_the_action_id(export: dict[str, Any]) -> None:
    data = _broken(export, 0, type="teleport")
    with pytest.raises(RecordError, match=r"action 1: cannot convert action type 'teleport'"):
        import_18xx_games(data)


def test_illegal_action_names_the_action_id(export: dict[str, Any]) -> None:
    data = _broken(export, 1, price=41)  # a raise of 1 (EN Phase 1: at least 5)
    with pytest.raises(RecordError, match=r"18xx.games action 2: bid is illegal here"):
        import_18xx_games(data)


def test_illegal_route_names_the_action_id(export: dict[str, Any]) -> None:
    index = next(i for i, a in enumerate(export["actions"]) if a["id"] == 72)
    data = copy.deepcopy(export)
    data["actions"][index]["routes"][0]["connections"] = [["F9", "G8", "H9"]]  # no track
    with pytest.raises(RecordError, match=r"action 72: run_routes is illegal here.*track"):
        import_18xx_games(data)


def test_bad_json_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    with pytest.raises(RecordError, match="not JSON"):
        import_18xx_games(bad)


def test_converter_maps_players_in_seat_order(export: dict[str, Any]) -> None:
    from railhouse_soh.importer import _start

    _, converter = _start(export)
    assert isinstance(converter, Converter)
    assert converter.players == {"4725": "p0", "1488": "p1", "549": "p2"}
