"""Metrics that cross a process or a package boundary: the bot pipe, the tournament
runner, and the import + replay of the real 18xx.games record.

``protocol.overhead_us``: per decision, a subprocess random bot minus the same bot
in-process, on 4-player games of the title (one sample per repeat; both medians in
``extra``).  ``tournament.games_per_min``: 4-player games between subprocess random bots,
one game per core at once.  ``soh.replay_181446_ms``: per repeat, read and convert
the 18xx.games game 181446 that ``railhouse_soh`` ships as package data
(``railhouse_soh.importer.GAME_181446``; the converter plays every action on a live game,
so the import is itself one replay, with its conversion work on top) plus one replay of
the produced record from scratch, invariants off: two plays of the game in all.  ``extra``
holds the two parts (``import_ms``, ``replay_ms``); ``replay_ms`` alone is what compares
with 18xx.games' own engine replaying the game.
"""

from __future__ import annotations

import os
import time
from typing import Any

from railhouse.bench.metric import Metric, skipped
from railhouse.bench.positions import seat_names
from railhouse.engine.record import new_game, replay


def protocol_overhead(title_id: str, players: int, repeats: int, games: int) -> Metric:
    from railhouse.protocol.bench import decision_overhead

    def make(seed: int) -> Any:
        return new_game(title_id, seat_names(players), None, seed)

    runs = [decision_overhead(make, games=games) for _ in range(repeats)]
    return Metric(
        "protocol.overhead_us", "us", [run.overhead_us for run in runs],
        extra={"title": title_id, "players": players, "decisions": runs[0].decisions,
               "in_process_us": [round(run.in_process_us, 1) for run in runs],
               "subprocess_us": [round(run.subprocess_us, 1) for run in runs]},
    )  # fmt: skip


def tournament_rate(title_id: str, players: int, repeats: int, games: int) -> Metric:
    from railhouse_tournament.bench import games_per_minute

    rows = [games_per_minute(title_id, players, games) for _ in range(repeats)]
    return Metric(
        "tournament.games_per_min", "games/min", [row.games_per_minute for row in rows],
        extra={"title": title_id, "players": players, "games": games,
               "concurrency": os.cpu_count() or 1,
               "us_per_decision": [round(row.us_per_decision) for row in rows]},
    )  # fmt: skip


def ray_tournament_rate(title_id: str, players: int, repeats: int, games: int) -> Metric:
    """The Ray backend's games/min on a Ray instance on this machine, with the local
    runner's rate for the same tournament measured alternately in the same run."""
    name, unit = "tournament.ray_games_per_min", "games/min"
    try:
        import ray  # noqa: F401
    except ImportError:
        return skipped(name, unit, "Ray is not installed (pip install 'railhouse[ray]')")
    from railhouse_tournament.bench_ray import ray_against_local

    bench = ray_against_local(title_id, players, games, repeats)
    return Metric(name, unit, [row.games_per_minute for row in bench.ray],
                  extra={"title": title_id, "players": players, "games": games,
                         "concurrency": os.cpu_count() or 1, **bench.extra()})  # fmt: skip


def soh_replay(repeats: int) -> Metric:
    name, unit = "soh.replay_181446_ms", "ms"
    try:
        from railhouse_soh.importer import GAME_181446 as path
        from railhouse_soh.importer import import_18xx_games
    except ImportError as exc:
        return skipped(name, unit, f"cannot import the 18xx.games importer: {exc}")
    if not path.is_file():
        return skipped(name, unit, f"the railhouse-soh package lacks its data file {path.name}")
    imports: list[float] = []
    replays: list[float] = []
    actions = 0
    for _ in range(repeats):
        start = time.perf_counter()
        record = import_18xx_games(path)
        imported = time.perf_counter()
        game = replay(record)
        imports.append((imported - start) * 1e3)
        replays.append((time.perf_counter() - imported) * 1e3)
        actions = game.action_count
    samples = [a + b for a, b in zip(imports, replays, strict=True)]
    return Metric(name, unit, samples, extra={
        "actions": actions, "import_ms": [round(x, 1) for x in imports],
        "replay_ms": [round(x, 1) for x in replays]})
