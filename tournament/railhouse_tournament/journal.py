"""The tournament directory: its manifest, the append-only journal and the game records.

Layout::

    DIR/tournament.json     manifest: format, token, resolved config, game count
    DIR/journal.jsonl       one JSON object per finished game, fsynced before it counts
    DIR/games/<id>.json     each game's replayable record (written before its journal line)
    DIR/logs/*.log          each bot process's stderr (capped)
    DIR/lock                who runs the directory now (``flock``ed while a run lasts)

A game counts as played exactly when its journal line is complete.  After a crash of the
runner (even SIGKILL mid-write) the journal ends with at most one partial line: loading
drops it and truncates the file there.  Every record carries its journal entry
(``tournament.entry``), so a game whose record was written but whose line was lost gets
its line back from the record (:meth:`TournamentDir.restore_from_records`) instead of
being played again; a record is never overwritten by a replay (an old-format record
without its entry is kept aside as ``<id>.json.replaced-<time>``).  Other damage is found
and repaired by :mod:`railhouse_tournament.integrity`.
"""

from __future__ import annotations

import json
import os
import socket
import time
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import trio

from railhouse_tournament.config import TournamentConfig
from railhouse_tournament.errors import JournalError

FORMAT = "railhouse-tournament/1"
MANIFEST = "tournament.json"
JOURNAL = "journal.jsonl"
LOCK = "lock"

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows: runs are not locked there
    fcntl = None  # type: ignore[assignment]


