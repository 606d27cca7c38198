"""``railhouse view RECORD -o game.html``: one self-contained HTML file to step through a
game (board at every action, log, tables, charts); open it in any browser, offline.

Needs the ``render`` extra: ``pip install 'railhouse[render]'``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from railhouse.cli.render import require_render_extra


def register(app: typer.Typer) -> None:
    app.command("view", help="Write a self-contained HTML viewer of a game.")(view)


def view(
    record: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    out: Annotated[
        Path, typer.Option("-o", "--out", help="The HTML file to write.")
    ] = Path("game.html"),
) -> None:
    require_render_extra("view")
    from railhouse.render.position import RenderError, load_record
    from railhouse.render.viewer import build_html

    if out.suffix.lower() not in (".html", ".htm"):
        raise RenderError(f"cannot write {out.name!r}: use an .html file name")
    page = build_html(load_record(record))
    try:
        out.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise RenderError(f"cannot write {out}: {exc.strerror}") from None
    typer.echo(f"wrote {out} ({len(page) // 1024} KiB)")
