"""One game between given seats (``railhouse play``), on the tournament's machinery.

A seat is a registered bot name (played in-process) or a command line, split with
:func:`shlex.split` into an argv list and run as a process.  The game record (with the
same ``tournament`` block as a tournament's records) is written to ``record_path`` and the
bots' stderr logs next to it.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import trio

from railhouse.engine.api import GameAPI
from railhouse.logs import bound
from railhouse.plugins import NotRegistered, registry
from railhouse.protocol.outputs import seat_seed
from railhouse_tournament import reaper
from railhouse_tournament.config import (
    Entrant,
    FailurePolicy,
    Limits,
    TimeControl,
    parse_command,
)
from railhouse_tournament.match import Match, MatchOutcome, SeatPlayer
from railhouse_tournament.pool import BotPool, bot_factory
from railhouse_tournament.runner import resolve_title, wire_time

INTERPRETERS = ("python", "node", "ruby", "perl", "bash", "sh", "java")


@dataclass
class PlayedGame:
    outcome: MatchOutcome
    record_path: Path
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
    record_path: Path,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    time: TimeControl | None = None,
    failure: FailurePolicy | None = None,
    limits: Limits | None = None,
) -> PlayedGame:
    title = resolve_title(title_id)
    if not title.min_players <= len(seats) <= title.max_players:
        raise ValueError(
            f"{title_id} takes {title.min_players}-{title.max_players} players, got {len(seats)}"
        )
    entrants = seat_entrants(seats)
    time = time or TimeControl()
    failure = failure or FailurePolicy()
    logs = record_path.with_suffix("").with_name(record_path.stem + "-logs")
    token = uuid.uuid4().hex
    game_id = record_path.stem
    names = [e.name for e in entrants]
    made = title.load_factory()(players=names, options=title.resolve_options(options), seed=seed)
    state = cast(GameAPI, made)
    try:
        async with trio.open_nursery() as nursery:
            pool = BotPool(
                nursery, lambda n, i: logs / f"{n}-{i}.log", token, time, failure, limits
            )
            try:
                players: list[SeatPlayer] = []
                for index, entrant in enumerate(entrants):
                    players.append((await pool.acquire(entrant, seat_seed(seed, index)))[0])
                with bound(match_id=game_id):
                    outcome = await Match(
                        state, game_id, players, time=wire_time(time),
                        retries=failure.retries, max_line_bytes=failure.max_line_bytes,
                        on_failure=failure.on_failure, flush_timeout=max(time.grace, 1.0),
                        max_notices=failure.max_notices,
                    ).play()  # fmt: skip
            finally:
                await pool.aclose()
    finally:
        reaper.kill_marked(token)
    record = state.to_record()
    record["tournament"] = {
        "game": game_id, "seats": names, "status": outcome.status,
        "forfeits": list(outcome.result.forfeits), "failures": outcome.failures,
    }  # fmt: skip
    record_path.parent.mkdir(parents=True, exist_ok=True)
    record_path.write_text(json.dumps(record, indent=1) + "\n")
    return PlayedGame(outcome, record_path, names)
