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
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import trio

from railhouse.engine.api import GameAPI, GameResult
from railhouse.logs import bound, get_logger
from railhouse.plugins import NotRegistered, registry
from railhouse.protocol.messages import Hello
from railhouse.protocol.messages import SimulateLimits as WireSimulate
from railhouse.protocol.messages import TimeControl as WireTime
from railhouse.protocol.outputs import seat_seed
from railhouse.titles import TitleInfo
from railhouse_tournament import jail, reaper, schedule
from railhouse_tournament.config import Entrant, FailurePolicy, TimeControl, TournamentConfig
from railhouse_tournament.errors import BotStartError, ConfigError
from railhouse_tournament.journal import TournamentDir
from railhouse_tournament.match import Match, SeatPlayer
from railhouse_tournament.pool import BotPool, bot_factory
from railhouse_tournament.progress import Reporter

log = get_logger("railhouse.tournament")


def resolve_title(title_id: str) -> TitleInfo:
    """A registered title; the test title ``toy`` is always available."""
    try:
        return registry().title(title_id)
    except NotRegistered:
        if title_id == "toy":
            from railhouse.testing.toy import TOY_TITLE

            return TOY_TITLE
        raise


def wire_time(t: TimeControl) -> WireTime:
    """The protocol's time control (milliseconds) for the config's (seconds)."""
    return WireTime(
        decision_ms=round(t.per_decision * 1000),
        bank_ms=round(t.bank * 1000),
        hello_ms=round(t.handshake * 1000),
    )


def wire_simulate(config: TournamentConfig) -> WireSimulate:
    """The protocol's forward-model limits for the config's ``[simulate]`` table."""
    return WireSimulate(config.simulate.max_per_decision, config.simulate.max_actions)


def first_hello(
    title: TitleInfo, options: dict[str, Any], players: int, config_time: TimeControl,
    failure: FailurePolicy, simulate: WireSimulate | None = None,
) -> Hello:
    """The ``hello`` that greets a command entrant's first process before anything is
    scheduled (seat 0; each game's ``game_start`` says where it really sits)."""
    return Hello(
        title=title.id, title_version=title.version, options=dict(options), seats=players,
        seat=0, player="p0", time=wire_time(config_time), retries=failure.retries,
        max_line_bytes=failure.max_line_bytes, simulate=simulate or WireSimulate(),
    )  # fmt: skip


async def warm_up(
    pool: BotPool, entrants: Sequence[Entrant], hello: Hello
) -> BotStartError | None:
    """Start and greet every command entrant once (see :meth:`BotPool.warm_up`); the first
    error, if one cannot (returned, so the caller raises it outside its nursery)."""
    for entrant in entrants:
        if entrant.bot is None:  # a command, not an in-process bot
            failed = await pool.warm_up(entrant, hello)
            if failed is not None:
                return failed
    return None


@dataclass
class RunSummary:
    played: int  # games finished in this run
    skipped: int  # games finished by earlier runs
    total: int
    seconds: float
    #: pids the final sweep had to kill: always empty unless process cleanup failed
    leftovers: list[int] = field(default_factory=list)
    interrupted: str = ""  # the signal that stopped the run, e.g. "SIGINT"


class Runner:
    def __init__(self, directory: TournamentDir, reporter: Reporter | None = None) -> None:
        self.directory = directory
        self.config = directory.config
        self.reporter = reporter or Reporter(quiet=True)
        title = resolve_title(self.config.title)
        self.title = title
        self.factory = title.load_factory()
        self.options = title.resolve_options(self.config.options)
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
        config = self.config
        games = schedule.build(config)
        restored = self.directory.restore_from_records({g.game_id for g in games})
        if restored:
            log.info("restored_from_records", games=restored)
        done = self.directory.finished_ids(repair=True)
        todo = [g for g in games if g.game_id not in done]
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
                        hello = first_hello(
                            self.title, self.options, config.players, config.time,
                            config.failure, wire_simulate(config),
                        )  # fmt: skip
                        failed = await warm_up(pool, config.entrants, hello)
                    async with trio.open_nursery() as nursery:
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
                entry, record = await self._play_game(pool, game)
                entry["duration"] = round(time.monotonic() - started, 4)
                await self.directory.commit(entry, record)
                self.summary.played += 1
                log.debug("game_done", status=entry["status"], ranks=entry["ranks"])
                self.reporter.game_done(entry)
        finally:
            self.limiter.release_on_behalf_of(token)

    async def _play_game(
        self, pool: BotPool, game: schedule.ScheduledGame
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        config = self.config
        players: list[SeatPlayer] = []
        notes: list[dict[str, Any]] = []
        try:
            for seat, name in enumerate(game.seats):
                seed = seat_seed(config.seed, game.game_id, seat)
                player, found = await pool.acquire(config.entrant(name), seed)
                players.append(player)
                notes += [{**note, "seat": seat, "decision": 0} for note in found]
            names = list(game.seats)
            made = self.factory(players=names, options=self.options, seed=game.seed)
            state = cast(GameAPI, made)  # titles satisfy GameAPI structurally
            match = Match(
                state, game.game_id, players,
                time=wire_time(config.time), retries=config.failure.retries,
                max_line_bytes=config.failure.max_line_bytes,
                on_failure=config.failure.on_failure, flush_timeout=max(config.time.grace, 1.0),
                simulate=wire_simulate(config),
                max_notices=config.failure.max_notices,
            )  # fmt: skip
            outcome = await match.play()
        except Exception as exc:  # an engine or runner bug must not take the tournament down
            log.exception("game_error")
            for player in players:
                await pool.release(player, reusable=False, mode="delta")
            return self._error_entry(game, exc, notes), {"game": game.game_id, "error": repr(exc)}
        for seat, player in enumerate(players):
            reusable = seat not in outcome.broken
            await pool.release(
                player, reusable=reusable, mode=outcome.modes.get(seat, "delta"),
                patch=outcome.patches.get(seat, "railhouse"),
            )  # fmt: skip
        entry = self._entry(game, outcome.status, outcome.result, notes + outcome.failures)
        entry["decisions"] = outcome.decisions
        record = state.to_record()
        record["tournament"] = {
            "game": game.game_id, "seats": list(game.seats), "status": outcome.status,
            "forfeits": list(outcome.result.forfeits), "failures": entry["failures"],
        }  # fmt: skip
        return entry, record

    def _entry(
        self,
        game: schedule.ScheduledGame,
        status: str,
        result: GameResult,
        failures: list[dict[str, Any]],
    ) -> dict[str, Any]:
        return {
            "game": game.game_id,
            "index": game.index,
            "block": game.block,
            "seed": game.seed,
            "seats": list(game.seats),
            "status": status,
            "scores": list(result.scores),
            "ranks": list(result.ranks),
            "reason": result.reason,
            "forfeits": list(result.forfeits),
            "failures": failures,
            "record": f"games/{game.game_id}.json",
        }

    def _error_entry(
        self, game: schedule.ScheduledGame, exc: Exception, notes: list[dict[str, Any]]
    ) -> dict[str, Any]:
        count = len(game.seats)
        result = GameResult((0,) * count, (1,) * count, "internal_error")
        failure = {"seat": None, "entrant": None, "reason": "internal_error",
                   "detail": repr(exc)[:300], "action": "abort", "decision": None}  # fmt: skip
        return self._entry(game, "aborted", result, [*notes, failure])


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
    runner = Runner(TournamentDir.open(path), reporter)
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