def write_durably(path: Path, data: bytes) -> None:
    """Write ``path`` atomically: temp file, fsync, rename, fsync the directory."""
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    tmp.replace(path)
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def read_manifest(path: Path) -> dict[str, Any]:
    """The manifest of the tournament directory ``path``; ``JournalError`` if it has none."""
    try:
        manifest = json.loads((path / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise JournalError(f"{path} is not a tournament directory (no {MANIFEST})") from None
    except (OSError, ValueError) as exc:
        raise JournalError(f"{path / MANIFEST} is unreadable: {exc}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise JournalError(f"{path / MANIFEST} is not a {FORMAT} manifest")
    return manifest


def hold(path: Path) -> Any:
    """Lock ``path`` for this process (``flock`` on ``path/lock``, which names the holder);
    returns the handle to :func:`release`.  Raises ``JournalError`` naming the holder when
    another process has it.  (No locking where ``fcntl`` is missing.)"""
    if fcntl is None:
        return None
    handle = (path / LOCK).open("a+", encoding="utf-8")
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip() or "another process"
        handle.close()
        raise JournalError(
            f"{path} is in use by {holder}; wait for that run to end (or stop it)"
        ) from None
    handle.seek(0)
    handle.truncate()
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    handle.write(f"railhouse pid {os.getpid()} on {socket.gethostname()} since {started}\n")
    handle.flush()
    return handle


def release(handle: Any) -> None:
    if handle is not None:
        handle.truncate(0)
        handle.close()  # closing drops the flock


class TournamentDir:
    """A tournament directory, created by :meth:`create` or opened by :meth:`open`."""

    def __init__(self, path: Path, manifest: Mapping[str, Any]) -> None:
        self.path = path
        self.manifest = manifest
        token = manifest.get("token")
        if not isinstance(token, str) or not token:
            raise JournalError(f"{path / MANIFEST} has no token; see: railhouse tournament "
                               f"check {path}")  # fmt: skip
        self.token = token
        self.config = TournamentConfig.from_dict(manifest["config"])
        self._lock = trio.Lock()
        self._held: Any = None  # the open, flocked lock file while we run the directory

    def hold(self) -> None:
        """Take the directory for this process (until :meth:`release` or exit); a second
        run on the same directory gets a one-line :class:`JournalError` naming the holder."""
        if self._held is None:
            self._held = hold(self.path)

    def release(self) -> None:
        release(self._held)
        self._held = None

    @classmethod
    def create(cls, path: Path, config: TournamentConfig, total: int) -> TournamentDir:
        if (path / MANIFEST).exists():
            raise JournalError(f"{path} already holds a tournament; use 'resume {path}'")
        if path.exists() and not path.is_dir():
            raise JournalError(f"{path} is a file, not a directory: --out names a directory")
        try:
            for sub in ("games", "logs"):
                (path / sub).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise JournalError(f"cannot create the tournament directory {path}: "
                               f"{exc.strerror or exc}") from None
        manifest = {
            "format": FORMAT,
            "token": uuid.uuid4().hex,
            "config": config.to_dict(),
            "games": total,
        }
        write_durably(path / MANIFEST, json.dumps(manifest, indent=2).encode() + b"\n")
        (path / JOURNAL).touch()
        return cls(path, manifest)

    @classmethod
    def open(cls, path: Path) -> TournamentDir:
        return cls(path, read_manifest(path))

    # -- reading --------------------------------------------------------------------------

    def entries(self, repair: bool = False) -> list[dict[str, Any]]:
        """Every complete journal entry.  ``repair`` truncates a partial last line."""
        journal = self.path / JOURNAL
        try:
            data = journal.read_bytes()
        except FileNotFoundError:
            return []
        # Each entry is one write of "json\n", so a torn write leaves only an unterminated tail.
        good = data.rfind(b"\n") + 1
        entries: list[dict[str, Any]] = []
        for number, line in enumerate(data[:good].split(b"\n")[:-1], 1):
            if not line.strip():
                continue
            try:
                entries.append(json.loads(line))
            except ValueError:
                raise JournalError(f"{journal}:{number} is not valid JSON") from None
        if repair and good < len(data):
            with journal.open("r+b") as handle:
                handle.truncate(good)
                os.fsync(handle.fileno())
        return entries

    def finished_ids(self, repair: bool = False) -> set[str]:
        return {entry["game"] for entry in self.entries(repair)}

    # -- writing --------------------------------------------------------------------------

    def log_path(self, entrant: str, serial: int) -> Path:
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in entrant)
        return self.path / "logs" / f"{safe}-{serial:04d}.log"

    def record_path(self, game_id: str) -> Path:
        return self.path / "games" / f"{game_id}.json"

    async def commit(self, entry: Mapping[str, Any], record: Mapping[str, Any]) -> None:
        """Durably write the record (carrying its entry), then append the journal line
        (the commit point)."""
        game_id = entry["game"]
        block = {**record.get("tournament", {}), "entry": dict(entry)}
        record_bytes = json.dumps({**record, "tournament": block}, separators=(",", ":"))
        async with self._lock:
            await trio.to_thread.run_sync(
                self._commit_sync, game_id, record_bytes.encode() + b"\n", _line(entry)
            )

    def _commit_sync(self, game_id: str, record: bytes, line: bytes) -> None:
        path = self.record_path(game_id)
        if path.exists():  # a record without its entry (an older run): keep it aside
            path.replace(path.with_name(f"{path.name}.replaced-{time.time_ns()}"))
        write_durably(path, record)
        self._append(line)

    def _append(self, line: bytes) -> None:
        with (self.path / JOURNAL).open("ab") as handle:
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())

    def restore_from_records(self, scheduled: set[str]) -> list[str]:
        """Give every finished record whose journal line is missing its line back (from
        the entry the record carries); returns the game ids restored."""
        done = self.finished_ids(repair=True)
        restored = []
        for path in sorted((self.path / "games").glob("*.json")):
            if path.stem in done or path.stem not in scheduled:
                continue
            try:
                entry = json.loads(path.read_bytes())["tournament"]["entry"]
            except (OSError, ValueError, KeyError, TypeError):
                continue  # no usable entry: the game is played again
            if isinstance(entry, dict) and entry.get("game") == path.stem:
                self._append(_line(entry))
                restored.append(path.stem)
        return restored


def _line(entry: Mapping[str, Any]) -> bytes:
    return json.dumps(entry, separators=(",", ":"), sort_keys=True).encode() + b"\n"
