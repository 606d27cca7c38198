"""Tournament configuration: a TOML file, overridable by CLI flags, validated into frozen data.

Every problem is reported as a one-line :class:`ConfigError` naming the dotted key, e.g.
``time.per_decision: expected a positive number, got 'fast'``.  The format is documented
in ``tournament/README.md`` and exemplified by ``tournament/examples/demo.toml``.
"""

from __future__ import annotations

import os
import shlex
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from railhouse_tournament.cluster import ClusterSettings, parse_cluster
from railhouse_tournament.errors import ConfigError
from railhouse_tournament.sprt import StopRules, parse_stop
from railhouse_tournament.values import (
    choice,
    integer,
    number,
    reject_unknown,
    string,
    string_map,
    table,
)

FORMATS = ("round-robin", "gauntlet")
SEATINGS = ("rotate", "all")
ON_FAILURE = ("forfeit", "abort")
#: ``max_game_actions``' default: far beyond any real game (the longest random 1839 game
#: of the golden set takes about 1,250 actions, SOH's about 450), reached only by a game
#: that would never end
MAX_GAME_ACTIONS = 20_000


@dataclass(frozen=True)
class Entrant:
    """A competitor: a built-in in-process ``bot`` or a ``command`` (argv) run as a process."""

    name: str
    bot: str | None = None
    command: tuple[str, ...] = ()
    cwd: str | None = None
    env: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class TimeControl:
    """Seconds: ``per_decision`` for each decision, ``bank`` extra for the whole game."""

    handshake: float = 10.0
    per_decision: float = 1.0
    bank: float = 30.0
    grace: float = 1.0


@dataclass(frozen=True)
class FailurePolicy:
    retries: int = 2
    on_failure: str = "forfeit"
    max_line_bytes: int = 1 << 20
    stderr_bytes: int = 1 << 20
    max_notices: int = 100  # free errors (late answers, unasked lines) per seat and game


@dataclass(frozen=True)
class Limits:
    """Per bot process, enforced by the kernel (see :mod:`railhouse_tournament.jail`);
    0 means unlimited."""

    memory_mb: int = 2048
    processes: int = 64
    cpu_seconds: int = 0


@dataclass(frozen=True)
class SimulateLimits:
    """The forward model a seat may use per decision (protocol ``simulate``)."""

    max_per_decision: int = 200
    max_actions: int = 400


@dataclass(frozen=True)
class TournamentConfig:
    title: str
    entrants: tuple[Entrant, ...]
    players: int = 2
    options: Mapping[str, Any] = field(default_factory=dict)
    format: str = "round-robin"
    challenger: str | None = None
    seed_blocks: int = 1
    games: int = 0  # when set, seed_blocks is derived from it by the schedule
    seating: str = "rotate"
    seed: int = 0
    concurrency: int = 0  # 0: one game per core
    output: str | None = None
    #: a game still going after this many actions ends unrated (``action_cap``); 0: never
    max_game_actions: int = MAX_GAME_ACTIONS
    time: TimeControl = field(default_factory=TimeControl)
    failure: FailurePolicy = field(default_factory=FailurePolicy)
    simulate: SimulateLimits = field(default_factory=SimulateLimits)
    limits: Limits = field(default_factory=Limits)
    stop: StopRules = field(default_factory=StopRules)
    cluster: ClusterSettings = field(default_factory=ClusterSettings)

    def entrant(self, name: str) -> Entrant:
        return next(e for e in self.entrants if e.name == name)

    @property
    def workers(self) -> int:
        return self.concurrency or os.cpu_count() or 1

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, stored in the tournament directory and compared on resume."""
        data = asdict(self)
        data["entrants"] = [
            {"name": e.name, "env": dict(e.env)}
            | ({"bot": e.bot} if e.bot else {"command": list(e.command)})
            | ({"cwd": e.cwd} if e.cwd else {})
            for e in self.entrants
        ]
        data["options"] = dict(self.options)
        del data["games" if not self.games else "seed_blocks"]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TournamentConfig:
        """Inverse of :meth:`to_dict` (paths are already absolute there)."""
        return parse(data, base_dir=Path("/"))


_TOP = {
    "title", "players", "options", "format", "challenger", "seed_blocks", "games", "seating",
    "seed", "concurrency", "output", "time", "failure", "limits", "entrants", "simulate",
    "stop", "cluster", "max_game_actions",
}  # fmt: skip


def load(path: Path, overrides: Mapping[str, Any] | None = None) -> TournamentConfig:
    """Read ``path`` (TOML), apply dotted-key ``overrides`` (CLI flags), validate."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(str(path), f"cannot read: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(str(path), f"not valid TOML: {exc}") from None
    return parse(apply_overrides(raw, overrides or {}), base_dir=path.resolve().parent)


