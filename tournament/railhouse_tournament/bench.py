"""Runner benchmark: games per minute and cost per decision, in-process vs subprocess bots.

    >>> from railhouse_tournament.bench import run_bench        # doctest: +SKIP
    >>> for row in run_bench("soh", players=4, games=16): print(row.line())  # doctest: +SKIP

Three measurements over the same seeds:

* ``engine``: the title alone, one game after another, random legal choices (no protocol);
* ``inprocess``: full tournaments (referee, journal with fsync, records) with the built-in
  ``random`` bot called in-process;
* ``subprocess``: the same with ``python -m railhouse_bots random`` processes, so every
  decision crosses two pipes and the bot's JSON codec.

``overhead_us`` is the wall time per decision above the engine's; the tournaments run
``concurrency`` games at once (default: every core).  ``python -m railhouse_tournament.bench``
prints a table.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import trio

from railhouse.engine.api import GameAPI
from railhouse_tournament import schedule
from railhouse_tournament.config import Entrant, FailurePolicy, TimeControl, TournamentConfig
from railhouse_tournament.game import resolve_title
from railhouse_tournament.match import stand_in_choice
from railhouse_tournament.runner import Runner, create


@dataclass
class BenchRow:
    mode: str
    title: str
    players: int
    games: int
    decisions: int
    seconds: float
    overhead_us: float = 0.0

    @property
    def games_per_minute(self) -> float:
        return self.games / self.seconds * 60

    @property
    def us_per_decision(self) -> float:
        return self.seconds / max(self.decisions, 1) * 1e6

    def line(self) -> str:
        return (
            f"{self.mode:10} {self.title} {self.players}p: {self.games} games, "
            f"{self.decisions} decisions in {self.seconds:.2f}s = "
            f"{self.games_per_minute:.0f} games/min, {self.us_per_decision:.0f} us/decision "
            f"(overhead {self.overhead_us:.0f} us/decision)"
        )


def _config(
    title: str, players: int, games: int, subprocess: bool, workers: int
) -> TournamentConfig:
    if subprocess:
        command = (sys.executable, "-m", "railhouse_bots", "random")
        entrants = tuple(
            Entrant(f"r{i}", command=(*command, str(i)), cwd=os.getcwd()) for i in range(players)
        )
    else:
        entrants = tuple(Entrant(f"r{i}", bot="random") for i in range(players))
    return TournamentConfig(
        title=title, entrants=entrants, players=players, games=games, concurrency=workers,
        time=TimeControl(handshake=30, per_decision=30, bank=60, grace=1),
        failure=FailurePolicy(retries=0),
    )  # fmt: skip


def _engine_row(title_id: str, config: TournamentConfig) -> BenchRow:
    from railhouse_bots.random_bot import RandomBot

    title = resolve_title(title_id)
    factory = title.load_factory()
    options = title.resolve_options(config.options)
    games = schedule.build(config)
    bot = RandomBot(seed=1)
    decisions = 0
    started = time.perf_counter()
    for game in games:
        state = cast(GameAPI, factory(players=list(game.seats), options=options, seed=game.seed))
        while not state.over:
            state.apply(stand_in_choice(state.legal_actions(), bot))
            decisions += 1
    elapsed = time.perf_counter() - started
    return BenchRow("engine", title_id, config.players, len(games), decisions, elapsed)


async def _tournament_row(mode: str, config: TournamentConfig, root: Path) -> BenchRow:
    directory = create(config, root / mode)
    started = time.perf_counter()
    summary = await Runner(directory).run()
    elapsed = time.perf_counter() - started
    decisions = sum(entry.get("decisions", 0) for entry in directory.entries())
    return BenchRow(mode, config.title, config.players, summary.played, decisions, elapsed)


def games_per_minute(
    title: str, players: int, games: int, concurrency: int = 0, subprocess: bool = True
) -> BenchRow:
    """One tournament of ``games`` games between random bots (subprocesses speaking the
    protocol, or in-process), ``concurrency`` games at once (0 = one per core)."""
    workers = concurrency or os.cpu_count() or 1
    config = _config(title, players, games, subprocess, workers)
    mode = "subprocess" if subprocess else "inprocess"
    with tempfile.TemporaryDirectory(prefix="railhouse-bench-") as tmp:
        return trio.run(_tournament_row, mode, config, Path(tmp))


def run_bench(
    title: str = "toy", players: int = 3, games: int = 60, concurrency: int = 0
) -> list[BenchRow]:
    """Measure the three modes; returns the rows (engine first)."""
    workers = concurrency or os.cpu_count() or 1
    inproc = _config(title, players, games, False, workers)
    engine = _engine_row(title, inproc)
    rows = [engine]
    with tempfile.TemporaryDirectory(prefix="railhouse-bench-") as tmp:
        for mode, config in (
            ("inprocess", inproc),
            ("subprocess", _config(title, players, games, True, workers)),
        ):
            row = trio.run(_tournament_row, mode, config, Path(tmp))
            row.overhead_us = row.us_per_decision - engine.us_per_decision
            rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--title", default="toy")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--concurrency", type=int, default=0)
    args = parser.parse_args(argv)
    from railhouse.logs import configure

    configure()  # info level: no per-process debug lines in the measurements' output
    for row in run_bench(args.title, args.players, args.games, args.concurrency):
        print(row.line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
