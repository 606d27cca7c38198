"""``railhouse render RECORD [--at N] [-o board.svg|board.png] [--routes COMPANY]``: draw a
game position (map, tokens, optional routes, stock markets) from the title's data.

Needs the ``render`` extra (drawsvg; cairosvg for PNG): ``pip install 'railhouse[render]'``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from railhouse.engine.errors import RailhouseError

MISSING = "railhouse {command} needs the 'render' extra: pip install 'railhouse[render]'"


class MissingExtra(RailhouseError, ValueError):
    """An optional dependency of a command is not installed."""


def register(app: typer.Typer) -> None:
    app.command("render", help="Render a game position as a picture (SVG or PNG).")(render)


def require_render_extra(command: str) -> None:
    """Raise a one-line error naming the extra if drawsvg cannot be imported."""
    try:
        import drawsvg  # noqa: F401
    except ImportError:
        raise MissingExtra(MISSING.format(command=command)) from None


def render(
    record: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    at: Annotated[
        int | None,
        typer.Option("--at", help="Draw the position after this many actions (default: all; "
                                  "-1 is the end)."),
    ] = None,
    out: Annotated[
        Path, typer.Option("-o", "--out", help="Output file: .svg or .png.")
    ] = Path("board.svg"),
    routes: Annotated[
        list[str] | None,
        typer.Option("--routes", help="Draw the routes this company runs (repeatable)."),
    ] = None,
) -> None:
    require_render_extra("render")
    from railhouse.render import position, scene

    scene.output_format(out)
    data = position.load_record(record)
    game = position.position(data, at)
    lines, notes = [], []
    for company in routes or []:
        found = position.routes(game, company)
        lines.extend(found)
        if not found:
            notes.append(position.no_routes(game, company))
    scene.write(scene.picture(scene.scene_of(game, lines, notes)), out)
    typer.echo(f"wrote {out} ({scene.describe(game)})")
    for note in notes:
        typer.echo(note)
