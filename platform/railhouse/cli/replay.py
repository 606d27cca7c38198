"""``railhouse replay``: rebuild a game from its record and check it.

    railhouse replay runs/play-soh-0.json              # replays; compares the recorded result
    railhouse replay game.json --check                 # invariants after every action
    railhouse replay game.json --upto 120 --json       # the observation after 120 actions

``--json`` prints the observation of the position reached (docs/observation.md): the same
object a bot receives in ``game_start``.

A record that does not replay, or whose recorded result differs from the replayed one, is
a one-line error naming the first difference, and the exit status is 1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer


def register(app: typer.Typer) -> None:
    app.command("replay", help="Replay a game record and check it.")(replay_command)


def replay_command(
    record_path: Annotated[Path, typer.Argument(metavar="RECORD", help="A game record (JSON).")],
    check: Annotated[
        bool, typer.Option("--check", help="Check the engine's invariants after every action.")
    ] = False,
    upto: Annotated[
        int | None, typer.Option(help="Stop after this many actions (default: all).")
    ] = None,
    json_out: Annotated[
        bool,
        typer.Option("--json", help="Print the observation of the position reached "
                                    "(docs/observation.md) as one JSON object."),
    ] = False,
) -> None:
    from railhouse.engine.errors import RecordError
    from railhouse.engine.record import load, replay

    record = load(record_path)
    total = len(record.get("actions", []))
    if upto is not None and not 0 <= upto <= total:
        raise RecordError(f"--upto must be between 0 and {total} (the record's actions)")
    game = replay(record, check=check, upto=upto)
    summary = summarise(game, record, upto)
    mismatch = result_mismatch(summary, record) if upto is None else None
    if json_out:
        typer.echo(json.dumps(msgspec.to_builtins(game.observation())))
    else:
        for line in describe(summary):
            typer.echo(line)
    if mismatch:
        raise RecordError(mismatch)


def summarise(game: Any, record: dict[str, Any], upto: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "title": record["title"],
        "players": list(game.players),
        "actions": len(game.actions),
        "over": bool(game.over),
    }
    if game.over:
        result = game.result()
        out["result"] = {"scores": list(result.scores), "ranks": list(result.ranks),
                         "reason": result.reason}
    else:
        out["acting"] = game.acting_entity()
        out["round"] = type(game.round).__name__
    return out


def result_mismatch(summary: dict[str, Any], record: dict[str, Any]) -> str | None:
    """Why the replayed result differs from the one the record states (None if it agrees
    or the record states none)."""
    recorded = record.get("result")
    if not recorded:
        return None
    replayed = summary.get("result")
    if replayed is None:
        return "the record states a result but its actions do not finish the game"
    for key in ("scores", "ranks", "reason"):
        if key in recorded and list_or_value(recorded[key]) != list_or_value(replayed[key]):
            return f"recorded {key} {recorded[key]} but the replay gives {replayed[key]}"
    return None


def list_or_value(value: Any) -> Any:
    return list(value) if isinstance(value, list | tuple) else value


def describe(summary: dict[str, Any]) -> list[str]:
    head = f"{summary['title']}: {summary['actions']} actions replayed"
    if not summary["over"]:
        return [f"{head}; game in progress ({summary['round']}), "
                f"{summary['acting']} to act"]
    result = summary["result"]
    lines = [f"{head}; game over ({result['reason']})"]
    order = sorted(range(len(summary["players"])), key=lambda seat: result["ranks"][seat])
    for seat in order:
        lines.append(f"  {result['ranks'][seat]}. {summary['players'][seat]}: "
                     f"{result['scores'][seat]}")
    return lines
