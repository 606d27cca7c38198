"""``railhouse bot NAME``: run a registered bot on stdin/stdout (protocol railhouse/1)."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command("bot", help="Run a registered bot on stdio, or list the bots (--list).")(bot)


def bot(
    name: Annotated[str, typer.Argument(help="A registered bot, e.g. random or greedy.")] = "",
    seed: Annotated[int | None, typer.Option(help="Seed of the bot's random choices.")] = None,
    list_bots: Annotated[bool, typer.Option("--list", help="List the registered bots.")] = False,
    ms: Annotated[
        int | None,
        typer.Option(min=1, help="Time per decision in milliseconds, for a bot that searches "
                                 "(e.g. search); refused by a bot that takes no budget."),
    ] = None,
) -> None:
    from railhouse.plugins import registry

    if list_bots or not name:
        for info in registry().bots():
            typer.echo(f"{info.name:12} {info.help}  ({info.plugin}: {info.factory})")
        return
    from railhouse_bots.stdio import serve

    factory = registry().bot(name).load_factory()
    if ms is None:
        raise typer.Exit(serve(factory(seed)))
    import inspect

    if "ms" not in inspect.signature(factory).parameters:
        raise ValueError(f"bot {name!r} takes no time budget (--ms)")
    raise typer.Exit(serve(factory(seed, ms=ms)))
