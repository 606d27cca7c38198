"""``--backend ray``: the games of a tournament on a Ray cluster, the driver writing the
tournament directory alone (optional extra ``railhouse[ray]``).

The driver keeps a pool of :class:`~railhouse_tournament.ray_worker.GameWorker` actors
(``cluster.actors``, default one per CPU of the cluster) and keeps two games queued on
each, so a worker never waits for the driver between games.  Each result (journal entry,
record, new bot-log bytes) comes back to the driver, which commits it exactly as the local
runner does: record durably, then the journal line, then the SPRT.

Exactly once: the actors are created with ``max_restarts=-1`` and ``max_task_retries=-1``,
so when a worker process dies mid-game Ray restarts the actor and replays the game there.
Should Ray give up on a call anyway, the driver replaces that worker and puts the game
back at the front of its queue (a game lost ``MAX_LOSSES`` times ends the run with a
one-line error: such workers cannot play at all).  A game is committed only by the
driver and only if its id is not in the journal yet, so neither a retry nor a late
duplicate can count twice; after a driver crash ``resume`` replays exactly the games
without a journal line, like the local runner.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections import Counter, deque
from dataclasses import asdict
from pathlib import Path
from typing import Any

import trio

from railhouse.logs import get_logger
from railhouse_tournament import jail, reaper, schedule
from railhouse_tournament.errors import ConfigError
from railhouse_tournament.journal import TournamentDir
from railhouse_tournament.runner import Runner, RunSummary

log = get_logger("railhouse.tournament.ray")

#: games queued on each worker at once (one playing, one waiting)
DEPTH = 2
#: a game Ray gives up on this often stops the run (a worker that cannot play at all)
MAX_LOSSES = 3


def require_ray() -> Any:
    """The ``ray`` module, or a one-line error naming the extra to install."""
    try:
        import ray
    except ImportError:
        raise ConfigError(
            "cluster.backend", "'ray' needs Ray: pip install 'railhouse[ray]'"
        ) from None
    return ray


def runtime_env(directory: TournamentDir) -> dict[str, Any]:
    """The Ray runtime environment of the workers: ``cluster.runtime_env`` plus the
    ``working_dir`` to ship."""
    cluster = directory.config.cluster
    env = dict(cluster.runtime_env)
    if cluster.working_dir:
        env["working_dir"] = cluster.working_dir
    return env


def cause(exc: BaseException) -> str:
    """The innermost error a Ray exception reports (its text holds the remote traceback),
    on one line: e.g. ``NotRegistered: unknown title 'soh' (known: 1839)``."""
    lines = [line.strip(" |") for line in str(exc).splitlines()]
    for line in reversed(lines):
        name, sep, rest = line.partition(": ")
        if sep and rest and name.replace(".", "").replace("_", "").isalnum() and " " not in name:
            return f"{name.rsplit('.', 1)[-1]}: {rest}"[:300]
    return (lines[0] if lines else repr(exc))[:300]


class RayRunner(Runner):
    """The local runner's bookkeeping (journal, SPRT, progress) over Ray workers."""

    async def _run(self, started: float) -> RunSummary:
        """The run, holding the directory (``Runner.run`` takes and releases it)."""
        ray = require_ray()
        games = schedule.build(self.config)
        todo = self._todo(games)
        self.summary.skipped, self.summary.total = len(games) - len(todo), len(games)
        killed = reaper.kill_marked(self.directory.token) + jail.sweep_dead_runs()
        if killed:  # this machine's orphans of a killed earlier run
            log.warning("killed_orphans", pids=killed)
        self.reporter.start(len(games), len(games) - len(todo))
        joined = self._connect(ray)
        workers: list[Any] = []
        try:
            if todo:
                workers = self._start_workers(ray)
                log.info("tournament_start", games=len(games), todo=len(todo),
                         workers=len(workers), backend="ray")  # fmt: skip
                with trio.CancelScope() as self._games:
                    await self._schedule(ray, workers, todo)
        finally:
            with trio.CancelScope(shield=True):
                await self._stop_workers(ray, workers)
            if joined:
                ray.shutdown()
            self.reporter.close()
            self.summary.leftovers = reaper.kill_marked(self.directory.token)
            self.summary.seconds = time.monotonic() - started
        return self.summary

    def _connect(self, ray: Any) -> bool:
        """Join the cluster (``cluster.address``; unset: a Ray instance on this machine);
        False when this process already was connected (then it stays connected)."""
        if ray.is_initialized():
            return False
        cluster = self.config.cluster
        options: dict[str, Any] = {
            "runtime_env": runtime_env(self.directory) or None,
            "log_to_driver": False, "logging_level": "warning", "namespace": "railhouse",
        }  # fmt: skip
        if cluster.address:
            ray.init(address=cluster.address, **options)
        else:
            ray.init(num_cpus=self.config.workers, include_dashboard=False, **options)
        return True

    def _start_workers(self, ray: Any) -> list[Any]:
        from railhouse_tournament.ray_worker import GameWorker

        count = self.config.cluster.actors or int(ray.cluster_resources().get("CPU", 1))
        for index in range(count):  # this machine's orphans of a killed earlier driver
            reaper.kill_marked(f"{self.directory.token}-w{index}")
        actor = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=-1)(GameWorker)
        config = self.config.to_dict()
        return [
            actor.remote(config, self.directory.token, index, sys.executable)
            for index in range(max(count, 1))
        ]

    async def _schedule(self, ray: Any, workers: list[Any], todo: list[Any]) -> None:
        queue = deque(todo)
        pending: dict[Any, tuple[schedule.ScheduledGame, int, Any]] = {}
        load = dict.fromkeys(range(len(workers)), 0)
        done = {entry["game"] for entry in self.directory.entries()}
        losses: Counter[str] = Counter()
        while queue or pending:
            for index in sorted(load, key=load.__getitem__):
                while queue and load[index] < DEPTH:
                    game = queue.popleft()
                    ref = workers[index].play.remote(asdict(game))
                    pending[ref] = (game, index, workers[index])
                    load[index] += 1
            ready, _ = await trio.to_thread.run_sync(
                lambda: ray.wait(list(pending), num_returns=1, timeout=0.25)
            )
            for ref in ready:
                game, index, worker = pending.pop(ref)
                load[index] -= 1
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayError as exc:  # Ray gave up: play it again
                    log.warning("game_lost", game=game.game_id, error=str(exc)[:300])
                    losses[game.game_id] += 1
                    if losses[game.game_id] >= MAX_LOSSES:
                        raise ConfigError("cluster", (
                            f"game {game.game_id} was lost by {MAX_LOSSES} Ray workers "
                            f"(are railhouse, the title and the bots on every node?): "
                            f"{cause(exc)}")) from None
                    queue.appendleft(game)
                    if workers[index] is worker:  # not yet replaced for another lost game
                        workers[index] = self._replace_worker(ray, worker, index)
                    continue
                if game.game_id in done:  # never count a game twice
                    continue
                done.add(game.game_id)
                await self._write_logs(result["logs"])
                entry = {**result["entry"], "worker": result["worker"]}  # who played it
                await self._finish(entry, result["record"])

    def _replace_worker(self, ray: Any, worker: Any, index: int) -> Any:
        from railhouse_tournament.ray_worker import GameWorker

        ray.kill(worker, no_restart=True)
        actor = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=-1)(GameWorker)
        return actor.remote(self.config.to_dict(), self.directory.token, index, sys.executable)

    async def _write_logs(self, logs: dict[str, bytes]) -> None:
        if logs:
            await trio.to_thread.run_sync(self._append_logs, logs)

    def _append_logs(self, logs: dict[str, bytes]) -> None:
        for name, data in logs.items():
            safe = Path(name).name  # a worker names files, never paths
            with (self.directory.path / "logs" / safe).open("ab") as handle:
                handle.write(data)

    async def _stop_workers(self, ray: Any, workers: list[Any]) -> None:
        """Ask each worker to close its bots (and hand over the last log bytes); kill it."""
        if not workers:
            return
        refs = [worker.shutdown.remote() for worker in workers]
        ready, _ = await trio.to_thread.run_sync(
            lambda: ray.wait(refs, num_returns=len(refs), timeout=30)
        )
        for ref in ready:
            with contextlib.suppress(ray.exceptions.RayError):
                self._append_logs(ray.get(ref))
        for worker in workers:
            ray.kill(worker, no_restart=True)
        for index in range(len(workers)):  # bots of this machine's workers, if any remain
            reaper.kill_marked(f"{self.directory.token}-w{index}")

