"""railhouse.bench.dense: saturated boards for ``routes.dense_ms`` are deterministic,
follow the lay and token rules, and give each company its phase's longest trains."""

from __future__ import annotations

import pytest

from railhouse.bench import suite
from railhouse.bench.dense import (
    dense_position,
    dense_positions,
    dense_route_times,
    last_per_seed,
    late_phase_trains,
)
from railhouse.bench.metric import OK
from railhouse.bench.positions import Snapshot, late_snapshots
from railhouse.engine.record import new_game
from railhouse.map.lays import LayOptions, legal_tile_lays


@pytest.fixture(scope="module")
def snapshot() -> Snapshot:
    return last_per_seed(late_snapshots("soh", 4, range(1)))[0]


def test_the_same_seed_gives_the_same_dense_board(snapshot: Snapshot) -> None:
    first = dense_position("soh", snapshot, max_lays=20)
    second = dense_position("soh", snapshot, max_lays=20)
    assert first.game.board.to_dict() == second.game.board.to_dict()
    assert first.companies == second.companies
    assert [p.run.trains for p in first.problems] == [p.run.trains for p in second.problems]
    assert snapshot.game.board.to_dict() != first.game.board.to_dict()  # a copy was changed


def test_saturation_stops_when_no_company_can_lay(snapshot: Snapshot) -> None:
    pos = dense_position("soh", snapshot)
    board = pos.game.board
    assert len(board.tiles) > len(snapshot.game.board.tiles) and pos.lays > 0
    colors = frozenset(pos.game.config.phases[-1].tiles)
    for problem in pos.problems:
        assert legal_tile_lays(board, problem.operator, LayOptions(colors=colors)) == []
    tokens = sum(len(v) for v in board.tokens.values())
    assert tokens == sum(len(v) for v in snapshot.game.board.tokens.values()) + pos.tokens


def test_companies_hold_their_late_phase_limit_of_long_trains(snapshot: Snapshot) -> None:
    pos = dense_position("soh", snapshot, max_lays=5)
    choices = late_phase_trains(pos.game)
    assert pos.companies
    for company in pos.companies:
        trains = pos.game.companies[company].trains
        names = {t.spec.name for t in trains}
        assert any(len(trains) == limit and names <= {s.name for s in types}
                   for limit, types in choices)


def test_late_phase_trains_are_the_longest_not_rusted() -> None:
    """SOH phases 4-6: limit 3 with 3- and 4-trains (2s rusted), then 2 trains."""
    game = new_game("soh", ["P0", "P1", "P2", "P3"], None, 0)
    got = [(limit, sorted(s.name for s in types)) for limit, types in late_phase_trains(game)]
    assert got == [(3, ["3", "4"]), (2, ["4", "5"]), (2, ["3E", "5", "6"])]


def test_the_metric_names_its_worst_problem(snapshot: Snapshot) -> None:
    positions = dense_positions("soh", [snapshot], max_lays=5)
    metric = dense_route_times(positions)
    assert metric.name == "routes.dense_ms" and metric.status == OK
    assert metric.repeats == sum(len(p.problems) for p in positions) > 0
    assert metric.extra["worst_ms"] == pytest.approx(max(metric.samples), abs=1e-3)
    assert metric.extra["worst"].startswith(f"seed {snapshot.seed} ")
    assert metric.extra["inexact"] == 0


def test_the_suite_runs_the_dense_metric() -> None:
    sizes = suite.Sizes(1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, dense_lays=3)
    metrics = suite.run_suite("soh", sizes, {"soh"}, {"routes.dense_ms"})
    assert [(m.name, m.status) for m in metrics] == [("routes.dense_ms", OK)]


def test_positions_keep_one_per_seed() -> None:
    shots = [Snapshot(1, 50, 60, None), Snapshot(0, 30, 40, None), Snapshot(1, 40, 60, None)]
    assert [(s.seed, s.index) for s in last_per_seed(shots)] == [(0, 30), (1, 50)]
