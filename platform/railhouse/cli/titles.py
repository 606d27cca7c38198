"""``railhouse titles``: the installed game titles, as a table or JSON."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from railhouse.plugins import registry
from railhouse.titles import TitleInfo


def register(app: typer.Typer) -> None:
    app.command("titles", help="List the installed game titles.")(titles)


def titles(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    infos = registry().titles()
    if as_json:
        typer.echo(json.dumps([title_dict(info) for info in infos], indent=2))
        return
    if not infos:
        typer.echo("No titles installed (install a title plugin, e.g. pip install railhouse-soh).")
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Installed titles")
    for column in ("id", "name", "version", "players", "distribution", "options"):
        table.add_column(column)
    for info in infos:
        options = ", ".join(f"{o.name}={o.default!r}" for o in info.options) or "-"
        players = f"{info.min_players}-{info.max_players}"
        table.add_row(info.id, info.name, info.version, players, info.distribution, options)
    console = Console()
    if not console.is_terminal:  # a pipe or a log: do not squeeze the options into 80 columns
        console = Console(width=200)
    console.print(table)


def title_dict(info: TitleInfo) -> dict[str, Any]:
    """The JSON form of one title, as ``railhouse titles --json`` prints it."""
    return {
        "id": info.id,
        "name": info.name,
        "designer": info.designer,
        "version": info.version,
        "min_players": info.min_players,
        "max_players": info.max_players,
        "distribution": info.distribution,
        "rules_source": info.rules_source,
        "game_factory": info.game_factory,
        "options": [
            {"name": o.name, "default": o.default, "choices": list(o.choices), "help": o.help}
            for o in info.options
        ],
    }
