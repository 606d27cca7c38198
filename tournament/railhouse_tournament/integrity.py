"""Checking and repairing a tournament directory (``railhouse tournament check``,
``resume --repair``; ``resume`` and ``report`` check first).

Damage is anything that would make the standings wrong or lose a result: an unreadable
manifest, a config that no longer schedules the games it was created with, a journal line
that cannot be read, names a game twice or a game not in the schedule, or whose record is
gone.  Each :class:`Problem` says what is wrong and what the repair does.  Repairing never
overwrites a finished game's record: a record without its journal line gets the line back
from the record itself (every record carries its journal entry), and only games with no
usable record are played again.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from railhouse_tournament import schedule
from railhouse_tournament.config import TournamentConfig
from railhouse_tournament.errors import ConfigError, JournalError
from railhouse_tournament.journal import (
    JOURNAL,
    MANIFEST,
    hold,
    read_manifest,
    release,
    write_durably,
)


@dataclass(frozen=True)
class Problem:
    what: str  # one line: what is wrong, and where
    repair: str  # what ``resume --repair`` does about it, or how to fix it by hand
    repairable: bool = True

    def __str__(self) -> str:
        return f"{self.what}: {self.repair}"


@dataclass
class Inspection:
    path: Path
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # not damage: what resume will do anyway
    entries: list[dict[str, Any]] = field(default_factory=list)  # readable, unique, in schedule
    total: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems

    def error(self) -> JournalError:
        """The problems as one error (one line each), ending with what to do."""
        lines = [f"{self.path} is damaged:", *(f"  {p}" for p in self.problems)]
        if all(p.repairable for p in self.problems):
            lines.append(f"repair with: railhouse tournament resume --repair {self.path}")
        return JournalError("\n".join(lines))


def inspect(path: Path) -> Inspection:
    """Everything wrong with the tournament directory ``path``.  Raises ``JournalError``
    when it is no tournament directory at all."""
    found = Inspection(path)
    manifest = read_manifest(path)
    if not isinstance(manifest.get("token"), str) or not manifest["token"]:
        found.problems.append(Problem(f"{MANIFEST} has no token", "a new token is written"))
    try:
        config = TournamentConfig.from_dict(manifest.get("config", {}))
    except ConfigError as exc:
        what = f"{MANIFEST}: config {exc}"
        found.problems.append(Problem(what, "restore the config it was created with", False))
        return found
    games = {g.game_id: g for g in schedule.build(config)}
    found.total = len(games)
    created = manifest.get("games")
    if created != len(games):
        found.problems.append(_schedule_changed(config, created, len(games)))
        return found
    _inspect_journal(found, games)
    return found


def _schedule_changed(config: TournamentConfig, created: Any, now: int) -> Problem:
    from dataclasses import replace

    per_block = len(schedule.build(replace(config, seed_blocks=1, games=0)))
    hint = "restore the config it was created with"
    if isinstance(created, int) and per_block and created % per_block == 0:
        hint = f"set seed_blocks back to {created // per_block} in {MANIFEST}"
    what = f"{MANIFEST}: its config schedules {now} games, but the tournament has {created}"
    return Problem(what, hint, repairable=False)


def _inspect_journal(found: Inspection, games: dict[str, schedule.ScheduledGame]) -> None:
    path = found.path
    try:
        data = (path / JOURNAL).read_bytes()
    except FileNotFoundError:
        data = b""
    good = data.rfind(b"\n") + 1
    if good < len(data):
        found.notes.append(f"{JOURNAL} ends with a torn line (a killed run): resume drops it")
    seen: set[str] = set()
    for number, line in enumerate(data[:good].split(b"\n")[:-1], 1):
        where = f"{JOURNAL}:{number}"
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            game_id = entry["game"]
            scheduled = games.get(game_id)
        except (ValueError, KeyError, TypeError):
            found.problems.append(Problem(f"{where} is unreadable", _RESTORE))
            continue
        if scheduled is None or list(scheduled.seats) != entry.get("seats"):
            what = f"{where} names {game_id!r}, not in the schedule"
            found.problems.append(Problem(what, "the line is dropped"))
        elif game_id in seen:
            found.problems.append(Problem(f"{where} repeats {game_id}", "the copy is dropped"))
        elif not (path / "games" / f"{game_id}.json").is_file():
            what = f"{where}: the record games/{game_id}.json is missing"
            found.problems.append(Problem(what, "the line is dropped and the game played again"))
        else:
            seen.add(game_id)
            found.entries.append(entry)
    for record in sorted((path / "games").glob("*.json")):
        if record.stem in games and record.stem not in seen:
            found.notes.append(f"games/{record.name} has no journal line: resume restores it")


_RESTORE = "the line is dropped; its game is restored from its record or played again"


def repair(path: Path) -> list[str]:
    """Repair what :func:`inspect` found, holding the directory; returns what was done, one
    line each.  Raises ``JournalError`` for damage it cannot repair (or a run holds it)."""
    handle = hold(path)
    try:
        return _repair(path)
    finally:
        release(handle)


def _repair(path: Path) -> list[str]:
    found = inspect(path)
    if any(not p.repairable for p in found.problems):
        raise found.error()
    done = []
    manifest = json.loads((path / MANIFEST).read_text(encoding="utf-8"))
    if not manifest.get("token"):
        manifest["token"] = uuid.uuid4().hex
        write_durably(path / MANIFEST, json.dumps(manifest, indent=2).encode() + b"\n")
        done.append(f"wrote a new token to {MANIFEST}")
    if any(p.what.startswith(JOURNAL) for p in found.problems):
        backup = path / f"{JOURNAL}.{time.strftime('%Y%m%d-%H%M%S')}.bak"
        os.replace(path / JOURNAL, backup)
        lines = b"".join(_line(entry) for entry in found.entries)
        write_durably(path / JOURNAL, lines)
        done.append(f"rewrote {JOURNAL} with {len(found.entries)} good lines "
                    f"(the old one is {backup.name})")  # fmt: skip
    return done


def _line(entry: dict[str, Any]) -> bytes:
    return json.dumps(entry, separators=(",", ":"), sort_keys=True).encode() + b"\n"
