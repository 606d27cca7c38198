"""``railhouse export``: a railhouse record as a game for another site (the inverse of
``railhouse import``).

    railhouse export 18xx-games game.json -o export.json

The record is replayed and each action mapped to the site's own (title plugins provide
the exporters); the export is written atomically.  Errors (another title, rules the site
does not play, a damaged record) are one line.
"""

from __future__ import annotations

import json
import os
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any

import typer

from railhouse.engine.errors import RecordError

#: site -> "module:function(record path) -> export dict" (title plugins provide them)
EXPORTERS = {"18xx-games": "railhouse_soh.exporter:export_18xx_games"}


def register(app: typer.Typer) -> None:
    sub = typer.Typer(help="Export a game record for another site.", no_args_is_help=True)
    sub.command("18xx-games", help="Write an 18xx.games export of a Steam Over Holland "
                                   "record played under rules=18xx-games.")(
        export_18xx_games)
    app.add_typer(sub, name="export")


def export_18xx_games(
    file: Annotated[Path, typer.Argument(help="The railhouse game record (JSON).")],
    output: Annotated[
        Path, typer.Option("-o", "--output", help="Where to write the 18xx.games export.")
    ],
) -> None:
    data = export("18xx-games", file)
    write_json(data, output)
    typer.echo(f"{len(data['actions'])} 18xx.games actions written to {output}")


def export(site: str, file: Path) -> dict[str, Any]:
    """The export of the record ``file`` by the exporter registered for ``site``."""
    module_name, _, function = EXPORTERS[site].partition(":")
    try:
        module = import_module(module_name)
    except ImportError:
        raise RecordError(f"no exporter for {site}: {module_name} is not installed") from None
    if not file.exists():
        raise RecordError(f"cannot read {file}: no such file")
    result: dict[str, Any] = getattr(module, function)(file)
    return result


def write_json(data: dict[str, Any], path: Path) -> None:
    """Write atomically (temp file + rename)."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    os.replace(tmp, path)
