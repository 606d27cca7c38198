"""Run (or resume) a tournament: schedule -> games under a capacity limiter -> journal.

Nurseries nest as lifetimes do: the tournament nursery owns the bot processes' stderr
drains and the pool; the games nursery owns one task per scheduled game, which waits on the
:class:`trio.CapacityLimiter` (FIFO, so games start in schedule order) and owns its match.
However the run ends -- finished, Ctrl-C, an internal error -- every process is closed in
a shielded scope, then a sweep kills anything still carrying the tournament's token.
"""

from __future__ import annotations

import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio

from railhouse.logs import bound, get_logger
from railhouse.plugins import NotRegistered
from railhouse_tournament import jail, reaper, schedule, sprt
from railhouse_tournament.config import TournamentConfig
from railhouse_tournament.errors import BotStartError, ConfigError
from railhouse_tournament.game import (
    GameSetup,
    first_hello,
    resolve_title,
    warm_up,
    wire_simulate,
)
from railhouse_tournament.journal import TournamentDir
from railhouse_tournament.pool import BotPool, bot_factory
from railhouse_tournament.progress import Reporter

log = get_logger("railhouse.tournament")


@dataclass
class RunSummary:
    played: int  # games finished in this run
    skipped: int  # games finished by earlier runs
    total: int
    seconds: float
    #: pids the final sweep had to kill: always empty unless process cleanup failed
    leftovers: list[int] = field(default_factory=list)
    interrupted: str = ""  # the signal that stopped the run, e.g. "SIGINT"
    verdict: str | None = None  # the SPRT's ("H0"/"H1") when it ended the run early


class Runner:
    def __init__(self, directory: TournamentDir, reporter: Reporter | None = None) -> None:
        self.directory = directory
        self.config = directory.config
        self.reporter = reporter or Reporter(quiet=True)
        self.setup = GameSetup.of(self.config)
        self.sprt: sprt.Sprt | None = None
        self._games = trio.CancelScope()  # the games nursery's scope, once running
        self.limiter = trio.CapacityLimiter(self.config.workers)
        self.summary = RunSummary(0, 0, 0, 0.0)

    async def run(self) -> RunSummary:
        started = time.monotonic()
        self.directory.hold()  # before anything is swept or played: one run at a time
        try:
            return await self._run(started)
        finally:
            self.directory.release()

    async def _run(self, started: float) -> RunSummary:
        games = schedule.build(self.config)
        todo = self._todo(games)
        self.summary.skipped, self.summary.total = len(games) - len(todo), len(games)
        # orphans of a killed earlier run: by the token, and by the cgroups of dead runners
        killed = reaper.kill_marked(self.directory.token) + jail.sweep_dead_runs()
        if killed:
            log.warning("killed_orphans", pids=killed)
        self.reporter.start(len(games), len(games) - len(todo))
        workers = self.limiter.total_tokens
        log.info("tournament_start", games=len(games), todo=len(todo), workers=workers)
        failed: BotStartError | None = None
        try:
            async with trio.open_nursery() as bots:
                pool = BotPool(
                    bots, self.directory.log_path, self.directory.token,
                    self.config.time, self.config.failure, self.config.limits,
                )  # fmt: skip
                try:
                    if todo:  # every command entrant starts before anything is scheduled
                        config = self.config
                        title = resolve_title(config.title)
                        hello = first_hello(
                            title, self.setup.options, config.players, config.time,
                            config.failure, wire_simulate(config),
                        )  # fmt: skip
                        failed = await warm_up(pool, config.entrants, hello)
                    async with trio.open_nursery() as nursery:
                        self._games = nursery.cancel_scope
                        for game in todo if failed is None else ():
                            # acquire here, so games start in schedule order
                            token = object()
                            await self.limiter.acquire_on_behalf_of(token)
                            nursery.start_soon(self._play, pool, game, token)
                finally:
                    await pool.aclose()
        finally:
            self.reporter.close()
            self.summary.leftovers = reaper.kill_marked(self.directory.token)
            if self.summary.leftovers:
                log.warning("killed_leftovers", pids=self.summary.leftovers)
            self.summary.seconds = time.monotonic() - started
        if failed is not None:
            raise failed
        return self.summary

    async def _play(self, pool: BotPool, game: schedule.ScheduledGame, token: object) -> None:
        try:
            with bound(match_id=game.game_id):
                started = time.monotonic()
                entry, record = await self.setup.play(pool, game)
                entry["duration"] = round(time.monotonic() - started, 4)
                await self._finish(entry, record)
        finally:
            self.limiter.release_on_behalf_of(token)

    def _todo(self, games: list[schedule.ScheduledGame]) -> list[schedule.ScheduledGame]:
        """The games still to play (none once the SPRT has decided); repairs the journal
        (and restores lines of games whose records were written) first."""
        restored = self.directory.restore_from_records({g.game_id for g in games})
        if restored:
            log.info("restored_from_records", games=restored)
        entries = self.directory.entries(repair=True)
        self.sprt = sprt.replay(self.config.stop.sprt, self.config.challenger, entries)
        if self.sprt is not None and self.sprt.verdict is not None:
            self.summary.verdict = self.sprt.verdict
            return []
        done = {entry["game"] for entry in entries}
        return [g for g in games if g.game_id not in done]

    async def _finish(self, entry: dict[str, Any], record: dict[str, Any]) -> None:
        """Commit one finished game, then run the SPRT (which may end the run)."""
        await self.directory.commit(entry, record)
        self.summary.played += 1
        log.debug("game_done", status=entry["status"], ranks=entry["ranks"])
        self.reporter.game_done(entry)
        if self.sprt is not None and self.sprt.add(entry) is not None:
            self.summary.verdict = self.sprt.verdict
            log.info("sprt_verdict", verdict=self.sprt.verdict, llr=round(self.sprt.llr, 3))
            self._games.cancel()


