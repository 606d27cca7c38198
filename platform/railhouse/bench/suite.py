"""The benchmark suite: which metrics exist, how big a run is, and running a selection.

Metric names are stable (scripts and notes quote them).  Metrics named after a title
(``soh.*``, ``m1839.*``) measure that title; the others measure the engine, map, protocol
and runner on games of the run's title (``--title``, default ``soh``), 4 players.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from railhouse.bench import board, dense, engine, external, rival, worst
from railhouse.bench.metric import FAILED, Metric, skipped
from railhouse.bench.positions import Snapshot, late_snapshots

#: name -> (unit, what it measures); the README's table is generated from the same words
METRICS: dict[str, tuple[str, str]] = {
    "core.apply_action_us": ("us", "one validated game.apply(action) in random playouts"),
    "core.legal_actions_us": ("us", "one legal_actions() outside tile/token/route decisions"),
    "core.step_us": ("us", "one legal_actions() + one apply() per decision, random playouts"),
    "core.clone_us": ("us", "one game.clone() of a late-game state (a search bot's node)"),
    "map.legal_tile_lays_ms": ("ms", "legal_tile_lays for a company, late-game boards, cold"),
    "routes.optimal_ms": ("ms", "exact optimal routes (<= 4 trains), late-game boards, cold"),
    "routes.suboptimal_count": ("positions", "optimiser revenue != brute force (must be 0)"),
    "routes.dense_ms": ("ms", "exact optimal routes, saturated boards, long trains (see note)"),
    "routes.worst_ms": ("ms", "slowest cold route solve, late boards of every title + 1839 record"),
    "soh.replay_181446_ms": ("ms", "import + replay of the real 18xx.games record 181446"),
    "soh.replay_vs_18xx_games": ("x", "CPU of our validated replay of 181446 / 18xx.games' own"),
    "soh.random_games_per_s": ("games/s", "full 4-player SOH random games in-process"),
    "m1839.random_games_per_s": ("games/s", "full 4-player 1839 random games in-process"),
    "protocol.overhead_us": ("us", "per decision: subprocess bot minus in-process bot"),
    "protocol.simulate_us": ("us", "runner's side of one simulate of one action, mid-game"),
    "tournament.games_per_min": ("games/min", "4-player games, subprocess random bots"),
    "tournament.ray_games_per_min": ("games/min", "the same on the Ray backend, this machine"),
    "memory.game_state_kb": ("KiB", "memory a clone of a late-game state owns (not shared)"),
    "memory.peak_rss_mb": ("MiB", "peak RSS of an interpreter playing one random game"),
}

TITLE_OF_METRIC = {"soh": "soh", "m1839": "1839"}  # metric prefix -> title id


@dataclass(frozen=True)
class Sizes:
    """How much work each benchmark does; ``QUICK`` fits in a minute on 2 cores."""

    timing_games: int
    snapshot_seeds: int
    batches: int
    per_batch: int
    state_seeds: int
    rss_seeds: int
    protocol_repeats: int
    protocol_games: int
    tournament_repeats: int
    tournament_games: int
    replay_repeats: int
    dense_seeds: int = 1  # playouts saturated for routes.dense_ms (bench/dense.py) ...
    dense_lays: int = dense.MAX_LAYS  # ... with at most this many lays per pass
    rival_repeats: int = 3  # soh.replay_vs_18xx_games samples (each 5 plays per side)


QUICK = Sizes(3, 3, 3, 2, 1, 1, 2, 2, 1, 8, 3, dense_seeds=1, dense_lays=40)
FULL = Sizes(10, 8, 5, 4, 3, 3, 3, 5, 3, 12, 10, dense_seeds=6, rival_repeats=5)

PLAYERS = 4


class Run:
    """One run of the suite over a title; caches the positions several metrics share."""

    def __init__(self, title: str, sizes: Sizes, installed: set[str],
                 title_given: bool = False) -> None:
        self.title = title
        self.title_given = title_given
        self.sizes = sizes
        self.installed = installed
        self._snapshots: list[Snapshot] | None = None

    def snapshots(self) -> list[Snapshot]:
        if self._snapshots is None:
            seeds = range(self.sizes.snapshot_seeds)
            self._snapshots = list(late_snapshots(self.title, PLAYERS, seeds))
        return self._snapshots

    # -- the benchmarks; each returns the metrics it produced --------------------------
    def core(self) -> list[Metric]:
        return list(engine.action_timings(self.title, PLAYERS, range(self.sizes.timing_games)))

    def clones(self) -> list[Metric]:
        return [engine.clone_times(self.snapshots())]

    def has_map(self) -> bool:
        return all(hasattr(s.game, "board") for s in self.snapshots()[:1])

    def tile_lays(self) -> list[Metric]:
        if not self.has_map():
            return [skipped("map.legal_tile_lays_ms", "ms", f"{self.title!r} has no map")]
        return [board.tile_lay_times(self.snapshots())]

    def routes(self) -> list[Metric]:
        if not self.has_map():
            return [skipped(n, METRICS[n][0], f"{self.title!r} has no map")
                    for n in ("routes.optimal_ms", "routes.suboptimal_count")]
        problems = board.route_problems(self.snapshots())
        metrics = [board.route_times(problems)]
        reference = reference_solver()
        if reference is None:
            metrics.append(skipped("routes.suboptimal_count", "positions",
                                   "no brute-force reference in railhouse.map"))
        else:
            metrics.append(board.suboptimal(problems, reference))
        return metrics

    def dense_routes(self) -> list[Metric]:
        if not self.has_map():
            return [skipped("routes.dense_ms", "ms", f"{self.title!r} has no map")]
        seeds = self.sizes.dense_seeds
        if seeds <= self.sizes.snapshot_seeds:
            snapshots = [s for s in self.snapshots() if s.seed < seeds]
        else:
            snapshots = list(late_snapshots(self.title, PLAYERS, range(seeds)))
        positions = dense.dense_positions(self.title, snapshots, max_lays=self.sizes.dense_lays)
        return [dense.dense_route_times(positions)]

    def worst_routes(self) -> list[Metric]:
        titles = [self.title] if self.title_given else sorted(self.installed)
        seeds = range(self.sizes.snapshot_seeds)
        return [worst.worst_route_times(titles, PLAYERS, seeds)]

    def games(self, title: str) -> list[Metric]:
        s = self.sizes
        return [engine.games_per_second(title, PLAYERS, s.batches, s.per_batch)]

    def memory(self) -> list[Metric]:
        s = self.sizes
        return [engine.state_size(self.title, PLAYERS, range(s.state_seeds)),
                engine.peak_rss(self.title, PLAYERS, range(s.rss_seeds))]

    def protocol(self) -> list[Metric]:
        s = self.sizes
        return [external.protocol_overhead(self.title, PLAYERS, s.protocol_repeats,
                                           s.protocol_games)]

    def simulate(self) -> list[Metric]:
        from railhouse.protocol.bench import simulate_round_trips

        samples: list[float] = []
        positions = 0
        for seed in range(self.sizes.snapshot_seeds):
            snapshot = next(late_snapshots(self.title, PLAYERS, range(seed, seed + 1),
                                           late=0.5), None)
            if snapshot is not None:
                positions += 1
                samples += simulate_round_trips(snapshot.game, 20)
        return [Metric("protocol.simulate_us", "us", samples,
                       extra={"title": self.title, "positions": positions})]

    def tournament(self) -> list[Metric]:
        s = self.sizes
        return [external.tournament_rate(self.title, PLAYERS, s.tournament_repeats,
                                         s.tournament_games)]

    def ray_tournament(self) -> list[Metric]:
        s = self.sizes
        return [external.ray_tournament_rate(self.title, PLAYERS, s.tournament_repeats,
                                             s.tournament_games)]

    def replay(self) -> list[Metric]:
        return [external.soh_replay(self.sizes.replay_repeats)]

    def rival_replay(self) -> list[Metric]:
        return [rival.replay_ratio(self.sizes.rival_repeats)]


@dataclass(frozen=True)
class Bench:
    produces: tuple[str, ...]
    title: str | None  # the title it measures; None = the run's title
    run: Callable[[Run], list[Metric]]


BENCHES: tuple[Bench, ...] = (
    Bench(("core.apply_action_us", "core.legal_actions_us", "core.step_us"), None, Run.core),
    Bench(("core.clone_us",), None, Run.clones),
    Bench(("map.legal_tile_lays_ms",), None, Run.tile_lays),
    Bench(("routes.optimal_ms", "routes.suboptimal_count"), None, Run.routes),
    Bench(("routes.dense_ms",), None, Run.dense_routes),
    Bench(("routes.worst_ms",), None, Run.worst_routes),
    Bench(("soh.replay_181446_ms",), "soh", Run.replay),
    Bench(("soh.replay_vs_18xx_games",), "soh", Run.rival_replay),
    Bench(("soh.random_games_per_s",), "soh", lambda run: run.games("soh")),
    Bench(("m1839.random_games_per_s",), "1839", lambda run: run.games("1839")),
    Bench(("protocol.overhead_us",), None, Run.protocol),
    Bench(("protocol.simulate_us",), None, Run.simulate),
    Bench(("tournament.games_per_min",), None, Run.tournament),
    Bench(("tournament.ray_games_per_min",), None, Run.ray_tournament),
    Bench(("memory.game_state_kb", "memory.peak_rss_mb"), None, Run.memory),
)


def reference_solver() -> Callable[[Any], int | None] | None:
    """The map package's brute-force reference, if it ships one."""
    try:
        from railhouse.map.bench_helpers import brute_force_check
    except ImportError:
        return None
    solver: Callable[[Any], int | None] = brute_force_check
    return solver


