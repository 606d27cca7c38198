"""Skeletons for commands whose modules have not landed yet: ONE table, one row each.

When your command module lands (``railhouse/cli/<name>.py`` with ``register(app)``), add it
to ``COMMAND_MODULES`` in ``railhouse/builtin.py`` and delete its row here.  A stub is only
added when no plugin registered that name, and ``tests/core/cli/test_stubs.py`` fails while
a row shadows a real command module.
"""

from __future__ import annotations

from collections.abc import Callable

import typer

#: command -> (help, issue number or None when not yet known)
NOT_YET: dict[str, tuple[str, int | None]] = {
    "replay": ("Replay a game record and check it.", None),
}

_PASS_THROUGH = {"ignore_unknown_options": True, "allow_extra_args": True}


def message(name: str) -> str:
    issue = NOT_YET[name][1]
    where = f" (issue {issue})" if issue is not None else ""
    return f"railhouse {name}: not available yet{where}"


def command_names(app: typer.Typer) -> set[str]:
    """Names of the commands and sub-apps already registered on ``app``."""
    names: set[str] = set()
    for command in app.registered_commands:
        if command.name:
            names.add(command.name)
        elif command.callback is not None:
            names.add(command.callback.__name__.replace("_", "-"))
    for group in app.registered_groups:
        name = group.name or (group.typer_instance.info.name if group.typer_instance else None)
        if isinstance(name, str):
            names.add(name)
    return names


def register(app: typer.Typer) -> None:
    taken = command_names(app)
    for name, (help_text, _issue) in NOT_YET.items():
        if name not in taken:
            app.command(
                name, help=f"{help_text} [not available yet]", context_settings=_PASS_THROUGH
            )(_stub(name))


def _stub(name: str) -> Callable[[typer.Context], None]:
    def not_available(ctx: typer.Context) -> None:
        typer.echo(message(name), err=True)
        raise typer.Exit(1)

    not_available.__name__ = f"{name}_not_available"
    return not_available
