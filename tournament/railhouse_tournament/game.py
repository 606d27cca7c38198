"""One scheduled game, start to finish: seats from a pool, the title's engine, a
:class:`~railhouse_tournament.match.Match`, then the journal entry and the record.

This is the only code that plays a tournament game; the local runner and the Ray backend
differ only in where they call :meth:`GameSetup.play` and who commits its result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import trio

from railhouse.engine.api import GameAPI, GameResult
from railhouse.logs import get_logger
from railhouse.plugins import NotRegistered, registry
from railhouse.protocol.messages import Hello
from railhouse.protocol.messages import SimulateLimits as WireSimulate
from railhouse.protocol.messages import TimeControl as WireTime
from railhouse.protocol.outputs import seat_seed
from railhouse.titles import TitleInfo
from railhouse_tournament.config import Entrant, FailurePolicy, TimeControl, TournamentConfig
from railhouse_tournament.errors import BotStartError
from railhouse_tournament.match import Match, SeatPlayer
from railhouse_tournament.pool import BotPool
from railhouse_tournament.schedule import ScheduledGame

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
    """Start and greet every command entrant once (see :meth:`BotPool.warm_up`), all at
    once (each waits mostly for its interpreter to start); the first error in entrant
    order, if one cannot (returned, so the caller raises it outside its nursery)."""
    commands = [entrant for entrant in entrants if entrant.bot is None]  # not in-process
    errors: list[BotStartError | None] = [None] * len(commands)

    async def greet(index: int) -> None:
        errors[index] = await pool.warm_up(commands[index], hello)

    async with trio.open_nursery() as nursery:
        for index in range(len(commands)):
            nursery.start_soon(greet, index)
    return next((error for error in errors if error is not None), None)


@dataclass
class GameSetup:
    """What every game of one tournament shares: its config, the title's factory, the
    resolved title options."""

    config: TournamentConfig
    factory: Any
    options: Any

    @classmethod
    def of(cls, config: TournamentConfig) -> GameSetup:
        title = resolve_title(config.title)
        return cls(config, title.load_factory(), title.resolve_options(config.options))

    async def play(
        self, pool: BotPool, game: ScheduledGame
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Play ``game`` with seats from ``pool``: its journal entry and its record."""
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
                max_notices=config.failure.max_notices, max_actions=config.max_game_actions,
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
        game: ScheduledGame,
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
        self, game: ScheduledGame, exc: Exception, notes: list[dict[str, Any]]
    ) -> dict[str, Any]:
        count = len(game.seats)
        result = GameResult((0,) * count, (1,) * count, "internal_error")
        failure = {"seat": None, "entrant": None, "reason": "internal_error",
                   "detail": repr(exc)[:300], "action": "abort", "decision": None}  # fmt: skip
        return self._entry(game, "aborted", result, [*notes, failure])
