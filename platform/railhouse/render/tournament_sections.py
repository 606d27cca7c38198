"""The statistics sections of the HTML tournament report: 95% intervals, the cross table,
the likelihood of superiority, the SPRT with its running LLR, and one row per game linking
to that game's viewer page.  Input is the report's JSON summary (``stats``, ``sprt``) and its
journal entries, so this module knows nothing of how tournaments are run or stored.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from railhouse.render.charts import Series, line_chart
from railhouse.render.stat_text import VERDICTS, chance, interval, pair_cell, rating


def _table(table_id: str, head: Sequence[str], rows: Sequence[Sequence[str]],
           numeric_from: int = 1) -> str:
    """An HTML table; cells are escaped here unless already marked up (``<a ``)."""
    ths = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = []
    for row in rows:
        tds = "".join(
            f"<td{' class=num' if i >= numeric_from else ''}>"
            f"{cell if cell.startswith('<a ') else html.escape(cell)}</td>"
            for i, cell in enumerate(row)
        )
        body.append(f"<tr>{tds}</tr>")
    return (f'<table id="{table_id}"><thead><tr>{ths}</tr></thead><tbody>\n'
            + "\n".join(body) + "\n</tbody></table>")


def stats_sections(data: Mapping[str, Any]) -> str:
    """Intervals, cross table and likelihood of superiority for ``data["stats"]``."""
    names = [row["name"] for row in data["standings"]]
    found = data["stats"]
    rows = []
    for name in names:
        one = found["entrants"][name]
        rows.append([name, str(one["rank"]["n"]), interval(one["rank"], 2),
                     interval(one["score_share"], 3), rating(one["rating"])])
    intervals = _table("intervals", ("entrant", "games", "mean rank", "mean score share",
                                     "OpenSkill mu (+- 1.96 sigma)"), rows)
    cross_rows, los_rows = [], []
    for a in names:
        cells, chances = [a], [a]
        for b in names:
            cells.append("" if a == b else pair_cell(found["cross"][a][b]))
            chances.append("" if a == b else chance(found["los"][a][b]))
        cross_rows.append(cells)
        los_rows.append(chances)
    return (
        '<section class="wide"><h2>95% intervals</h2>'
        "<p>Mean rank and mean score share (a game's score over its table's total) with "
        "Student-t intervals; the OpenSkill rating with its own uncertainty.</p>"
        f"{intervals}</section>"
        '<section class="wide"><h2>Cross table</h2><p>Row entrant finished ahead-behind-level '
        "of the column entrant, out of the games they met in.</p>"
        f"{_table('cross', ('', *names), cross_rows)}</section>"
        '<section class="wide"><h2>Likelihood of superiority</h2><p>P(row entrant is '
        "stronger than column entrant), from their pairwise results.</p>"
        f"{_table('los', ('', *names), los_rows)}</section>"
    )


def sprt_section(test: Mapping[str, Any] | None) -> str:
    """The SPRT's settings, state and a chart of the LLR after each game (with its bounds)."""
    if not test:
        return ""
    state = VERDICTS[test["verdict"]]
    text = (f"{test['challenger']}: elo0 = {test['elo0']:g}, elo1 = {test['elo1']:g}, "
            f"alpha = {test['alpha']:g}, beta = {test['beta']:g}. LLR {test['llr']:.3f} in "
            f"[{test['lower']:.3f}, {test['upper']:.3f}] after {test['games']} games: {state}")
    chart = ""
    history = test["history"]
    if history:
        count = len(history)
        chart = line_chart("Log-likelihood ratio after each game", [
            Series("LLR", "#1f77b4", [value for _, value in history]),
            Series("H1 bound", "#2ca02c", [test["upper"]] * count),
            Series("H0 bound", "#d62728", [test["lower"]] * count),
        ], "llr-chart", x_label="games", x_values=[games for games, _ in history],
            cursor=False)
    return (f'<section class="wide" id="sprt"><h2>SPRT</h2><p id="sprt-state">'
            f"{html.escape(text)}</p>{chart}</section>")


def games_section(entries: Sequence[Mapping[str, Any]], links: Mapping[str, str]) -> str:
    """One row per finished game (schedule order); the game id links to its viewer page
    when ``links`` has one (a path relative to the report)."""
    rows = []
    for entry in sorted(entries, key=lambda e: e["index"]):
        game = entry["game"]
        target = links.get(game)
        cell = (f'<a href="{html.escape(target, quote=True)}">{html.escape(game)}</a>'
                if target else game)
        failures = ", ".join(
            f"{f.get('entrant') or '-'} {f.get('reason', '')} ({f.get('action', '')})"
            for f in entry.get("failures", ()))
        forfeits = set(entry.get("forfeits", ()))
        seats = ", ".join(name + (" (forfeit)" if seat in forfeits else "")
                          for seat, name in enumerate(entry["seats"]))
        rows.append([cell, str(entry["block"]), seats,
                     " / ".join(str(s) for s in entry["scores"]),
                     " / ".join(str(r) for r in entry["ranks"]),
                     entry.get("reason", ""), entry["status"], failures])
    table = _table("games", ("game", "block", "seats", "scores", "ranks", "end", "status",
                             "failures"), rows, numeric_from=99)
    return f'<section class="wide"><h2>Games</h2>{table}</section>'
