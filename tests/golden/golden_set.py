"""The golden set: seeded games of every title whose replays must not change.

A golden record is a game record (title, options, seed, players, actions) plus what the
engine said along the way: ``legal`` -- a running digest of the legal set (with the acting
seat and entity) before every action, checkpointed every :data:`CHECKPOINT` actions --,
the final ``scores`` and ``reason``, and a digest of the final observation.  Replaying a
record against the current engine and comparing these catches any change of behaviour:
an action that became illegal, a choice offered or withdrawn, a different result.

The games: seeded uniformly random playouts (:func:`railhouse.bench.positions.playout`'s
choice, never giving up while anything else is legal) and games between the built-in
``greedy`` and ``random`` bots through the referee, for every player count and a few
title options; plus the game records the test suite builds elsewhere (the imported
18xx.games Steam Over Holland game).  ``python tests/golden/regenerate.py`` rebuilds
them all (``--title`` for one title); records live in ``tests/golden/records/`` as one
gzipped JSON line per game.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from railhouse.bench.positions import choose_playing
from railhouse.engine.actions import from_builtins, to_builtins
from railhouse.engine.errors import RailhouseError
from railhouse.engine.record import new_game
from railhouse.plugins import registry

RECORDS = Path(__file__).parent / "records"
FIXTURES = Path(__file__).parent / "fixtures"
CHECKPOINT = 64
MAX_ACTIONS = 20_000


@dataclass(frozen=True)
class Spec:
    """One golden game: who plays, with what seed and options."""

    title: str
    seed: int
    seats: tuple[str, ...]  # "random" (the playout choice), "greedy" or "bot-random"
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.title}/{'+'.join(self.seats)}/s{self.seed}" + (f"/{opts}" if opts else "")


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


class Digest:
    """The running digest of the legal sets, checkpointed every :data:`CHECKPOINT` steps."""

    def __init__(self) -> None:
        self.hash = hashlib.sha256()
        self.steps = 0
        self.checkpoints: list[str] = []

    def step(self, game: Any) -> None:
        legal = [choice.to_builtins() for choice in game.legal_actions()]
        self.hash.update(_canonical([game.acting_seat(), game.acting_entity(), legal]))
        self.steps += 1
        if self.steps % CHECKPOINT == 0:
            self.checkpoints.append(self.hash.hexdigest()[:12])

    def final(self) -> list[str]:
        return [*self.checkpoints, self.hash.hexdigest()[:12]]


def summary(game: Any, digest: Digest) -> dict[str, Any]:
    """What a replay must reproduce (a fixture may stop before the game's end: no result)."""
    result = game.result() if game.over else None
    return {
        "legal": digest.final(),
        "scores": list(result.scores) if result else None,
        "reason": result.reason if result else None,
        "observation": hashlib.sha256(_canonical(game.observation())).hexdigest()[:16],
    }


def replay_golden(record: dict[str, Any]) -> dict[str, Any]:
    """Replay ``record`` through the current engine: its :func:`summary`."""
    game = new_game(record["title"], list(record["players"]), record.get("options"),
                    int(record["seed"]))
    digest = Digest()
    for raw in record["actions"]:
        digest.step(game)
        game.apply(from_builtins(raw))
    return summary(game, digest)


def _random_game(spec: Spec) -> Any:
    game = new_game(spec.title, [f"P{i}" for i in range(len(spec.seats))], spec.options,
                    spec.seed)
    rng = random.Random(spec.seed)
    while not game.over:
        game.apply(choose_playing(rng, game.legal_actions()))
        if len(game.actions) > MAX_ACTIONS:
            raise RuntimeError(f"{spec.name}: no game end after {MAX_ACTIONS} actions")
    return game


def _bot_game(spec: Spec) -> Any:
    from railhouse.protocol.drive import InProcess, play
    from railhouse.protocol.referee import Referee
    from railhouse_bots.greedy import GreedyBot
    from railhouse_bots.random_bot import RandomBot

    game = new_game(spec.title, [f"P{i}" for i in range(len(spec.seats))], spec.options,
                    spec.seed)
    bots = {"greedy": GreedyBot, "bot-random": RandomBot}
    seats = [InProcess(bots[kind](spec.seed * 8 + i)) for i, kind in enumerate(spec.seats)]
    # a clock that never moves: no seat times out on a busy machine (determinism)
    transcript = play(Referee(game, game_id=spec.name), seats, clock=lambda: 0.0)
    if transcript.result is None or transcript.failures():
        raise RuntimeError(f"{spec.name}: the game did not finish cleanly")
    return game


def play_spec(spec: Spec) -> dict[str, Any]:
    """Play ``spec`` and return its golden record."""
    game = _random_game(spec) if set(spec.seats) == {"random"} else _bot_game(spec)
    return make_record(game.to_record(), spec.name)


def make_record(record: dict[str, Any], name: str) -> dict[str, Any]:
    """A golden record of a game record: the record plus its replayed :func:`summary`."""
    registry().title(record["title"]).load_factory()  # the title's own actions decode
    golden = {
        "name": name,
        "title": record["title"],
        "options": record.get("options") or {},
        "seed": record["seed"],
        "players": list(record["players"]),
        "actions": [to_builtins(from_builtins(a)) for a in record["actions"]],
    }
    golden.update(replay_golden(golden))
    return golden


def refresh(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with what the engine now says about its actions; a game whose actions no
    longer replay (a rule fix made one illegal) is played again from its spec or fixture."""
    try:
        return make_record(record, record["name"])
    except (RailhouseError, ValueError):
        pass
    title = record["title"]
    for spec in specs(title):
        if spec.name == record["name"]:
            return play_spec(spec)
    for name, fixture in fixture_records(title):
        if name == record["name"]:
            return make_record(fixture, name)
    raise ValueError(f"{record['name']}: no longer replays, and no spec or fixture makes it")


def records_path(title: str) -> Path:
    return RECORDS / f"{title}.jsonl.gz"


def load_records(title: str) -> list[dict[str, Any]]:
    with gzip.open(records_path(title), "rt", encoding="utf-8") as stream:
        return [json.loads(line) for line in stream if line.strip()]


def save_records(title: str, records: list[dict[str, Any]]) -> None:
    RECORDS.mkdir(parents=True, exist_ok=True)
    target = records_path(title)
    tmp = target.with_suffix(".tmp")
    # mtime=0: the same records give the same bytes
    with open(tmp, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as stream:
        for record in records:
            stream.write(json.dumps(record, separators=(",", ":")).encode() + b"\n")
    tmp.replace(target)


def titles() -> tuple[str, ...]:
    return ("soh", "1839")


def specs(title: str) -> Iterator[Spec]:
    """The golden games of ``title``: random playouts and bot games, every player count."""
    counts = {"soh": (2, 3, 4, 5), "1839": (2, 3, 4)}[title]
    for players in counts:
        for seed in range(RANDOM_GAMES[title]):
            yield Spec(title, 100 * players + seed, ("random",) * players)
    for players in counts:
        for seed in range(2):
            yield Spec(title, 200 * players + seed, ("greedy",) * players)
        mixed = tuple("greedy" if i % 2 == 0 else "bot-random" for i in range(players))
        yield Spec(title, 300 * players, mixed)
    for options in OPTION_SETS[title]:
        for seed in range(3):
            yield Spec(title, 400 + seed, ("random",) * 3, dict(options))
        yield Spec(title, 500, ("greedy",) * 3, dict(options))


#: random playouts per player count (1839 has fewer player counts)
RANDOM_GAMES = {"soh": 8, "1839": 10}


#: title options whose rules differ enough to deserve their own games
OPTION_SETS: dict[str, tuple[dict[str, Any], ...]] = {
    "soh": (
        {"rules": "18xx-games"},
        {"edition": "online"},
        {"distribution": "deal"},
        {"priority_deal": True},
    ),
    "1839": (
        {"light_red_train_limit": 3},
        {"agreed_end": True},
        {"purple_end": "purple_began"},
    ),
}


def fixture_records(title: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Game records the tests and the issues use, copied into :data:`FIXTURES`: railhouse
    records (``<title>-<name>.json``, some stopping mid-game) and 18xx.games exports
    (``<title>-<name>.18xx-games.json``), converted by the title's importer."""
    for path in sorted(FIXTURES.glob(f"{title}-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if path.name.endswith(".18xx-games.json"):
            from railhouse_soh.importer import import_18xx_games

            data = import_18xx_games(data)
        yield f"{title}/fixture/{path.name.split('.')[0]}", replayable_prefix(data)


def replayable_prefix(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` up to its first action the engine refuses (a rule fix may have made an
    action of an old fixture illegal; the issues' fixtures say to replay up to it)."""
    game = new_game(record["title"], list(record["players"]), record.get("options"),
                    int(record["seed"]))
    for index, raw in enumerate(record["actions"]):
        try:
            game.apply(from_builtins(raw))
        except RailhouseError:
            return {**record, "actions": record["actions"][:index]}
    return record
