"""Export of Steam Over Holland records to 18xx.games (issue 16): the inverse of
:mod:`railhouse_soh.importer`.

:func:`export_18xx_games` turns a railhouse record played under ``rules=18xx-games`` into
an 18xx.games export (``{"id", "title", "players", "settings": {"seed"}, "actions"}``)
that the 18xx.games engine replays move for move: players numbered 1.. from the start
seat, a seed whose private draw is the record's, and each action mapped (:mod:`.convert`,
with certificates followed by :mod:`.certs`).  A record it cannot export (another title,
the printed rules, a broken file) raises a one-line ``RecordError``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from railhouse.engine.errors import RecordError
from railhouse_soh.exporter.convert import Exporter
from railhouse_soh.importer.jsonio import load_object

TITLE = "soh"


def load_record(source: str | os.PathLike[str] | Mapping[str, Any]) -> Mapping[str, Any]:
    """A record from a dict or a path (one-line ``RecordError`` if unreadable)."""
    return load_object(source, "record", "a railhouse game record")


def export_18xx_games(source: str | os.PathLike[str] | Mapping[str, Any]) -> dict[str, Any]:
    """The 18xx.games export of a Steam Over Holland record (see the module doc)."""
    record = load_record(source)
    title = record.get("title")
    if title != TITLE:
        raise RecordError(f"record is a {title!r} game; only Steam Over Holland ('soh') "
                          f"games can be exported to 18xx.games")
    rules = (record.get("options") or {}).get("rules", "printed")
    if rules != "18xx-games":
        raise RecordError(f"record was played under rules={rules!r}; only games played "
                          f"under rules=18xx-games replay in 18xx.games")
    for key in ("players", "seed", "actions"):
        if key not in record:
            raise RecordError(f"game record has no {key!r}")
    return Exporter(record).run()


__all__ = ["export_18xx_games", "load_record"]
