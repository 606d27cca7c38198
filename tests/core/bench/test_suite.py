"""railhouse.bench.suite: selecting metrics and running them."""

from __future__ import annotations

import pytest

from railhouse.bench import board, engine, suite
from railhouse.bench.metric import FAILED, OK, SKIPPED, VIOLATED
from railhouse.bench.suite import METRICS, Sizes, run_suite, select

TINY = Sizes(1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1)


def test_select_takes_names_prefixes_and_commas() -> None:
    assert select([]) == set(METRICS)
    assert select(["routes"]) == {"routes.optimal_ms", "routes.suboptimal_count",
                                  "routes.dense_ms", "routes.worst_ms"}
    assert select(["core.apply_action_us,memory"]) == {
        "core.apply_action_us", "memory.game_state_kb", "memory.peak_rss_mb"}


def test_select_rejects_an_unknown_name() -> None:
    with pytest.raises(ValueError, match="unknown metric 'route'"):
        select(["route"])


def test_run_suite_measures_the_chosen_metrics_on_soh() -> None:
    chosen = {"core.apply_action_us", "map.legal_tile_lays_ms", "routes.optimal_ms"}
    metrics = {m.name: m for m in run_suite("soh", TINY, {"soh"}, chosen)}
    assert set(metrics) == chosen
    for metric in metrics.values():
        assert metric.status == OK and metric.repeats > 0, metric


def test_a_missing_title_is_skipped_not_failed() -> None:
    metrics = run_suite("soh", TINY, {"soh"}, {"m1839.random_games_per_s"})
    assert [(m.name, m.status) for m in metrics] == [("m1839.random_games_per_s", SKIPPED)]


def test_a_given_title_leaves_out_other_titles_metrics() -> None:
    chosen = {"soh.random_games_per_s", "m1839.random_games_per_s"}
    assert run_suite("1839", TINY, {"soh"}, chosen, title_given=True) == [
        m for m in run_suite("1839", TINY, {"soh"}, {"m1839.random_games_per_s"})]


def test_a_broken_benchmark_fails_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object) -> None:
        raise RuntimeError("disk on fire\nsecond line")

    monkeypatch.setattr(engine, "action_timings", broken)
    chosen = {"core.apply_action_us", "soh.random_games_per_s"}
    metrics = {m.name: m for m in run_suite("soh", TINY, {"soh"}, chosen)}
    assert metrics["core.apply_action_us"].status == FAILED
    assert metrics["core.apply_action_us"].note == "RuntimeError: disk on fire"
    assert metrics["soh.random_games_per_s"].status == OK


def test_suboptimal_routes_violate_the_bound() -> None:
    run = suite.Run("soh", TINY, {"soh"})
    problems = board.route_problems(run.snapshots())
    assert problems
    honest = board.suboptimal(problems, lambda p: p.solve().revenue)
    assert honest.status == OK and honest.samples == [0.0]
    lying = board.suboptimal(problems, lambda p: p.solve().revenue + 10)
    assert lying.status == VIOLATED and lying.samples == [float(len(problems))]
    unknown = board.suboptimal(problems, lambda p: None)
    assert unknown.extra["checked"] == 0


def test_the_readme_documents_every_metric() -> None:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    for name, (unit, _what) in METRICS.items():
        assert f"| `{name}` | {unit} |" in readme, name