def apply_overrides(raw: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Set ``a.b`` keys in a copy of ``raw``; ``None`` values are ignored."""
    merged = {k: (dict(v) if isinstance(v, dict) else v) for k, v in raw.items()}
    for dotted, value in overrides.items():
        if value is None:
            continue
        *parents, leaf = dotted.split(".")
        node = merged
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = value
    if "games" in overrides and overrides["games"] is not None:
        merged.pop("seed_blocks", None)
    return merged


def parse(raw: Mapping[str, Any], base_dir: Path) -> TournamentConfig:
    """Validate a raw mapping; relative paths are taken from ``base_dir``."""
    reject_unknown(raw, _TOP, "")
    entrants = _entrants(raw.get("entrants"), base_dir)
    if "games" in raw and "seed_blocks" in raw:
        raise ConfigError("games", "give either games or seed_blocks, not both")
    output = string(raw, "output", None)
    config = TournamentConfig(
        title=string(raw, "title", None) or _missing("title"),
        entrants=entrants,
        players=integer(raw, "players", 2, minimum=1),
        options=dict(table(raw, "options")),
        format=choice(raw, "format", "round-robin", FORMATS),
        challenger=string(raw, "challenger", None),
        seed_blocks=integer(raw, "seed_blocks", 1, minimum=1),
        games=integer(raw, "games", 0, minimum=1) if "games" in raw else 0,
        seating=choice(raw, "seating", "rotate", SEATINGS),
        seed=integer(raw, "seed", 0),
        concurrency=integer(raw, "concurrency", 0, minimum=0),
        output=str(base_dir / output) if output else None,
        max_game_actions=integer(raw, "max_game_actions", MAX_GAME_ACTIONS, minimum=0),
        time=_time(table(raw, "time")),
        failure=_failure(table(raw, "failure")),
        simulate=_simulate(table(raw, "simulate")),
        limits=_limits(table(raw, "limits")),
        stop=parse_stop(table(raw, "stop")),
        cluster=parse_cluster(table(raw, "cluster"), base_dir),
    )
    _cross_check(config)
    return config


def _missing(key: str) -> str:
    raise ConfigError(key, "is required")


def _time(raw: Mapping[str, Any]) -> TimeControl:
    reject_unknown(raw, {"handshake", "per_decision", "bank", "grace"}, "time.")
    return TimeControl(
        handshake=number(raw, "handshake", 10.0, "time.", positive=True),
        per_decision=number(raw, "per_decision", 1.0, "time.", positive=True),
        bank=number(raw, "bank", 30.0, "time."),
        grace=number(raw, "grace", 1.0, "time."),
    )


def _failure(raw: Mapping[str, Any]) -> FailurePolicy:
    keys = {"retries", "on_failure", "max_line_bytes", "stderr_bytes", "max_notices"}
    reject_unknown(raw, keys, "failure.")
    return FailurePolicy(
        retries=integer(raw, "retries", 2, minimum=0, prefix="failure."),
        on_failure=choice(raw, "on_failure", "forfeit", ON_FAILURE, prefix="failure."),
        max_line_bytes=integer(raw, "max_line_bytes", 1 << 20, minimum=64, prefix="failure."),
        stderr_bytes=integer(raw, "stderr_bytes", 1 << 20, minimum=0, prefix="failure."),
        max_notices=integer(raw, "max_notices", 100, minimum=0, prefix="failure."),
    )


def _limits(raw: Mapping[str, Any]) -> Limits:
    reject_unknown(raw, {"memory_mb", "processes", "cpu_seconds"}, "limits.")
    return Limits(
        memory_mb=integer(raw, "memory_mb", 2048, minimum=0, prefix="limits."),
        processes=integer(raw, "processes", 64, minimum=0, prefix="limits."),
        cpu_seconds=integer(raw, "cpu_seconds", 0, minimum=0, prefix="limits."),
    )


def _simulate(raw: Mapping[str, Any]) -> SimulateLimits:
    reject_unknown(raw, {"max_per_decision", "max_actions"}, "simulate.")
    return SimulateLimits(
        max_per_decision=integer(raw, "max_per_decision", 200, minimum=0, prefix="simulate."),
        max_actions=integer(raw, "max_actions", 400, minimum=0, prefix="simulate."),
    )


def _entrants(raw: Any, base_dir: Path) -> tuple[Entrant, ...]:
    if not isinstance(raw, list) or not raw:
        raise ConfigError("entrants", "needs at least one [[entrants]] table")
    result: list[Entrant] = []
    for i, item in enumerate(raw):
        prefix = f"entrants[{i}]."
        if not isinstance(item, dict):
            raise ConfigError(f"entrants[{i}]", "must be a table")
        reject_unknown(item, {"name", "bot", "command", "cwd", "env"}, prefix)
        result.append(_entrant(item, prefix, base_dir))
    names = [e.name for e in result]
    for name in names:
        if names.count(name) > 1:
            raise ConfigError("entrants", f"name {name!r} is used twice")
    return tuple(result)


def _entrant(item: Mapping[str, Any], prefix: str, base_dir: Path) -> Entrant:
    bot = string(item, "bot", None, prefix)
    command = item.get("command")
    if (bot is None) == (command is None):
        raise ConfigError(prefix + "command", "give exactly one of bot or command")
    argv = parse_command(command, prefix + "command") if command is not None else ()
    name = string(item, "name", None, prefix) or bot or Path(argv[-1]).stem
    cwd = string(item, "cwd", None, prefix)
    return Entrant(
        name=name,
        bot=bot,
        command=argv,
        cwd=str((base_dir / cwd).resolve()) if cwd else (None if bot else str(Path.cwd())),
        env=string_map(item, "env", prefix),
    )


def parse_command(command: Any, key: str) -> tuple[str, ...]:
    """A command string (split with shlex, never run by a shell) or list of strings.

    A first word ``python`` means the interpreter running railhouse, so commands work the
    same inside and outside virtual environments.
    """
    if isinstance(command, str):
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise ConfigError(key, f"cannot split {command!r}: {exc}") from None
    elif isinstance(command, list) and all(isinstance(part, str) for part in command):
        argv = list(command)
    else:
        raise ConfigError(key, f"expected a string or a list of strings, got {command!r}")
    if not argv:
        raise ConfigError(key, "is empty")
    if argv[0] in ("python", "python3"):
        argv[0] = sys.executable
    return tuple(argv)


def _cross_check(config: TournamentConfig) -> None:
    names = {e.name for e in config.entrants}
    if config.format == "gauntlet":
        if config.challenger is None:
            raise ConfigError("challenger", "is required when format is 'gauntlet'")
        if config.challenger not in names:
            raise ConfigError("challenger", f"{config.challenger!r} is not an entrant")
    elif config.challenger is not None:
        raise ConfigError("challenger", "is only used when format is 'gauntlet'")
    if config.stop.sprt is not None and config.format != "gauntlet":
        raise ConfigError("stop.sprt", "tests a challenger: it needs format = 'gauntlet'")
    if len(names) < config.players:
        raise ConfigError(
            "players", f"{config.players} seats need at least {config.players} entrants"
        )
