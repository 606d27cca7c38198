"""``railhouse import 18xx-games``: scores, the record written, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from railhouse.cli.main import main

pytest.importorskip("railhouse_soh")
from railhouse_soh.importer import GAME_181446

FIXTURE = GAME_181446


def run(args: list[str], capsys: Any) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(args)
    out, err = capsys.readouterr()
    return int(exited.value.code or 0), out, err


def test_import_prints_scores_and_writes_the_record(tmp_path: Path, capsys: Any) -> None:
    target = tmp_path / "game.json"
    code, out, _ = run(["import", "18xx-games", str(FIXTURE), "-o", str(target)], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("18xx.games game 181446: ") and "actions" in lines[0]
    assert lines[1:5] == [" score  player", "  3358  Player 2", "  3328  Player 3",
                          "  2167  Player 1"]  # fmt: skip
    assert lines[5:] == ["", f"record written to {target}"]
    record = json.loads(target.read_text(encoding="utf-8"))
    assert record["result"]["scores"] == [2167, 3358, 3328]
    assert not list(tmp_path.glob("*.tmp"))


def test_bad_json_is_one_line(tmp_path: Path, capsys: Any) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2", encoding="utf-8")
    code, _, err = run(["import", "18xx-games", str(bad)], capsys)
    assert code == 1 and err.count("\n") == 1 and "not JSON" in err


def test_unknown_action_type_names_its_id(tmp_path: Path, capsys: Any) -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["actions"][4]["type"] = "warp"
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(["import", "18xx-games", str(path)], capsys)
    assert code == 1 and err.count("\n") == 1
    assert "18xx.games action 5: cannot convert action type 'warp'" in err


def test_illegal_action_names_its_id_and_writes_nothing(tmp_path: Path, capsys: Any) -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["actions"][0]["price"] = 5  # below the private's value (EN Phase 1)
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    target = tmp_path / "out.json"
    code, _, err = run(["import", "18xx-games", str(path), "-o", str(target)], capsys)
    assert code == 1 and "18xx.games action 1: bid is illegal here" in err
    assert not target.exists()


def test_a_railhouse_record_is_not_an_18xx_games_export(
    tmp_path: Path, capsys: Any
) -> None:
    """Issue 19, item 8: importing our own record says what it is."""
    target = tmp_path / "game.json"
    assert run(["import", "18xx-games", str(FIXTURE), "-o", str(target)], capsys)[0] == 0
    code, _, err = run(["import", "18xx-games", str(target)], capsys)
    assert code == 1 and err.count("\n") == 1
    assert "is a railhouse game record, not an 18xx.games export" in err
