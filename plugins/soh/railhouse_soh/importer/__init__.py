"""Import of Steam Over Holland games exported from 18xx.games (issue 5).

:func:`import_18xx_games` turns an export (a path, JSON text or the parsed dict) into a
railhouse game record under the ``18xx-games`` rule set: undo/redo resolved, programs and
auto actions expanded (:mod:`.log`), players, privates, trains, tiles and actions mapped
(:mod:`.convert`).  Anything that cannot be converted raises a one-line ``RecordError``
naming the 18xx.games action id.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from railhouse.engine.actions import to_builtins
from railhouse.engine.errors import RecordError
from railhouse_soh.exporter.draw import draw
from railhouse_soh.game import SteamOverHolland
from railhouse_soh.importer.convert import Converter
from railhouse_soh.importer.jsonio import load_object
from railhouse_soh.importer.log import effective_actions

TITLE_NAME = "Steam Over Holland"
#: The real 18xx.games game 181446 (a 3-player game played to the end), shipped as package
#: data: the tests and ``railhouse bench`` (``soh.replay_181446_ms``) import it.
GAME_181446 = Path(__file__).resolve().parent / "data" / "18xx-games-181446.json"


def load_export(source: str | os.PathLike[str] | Mapping[str, Any]) -> Mapping[str, Any]:
    """The export as a dict, from a dict, a path or JSON text."""
    return load_object(source, "export", "an 18xx.games game")


def import_18xx_games(source: str | os.PathLike[str] | Mapping[str, Any]) -> dict[str, Any]:
    """A railhouse record (``railhouse-record/1``) of the exported game; see module doc."""
    return convert_18xx_games(source)[0]


def convert_18xx_games(
    source: str | os.PathLike[str] | Mapping[str, Any], *, check: bool = False
) -> tuple[dict[str, Any], SteamOverHolland]:
    """The record of :func:`import_18xx_games` and the game the conversion played: the
    converter applies every action it converts, so the game is the record already
    replayed (no need to replay it again).  ``check``: the engine's invariants are checked
    after every applied action, and a violation is a ``RecordError`` naming the action."""
    data = load_export(source)
    game, converter = _start(data)
    converter.check = check
    for step in effective_actions(_list(data, "actions")):
        converter.feed(step)
    record = game.to_record()
    record["source"] = {"site": "18xx.games", "id": data.get("id"),
                        "result": data.get("result")}
    return record, game


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise RecordError(f"export has no {key!r} list")
    return value


def _start(data: Mapping[str, Any]) -> tuple[SteamOverHolland, Converter]:
    if str(data.get("format", "")).startswith("railhouse-record"):
        raise RecordError("this is a railhouse game record, not an 18xx.games export "
                          "(replay it with 'railhouse replay')")
    if data.get("title") not in (None, TITLE_NAME):
        raise RecordError(f"export is an 18xx.games {data.get('title')} game; only "
                          f"{TITLE_NAME} games can be imported")
    players = _list(data, "players")
    ids = {str(p.get("id")): f"p{i}" for i, p in enumerate(players)}
    names = [str(p.get("name") or p.get("id")) for p in players]
    settings = data.get("settings") or {}
    options = {"rules": "18xx-games", "privates": ",".join(_auctioned(data, len(players))),
               "start_seat": 0}
    try:
        game = SteamOverHolland(names, options, int(settings.get("seed") or 0))
    except ValueError as exc:
        raise RecordError(f"cannot set up the exported game: {exc}") from None
    return game, Converter(game, ids)


def _auctioned(data: Mapping[str, Any], players: int) -> list[str]:
    """The privates 18xx.games dealt: those its first-round bids name, else (an auction
    that ended early: everybody passed on a private) its own draw for the export's seed
    (:func:`railhouse_soh.exporter.draw.draw`)."""
    seen: list[str] = []
    for action in _list(data, "actions"):
        if action.get("type") == "bid" and action.get("company") not in seen:
            seen.append(str(action.get("company")))
    if len(seen) == players:
        return seen
    seed = (data.get("settings") or {}).get("seed")
    dealt = draw(int(seed), players) if isinstance(seed, int) else []
    if not set(seen) <= set(dealt):
        raise RecordError(f"cannot tell the {players} dealt privates from the bids ({seen})")
    return dealt


def final_scores(record: Mapping[str, Any]) -> dict[str, int]:
    """Player name -> score of a finished record."""
    result = record.get("result") or {}
    return dict(zip(record["players"], result.get("scores", ()), strict=False))


__all__ = ["GAME_181446", "convert_18xx_games", "final_scores", "import_18xx_games",
           "load_export", "to_builtins"]
