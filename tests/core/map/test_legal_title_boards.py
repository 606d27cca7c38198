"""The legal-path properties of test_legal_paths on both titles' own maps: boards grown by
random legal lays and tokens (``bench_helpers.grow_board``), checked against the
independent walker over the tiles' track (tile_walk).  SOH EN "Running trains", "New
tiles", "Placing a company token"; 1839 R-16.2, R-15.3.2, R-8.3.B."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_legal_paths import engine_reach
from tile_walk import Seg, Track, reachable, walk_route

from railhouse.map import (
    Board,
    LayOptions,
    MapDef,
    Operator,
    RouteRules,
    RunContext,
    TokenOptions,
    TrainSpec,
    best_routes,
    legal_tile_lays,
    legal_token_placements,
    orient,
)
from railhouse.map.bench_helpers import ALL_COLORS, grow_board, title_map
from railhouse.map.reference import best_total
from railhouse.map.validate import ClaimedRoute, check_routes

PLUGIN = {"soh": "railhouse_soh", "1839": "railhouse_m1839"}


@cache
def _map(title: str) -> MapDef:
    pytest.importorskip(PLUGIN[title])
    return title_map(title)


def _rules(title: str) -> RouteRules:
    """The title's own route rules."""
    rules: RouteRules = pytest.importorskip(f"{PLUGIN[title]}.routing").RULES
    return rules


def _grown(title: str, seed: int) -> tuple[Board, str]:
    mapdef = _map(title)
    homes: dict[str, tuple[str, int]] = {}
    for r in mapdef.reservations:
        homes.setdefault(r.company, (r.hex, r.city or 0))
    rng = random.Random(seed)
    companies = sorted(homes)
    board = grow_board(Board(mapdef), companies, homes, rng, rng.randrange(10, 60))
    return board, rng.choice(companies)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(title=st.sampled_from(["soh", "1839"]), seed=st.integers(0, 10**9))
@example(title="1839", seed=17316)  # two trains through one junction (#544): note
def test_title_boards_reach_lay_token_and_run_only_by_legal_paths(title: str, seed: int) -> None:
    board, company = _grown(title, seed)
    op = Operator(company, column=1)
    stops, sides, _ = reachable(Track(board, company))
    assert engine_reach(board, op) == (stops, sides)
    reached = {key for side in sides for key in side}
    homes = {c for (c, _), owners in board.tokens.items() if company in owners}
    for lay in legal_tile_lays(board, op, LayOptions(colors=ALL_COLORS)):
        mask = orient(board.map.tiles[lay.tile], lay.rotation).edge_mask
        assert lay.hex in homes or any(
            mask >> e & 1 and (lay.hex, e) in reached for e in range(6)), lay
    for spot in legal_token_placements(board, op, TokenOptions()):
        assert f"{spot.hex}.c{spot.city}" in stops, spot
    rules = _rules(title)
    trains = (TrainSpec("A-1", 2), TrainSpec("A-2", 3), TrainSpec("A-3", 4))
    run = RunContext(trains)
    result = best_routes(board, op, rules, run)
    track, used, claimed = Track(board, company), set[Seg](), []
    for route in result.routes:
        walked, legs = walk_route(track, route.stops[0], list(route.segments), used)
        assert walked == list(route.stops)
        claimed.append(ClaimedRoute(route.train, tuple(legs)))
    checked = check_routes(board, op, rules, run, claimed)
    if [c.segments for c in checked] == [r.segments for r in result.routes]:  # see test_legal_paths
        assert sum(c.revenue for c in checked) == result.revenue
    reference = best_total(board, op, rules, run, max_paths=40_000, max_combinations=400_000)
    assert reference is None or reference == result.revenue
