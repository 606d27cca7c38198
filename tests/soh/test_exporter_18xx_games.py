"""``railhouse export 18xx-games`` (issue 16): the 18xx.games export of a railhouse record,
and the frozen answers of the 18xx.games engine.

tests/fixtures/soh/18xx-games-oracle/ holds generated games (3, 4 and 5 players; greedy and
random seats; random start seats), each with its railhouse record, its export, and the
final scores the unmodified 18xx.games engine (tobymao/18xx, commit in the fixture)
computed when it replayed the export action by action.  CI has no Ruby: the fixtures carry
that engine's verdict, and these tests check railhouse against it.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from railhouse.cli.main import main
from railhouse.engine.errors import RecordError
from railhouse.engine.record import new_game, replay
from railhouse_soh.exporter import export_18xx_games
from railhouse_soh.exporter.draw import draw, seed_for
from railhouse_soh.importer import final_scores, import_18xx_games

ORACLE = Path(__file__).resolve().parent.parent / "fixtures" / "soh" / "18xx-games-oracle"
GAMES = sorted(ORACLE.glob("*.json.gz"))
QUICK = 2  # games checked in the quick run; the rest are marked slow


def fixture(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(gzip.decompress(path.read_bytes()))
    return data


def marked(paths: list[Path]) -> list[Any]:
    return [pytest.param(p, id=p.name.split(".")[0],
                         marks=() if k < QUICK else pytest.mark.slow)
            for k, p in enumerate(paths)]


def test_the_oracle_covers_3_4_5_players_and_both_bots() -> None:
    games = [fixture(p) for p in GAMES]
    assert len(games) >= 20
    assert {len(g["record"]["players"]) for g in games} == {3, 4, 5}
    assert {"greedy", "random"} <= {s for g in games for s in g["seats"]}
    assert len({g["export"]["players"][0]["name"] for g in games}) > 1  # start seats vary


@pytest.mark.parametrize("path", marked(GAMES))
def test_railhouse_scores_what_18xx_games_scored(path: Path) -> None:
    """Railhouse replays the record (the rules=18xx-games engine, action by action) and
    ends with the final scores the 18xx.games engine computed for its export."""
    game = fixture(path)
    replayed = replay(game["record"], check=True)
    result = dict(zip(game["record"]["players"], replayed.result().scores, strict=True))
    assert result == game["t18_result"]


@pytest.mark.parametrize("path", marked(GAMES))
def test_the_export_is_what_18xx_games_accepted(path: Path) -> None:
    """Exporting the record again gives, action for action, the export the 18xx.games
    engine accepted (a round trip: its import replays to the same scores, above)."""
    game = fixture(path)
    assert export_18xx_games(game["record"]) == game["export"]


@pytest.mark.parametrize("path", GAMES[:2], ids=lambda p: p.name.split(".")[0])
def test_round_trip_import_of_the_export(path: Path) -> None:
    """``railhouse import 18xx-games`` of the export replays to the record's scores."""
    record = fixture(path)["record"]
    again = import_18xx_games(export_18xx_games(record))
    assert final_scores(again) == final_scores(record)
    assert again["options"]["rules"] == "18xx-games"


def test_the_seed_deals_the_records_privates() -> None:
    """18xx.games' generator (Game::Base#rand) deals, for seed 1: KKI, VES, W (3 players) --
    checked against the 18xx.games engine."""
    assert draw(1, 3) == ["KKI", "VES", "W"]
    assert draw(17, 5) == ["KKI", "VES", "VVL", "RW", "KO"]
    assert draw(seed_for(["VES", "VVL", "RW", "KO"], 4), 4) == ["VES", "VVL", "RW", "KO"]


# -- bad input: one-line errors ----------------------------------------------------------
def bad_records(tmp_path: Path) -> dict[str, Path]:
    m1839 = new_game("1839", ["a", "b", "c"], {}, 1).to_record()
    printed = new_game("soh", ["a", "b", "c"], {}, 1).to_record()
    text = json.dumps(fixture(GAMES[0])["record"])
    paths = {"1839": tmp_path / "m1839.json", "printed": tmp_path / "printed.json",
             "truncated": tmp_path / "truncated.json"}
    paths["1839"].write_text(json.dumps(m1839))
    paths["printed"].write_text(json.dumps(printed))
    paths["truncated"].write_text(text[: len(text) // 2])
    return paths


@pytest.mark.parametrize("kind, message", [
    ("1839", "only Steam Over Holland"),
    ("printed", "rules='printed'"),
    ("truncated", "truncated or damaged"),
])
def test_bad_records_are_one_line_errors(tmp_path: Path, kind: str, message: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = bad_records(tmp_path)[kind]
    with pytest.raises(RecordError, match=message):
        export_18xx_games(path)
    out = tmp_path / "export.json"
    with pytest.raises(SystemExit) as done:
        main(["export", "18xx-games", str(path), "-o", str(out)])
    assert done.value.code == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
    assert not out.exists()


def test_cli_writes_the_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = fixture(GAMES[0])
    record = tmp_path / "record.json"
    record.write_text(json.dumps(game["record"]))
    out = tmp_path / "export.json"
    with pytest.raises(SystemExit) as done:
        main(["export", "18xx-games", str(record), "-o", str(out)])
    assert done.value.code == 0
    assert json.loads(out.read_text()) == game["export"]
    assert "18xx.games actions written" in capsys.readouterr().out
