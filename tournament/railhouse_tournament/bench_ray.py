"""The Ray backend's cost against the local runner, measured in the same run.

Per repeat, the same tournament (4-player games between subprocess random bots, one game
per CPU at once) is played by the local runner and then by the Ray backend on a Ray
instance started on this machine with as many CPUs.  Besides both rates it measures what
the docs' scaling projection needs: starting Ray (once), starting the workers, the round
trip of an empty actor call (the scheduling cost each game pays), and the size of a result
(journal entry + record: what each game transfers to the driver), and how long a new
worker takes to answer (its process, imports and the title's setup).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import trio

from railhouse_tournament.bench import BenchRow, _config, games_per_minute
from railhouse_tournament.cluster import ClusterSettings
from railhouse_tournament.ray_backend import RayRunner, require_ray
from railhouse_tournament.runner import create


@dataclass
class RayBench:
    local: list[BenchRow] = field(default_factory=list)
    ray: list[BenchRow] = field(default_factory=list)
    startup_s: float = 0.0
    call_ms: float = 0.0
    worker_start_s: float = 0.0
    result_kb: float = 0.0

    def extra(self) -> dict[str, Any]:
        local = [round(r.games_per_minute, 1) for r in self.local]
        ray = [round(r.games_per_minute, 1) for r in self.ray]
        return {
            "local_games_per_min": local,
            "ratio": [round(b / a, 3) for a, b in zip(local, ray, strict=True)],
            "ray_startup_s": round(self.startup_s, 2),
            "actor_call_ms": round(self.call_ms, 3),
            "worker_start_s": round(self.worker_start_s, 2),
            "result_kb": round(self.result_kb, 1),
        }


class _Echo:
    def ping(self, value: int) -> int:
        return value


def _call_ms(ray: Any, calls: int = 200) -> float:
    """Mean round trip of an empty actor method call, pipelined as the backend does."""
    echo = ray.remote(num_cpus=0)(_Echo).remote()
    ray.get(echo.ping.remote(0))
    started = time.perf_counter()
    for i in range(calls):
        ray.get(echo.ping.remote(i))
    elapsed = time.perf_counter() - started
    ray.kill(echo)
    return elapsed / calls * 1e3


def _worker_start_s(ray: Any, config: Any) -> float:
    """Seconds from creating a game worker to its first answer (process, imports, title)."""
    import sys

    from railhouse_tournament.ray_worker import GameWorker

    started = time.perf_counter()
    worker = ray.remote(num_cpus=1)(GameWorker).remote(config.to_dict(), "bench", 0,
                                                       sys.executable)
    ray.get(worker.pid.remote())
    elapsed = time.perf_counter() - started
    ray.get(worker.shutdown.remote())
    ray.kill(worker)
    return elapsed


async def _ray_row(directory_root: Path, config: Any) -> tuple[BenchRow, float]:
    directory = create(config, directory_root)
    started = time.perf_counter()
    summary = await RayRunner(directory).run()
    elapsed = time.perf_counter() - started
    entries = directory.entries()
    decisions = sum(entry.get("decisions", 0) for entry in entries)
    sizes = [len(json.dumps(e)) + directory.record_path(e["game"]).stat().st_size
             for e in entries]  # fmt: skip
    row = BenchRow("ray", config.title, config.players, summary.played, decisions, elapsed)
    return row, sum(sizes) / max(len(sizes), 1) / 1024


def ray_against_local(title: str, players: int, games: int, repeats: int) -> RayBench:
    ray = require_ray()
    workers = os.cpu_count() or 1
    bench = RayBench()
    started = time.perf_counter()
    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
             logging_level="warning", namespace="railhouse-bench")  # fmt: skip
    bench.startup_s = time.perf_counter() - started
    try:
        bench.call_ms = _call_ms(ray)
        config = _config(title, players, games, True, workers)
        on_ray = replace(config, cluster=ClusterSettings(backend="ray", actors=workers))
        bench.worker_start_s = _worker_start_s(ray, on_ray)
        with tempfile.TemporaryDirectory(prefix="railhouse-bench-ray-") as tmp:
            for repeat in range(repeats):
                bench.local.append(games_per_minute(title, players, games, workers))
                row, size = trio.run(_ray_row, Path(tmp) / f"r{repeat}", on_ray)
                bench.ray.append(row)
                bench.result_kb = size
    finally:
        ray.shutdown()
    return bench
