"""The report's statistics as terminal tables (see :mod:`railhouse_tournament.stats` and
:mod:`railhouse_tournament.sprt` for what they mean): intervals, the cross table, the
likelihood of superiority, and the SPRT's state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table

from railhouse.render.stat_text import VERDICTS, chance, interval, pair_cell, rating


def sprt_line(test: Mapping[str, Any]) -> str:
    state = VERDICTS[test["verdict"]]
    return (
        f"SPRT {test['challenger']}: elo0={test['elo0']:g} elo1={test['elo1']:g} "
        f"alpha={test['alpha']:g} beta={test['beta']:g}: LLR {test['llr']:.2f} "
        f"in [{test['lower']:.2f}, {test['upper']:.2f}] after {test['games']} games: {state}"
    )


def render_stats(data: Mapping[str, Any], console: Console) -> None:
    names = [row["name"] for row in data["standings"]]
    found = data["stats"]
    intervals = Table(title="95% intervals (rated games)")
    for column in ("entrant", "games", "mean rank", "mean score share", "OpenSkill mu"):
        intervals.add_column(column, justify="left" if column == "entrant" else "right")
    for name in names:
        entry = found["entrants"][name]
        intervals.add_row(
            name, str(entry["rank"]["n"]), interval(entry["rank"], 2),
            interval(entry["score_share"], 3), rating(entry["rating"]),
        )  # fmt: skip
    console.print(intervals)
    cross = Table(title="Cross table: row entrant ahead-behind-level /games against column")
    los = Table(title="Likelihood of superiority: P(row entrant stronger than column)")
    for table in (cross, los):
        table.add_column("", no_wrap=True)
        for name in names:
            table.add_column(name, justify="right")
    for a in names:
        cross.add_row(a, *("" if a == b else pair_cell(found["cross"][a][b]) for b in names))
        los.add_row(a, *("" if a == b else chance(found["los"][a][b]) for b in names))
    console.print(cross)
    console.print(los)
    if data.get("sprt"):
        console.print(sprt_line(data["sprt"]))
