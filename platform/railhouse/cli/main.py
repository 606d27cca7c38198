"""The ``railhouse`` command line: global options, plugin-provided commands, error handling.

Commands are added by plugins through ``railhouse_register_commands(app)``; the built-in
ones come from :mod:`railhouse.builtin`.  Every command shares one error policy, applied in
:func:`main`: an error is one line on stderr and exit status 1, with a traceback only under
``--debug``; Typer's usage errors keep their normal output (exit status 2).
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

import typer

from railhouse import __version__, logs
from railhouse.engine.errors import RailhouseError
from railhouse.plugins import registry

HELP = "Play 18xx railway games between programs: titles, bots, matches and tournaments."


@dataclass
class _State:
    debug: bool = False


STATE = _State()


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"railhouse {__version__}")
        raise typer.Exit()


def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
    debug: Annotated[
        bool, typer.Option("--debug", help="Debug logging; show tracebacks on errors.")
    ] = False,
    log_json: Annotated[
        bool,
        typer.Option("--log-json", help="Log JSON lines, info level up, on stderr "
                                        "(or set RAILHOUSE_LOG_JSON=1)."),
    ] = False,
) -> None:
    STATE.debug = STATE.debug or debug
    logs.configure(json=log_json, debug=STATE.debug)
    registry().load()  # a broken plugin fails every command loudly, not just some


def build_app() -> typer.Typer:
    """The root app with every plugin's commands (loads plugins on the way)."""
    app = typer.Typer(
        name="railhouse",
        help=HELP,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    app.callback()(_root)
    registry().add_commands(app)
    return app


def one_line(exc: BaseException) -> str:
    """The message of ``exc`` squeezed onto one line."""
    return " ".join(str(exc).split()) or type(exc).__name__


def only_interrupts(exc: BaseException) -> bool:
    """Whether ``exc`` is Ctrl-C: a ``KeyboardInterrupt``, or a group of nothing else
    (trio's nurseries wrap it)."""
    if isinstance(exc, BaseExceptionGroup):
        return all(only_interrupts(inner) for inner in exc.exceptions)
    return isinstance(exc, KeyboardInterrupt)


def report_error(exc: Exception) -> int:
    """Print ``exc`` as the CLI's error policy says; return the exit status."""
    if STATE.debug:
        traceback.print_exception(exc)
    elif isinstance(exc, RailhouseError | ValueError | OSError):
        print(f"railhouse: error: {one_line(exc)}", file=sys.stderr)
    else:
        print(
            f"railhouse: internal error: {type(exc).__name__}: {one_line(exc)} "
            "(rerun with --debug for the traceback)",
            file=sys.stderr,
        )
    return 1


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point; always ends with ``SystemExit``."""
    args = list(sys.argv[1:] if argv is None else argv)
    STATE.debug = "--debug" in args or os.environ.get("RAILHOUSE_DEBUG", "") not in ("", "0")
    try:
        command = typer.main.get_command(build_app())
        command.main(args=args, prog_name="railhouse", standalone_mode=True)
    except SystemExit:
        raise
    except BaseException as exc:  # Ctrl-C is one line and status 130, like a shell's
        if only_interrupts(exc):
            print("railhouse: interrupted", file=sys.stderr)
            raise SystemExit(130) from None
        if not isinstance(exc, Exception):
            raise
        raise SystemExit(report_error(exc)) from None
    raise SystemExit(0)  # pragma: no cover - click's standalone mode always exits
