"""Live progress: a rich bar with rate and ETA on a terminal, plain lines otherwise."""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


class Reporter:
    """Told about each finished game; shows it.  ``quiet`` shows nothing."""

    def __init__(self, stream: TextIO | None = None, quiet: bool = False) -> None:
        self._stream = stream or sys.stdout
        self._quiet = quiet
        self._live = not quiet and self._stream.isatty()
        self._progress: Progress | None = None
        self._task: Any = None
        self._done = 0
        self._total = 0
        self._started = time.monotonic()
        self._fresh = 0  # games played in this run (the rate ignores resumed ones)

    def start(self, total: int, done: int) -> None:
        self._total, self._done = total, done
        self._started = time.monotonic()
        if self._quiet:
            return
        if self._live:
            console = Console(file=self._stream)
            self._progress = Progress(
                TextColumn("[bold]games"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[rate]}"),
                TimeElapsedColumn(),
                TextColumn("eta"),
                TimeRemainingColumn(),
                console=console,
            )
            self._progress.start()
            self._task = self._progress.add_task("games", total=total, completed=done, rate="")
        else:
            self._line(f"tournament: {done}/{total} games already done")

    def game_done(self, entry: dict[str, Any]) -> None:
        self._done += 1
        self._fresh += 1
        if self._quiet:
            return
        elapsed = max(time.monotonic() - self._started, 1e-9)
        rate = self._fresh / elapsed * 60
        if self._progress is not None:
            self._progress.update(self._task, completed=self._done, rate=f"{rate:.1f}/min")
            return
        left = self._total - self._done
        eta = left / (self._fresh / elapsed)
        note = f" forfeits={entry['forfeits']}" if entry.get("forfeits") else ""
        self._line(
            f"[{self._done}/{self._total}] {entry['game']} {','.join(entry['seats'])} "
            f"{entry['status']} ranks={entry['ranks']}{note} "
            f"({rate:.1f} games/min, eta {eta:.0f}s)"
        )

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def _line(self, text: str) -> None:
        print(text, file=self._stream, flush=True)
