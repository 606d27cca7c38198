"""The value pruning of the route search (multisets' floors, single_train, route_bounds):
each test would fail if a bound were too optimistic (cutting an optimal route) or a floor
too high.
SOH EN "Running trains" (no track twice; a train runs its best legal route), 1839 R-16.3.3."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from bruteforce import best_total
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_routes_bruteforce import MIXES, SOH, optimum_is_brute_force, random_board

from railhouse.map import Operator, RunContext, TrainSpec, best_routes, multisets, optimize
from railhouse.map.board import Board
from railhouse.map.candidates import route_value, undominated
from railhouse.map.compress import compressed
from railhouse.map.multisets import MultisetSolver
from railhouse.map.route_bounds import _placed
from railhouse.map.routes import RawRoute, enumerate_routes
from railhouse.map.single_train import best_single_route
from railhouse.map.trains import RouteRules

EXPRESS = TrainSpec("3E", 3, towns_pay=False, multiplier=2)


@pytest.fixture(autouse=True)
def _always_prune(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """These boards are small: make every position take the value-pruning path."""
    monkeypatch.setattr(optimize, "PROBE_ROUTES", 0)
    yield

#: (board seed, MIXES index): boards where the greedy solution (each train its best route
#: on the track still free) is below the optimum while a floor is positive (found by a scan
#: of seeds 0-17 once routes stopped reversing at hex sides, railhouse.map.legal)
GREEDY_TRAPS = ((1, 2), (1, 5), (14, 8), (17, 6))


def greedy_floors(
    solver: MultisetSolver, trains: tuple[TrainSpec, ...]
) -> dict[TrainSpec, int]:
    """The floors a large position first lists its routes with: a greedy solution less
    the other trains' stand-alone optima (``MultisetSolver._prelist``)."""
    start = solver._greedy(trains)
    best = {t: solver.solve((t,)).value for t in trains}
    total = sum(best[t] for t in trains)
    return {t: start.value - total + best[t] for t in trains}


def solver_for(board: Board, rules: RouteRules, run: RunContext) -> MultisetSolver:
    op = Operator("A")
    return MultisetSolver(board, op, rules, run, compressed(board, op, rules))


def test_placement_bound_respects_distances() -> None:
    """The j-th further stop is at most j stops away: two far stops cannot both be
    among the next two, but the bound must still count every reachable placement."""
    far_pair = [(100, 2), (90, 2), (10, 1)]
    assert _placed(far_pair, 1) == 10
    assert _placed(far_pair, 2) == 110  # not 190: only one stop fits at position 2
    assert _placed(far_pair, 3) == 200
    assert _placed([(100, 3), (50, 1), (40, 2)], 2) == 90
    assert _placed([(30, 1), (30, 1), (30, 1)], 2) == 60
    assert _placed([], 4) == 0


def test_floors_hold_on_greedy_traps() -> None:
    """A floor is ``lower - other trains' stand-alone optima``; where the greedy lower
    bound is below the optimum, the optimum still equals brute force and every train's
    route in it reaches the train's floor."""
    for seed, mix in GREEDY_TRAPS:
        board = random_board(seed)
        rules, trains = MIXES[mix]
        op, run = Operator("A"), RunContext(trains)
        solver = solver_for(board, rules, run)
        floors = greedy_floors(solver, solver.kinds)
        assert max(floors.values()) > 0
        result = best_routes(board, op, rules, run)
        assert result.revenue == best_total(board, op, rules, run)
        for route in result.routes:
            assert route.revenue >= floors[solver.kinds[route.train_index]]


def test_no_listing_floors_with_a_route_bonus_hook() -> None:
    """A ``route_bonus`` hook may add any amount: every route is listed once, and no
    floor prunes that listing (floors only cut candidate lists)."""
    board = random_board(1)
    run = RunContext((TrainSpec("3", 3), EXPRESS), route_bonus=lambda view: 10)
    solver = solver_for(board, SOH, run)
    assert solver.listed
    routes, _ = solver._routes(solver.kinds, {t: 10**6 for t in solver.kinds})
    assert routes is solver.listed


def test_best_single_avoids_forbidden_track() -> None:
    """The greedy's second search may not use the first route's track."""
    board = random_board(4)
    op, train = Operator("A"), TrainSpec("4", 4)
    run = RunContext((train,))
    g = compressed(board, op, SOH).graph
    value, raw = best_single_route(board, op, SOH, run, g, train, 0, None)
    assert raw is not None
    assert value == best_total(board, op, SOH, run) and value > 0
    second, raw2 = best_single_route(board, op, SOH, run, g, train, raw.res, None)
    assert raw2 is not None and raw2.res & raw.res == 0 and second <= value


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    seed=st.integers(0, 10**9),
    length=st.sampled_from((2, 3, 4, 5, 0)),
    bonus=st.sampled_from((0, 20, 60)),
)
def test_one_train_search_equals_brute_force(seed: int, length: int, bonus: int) -> None:
    """One train: the floor-raising search (reach bounds, visited-node dominance) finds
    the brute-force optimum, express multiplier and visit bonuses included."""
    board = random_board(seed)
    train = TrainSpec(str(length), length) if length else EXPRESS
    run = RunContext((train,), visit_bonuses={"C4.t0": bonus, "B5.c0": bonus})
    result = best_routes(board, Operator("A"), SOH, run)
    assert result.exact
    assert result.revenue == best_total(board, Operator("A"), SOH, run)


