"""``railhouse render``: SVG and PNG files, --at, --routes, and one-line errors."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from render_fixtures import played_record

from railhouse.cli.main import main


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played_record("soh")), encoding="utf-8")
    return path


def run(args: list[str], capsys: Any) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(args)
    out, err = capsys.readouterr()
    return int(exited.value.code or 0), out, err


def test_svg_of_a_position(record: Path, tmp_path: Path, capsys: Any) -> None:
    out_file = tmp_path / "b.svg"
    code, out, err = run(["render", str(record), "--at", "40", "-o", str(out_file)], capsys)
    assert code == 0, err
    assert "after action 40" in out
    root = ET.parse(out_file).getroot()
    assert root.tag.endswith("svg")
    assert "after action 40" in "".join(root.itertext())


def test_png_of_the_end_with_routes(record: Path, tmp_path: Path, capsys: Any) -> None:
    game_companies = {a.get("company") for a in json.loads(record.read_text())["actions"]}
    company = sorted(c for c in game_companies if c)[0]
    out_file = tmp_path / "b.png"
    code, _, err = run(["render", str(record), "-o", str(out_file), "--routes", company],
                       capsys)
    assert code == 0, err
    assert out_file.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_routes_of_a_company_without_trains_say_so(record: Path, tmp_path: Path,
                                                   capsys: Any) -> None:
    out_file = tmp_path / "b.svg"
    code, out, err = run(["render", str(record), "--at", "0", "-o", str(out_file),
                          "--routes", "NSM"], capsys)
    assert code == 0, err
    assert "NSM has no trains: no routes." in out
    root = ET.parse(out_file).getroot()
    assert "NSM has no trains: no routes." in "".join(root.itertext())
    assert not [e for e in root.iter() if e.get("class") == "route"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--at", "99999"], "--at 99999 is out of range"),
        (["--at", "-99999"], "is out of range"),
        (["--routes", "NOPE"], "no company 'NOPE'"),
        (["-o", "board.gif"], "use a .svg or .png file name"),
    ],
)
def test_bad_options_are_one_line_errors(
    record: Path, tmp_path: Path, capsys: Any, args: list[str], message: str
) -> None:
    code, out, err = run(["render", str(record), *args], capsys)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and message in err, err


def test_missing_and_broken_records_are_one_line_errors(tmp_path: Path, capsys: Any) -> None:
    code, _, err = run(["render", str(tmp_path / "nope.json")], capsys)
    assert code == 1 and err.count("\n") == 1 and "cannot read" in err
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    code, _, err = run(["render", str(broken)], capsys)
    assert code == 1 and err.count("\n") == 1 and "is not JSON" in err


def test_a_missing_render_extra_is_named(record: Path, capsys: Any,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "drawsvg", None)
    code, _, err = run(["render", str(record)], capsys)
    assert code == 1 and err.count("\n") == 1
    assert "pip install 'railhouse[render]'" in err
