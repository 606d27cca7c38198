"""Each game's viewer page (what ``railhouse view RECORD`` writes), generated next to the
HTML report so its per-game table can link to them.

Pages live in ``<report's folder>/viewer/<game>.html``.  A page newer than its record is
kept (re-running the report only renders new games).  A game the viewer cannot show (a
title it does not know, an internal-error record) gets no page and no link; the report
still succeeds and says how many were left out and why.  Needs the ``render`` extra.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from railhouse.logs import get_logger

log = get_logger("railhouse.tournament.viewer")

FOLDER = "viewer"


@dataclass
class ViewerPages:
    links: dict[str, str] = field(default_factory=dict)  # game id -> path from the report
    written: int = 0
    kept: int = 0
    #: game id -> why it has no page
    missing: dict[str, str] = field(default_factory=dict)

    def line(self) -> str:
        text = f"viewer pages: {self.written} written, {self.kept} up to date"
        if self.missing:
            reasons = sorted(set(self.missing.values()))
            text += f", {len(self.missing)} not viewable ({'; '.join(reasons)[:200]})"
        return text


def write_pages(
    records: Path, report: Path, entries: Iterable[Mapping[str, Any]], render: bool = True
) -> ViewerPages:
    """Viewer pages for ``entries`` (records under ``records``) next to ``report``; with
    ``render`` false only pages already there are linked."""
    from railhouse.render.position import load_record
    from railhouse.render.viewer import build_html

    folder = report.parent / FOLDER
    pages = ViewerPages()
    for entry in entries:
        game = entry["game"]
        record = records / entry.get("record", f"games/{game}.json")
        page = folder / f"{game}.html"
        link = f"{FOLDER}/{game}.html"
        if page.exists() and record.exists() and page.stat().st_mtime >= record.stat().st_mtime:
            pages.links[game] = link
            pages.kept += 1
            continue
        if not render:
            continue
        try:
            text = build_html(load_record(record))
        except Exception as exc:  # the viewer's own error for a record it cannot show
            pages.missing[game] = str(exc).splitlines()[0] if str(exc) else repr(exc)
            log.debug("viewer_failed", game=game, error=repr(exc))
            continue
        folder.mkdir(parents=True, exist_ok=True)
        page.write_text(text, encoding="utf-8")
        pages.links[game] = link
        pages.written += 1
    return pages