def test_equal_trains_may_run_routes_of_equal_value() -> None:
    """Equal trains choose candidates in order, so a later one adds at most what the
    earlier one took -- not less: on these boards a cap 10 below the earlier pick cuts
    the optimum (found by mutating search.BranchAndBound._capped)."""
    two, three = TrainSpec("2", 2), TrainSpec("3", 3)
    for seed, trains in ((401, (two, two, three, three)), (1110, (three, three)),
                         (1207, (three, three))):
        board = random_board(seed)
        run = RunContext(trains)
        result = best_routes(board, Operator("A"), SOH, run)
        assert result.revenue == best_total(board, Operator("A"), SOH, run)


def test_reach_bound_counts_towns_still_ahead() -> None:
    """Towns pay (SOH) without using a train's length: the bound must add the towns
    still reachable.  On these boards leaving them out cuts the best route (found by
    mutating the bound)."""
    for seed, length in ((248, 2), (306, 3), (360, 2), (731, 2)):
        board = random_board(seed)
        run = RunContext((TrainSpec(str(length), length),))
        result = best_routes(board, Operator("A"), SOH, run)
        assert result.revenue == best_total(board, Operator("A"), SOH, run)


def test_later_trains_bounded_by_their_best_route_avoiding_each_unit() -> None:
    """After a pick, a later train's best free route avoids all of the pick's units, so
    its best route avoiding any one of them bounds it -- exactly, not less: on these
    boards a bound 10 lower cuts the optimum (found by mutating search._capped)."""
    two, three, four = TrainSpec("2", 2), TrainSpec("3", 3), TrainSpec("4", 4)
    for seed, trains in ((19, (two, three, four)), (100, (two, three)), (154, (two, three)),
                         (100, (three, four))):
        board = random_board(seed)
        run = RunContext(trains)
        result = best_routes(board, Operator("A"), SOH, run)
        assert result.revenue == best_total(board, Operator("A"), SOH, run)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**9), mix=st.integers(0, len(MIXES) - 1), local=st.booleans(),
       quick=st.booleans())
def test_pruned_listing_equals_brute_force(seed: int, mix: int, local: bool,
                                           quick: bool) -> None:
    """Every mix of trains through the value-pruned path (floors cut partial routes by
    reach bounds and finished ones by their own value; a train whose centres (1839 N,
    N+1) or off-boards (P) a partial route exceeds no longer counts for it): the
    brute-force optimum, 1839 Locals and Majors both; with the floors of the smaller
    multisets (a short listing) and after the greedy searches (``quick`` False: no
    listing is short enough)."""
    saved = multisets.QUICK_LISTING
    multisets.QUICK_LISTING = saved if quick else 0
    try:
        optimum_is_brute_force(seed, mix, local)
    finally:
        multisets.QUICK_LISTING = saved


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**9), mix=st.integers(0, len(MIXES) - 1),
       floor=st.integers(0, 20), local=st.booleans())
def test_floored_listing_keeps_every_route_worth_its_floor(
    seed: int, mix: int, floor: int, local: bool
) -> None:
    """A listing with floors keeps every route some train may run at its floor or more
    (the value pruning, of partial and of finished routes, cuts nothing else that
    matters): compared with the unpruned listing, valued route by route."""
    board = random_board(seed)
    rules, trains = MIXES[mix]
    op = Operator("A", non_blocking=frozenset({"NS"}) if local else frozenset())
    run = RunContext(trains, offboards_allowed=not local, visit_bonuses={"C4.t0": 20})
    solver = MultisetSolver(board, op, rules, run, compressed(board, op, rules))
    floors = {t: 10 * floor + 5 * k for k, t in enumerate(solver.kinds)}
    listed, reason = solver._routes(solver.kinds, floors)
    everything, reason_all = enumerate_routes(board, op, rules, run)
    assert not reason and not reason_all
    g = solver.comp.graph

    def worth(r: RawRoute) -> bool:  # a route no train may run (value None) is worth nothing
        values = ((route_value(g, r, t, rules, run), least) for t, least in floors.items())
        return any(value is not None and value >= least for value, least in values)

    kept = {r.units for r in listed}
    assert {r.units for r in undominated(everything) if worth(r)} <= kept


def test_single_route_answers_reused_equal_fresh_searches() -> None:
    """A solver answers "the best route of train t avoiding track F" from its earlier
    answers where it can (an answer for less forbidden track whose route avoids F, or a
    known route avoiding F as the starting floor): always what a fresh search finds.
    Each F is the track of random links, so questions nest and overlap (on these boards
    about 2% of the answers differ if any known route avoiding F is taken as the answer)."""
    for seed in range(30):
        board = random_board(seed)
        for rules, trains in MIXES:
            op, run = Operator("A"), RunContext(trains)
            solver = solver_for(board, rules, run)
            g, links = solver.comp.graph, solver.comp.links
            rng = random.Random(f"single:{seed}:{trains}")
            for _ in range(8):
                train = rng.choice(solver.kinds)
                forbidden = 0
                for _ in range(12):
                    if links and rng.random() < 0.3:
                        forbidden |= rng.choice(links).res
                at_least = rng.choice((1, 1, 1, 50, 100))
                got = solver._single(train, forbidden, at_least)
                fresh, _ = best_single_route(board, op, rules, run, g, train, forbidden, None,
                                             at_least)
                assert got.value == fresh
                assert all(raw.res & forbidden == 0 for _, raw, _ in got.picks)
