"""Engine metrics: applying actions, enumerating them, whole games, memory.

``core.apply_action_us``: one ``game.apply(action)`` (validation included), per action of
seeded random playouts.  ``core.legal_actions_us``: one ``game.legal_actions()`` at every
decision that is not a tile, token or route decision (those are the map's metrics).
``core.step_us``: one ``legal_actions()`` plus one ``apply`` of the chosen action, at every
decision (what a random playout or a search rollout pays per decision).
``core.clone_us``: one ``game.clone()`` of a late-game state, and dropping it (what a
search bot pays per node).  ``<title>.random_games_per_s``: full random games in-process
on one core, per batch.
``memory.game_state_kb``: the memory a clone of a late-game state owns (what ``clone()``
copies: the object graph less what it shares with the original and the title's data).
``memory.peak_rss_mb``: peak resident size of a fresh interpreter that plays one random
game.
"""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
import time
import types
from typing import Any

from railhouse.bench.metric import Metric
from railhouse.bench.positions import (
    Snapshot,
    choose_playing,
    late_snapshots,
    playout,
    seat_names,
)
from railhouse.engine.actions import LayTile, PlaceToken, RunRoutes
from railhouse.engine.record import new_game

MAP_DECISIONS = (LayTile, PlaceToken, RunRoutes)


def is_map_decision(legal: list[Any]) -> bool:
    return any(isinstance(choice.action, MAP_DECISIONS) for choice in legal)


def action_timings(
    title_id: str, players: int, seeds: range
) -> tuple[Metric, Metric, Metric]:
    """Per-call times of ``apply``, of ``legal_actions`` (outside map decisions) and of one
    whole decision (``legal_actions`` + ``apply``, map decisions included)."""
    apply_us: list[float] = []
    legal_us: list[float] = []
    step_us: list[float] = []
    clock = time.perf_counter
    for seed in seeds:
        game = new_game(title_id, seat_names(players), None, seed)
        rng = random.Random(seed)
        while not game.over:
            start = clock()
            legal = game.legal_actions()
            spent = clock() - start
            if not is_map_decision(legal):
                legal_us.append(spent * 1e6)
            action = choose_playing(rng, legal)
            start = clock()
            game.apply(action)
            applied = (clock() - start) * 1e6
            apply_us.append(applied)
            step_us.append(spent * 1e6 + applied)
    extra = {"title": title_id, "players": players, "games": len(seeds)}
    return (
        Metric("core.apply_action_us", "us", apply_us, extra=extra),
        Metric("core.legal_actions_us", "us", legal_us, extra=extra),
        Metric("core.step_us", "us", step_us, extra=extra),
    )


def clone_times(snapshots: list[Snapshot], repeats: int = 5) -> Metric:
    """``core.clone_us``: each late-game snapshot cloned ``repeats`` times, each clone
    dropped within its sample (a dropped game is freed at once:
    :mod:`railhouse.engine.cloning`), as a search bot pays for it."""
    samples: list[float] = []
    for snapshot in snapshots:
        for _ in range(repeats):
            start = time.perf_counter()
            snapshot.game.clone()
            samples.append((time.perf_counter() - start) * 1e6)
    return Metric("core.clone_us", "us", samples, extra={"positions": len(snapshots)})


def games_per_second(
    title_id: str, players: int, batches: int, per_batch: int, first_seed: int = 1000
) -> Metric:
    """Full seeded random games in-process; one sample per batch of ``per_batch`` games."""
    rates: list[float] = []
    actions = 0
    seed = first_seed
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(per_batch):
            actions += playout(title_id, players, seed).action_count
            seed += 1
        rates.append(per_batch / (time.perf_counter() - start))
    name = f"{'m1839' if title_id == '1839' else title_id}.random_games_per_s"
    games = batches * per_batch
    extra = {"players": players, "games": games, "actions_per_game": round(actions / games)}
    return Metric(name, "games/s", rates, extra=extra)


_SKIP = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
         types.MethodType)


def _walk(roots: list[Any], seen: set[int]) -> int:
    """Bytes of the objects reachable from ``roots`` not yet in ``seen`` (marks them)."""
    total = 0
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, _SKIP):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


def shared_data(game: Any) -> list[Any]:
    """The title's shared data a game reaches: config, metadata, hooks, map definition."""
    board = getattr(game, "board", None)
    shared = [game.config, game.info, game.hooks]
    if board is not None:
        shared.append(board.map)
    return shared


def graph_bytes(game: Any) -> int:
    """Bytes of the objects reachable from ``game`` but not from the title's shared data,
    nor classes, modules and functions: the whole state, shared parts included."""
    seen: set[int] = set()
    _walk(shared_data(game), seen)
    return _walk([game], seen)


def owned_bytes(game: Any) -> int:
    """Bytes a clone of ``game`` owns: the objects reachable from the clone but not from
    ``game`` nor from the title's shared data.  What clones share by design (the blocks
    of the action and event logs, immutable values, cached derived data) is not counted;
    every mutable record, container and decider is."""
    twin = game.clone()
    seen: set[int] = set()
    _walk(shared_data(game), seen)
    _walk([game], seen)
    return _walk([twin], seen)


def state_size(title_id: str, players: int, seeds: range) -> Metric:
    """``memory.game_state_kb`` over the late snapshots of seeded playouts; ``extra``
    gives the median size of the whole state graph (shared parts included) for scale."""
    games = [s.game for s in late_snapshots(title_id, players, seeds, every=50, late=0.8)]
    sizes = [owned_bytes(game) / 1024 for game in games]
    whole = sorted(graph_bytes(game) / 1024 for game in games)
    return Metric("memory.game_state_kb", "KiB", sizes,
                  extra={"title": title_id, "players": players,
                         "whole_state_kb": round(whole[len(whole) // 2]) if whole else 0})


#: Linux keeps ``ru_maxrss`` across ``exec``: a child started by a big parent (the bench
#: itself, after the dense route metric) would report the parent's peak.  ``VmHWM`` in
#: /proc/self/status is the peak of the child's own memory; ``ru_maxrss`` elsewhere.
RSS_SCRIPT = """
import json, resource, sys
from railhouse.bench.positions import playout

def peak_kb():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

before = peak_kb()
game = playout(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
after = peak_kb()
print(json.dumps({"before_kb": before, "after_kb": after, "actions": len(game.actions)}))
"""


def peak_rss(title_id: str, players: int, seeds: range) -> Metric:
    """``memory.peak_rss_mb``: one fresh interpreter per seed plays one random game."""
    peaks: list[float] = []
    baseline: list[float] = []
    for seed in seeds:
        argv = [sys.executable, "-c", RSS_SCRIPT, title_id, str(players), str(seed)]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=600, check=False)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise RuntimeError(f"the measuring interpreter failed: {last}")
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        peaks.append(figures["after_kb"] / 1024)
        baseline.append(figures["before_kb"] / 1024)
    return Metric("memory.peak_rss_mb", "MiB", peaks,
                  extra={"title": title_id, "players": players,
                         "after_imports_mb": round(min(baseline), 1)})
