"""railhouse.bench.metric: summaries of repeated samples."""

from __future__ import annotations

from railhouse.bench.metric import OK, SKIPPED, Metric, percentile, skipped


def test_percentile_is_nearest_rank() -> None:
    samples = [float(v) for v in range(1, 21)]  # 1..20
    assert percentile(samples, 0.95) == 19.0
    assert percentile(samples, 0.5) == 10.0
    assert percentile([7.0], 0.95) == 7.0


def test_metric_summary_and_dict() -> None:
    metric = Metric("x.y_ms", "ms", [3.0, 1.0, 2.0, 10.0], extra={"n": 4})
    assert metric.median == 2.5
    assert metric.p95 == 10.0
    assert metric.spread == 9.0
    assert metric.repeats == 4
    out = metric.as_dict()
    assert out == {"median": 2.5, "p95": 10.0, "spread": 9.0, "repeats": 4, "unit": "ms",
                   "status": OK, "extra": {"n": 4}}


def test_a_skipped_metric_has_no_figures_and_says_why() -> None:
    metric = skipped("m1839.random_games_per_s", "games/s", "title '1839' is not installed")
    assert metric.status == SKIPPED
    assert metric.median is None and metric.repeats == 0
    assert metric.as_dict()["note"] == "title '1839' is not installed"
