"""``railhouse tournament report DIR --html``: one self-contained page with the standings
(the same numbers as ``--json``) and rating charts over the games."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

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
        self.rows: list[list[str]] = []
        self.external: list[str] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.external += [v or "" for k, v in found.items() if k in ("src", "href")]
        if tag == "tr":
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
    body = [row for row in page.rows if row]
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
