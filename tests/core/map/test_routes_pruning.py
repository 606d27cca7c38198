"""Counter-examples for the bounds of the exact route search (search.py): each would fail
if a tempting but wrong bound were used.  SOH EN "Running trains" (no track twice, every
route includes a station of the company), 1839 R-16.3.3 (centres counted once)."""

from __future__ import annotations

from minimap import RULES, TRAINS, mini_map

from railhouse.map import Board, Operator, RouteRules, RunContext, TrainSpec, best_routes
from railhouse.map.bench_helpers import brute_force_check
from railhouse.map.problem import RouteProblem

MAP = mini_map()


def _row(b: Board) -> None:
    for coord, tile_id in (("D3", "57"), ("D5", "57"), ("D7", "4"), ("D9", "57"), ("D11", "9")):
        b.lay_tile(coord, tile_id, 1)


def test_one_token_city_feeds_a_route_per_free_link_not_one_route() -> None:
    """Bound: routes <= free links at token cities.  A naive 'one route per token city'
    would drop the second train here (D9 has two links)."""
    b = Board(MAP)
    _row(b)
    b.place_token("D9", 0, "D")
    r = best_routes(b, Operator("D"), RULES, RunContext((TRAINS["2"], TRAINS["3"])))
    assert r.revenue == (20 + 30) + (20 + 10 + 20 + 20) and len(r.routes) == 2


def test_route_through_token_city_uses_two_of_its_links() -> None:
    """A passing route takes both links of a two-exit token city: the third train of
    three cannot run, while the capacity bound must still allow the optimum."""
    b = Board(MAP)
    _row(b)
    b.place_token("D5", 0, "A")
    run = RunContext((TRAINS["5"], TRAINS["2"], TRAINS["2"]))
    r = best_routes(b, Operator("A"), RULES, run)
    # W - D3 - D5 - D7 - D9 - E alone (120) ties D5 - D7 - D9 - E plus D5 - D3 (80 + 40);
    # W - D3 - D5 plus D5 - D7 - D9 is only 60 + 50
    assert r.revenue == 120
    assert r.revenue == brute_force_check(RouteProblem(b, Operator("A"), RULES, run))


def test_ignored_token_gives_no_capacity() -> None:
    """1839 swap (ignore_tokens): a route needs another counting token."""
    b = Board(MAP)
    _row(b)
    b.place_token("D9", 0, "D")
    run = RunContext((TRAINS["2"],), ignore_tokens=frozenset({"D9.c0"}))
    assert best_routes(b, Operator("D"), RULES, run).revenue == 0


def test_subset_optimum_bound_with_centres_counted_once_R_16_3_3() -> None:
    """With shared centres (1839) a pair of trains is worth less than the sum of their
    stand-alone values; the bound from the pair's optimum must still be an upper bound
    when a third (recount) train re-counts the same centres."""
    rules = RouteRules(
        terminals=frozenset({"city", "town", "offboard"}),
        offboards_count=False,
        min_centres=2,
        shared_values=False,
    )
    b = Board(MAP)
    _row(b)
    b.place_token("D9", 0, "D")
    run = RunContext(
        (TrainSpec("2", 2, 2), TrainSpec("2", 2, 2), TrainSpec("R3", 3, 3, recount=True))
    )
    r = best_routes(b, Operator("D"), rules, run)
    assert r.exact
    assert r.revenue == brute_force_check(RouteProblem(b, Operator("D"), rules, run))
