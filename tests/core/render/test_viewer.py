"""``railhouse view``: one self-contained HTML file whose frames rebuild every position."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from render_fixtures import played_record

from railhouse.cli.main import main
from railhouse.engine.record import replay
from railhouse.render.hexes import draw_hex
from railhouse.render.scene import map_style, scene_of
from railhouse.render.svgtext import fragment
from railhouse.render.viewer import build_html


class Collector(HTMLParser):
    """Collects ids, external references and the embedded JSON of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.external: list[str] = []
        self.data = ""
        self._in_data = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(found["id"] or "")
        for name in ("src", "href"):
            if found.get(name):
                self.external.append(found[name] or "")
        self._in_data = found.get("id") == "game-data"

    def handle_data(self, data: str) -> None:
        if self._in_data:
            self.data += data

    def handle_endtag(self, tag: str) -> None:
        self._in_data = False


@pytest.fixture(scope="module")
def page() -> tuple[str, dict[str, Any]]:
    record = played_record("soh")
    return build_html(record), record


def parsed(html_text: str) -> Collector:
    collector = Collector()
    collector.feed(html_text)
    return collector


def test_the_page_is_self_contained(page: tuple[str, dict[str, Any]]) -> None:
    html_text, _ = page
    collector = parsed(html_text)
    assert collector.external == []
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html_text)
    assert "@import" not in html_text and "fetch(" not in html_text
    for control in ("first", "prev", "next", "last", "slider", "log", "players", "companies",
                    "price-chart", "worth-chart", "board", "game-data"):
        assert control in collector.ids


def test_frames_rebuild_every_position_of_the_game(page: tuple[str, dict[str, Any]]) -> None:
    html_text, record = page
    data = json.loads(parsed(html_text).data)
    actions = record["actions"]
    assert len(data["frames"]) == len(actions) + 1
    assert data["actions"] == actions
    state: dict[str, int] = {}
    for k in sorted({0, 1, len(actions) // 3, len(actions) // 2, len(actions)}):
        state = {}
        for frame in data["frames"][: k + 1]:
            state.update(frame["parts"])
        game = replay(record, upto=k)
        style = map_style(scene_of(game))
        assert style is not None
        for coord in game.board.map.hexes:
            assert data["fragments"][state[coord]] == fragment(draw_hex(game.board, coord, style))
        frame = latest_rows(data["frames"][: k + 1])
        assert [p["cash"] for p in frame["players"]] == [s.cash for s in game.seats]
        assert {c: v["cash"] for c, v in frame["companies"].items()} == {
            c.id: c.cash for c in game.companies.values()}


def latest_rows(frames: list[dict[str, Any]]) -> dict[str, Any]:
    """The table rows in force after ``frames`` (a frame stores them only on change)."""
    rows: dict[str, Any] = {}
    for frame in frames:
        rows.update({k: frame[k] for k in ("players", "companies") if k in frame})
    return rows


def test_fragments_are_shared_not_repeated(page: tuple[str, dict[str, Any]]) -> None:
    data = json.loads(parsed(page[0]).data)
    assert len(data["fragments"]) == len(set(data["fragments"]))
    changed = sum(len(f["parts"]) for f in data["frames"][1:])
    assert changed < 10 * len(data["frames"])  # deltas, not a whole board per action


def test_embedded_json_cannot_close_its_script(tmp_path: Path) -> None:
    record = dict(played_record("soh"))
    record["players"] = ["</script><b>x", "B & C", "D", "E", "F", "G"][: len(record["players"])]
    html_text = build_html(record)
    assert "</script><b>" not in html_text
    assert json.loads(parsed(html_text).data)["players"][0] == "</script><b>x"


def test_cli_writes_one_html_file(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played_record("soh")), encoding="utf-8")
    out = tmp_path / "game.html"
    with pytest.raises(SystemExit) as exited:
        main(["view", str(path), "-o", str(out)])
    assert exited.value.code == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.html", "game.json"]


@pytest.mark.parametrize(("name", "message"), [("nope.json", "cannot read"),
                                                ("game.json", "use an .html file name")])
def test_cli_errors_are_one_line(tmp_path: Path, capsys: Any, name: str, message: str) -> None:
    (tmp_path / "game.json").write_text(json.dumps(played_record("soh")), encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        main(["view", str(tmp_path / name), "-o", str(tmp_path / "out.txt"
                                                      if name == "game.json" else "o.html")])
    err = capsys.readouterr().err
    assert exited.value.code == 1 and err.count("\n") == 1 and message in err
