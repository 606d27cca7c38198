"""Game records: JSON files that replay a game bit for bit.

A record holds ``format``, ``title``, ``title_version``, ``options``, ``seed``,
``players``, ``actions`` and ``result``.  :func:`replay` rebuilds the game through the
title registry and re-applies every action; a record that does not replay raises a
``RecordError`` naming the action index.  :func:`undo` is the same idea on a live game:
drop the last actions and replay.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from railhouse.engine.actions import from_builtins
from railhouse.engine.errors import InvalidAction, RailhouseError, RecordError
from railhouse.engine.invariants import check_invariants


def new_game(title_id: str, players: list[str], options: Mapping[str, Any] | None = None,
             seed: int = 0) -> Any:
    """Create a game of an installed title (found through the plugin registry)."""
    from railhouse.plugins import registry

    info = registry().title(title_id)
    return info.load_factory()(players=players, options=dict(options or {}), seed=seed)


def replay(record: Mapping[str, Any], *, check: bool = False, upto: int | None = None) -> Any:
    """The game a record describes, with its first ``upto`` actions (all by default)."""
    for key in ("title", "players", "seed", "actions"):
        if key not in record:
            raise RecordError(f"game record has no {key!r}")
    try:
        game = new_game(record["title"], list(record["players"]), record.get("options"),
                        int(record["seed"]))
    except (ValueError, TypeError) as exc:
        raise RecordError(f"cannot set up the recorded game: {exc}") from None
    actions = record["actions"][:upto] if upto is not None else record["actions"]
    if check:
        _apply_all(game, actions, check)
    else:
        with game.looking_ahead_in():  # only applies follow one another here
            _apply_all(game, actions, check)
    return game


def _apply_all(game: Any, actions: list[Any], check: bool) -> None:
    for index, raw in enumerate(actions):
        try:
            game.apply(from_builtins(raw))
        except (InvalidAction, RailhouseError, ValueError) as exc:
            raise RecordError(f"action {index} does not replay: {exc}") from None
        if check:
            check_invariants(game)


def undo(game: Any, count: int = 1) -> Any:
    """Undo: a new game equal to ``game`` before its last ``count`` actions, rebuilt from the
    same title class, players, options and seed by replaying the rest of the log (the
    original is unchanged).  Raises ``ValueError`` for a count outside the log."""
    actions = list(game.actions)
    if not 0 <= count <= len(actions):
        raise ValueError(f"cannot undo {count} of {len(actions)} actions")
    again = type(game)(list(game.players), dict(game.options), game.seed)
    with again.looking_ahead_in():  # only applies follow one another here
        for action in actions[: len(actions) - count]:
            again.apply(action)
    return again


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path} is not a game record (expected a JSON object)")
    return data


def save(record: Mapping[str, Any], path: str | os.PathLike[str]) -> None:
    """Write atomically (temp file + rename) so a crash never leaves half a record."""
    target = Path(path)
    tmp = target.with_suffix(target.suffix + ".tmp")
    tmp.write_text(json.dumps(record, separators=(",", ":")), encoding="utf-8")
    os.replace(tmp, target)
