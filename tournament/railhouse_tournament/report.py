"""``railhouse tournament report``: the standings of a tournament directory, as a table or JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from railhouse_tournament import schedule, sprt, standings, stats
from railhouse_tournament.journal import TournamentDir
from railhouse_tournament.report_tables import render_stats
from railhouse_tournament.viewer_pages import ViewerPages, write_pages


def summary(path: Path) -> dict[str, Any]:
    """Everything the report shows, JSON-ready."""
    directory = TournamentDir.open(path)
    config = directory.config
    entries = directory.entries()
    names = [e.name for e in config.entrants]
    table = standings.compute(names, entries)
    ratings = {s.name: (s.mu, s.sigma) for s in table}
    test = sprt.replay(config.stop.sprt, config.challenger, entries)
    statuses = {"ok": 0, "forfeit": 0, "aborted": 0}
    for entry in entries:
        statuses[entry["status"]] = statuses.get(entry["status"], 0) + 1
    return {
        "directory": str(path),
        "title": config.title,
        "players": config.players,
        "format": config.format,
        "games_total": len(schedule.build(config)),
        "games_done": len(entries),
        "games_by_status": statuses,
        "standings": [s.to_dict() for s in table],
        "limits_hit": [
            {"game": entry["game"], "entrant": failure["entrant"], "limit": failure["detail"]}
            for entry in entries
            for failure in entry["failures"]
            if failure["reason"] == "resource_limit"
        ],
        "stats": stats.compute(names, entries, ratings),
        "sprt": test.to_dict() if test is not None else None,
    }


def rating_history(path: Path, points: int = 60) -> list[dict[str, Any]]:
    """Ratings after the first ``n`` games in schedule order, for ``n`` from 0 to all of
    them (at most ``points`` values of ``n``, evenly spread): ``{"games": n, "ratings":
    {entrant: {"mu", "sigma"}}}``, for the HTML report's charts."""
    directory = TournamentDir.open(path)
    names = [e.name for e in directory.config.entrants]
    entries = sorted(directory.entries(), key=lambda e: e["index"])
    total = len(entries)
    cuts = sorted({round(total * i / (points - 1)) for i in range(points)}) \
        if total >= points else list(range(total + 1))
    history = []
    for n in cuts:
        table = standings.compute(names, entries[:n])
        history.append({"games": n, "ratings": {
            s.name: {"mu": s.mu, "sigma": s.sigma} for s in table}})
    return history


def write_html(path: Path, out: Path, viewers: bool = True) -> ViewerPages:
    """Write the self-contained HTML report of the tournament in ``path`` to ``out``, with
    each game's viewer page beside it (needs the ``render`` extra).  ``viewers`` false:
    link only the viewer pages already there."""
    from railhouse.render.tournament_page import tournament_html

    entries = TournamentDir.open(path).entries()
    pages = write_pages(path, out, entries, render=viewers)
    page = tournament_html(summary(path), rating_history(path), entries, pages.links)
    out.write_text(page, encoding="utf-8")
    return pages


def console() -> Console:
    """A console that does not squeeze the table when output is not a terminal."""
    import sys

    return Console() if sys.stdout.isatty() else Console(width=140)


def render(data: dict[str, Any], console: Console) -> None:
    head = (
        f"{data['title']} {data['format']}, {data['players']} players: "
        f"{data['games_done']}/{data['games_total']} games"
    )
    by_status = data["games_by_status"]
    if by_status.get("forfeit") or by_status.get("aborted"):
        forfeits, aborted = by_status.get("forfeit", 0), by_status.get("aborted", 0)
        head += f" ({forfeits} with forfeits, {aborted} aborted)"
    if (data.get("sprt") or {}).get("verdict"):
        head += f"; stopped by the SPRT: {data['sprt']['verdict']} accepted"
    table = Table(title=head, caption="ranked by mu-3sigma, the conservative OpenSkill rating")
    columns = (
        "#", "entrant", "games", "wins", "rank", "score", "mu", "sigma", "mu-3sigma",
        "crash", "t/o", "illegal", "proto", "limit", "forfeit", "abort",
    )  # fmt: skip
    for column in columns:
        if column == "entrant":
            table.add_column(column, no_wrap=True)
        else:
            table.add_column(column, justify="right")
    for place, row in enumerate(data["standings"], 1):
        counters = row["counters"]
        table.add_row(
            str(place),
            row["name"],
            str(row["games"]),
            f"{row['wins']:g}",
            f"{row['avg_rank']:.2f}",
            f"{row['avg_score']:.1f}",
            f"{row['mu']:.2f}",
            f"{row['sigma']:.2f}",
            f"{row['ordinal']:.2f}",
            *(
                str(counters[key])
                for key in (
                    "crashes", "timeouts", "illegal", "protocol", "limits", "forfeits", "aborts"
                )
            ),
        )
    console.print(table)
    for hit in data.get("limits_hit", []):
        console.print(f"resource limit: {hit['entrant']} in {hit['game']}: {hit['limit']}")
    render_stats(data, console)
