"""A tournament report as ONE self-contained HTML page: the standings table and charts of
each entrant's rating over the games (OpenSkill mu, and the conservative mu - 3 sigma the
table is sorted by).  Input is plain data (the report's JSON summary and a rating history),
so this module knows nothing of how tournaments are run or stored.

``history`` rows: ``{"games": n, "ratings": {entrant: {"mu": .., "sigma": ..}}}``, the
ratings after the first ``n`` games in schedule order.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from string import Template
from typing import Any

from railhouse.render.charts import Series, line_chart
from railhouse.render.tournament_sections import games_section, sprt_section, stats_sections
from railhouse.render.viewer import PLAYER_COLORS, asset

PAGE = Template("""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title</title>
<style>
$css
</style>
</head>
<body>
<header><h1>$title</h1><div id="caption">$caption</div></header>
<section class="wide"><h2>Standings</h2>
<table id="standings"><thead><tr>$head</tr></thead><tbody>
$rows
</tbody></table></section>
<section class="wide charts">$charts</section>
$sections
</body>
</html>
""")

COLUMNS = ("#", "entrant", "games", "wins", "avg rank", "avg score", "mu", "sigma",
           "mu - 3 sigma", "crashes", "timeouts", "illegal", "protocol", "forfeits", "aborts")
COUNTERS = ("crashes", "timeouts", "illegal", "protocol", "forfeits", "aborts")


def caption(data: Mapping[str, Any]) -> str:
    text = (f"{data['title']} {data['format']}, {data['players']} players: "
            f"{data['games_done']}/{data['games_total']} games")
    by_status = data.get("games_by_status", {})
    if by_status.get("forfeit") or by_status.get("aborted"):
        text += (f" ({by_status.get('forfeit', 0)} with forfeits, "
                 f"{by_status.get('aborted', 0)} aborted)")
    if (data.get("sprt") or {}).get("verdict"):
        text += f"; stopped by the SPRT: {data['sprt']['verdict']} accepted"
    return text


def _row(place: int, row: Mapping[str, Any]) -> str:
    cells = [str(place), row["name"], str(row["games"]), f"{row['wins']:g}",
             f"{row['avg_rank']:.2f}", f"{row['avg_score']:.1f}", f"{row['mu']:.2f}",
             f"{row['sigma']:.2f}", f"{row['mu'] - 3 * row['sigma']:.2f}",
             *(str(row["counters"].get(key, 0)) for key in COUNTERS)]
    tds = "".join(f"<td{' class=num' if i != 1 else ''}>{html.escape(c)}</td>"
                  for i, c in enumerate(cells))
    return f'<tr data-entrant="{html.escape(row["name"], quote=True)}">{tds}</tr>'


def rating_charts(names: Sequence[str], history: Sequence[Mapping[str, Any]]) -> str:
    """Two line charts over the games: mu, and mu - 3 sigma, one line per entrant."""
    if not history:
        return "<p>No game has finished yet.</p>"
    charts = []
    for chart_id, title, spread in (
        ("mu-chart", "Rating (mu) after each game", 0.0),
        ("ordinal-chart", "Conservative rating (mu - 3 sigma)", 3.0),
    ):
        series = [
            Series(name, PLAYER_COLORS[n % len(PLAYER_COLORS)],
                   [_rating(point["ratings"], name, spread) for point in history])
            for n, name in enumerate(names)
        ]
        charts.append(line_chart(title, series, chart_id, x_label="games",
                                 x_values=[point["games"] for point in history],
                                 cursor=False))
    return "".join(charts)


def _rating(ratings: Mapping[str, Mapping[str, float]], name: str, spread: float
            ) -> float | None:
    rating = ratings.get(name)
    return None if rating is None else rating["mu"] - spread * rating["sigma"]


def tournament_html(data: Mapping[str, Any], history: Sequence[Mapping[str, Any]],
                    entries: Sequence[Mapping[str, Any]] = (),
                    links: Mapping[str, str] | None = None) -> str:
    """The page for a report ``data`` (``railhouse tournament report --json``), a rating
    ``history`` (see the module docstring), the journal ``entries`` (one table row each)
    and ``links`` from game ids to their viewer pages (relative to the report)."""
    sections = ""
    if "stats" in data:
        sections += stats_sections(data)
    sections += sprt_section(data.get("sprt"))
    if entries:
        sections += games_section(entries, links or {})
    names = [row["name"] for row in data["standings"]]
    title = f"Tournament {data['directory']}"
    return PAGE.substitute(
        title=html.escape(title),
        caption=html.escape(caption(data)),
        css=asset("viewer.css"),
        head="".join(f"<th>{html.escape(c)}</th>" for c in COLUMNS),
        rows="\n".join(_row(place, row) for place, row in enumerate(data["standings"], 1)),
        charts=rating_charts(names, history),
        sections=sections,
    )