def select(only: Iterable[str]) -> set[str]:
    """Metric names matching ``only`` (exact names or dotted prefixes such as ``routes``);
    every name when ``only`` is empty.  Raises ValueError naming an unknown selector."""
    wanted = [name for text in only for name in text.split(",") if name]
    if not wanted:
        return set(METRICS)
    chosen: set[str] = set()
    for selector in wanted:
        hits = {m for m in METRICS if m == selector or m.startswith(selector + ".")}
        if not hits:
            raise ValueError(f"unknown metric {selector!r}; known: {', '.join(METRICS)}")
        chosen |= hits
    return chosen


def run_suite(
    title: str,
    sizes: Sizes,
    installed: set[str],
    chosen: set[str],
    *,
    title_given: bool = False,
    progress: Callable[[str], None] | None = None,
) -> list[Metric]:
    """Run every benchmark producing a chosen metric; one that raises becomes a FAILED
    metric with a one-line note (the others still run).  With ``title_given``, metrics
    named after another title are left out."""
    run = Run(title, sizes, installed, title_given)
    out: list[Metric] = []
    for bench in BENCHES:
        names = [n for n in bench.produces if n in chosen]
        needs = bench.title or title
        if not names or (title_given and bench.title not in (None, title)):
            continue
        if progress is not None:
            progress(", ".join(names))
        if needs not in installed:
            out += [skipped(n, METRICS[n][0], f"title {needs!r} is not installed")
                    for n in names]
            continue
        try:
            produced = bench.run(run)
        except Exception as exc:  # a broken benchmark must not hide the others
            reason = f"{type(exc).__name__}: {exc}".splitlines()[0]
            out += [Metric(n, METRICS[n][0], status=FAILED, note=reason) for n in names]
            continue
        out += [m for m in produced if m.name in chosen]
    return out
