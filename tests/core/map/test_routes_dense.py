"""The large-position path of the route optimiser (``multisets.MultisetSolver``: optima of every
smaller multiset of trains, floors ``L - opt(S - {t})``, a search started from ``L``) equals
the brute-force reference on small dense boards.  SOH EN "Running trains" (no track
twice), 1839 R-16.2.7 (no shared track), R-16.3.3 (a centre counts once)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from bruteforce import best_total
from dense_boards import dense_board, named
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_routes_bruteforce import MIXES

from railhouse.map import Operator, RunContext, TrainSpec, best_routes, optimize
from railhouse.map.candidates import train_kinds
from railhouse.map.trains import RouteView

MULTI = [i for i, (_, trains) in enumerate(MIXES) if len(trains) > 1]
#: (board seed, MIXES index): dense boards where the first lower bound (each smaller
#: multiset's optimum completed by the missing train's best free route) is below the
#: optimum, so the floors and the search decide -- three trains among them
GAPS = ((1, 9), (2, 2), (2, 9), (3, 3), (3, 8), (6, 8), (11, 3), (16, 5), (20, 3), (20, 4),
        (128, 3), (191, 3), (227, 7), (276, 3))


@pytest.fixture(autouse=True)
def _always_large(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """These boards are small: make every position take the large-position path."""
    monkeypatch.setattr(optimize, "PROBE_ROUTES", 0)
    yield


def _check(seed: int, mix: int, local: bool = False) -> None:
    board = dense_board(seed)
    rules, trains = MIXES[mix]
    op = Operator("A", non_blocking=frozenset({"NS"}) if local else frozenset())
    run = RunContext(named(trains), offboards_allowed=not local, visit_bonuses={"C4.t0": 20})
    result = best_routes(board, op, rules, run)
    assert result.exact
    assert result.revenue == best_total(board, op, rules, run), (seed, mix, local)
    assert sum(r.revenue for r in result.routes) == result.revenue
    assert len({r.train_index for r in result.routes}) == len(result.routes)
    for r in result.routes:
        assert r.train == run.trains[r.train_index].name


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**9), mix=st.sampled_from(MULTI), local=st.booleans())
def test_dense_boards_equal_brute_force(seed: int, mix: int, local: bool) -> None:
    """Every multi-train mix of both titles' rules, trains named apart as titles name
    them (so equal trains are grouped by kind), Locals' rules included."""
    _check(seed, mix, local)


def test_positions_where_the_first_lower_bound_is_not_optimal() -> None:
    """Here the optimum must come from the search over the floored routes, not from the
    starting solution: a floor set too high, or a starting value counted wrong (1839
    centres once), gives a wrong revenue on some of them."""
    for seed, mix in GAPS:
        _check(seed, mix)


def test_a_route_bonus_hook_takes_the_listed_path() -> None:
    """With a ``route_bonus`` hook every route is listed once and only the candidate
    lists are floored; a hook paying what visit bonuses pay gives their optimum."""
    bonuses = {"C4.c0": 20, "B5.c0": 30, "D5.t0": 10, "C6.c0": 20}

    def hook(view: RouteView) -> int:
        return sum(bonuses.get(stop, 0) for stop in view.stops)

    for seed in range(12):
        board = dense_board(seed)
        for mix in (3, 5, 7):
            rules, trains = MIXES[mix]
            run = RunContext(named(trains), route_bonus=hook)
            result = best_routes(board, Operator("A"), rules, run)
            expected = best_total(board, Operator("A"), rules,
                                  RunContext(named(trains), visit_bonuses=bonuses))
            assert result.exact and result.revenue == expected, (seed, mix)


def test_equal_trains_differing_only_by_name_are_one_kind() -> None:
    """Titles name trains by id; the optimiser must still treat two 3-trains as equal
    (one candidate list, one sub-problem) and report each route under its own name."""
    board = dense_board(2)
    rules, _ = MIXES[0]
    trains = (TrainSpec("A-7", 3), TrainSpec("A-9", 3))
    assert train_kinds(trains) == (trains[0], trains[0])
    result = best_routes(board, Operator("A"), rules, RunContext(trains))
    assert sorted(r.train for r in result.routes) == ["A-7", "A-9"][: len(result.routes)]
    assert result.revenue == best_total(board, Operator("A"), rules, RunContext(trains))
