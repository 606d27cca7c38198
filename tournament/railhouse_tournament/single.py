"""One game between given seats (``railhouse play``), on the tournament's machinery.

A seat is a registered bot name (played in-process) or a command line, split with
:func:`shlex.split` into an argv list and run as a process; a single word that is neither a
registered bot nor a program on ``PATH`` is a typo'd bot name (an error suggesting the
nearest name).  The
game record (with the same ``tournament`` block as a tournament's records) is written to
``record_path`` when one is given, and the bots' stderr logs next to it.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import shutil
import tempfile
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import trio

from railhouse.engine.api import GameAPI
from railhouse.logs import bound
from railhouse.plugins import NotRegistered, registry
from railhouse.protocol.messages import Hello
from railhouse.protocol.outputs import seat_seed
from railhouse_tournament import reaper
from railhouse_tournament.config import (
    MAX_GAME_ACTIONS,
    Entrant,
    FailurePolicy,
    Limits,
    TimeControl,
    parse_command,
)
from railhouse_tournament.errors import BotStartError, ConfigError
from railhouse_tournament.game import first_hello, resolve_title, warm_up, wire_time
from railhouse_tournament.match import Match, MatchOutcome, SeatPlayer
from railhouse_tournament.pool import BotPool, bot_factory

INTERPRETERS = ("python", "node", "ruby", "perl", "bash", "sh", "java")


@dataclass
class PlayedGame:
    outcome: MatchOutcome
    record_path: Path | None  # None: no record was asked for
    seats: list[str]


def seat_entrants(seats: Sequence[str]) -> list[Entrant]:
    """Entrants for seat specs, named uniquely (``random``, ``random#2``, ``bot.js`` ...)."""
    entrants: list[Entrant] = []
    names: list[str] = []
    for index, spec in enumerate(seats):
        if _is_registered(spec):
            bot_factory(spec)  # fail now, with the bot's name, if it cannot be loaded
            base, entrant = spec, Entrant(spec, bot=spec)
        else:
            argv = parse_command(spec, f"--seat {index}")
            if len(argv) == 1 and not _runnable(argv[0]):
                raise ConfigError(f"--seat {index}", unknown_bot(spec))
            base = program_name(argv)
            entrant = Entrant(base, command=argv, cwd=str(Path.cwd()))
        name = base if base not in names else f"{base}#{names.count(base) + 1}"
        names.append(base)
        entrants.append(Entrant(name, entrant.bot, entrant.command, entrant.cwd))
    return entrants


def program_name(argv: Sequence[str]) -> str:
    """``bot.js`` for ``node bot.js``, ``railhouse_bots`` for ``python -m railhouse_bots``."""
    if len(argv) > 1 and Path(argv[0]).name.startswith(INTERPRETERS):
        args = list(argv[1:])
        if args[0] == "-m" and len(args) > 1:
            return args[1]
        return Path(next((a for a in args if not a.startswith("-")), argv[0])).name
    return Path(argv[0]).name


def _runnable(program: str) -> bool:
    """Whether ``program`` names something that can be started: a path or a program on
    ``PATH``."""
    return os.sep in program or shutil.which(program) is not None


def unknown_bot(name: str) -> str:
    """``unknown bot 'gredy' (did you mean greedy?)``, or the list of registered bots."""
    known = [bot.name for bot in registry().bots()]
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    if close:
        return f"unknown bot {name!r} (did you mean {close[0]}?)"
    return f"unknown bot {name!r} and no such program (registered bots: {', '.join(known)})"


def _is_registered(spec: str) -> bool:
    try:
        registry().bot(spec)
    except NotRegistered:
        return False
    return True


async def play_game(
    title_id: str,
    seats: Sequence[str],
    *,
    record_path: Path | None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    time: TimeControl | None = None,
    failure: FailurePolicy | None = None,
    limits: Limits | None = None,
    max_actions: int = MAX_GAME_ACTIONS,
) -> PlayedGame:
    """Play one game.  With ``record_path`` the record is written there and the bots'
    stderr logs beside it (``<stem>-logs/``); without it nothing is written (the logs go to
    a temporary directory).  Every command seat is started and greeted before the game: a
    seat that cannot start raises :class:`BotStartError` and nothing is played.  A game
    still going after ``max_actions`` actions (0: no cap) is stopped (status ``aborted``,
    reason ``action_cap``), its record written all the same."""
    title = resolve_title(title_id)
    if not title.min_players <= len(seats) <= title.max_players:
        raise ValueError(
            f"{title_id} takes {title.min_players}-{title.max_players} players, got {len(seats)}"
        )
    entrants = seat_entrants(seats)
    time = time or TimeControl()
    failure = failure or FailurePolicy()
    game_id = record_path.stem if record_path is not None else f"play-{title_id}-{seed}"
    names = [e.name for e in entrants]
    resolved = title.resolve_options(options)
    state = cast(GameAPI, title.load_factory()(players=names, options=resolved, seed=seed))
    hello = first_hello(title, resolved, len(seats), time, failure)
    with contextlib.ExitStack() as stack:
        if record_path is None:
            logs = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="railhouse-")))
        else:
            logs = record_path.with_name(record_path.stem + "-logs")
        outcome = await _play(
            state, game_id, entrants, seed, hello, logs, time, failure, limits, max_actions
        )
    record = state.to_record()
    record["tournament"] = {
        "game": game_id, "seats": names, "status": outcome.status,
        "forfeits": list(outcome.result.forfeits), "failures": outcome.failures,
    }  # fmt: skip
    if record_path is not None:
        record_path.parent.mkdir(parents=True, exist_ok=True)
        record_path.write_text(json.dumps(record, indent=1) + "\n")
    return PlayedGame(outcome, record_path, names)


async def _play(
    state: GameAPI, game_id: str, entrants: Sequence[Entrant], seed: int, hello: Hello,
    logs: Path, time: TimeControl, failure: FailurePolicy, limits: Limits | None,
    max_actions: int,
) -> MatchOutcome:  # fmt: skip
    token = uuid.uuid4().hex
    failed: BotStartError | None = None
    outcome: MatchOutcome | None = None
    try:
        async with trio.open_nursery() as nursery:
            pool = BotPool(
                nursery, lambda n, i: logs / f"{n}-{i}.log", token, time, failure, limits
            )
            try:
                failed = await warm_up(pool, entrants, hello)
                if failed is None:
                    outcome = await _match(pool, state, game_id, entrants, seed, time, failure,
                                           max_actions)
            finally:
                await pool.aclose()
    finally:
        reaper.kill_marked(token)
    if failed is not None:
        raise failed
    assert outcome is not None
    return outcome


async def _match(
    pool: BotPool, state: GameAPI, game_id: str, entrants: Sequence[Entrant], seed: int,
    time: TimeControl, failure: FailurePolicy, max_actions: int,
) -> MatchOutcome:  # fmt: skip
    players: list[SeatPlayer] = []
    for index, entrant in enumerate(entrants):
        players.append((await pool.acquire(entrant, seat_seed(seed, index)))[0])
    with bound(match_id=game_id):
        return await Match(
            state, game_id, players, time=wire_time(time),
            retries=failure.retries, max_line_bytes=failure.max_line_bytes,
            on_failure=failure.on_failure, flush_timeout=max(time.grace, 1.0),
            max_notices=failure.max_notices, max_actions=max_actions,
        ).play()  # fmt: skip
