"""``railhouse tournament report DIR --html``: one self-contained page with the standings
(the same numbers as ``--json``) and rating charts over the games."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from railhouse.cli.main import main
from railhouse_tournament import report

TOY = {"title": "toy", "players": 2, "seed_blocks": 3, "concurrency": 2,
       "time": {"per_decision": 1.0, "bank": 1.0, "grace": 0.3},
       "failure": {"retries": 0}}  # fmt: skip


def cli(*args: str) -> int:
    with pytest.raises(SystemExit) as caught:
        main(list(args))
    code = caught.value.code
    return code if isinstance(code, int) else 1


class Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []  # the standings table's
        self.tables: dict[str, list[list[str]]] = {}  # every table's, by id
        self.external: list[str] = []
        self.links: list[str] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for key, value in found.items():
            if key in ("src", "href"):  # only the report's own viewer pages are linked
                target = value or ""
                (self.links if target.startswith("viewer/") else self.external).append(target)
        if tag == "table":
            self.rows = self.tables.setdefault(found.get("id") or "", [])
        elif tag == "tr":
            self.rows.append([])
        elif tag == "td":
            self._cell = []

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None


@pytest.fixture
def tournament(config_file: Callable[..., Path], tmp_path: Path,
               capsys: pytest.CaptureFixture[str]) -> Path:
    entrants = [{"name": "alpha", "bot": "random"}, {"name": "beta<&>", "bot": "random"}]
    out = tmp_path / "out"
    assert cli("tournament", "run", str(config_file(TOY, entrants)), "--out", str(out),
               "--quiet") == 0
    capsys.readouterr()
    return out


def test_html_report_shows_the_standings_and_rating_charts(
    tournament: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "report.html"
    assert cli("tournament", "report", str(tournament), "--html", "-o", str(target)) == 0
    assert f"wrote {target}" in capsys.readouterr().out
    text = target.read_text(encoding="utf-8")
    page = Page()
    page.feed(text)
    assert page.external == []
    data = report.summary(tournament)
    body = [row for row in page.tables["standings"] if row]
    assert [row[1] for row in body] == [s["name"] for s in data["standings"]]
    for row, standing in zip(body, data["standings"], strict=True):
        assert int(row[2]) == standing["games"] and row[6] == f"{standing['mu']:.2f}"
    for chart_id in ("mu-chart", "ordinal-chart"):
        start = text.index("<svg", text.index(f'id="{chart_id}"') - 400)
        svg = ET.fromstring(text[start:text.index("</svg>", start) + 6])
        lines = [g for g in svg.iter() if g.get("class") == "series"]
        assert sorted(g.get("data-label") or "" for g in lines) == ["alpha", "beta<&>"]


def test_rating_history_ends_at_the_final_standings(tournament: Path) -> None:
    history = report.rating_history(tournament)
    data = report.summary(tournament)
    assert history[0]["games"] == 0 and history[-1]["games"] == data["games_done"]
    assert [h["games"] for h in history] == sorted(h["games"] for h in history)
    final = {s["name"]: s["mu"] for s in data["standings"]}
    assert {k: v["mu"] for k, v in history[-1]["ratings"].items()} == final


def test_default_html_path_is_in_the_directory(
    tournament: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli("tournament", "report", str(tournament), "--html") == 0
    assert (tournament / "report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE")
    assert json.loads(json.dumps(report.summary(tournament)))  # the JSON report is unchanged


def test_html_report_has_the_statistics_and_a_row_per_game(
    tournament: Path, tmp_path: Path
) -> None:
    target = tmp_path / "r" / "report.html"
    target.parent.mkdir()
    pages = report.write_html(tournament, target)
    page = Page()
    page.feed(target.read_text(encoding="utf-8"))
    data = report.summary(tournament)
    names = [s["name"] for s in data["standings"]]
    intervals = [row for row in page.tables["intervals"] if row]
    assert [row[0] for row in intervals] == names
    first = data["stats"]["entrants"][names[0]]
    assert intervals[0][2].startswith(f"{first['rank']['mean']:.2f} [")
    cross = {row[0]: row[1:] for row in page.tables["cross"] if row}
    cell = data["stats"]["cross"][names[0]][names[1]]
    expected = f"{cell['ahead']}-{cell['behind']}-{cell['level']} /{cell['games']}"
    assert cross[names[0]][1] == expected
    los = {row[0]: row[1:] for row in page.tables["los"] if row}
    assert los[names[1]][0] == f"{data['stats']['los'][names[1]][names[0]]:.1%}"
    games = [row for row in page.tables["games"] if row]
    assert [row[0] for row in games] == [f"g{i:06d}" for i in range(data["games_done"])]
    assert all(row[6] == "ok" for row in games)
    # the toy title has no viewer: no page, no link, and the report says why
    assert page.links == [] and len(pages.missing) == data["games_done"]
    assert "unknown title 'toy'" in pages.line()


def test_viewer_pages_are_linked_and_kept_when_up_to_date(
    tournament: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import railhouse.render.viewer as viewer

    rendered: list[str] = []

    def fake_viewer(record: dict[str, Any]) -> str:  # the real one knows no toy title
        rendered.append(str(record["tournament"]["game"]))
        return "<!DOCTYPE html><title>game</title>"

    monkeypatch.setattr(viewer, "build_html", fake_viewer)
    target = tmp_path / "report.html"
    first = report.write_html(tournament, target)
    games = report.summary(tournament)["games_done"]
    assert (first.written, first.kept, first.missing) == (games, 0, {})
    page = Page()
    page.feed(target.read_text(encoding="utf-8"))
    assert page.links == [f"viewer/g{i:06d}.html" for i in range(games)]
    assert all((tmp_path / link).is_file() for link in page.links)
    again = report.write_html(tournament, target, viewers=False)
    assert (again.written, again.kept) == (0, games) and len(rendered) == games


@pytest.mark.slow
def test_real_viewer_pages_for_a_soh_game(tmp_path: Path) -> None:
    pytest.importorskip("railhouse_soh")
    from railhouse.plugins import Registry, reset_registry
    from railhouse_tournament import config, runner
    from railhouse_tournament.config import Entrant

    previous = reset_registry(Registry(only=("soh",)))
    try:
        loaded = config.TournamentConfig("soh", (Entrant("a", "random"), Entrant("b", "random"),
                                                 Entrant("c", "random")), players=3, games=1)
        out = tmp_path / "soh"
        runner.create(loaded, out)
        import trio

        trio.run(runner.run_directory, out)
        pages = report.write_html(out, out / "report.html")
    finally:
        reset_registry(previous)
    games = report.summary(out)["games_done"]
    assert pages.written == games and not pages.missing
    page = Page()
    page.feed((out / "report.html").read_text(encoding="utf-8"))
    assert page.links == [f"viewer/g{i:06d}.html" for i in range(games)]
    viewer_page = (out / page.links[0]).read_text(encoding="utf-8")
    assert viewer_page.startswith("<!DOCTYPE html>") and "g000000" not in page.external
