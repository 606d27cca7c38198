"""``railhouse titles``: the installed game titles, as a table or JSON; ``railhouse titles
ID`` shows one title's details and options with their help; ``--actions`` prints the
title's action reference for bot authors (:mod:`railhouse.protocol.actions_doc`)."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from railhouse.plugins import registry
from railhouse.titles import TitleInfo


def register(app: typer.Typer) -> None:
    app.command("titles", help="List the installed game titles, or show one.")(titles)


def titles(
    title: Annotated[
        str | None, typer.Argument(help="A title id: show its details and options.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    actions: Annotated[
        bool,
        typer.Option("--actions", help="Print the title's action reference (Markdown): every "
                                       "action type, its fields, when it is offered."),
    ] = False,
) -> None:
    if title is not None:
        show_title(registry().title(title), as_json=as_json, actions=actions)
        return
    if actions:
        raise typer.BadParameter("--actions needs a title id: railhouse titles soh --actions")
    infos = registry().titles()
    if as_json:
        typer.echo(json.dumps([title_dict(info) for info in infos], indent=2))
        return
    if not infos:
        typer.echo("No titles installed (install a title plugin, e.g. pip install railhouse-soh).")
        return
    from rich.table import Table

    table = Table(title="Installed titles", caption="details and option help: railhouse titles ID")
    for column in ("id", "name", "version", "players", "distribution", "options"):
        table.add_column(column)
    for info in infos:
        options = ", ".join(o.name for o in info.options) or "-"
        players = f"{info.min_players}-{info.max_players}"
        table.add_row(info.id, info.name, info.version, players, info.distribution, options)
    _console().print(table)


def show_title(info: TitleInfo, *, as_json: bool, actions: bool) -> None:
    """One title: its action reference, its JSON, or its details and options table."""
    if actions:
        from railhouse.protocol.actions_doc import reference

        typer.echo(reference(info.id), nl=False)
        return
    if as_json:
        typer.echo(json.dumps(title_dict(info), indent=2))
        return
    from rich.table import Table

    typer.echo(f"{info.name} ({info.id}) {info.version}, by {info.designer}: "
               f"{info.min_players}-{info.max_players} players")
    typer.echo(f"rules: {info.rules_source}; from {info.distribution or 'railhouse'}")
    typer.echo(f"actions: railhouse titles {info.id} --actions")
    table = Table(title="Options (--option KEY=VALUE)")
    for column in ("option", "default", "values", "help"):
        table.add_column(column, overflow="fold")
    for option in info.options:
        choices = " | ".join(_value(c) for c in option.choices) or _kind(option.default)
        table.add_row(option.name, _value(option.default), choices, option.help)
    _console().print(table)


def _value(value: Any) -> str:
    """An option value as a user types it (``true``, ``3``, ``printed``), not a repr."""
    return json.dumps(value) if isinstance(value, bool) or value is None else str(value)


def _kind(default: Any) -> str:
    if isinstance(default, bool):
        return "true | false"
    return "integer" if isinstance(default, int) else "text"


def _console() -> Any:
    from rich.console import Console

    console = Console()
    if not console.is_terminal:  # a pipe or a log: do not squeeze the options into 80 columns
        console = Console(width=200)
    return console


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
