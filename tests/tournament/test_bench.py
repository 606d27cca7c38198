from __future__ import annotations

from railhouse_tournament.bench import run_bench


def test_bench_measures_all_three_modes() -> None:
    rows = run_bench("toy", players=2, games=4, concurrency=2)
    assert [row.mode for row in rows] == ["engine", "inprocess", "subprocess"]
    for row in rows:
        assert row.games == 4 and row.decisions > 0 and row.seconds > 0
        assert row.games_per_minute > 0 and "games/min" in row.line()
    assert rows[2].us_per_decision > rows[0].us_per_decision
