"""The game worker of the Ray backend: a Ray actor that plays games with the local runner's
own code (:meth:`~railhouse_tournament.game.GameSetup.play`) and a
:class:`~railhouse_tournament.pool.BotPool`, so bot processes are reused between the games
of one worker exactly as they are by the local runner.

Inside the actor a thread runs a trio loop that owns the pool (and the processes' stderr
drains) for the actor's whole life; each ``play`` call hands one game to that loop.  The
worker writes nothing the tournament keeps: each result carries the game's journal entry,
its record and the new bytes of the bot logs, and the driver alone writes the tournament
directory.  Bot logs go to a temporary directory of the worker meanwhile.

Each worker incarnation marks its bots with its own token (``<tournament token>-<worker>``),
so a worker that Ray restarts after a crash sweeps the orphans of its dead predecessor on
that node without touching the bots of the other workers.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import trio

from railhouse.logs import bound
from railhouse_tournament import reaper
from railhouse_tournament.config import Entrant, TournamentConfig
from railhouse_tournament.game import GameSetup
from railhouse_tournament.pool import BotPool
from railhouse_tournament.schedule import ScheduledGame


def relocate(entrant: Entrant, driver_python: str, working_dir: str | None) -> Entrant:
    """An entrant's command as this worker must run it: the driver's interpreter becomes
    this worker's, and paths inside the shipped ``working_dir`` point into the copy Ray
    unpacked (this process's working directory)."""
    here = os.getcwd()

    def moved(text: str) -> str:
        if working_dir and (text == working_dir or text.startswith(working_dir + os.sep)):
            return here + text[len(working_dir):]
        return text

    if not entrant.command:
        return entrant
    argv = [moved(part) for part in entrant.command]
    if argv[0] == driver_python and not os.path.exists(driver_python):
        argv[0] = sys.executable
    return replace(entrant, command=tuple(argv), cwd=moved(entrant.cwd) if entrant.cwd else None)


class GameWorker:
    """One game at a time (the actor's concurrency is 1); see the module docstring."""

    def __init__(
        self, config: Mapping[str, Any], token: str, index: int, driver_python: str
    ) -> None:
        loaded = TournamentConfig.from_dict(config)
        working_dir = loaded.cluster.working_dir
        self.config = replace(loaded, entrants=tuple(
            relocate(e, driver_python, working_dir) for e in loaded.entrants))  # fmt: skip
        self.setup = GameSetup.of(self.config)  # a title missing here fails the worker now
        self.token = f"{token}-w{index}"
        self.index = index
        self.logs = Path(tempfile.mkdtemp(prefix="railhouse-ray-logs-"))
        self._sent: dict[str, int] = {}
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        reaper.kill_marked(self.token)  # bots orphaned by this worker's dead predecessor
        self._thread = threading.Thread(target=self._loop, name="railhouse-games", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self._failed is not None:
            raise self._failed

    def _loop(self) -> None:
        try:
            trio.run(self._serve)
        except BaseException as exc:  # reported to __init__ if it happens before ready
            self._failed = exc
            self._ready.set()

    async def _serve(self) -> None:
        self._stop = trio.Event()
        async with trio.open_nursery() as bots:
            self.pool = BotPool(
                bots, self._log_path, self.token, self.config.time, self.config.failure,
                self.config.limits,
            )  # fmt: skip
            self._trio = trio.lowlevel.current_trio_token()
            self._ready.set()
            try:
                await self._stop.wait()
            finally:
                await self.pool.aclose()
                reaper.kill_marked(self.token)

    def _log_path(self, entrant: str, serial: int) -> Path:
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in entrant)
        return self.logs / f"{safe}-w{self.index}-p{os.getpid()}-{serial:04d}.log"

    def play(self, game: Mapping[str, Any]) -> dict[str, Any]:
        """Play one scheduled game: ``{"entry", "record", "logs", "worker"}``."""
        scheduled = ScheduledGame(**{**game, "seats": tuple(game["seats"])})
        entry, record = trio.from_thread.run(self._play, scheduled, trio_token=self._trio)
        return {"entry": entry, "record": record, "logs": self._new_log_bytes(),
                "worker": {"pid": os.getpid(), "host": os.uname().nodename}}

    async def _play(self, game: ScheduledGame) -> tuple[dict[str, Any], dict[str, Any]]:
        with bound(match_id=game.game_id):
            started = time.monotonic()
            entry, record = await self.setup.play(self.pool, game)
            entry["duration"] = round(time.monotonic() - started, 4)
            return entry, record

    def _new_log_bytes(self) -> dict[str, bytes]:
        """What the bots wrote to stderr since the last game (a log may still be growing)."""
        out = {}
        for path in sorted(self.logs.iterdir()):
            size = path.stat().st_size
            sent = self._sent.get(path.name, 0)
            if size > sent:
                with path.open("rb") as handle:
                    handle.seek(sent)
                    out[path.name] = handle.read(size - sent)
                self._sent[path.name] = sent + len(out[path.name])
        return out

    def pid(self) -> int:
        return os.getpid()

    def shutdown(self) -> dict[str, bytes]:
        """Close every bot process (``bye`` to idle ones) and the loop; the logs' last bytes."""
        trio.from_thread.run_sync(self._stop.set, trio_token=self._trio)
        self._thread.join(timeout=30)
        rest = self._new_log_bytes()
        shutil.rmtree(self.logs, ignore_errors=True)
        return rest