def check(config: TournamentConfig) -> None:
    """What the config file cannot know alone: the title, its options and player range, the
    built-in bots.  Raises a one-line :class:`ConfigError` naming the key."""
    try:
        title = resolve_title(config.title)
    except NotRegistered as exc:
        raise ConfigError("title", str(exc)) from None
    if not title.min_players <= config.players <= title.max_players:
        raise ConfigError(
            "players", f"{title.id} takes {title.min_players}-{title.max_players} players"
        )
    for name, value in config.options.items():
        try:
            title.resolve_options({name: value})
        except ValueError as exc:
            raise ConfigError(f"options.{name}", str(exc)) from None
    if config.cluster.backend == "ray":
        from railhouse_tournament.ray_backend import require_ray

        require_ray()
    for index, entrant in enumerate(config.entrants):
        if entrant.bot is not None:
            try:
                bot_factory(entrant.bot)
            except (ValueError, NotRegistered) as exc:
                raise ConfigError(f"entrants[{index}].bot", str(exc)) from None


def create(config: TournamentConfig, path: Path) -> TournamentDir:
    """Check ``config`` and create its tournament directory (nothing is created on error)."""
    check(config)
    return TournamentDir.create(path, config, len(schedule.build(config)))


async def run_directory(
    path: Path, reporter: Reporter | None = None, handle_signals: bool = False
) -> RunSummary:
    """Run (or continue) the tournament stored in ``path``.

    With ``handle_signals``, SIGINT (Ctrl-C), SIGTERM and SIGHUP stop the run cleanly
    (games in progress are dropped and replayed by ``resume``; every bot process is
    closed); ``summary.interrupted`` names the signal.
    """
    directory = TournamentDir.open(path)
    if directory.config.cluster.backend == "ray":
        from railhouse_tournament.ray_backend import RayRunner

        runner: Runner = RayRunner(directory, reporter)
    else:
        runner = Runner(directory, reporter)
    if not handle_signals:
        return await runner.run()
    failed: BotStartError | None = None
    async with trio.open_nursery() as nursery:
        nursery.start_soon(_stop_on_signal, nursery.cancel_scope, runner.summary)
        try:
            await runner.run()
        except BotStartError as exc:  # raised below, not wrapped in the nursery's group
            failed = exc
        nursery.cancel_scope.cancel()
    if failed is not None:
        raise failed
    return runner.summary


async def _stop_on_signal(scope: trio.CancelScope, summary: RunSummary) -> None:
    with trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM, signal.SIGHUP) as signals:
        async for signum in signals:
            summary.interrupted = signal.Signals(signum).name
            log.info("stopping", signal=summary.interrupted)
            scope.cancel()
            return
