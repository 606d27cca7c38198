"""The built-in plugin: railhouse's own bots and CLI commands, registered through the same
hooks as any third-party plugin (so the hooks are exercised on every run).

Nothing here imports the bots or the command modules' heavy dependencies at registration
time: bots are named by ``"module:attribute"`` strings, and each command module is expected
to import what it needs inside its command functions.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from railhouse.hookspecs import BotRegistrar, hookimpl

if TYPE_CHECKING:
    import typer

#: Built-in bots: (name, factory, help).
BOTS: tuple[tuple[str, str, str], ...] = (
    ("random", "railhouse_bots.random_bot:RandomBot",
     "random legal actions; never concedes or goes bankrupt while anything else is legal"),
    ("random-any", "railhouse_bots.random_bot:UniformRandomBot",
     "uniformly random legal actions, conceding included"),
    ("greedy", "railhouse_bots.greedy:GreedyBot", "one-ply greedy on cash and share value"),
    ("search", "railhouse_bots.search:SearchBot",
     "greedy improved by lookahead: greedy rollouts on an engine replica (--ms per decision)"),
)

#: Command modules, each exposing ``register(app: typer.Typer) -> None``; a new built-in
#: command is a module with ``register`` plus a line here.
COMMAND_MODULES: tuple[str, ...] = (
    "railhouse.cli.titles",
    "railhouse.cli.bot",
    "railhouse.cli.protocol",
    "railhouse.cli.tournament",
    "railhouse.cli.play",
    "railhouse.cli.importer",
    "railhouse.cli.exporter",
    "railhouse.cli.render",
    "railhouse.cli.view",
    "railhouse.cli.bench",
    "railhouse.cli.replay",
)


@hookimpl
def railhouse_register_bots(register: BotRegistrar) -> None:
    for name, factory, help_text in BOTS:
        register(name, factory, help_text)


@hookimpl
def railhouse_register_commands(app: typer.Typer) -> None:
    for module_name in COMMAND_MODULES:
        import_module(module_name).register(app)
