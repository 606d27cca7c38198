"""``railhouse import``: convert a game from another site into a railhouse record.

    railhouse import 18xx-games export.json -o game.json

The export is converted (under the title's 18xx-games rule set) by playing it on a live
game with the engine's invariants checked after every action (that game IS the replay of
the record: it is not replayed again), the final scores printed, and the record written
atomically.  Errors are one line naming the site's action id.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Annotated, Any

import typer

from railhouse.engine.errors import RecordError
from railhouse.engine.record import save

#: site -> "module:function(file, *, check) -> (record, game)": converts an export to a
#: record by playing it on a live game, which it returns too (title plugins provide them)
IMPORTERS = {"18xx-games": "railhouse_soh.importer:convert_18xx_games"}


def register(app: typer.Typer) -> None:
    sub = typer.Typer(help="Import a game record from another site.", no_args_is_help=True)
    sub.command("18xx-games", help="Convert an 18xx.games export (Steam Over Holland).")(
        import_18xx_games)
    app.add_typer(sub, name="import")


def import_18xx_games(
    file: Annotated[Path, typer.Argument(help="The 18xx.games JSON export.")],
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="Where to write the record.")
    ] = None,
) -> None:
    record, game = convert("18xx-games", file)
    result = game.result()
    source = record.get("source") or {}
    typer.echo(f"18xx.games game {source.get('id', '?')}: {len(record['actions'])} actions, "
               f"{result.reason}")
    typer.echo(f"{'score':>6}  player")
    for name, score in sorted(zip(record["players"], result.scores, strict=True),
                              key=lambda pair: -pair[1]):
        typer.echo(f"{score:>6}  {name}")
    if output is not None:
        save(record, output)
        typer.echo(f"\nrecord written to {output}")


def convert(site: str, file: Path) -> tuple[dict[str, Any], Any]:
    """The record of ``file`` converted by the importer registered for ``site``, and the
    game the conversion played (invariants checked after every action)."""
    module_name, _, function = IMPORTERS[site].partition(":")
    try:
        module = import_module(module_name)
    except ImportError:
        raise RecordError(f"no importer for {site}: {module_name} is not installed") from None
    if not file.exists():
        raise RecordError(f"cannot read {file}: no such file")
    record, game = getattr(module, function)(file, check=True)
    return record, game
