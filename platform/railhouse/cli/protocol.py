"""``railhouse protocol``: the JSON Schema of railhouse/1 and a bot compliance checker."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

protocol_app = typer.Typer(
    name="protocol", help="The bot protocol railhouse/1: schema and compliance check.",
    no_args_is_help=True,
)  # fmt: skip


def register(app: typer.Typer) -> None:
    app.add_typer(protocol_app, name="protocol")


@protocol_app.command("schema")
def schema(
    write: Annotated[
        Path | None, typer.Option(help="Write the schema to this file instead of stdout.")
    ] = None,
) -> None:
    """Print the JSON Schema of every protocol message."""
    from railhouse.protocol.schema import schema_json

    text = schema_json()
    if write is None:
        typer.echo(text, nl=False)
    else:
        write.write_text(text, encoding="utf-8")


@protocol_app.command(
    "check", context_settings={"allow_extra_args": True, "ignore_unknown_options": True}
)
def check(
    ctx: typer.Context,
    title: Annotated[str, typer.Option(help="Title to play (toy needs no plugin).")] = "toy",
    seats: Annotated[int, typer.Option(help="Seats per game.")] = 3,
    games: Annotated[int, typer.Option(help="Games in a row for one bot process.")] = 3,
    decision_ms: Annotated[int, typer.Option(help="Time per decision.")] = 2000,
) -> None:
    """Run the bot command after `--` through scripted games and report every violation.

    Example: railhouse protocol check -- node bots/examples/node/bot.js
    """
    from railhouse.protocol.check import check as run_check
    from railhouse.protocol.check import describe
    from railhouse.protocol.messages import TimeControl

    argv = list(ctx.args)
    if not argv:
        raise typer.BadParameter("give the bot command after `--`")
    factory = _game_factory(title)
    report = run_check(
        argv,
        lambda players, seed: factory(players=players, options=None, seed=seed),
        seats=seats,
        games=games,
        time_control=TimeControl(decision_ms=decision_ms, bank_ms=10 * decision_ms),
    )
    for line in describe(report):
        typer.echo(line)
    raise typer.Exit(0 if report.ok else 1)


def _game_factory(title: str) -> Any:
    if title == "toy":
        from railhouse.testing.toy import new_game

        return new_game
    from railhouse.plugins import registry

    return registry().title(title).load_factory()
