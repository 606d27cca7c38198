"""Steam Over Holland map rules on the small purpose-built map of ``minimap`` (sections of
rules-english.md cited per test; the title's real map is tested in tests/soh)."""

from __future__ import annotations

from minimap import RULES, TRAINS, mini_map

from railhouse.map import (
    Board,
    LayOptions,
    Operator,
    RunContext,
    TokenOptions,
    best_routes,
    legal_tile_lays,
    legal_token_placements,
)
from railhouse.map.tiles import orient

MAP = mini_map()
ALL = LayOptions(colors=frozenset({"yellow", "green", "brown"}))


def _row(b: Board) -> None:
    """Track along row D: D3 city - D5 city - D7 town - D9 city - D11 - D13 off-board."""
    for coord, tile_id in (("D3", "57"), ("D5", "57"), ("D7", "4"), ("D9", "57"), ("D11", "9")):
        b.lay_tile(coord, tile_id, 1)


def test_open_edges_exclude_map_edge_and_blank_offboard_sides_EN_laying_track() -> None:
    edges = {c: [e for e in range(6) if MAP.open_edges[c] >> e & 1] for c in ("C6", "D11", "E2")}
    assert edges["C6"] == [0, 1, 4, 5]  # no hexes to the north
    assert edges["D11"] == [0, 1, 2, 4, 5]  # NE is off the map; E meets the off-board's stub
    assert edges["E2"] == [3, 4]  # NW faces a blank side of the W off-board
    assert MAP.open_edges["D1"] == 0  # off-boards never take tiles


def test_home_token_allows_first_lay_on_home_city_EN_new_tiles() -> None:
    b = Board(MAP)
    b.place_token("D5", 0, "A")
    lays = legal_tile_lays(b, Operator("A"), LayOptions())
    assert {lay.hex for lay in lays} == {"D5"}
    assert {lay.tile for lay in lays} == {"5", "6", "57"}  # the city tiles in the supply


def test_rivers_cost_50_per_crossing_EN_rivers() -> None:
    b = Board(MAP)
    b.place_token("D5", 0, "A")
    b.lay_tile("D5", "57", 1)  # W-E: its E side faces D7 across the river
    lays = legal_tile_lays(b, Operator("A"), LayOptions())
    on_d7 = {(lay.tile, lay.rotation): lay.cost for lay in lays if lay.hex == "D7"}
    assert on_d7[("4", 1)] == 50  # the town line W-E completes the crossing
    assert all(cost == 50 for cost in on_d7.values())  # every lay must use that side


def test_river_free_when_nothing_faces_it_EN_rivers() -> None:
    b = Board(MAP)
    b.place_token("D9", 0, "D")
    b.lay_tile("D9", "57", 1)
    lays = [lay for lay in legal_tile_lays(b, Operator("D"), LayOptions()) if lay.hex == "D7"]
    # the river side of D7 (W, toward D5) has no track facing it: free
    assert lays and all(lay.cost == 0 for lay in lays)
    assert any(lay.tile == "4" and lay.rotation in (1, 4) for lay in lays)


def test_upgrade_must_preserve_track_and_token_EN_replacing_tiles() -> None:
    b = Board(MAP)
    b.place_token("D5", 0, "A")
    b.lay_tile("D5", "57", 1)
    lays = legal_tile_lays(b, Operator("A"), LayOptions(colors=frozenset({"green"})))
    d5 = [lay for lay in lays if lay.hex == "D5"]
    assert d5 and {lay.tile for lay in d5} <= {"14", "15"}
    for lay in d5:
        clone = b.clone()
        clone.lay_tile(lay.hex, lay.tile, lay.rotation)
        t, rot = clone.tile_at("D5")
        assert orient(t, rot).edge_mask & 0b010010 == 0b010010  # W and E kept
        assert clone.city_tokens("D5", 0) == ["A"]


def test_labelled_hex_takes_only_its_tiles_and_merges_stations_EN_laying_track() -> None:
    b = Board(MAP)
    b.place_token("C6", 0, "B")
    b.place_token("C6", 1, "C")
    lays = [lay for lay in legal_tile_lays(b, Operator("B"), ALL) if lay.hex == "C6"]
    assert [(lay.tile, lay.rotation, lay.tokens) for lay in lays] == [("TWY", 0, None)]
    for tile_id in ("TWY", "TWG"):
        b.lay_tile("C6", tile_id, 0)
        assert b.city_tokens("C6", 0) == ["B"] and b.city_tokens("C6", 1) == ["C"]
    b.lay_tile("C6", "TWB", 0)
    assert sorted(b.city_tokens("C6", 0)) == ["B", "C"]  # brown: one station, both tokens


def test_train_may_visit_both_stations_of_a_hex_EN_running_trains() -> None:
    b = Board(MAP)
    b.place_token("D5", 0, "A")
    b.lay_tile("C6", "TWY", 0)  # a: SW (D5) + SE; b: W (C4) + E
    b.lay_tile("D5", "5", 2)  # city on NW (-> C4) and NE (-> C6 station a)
    b.lay_tile("C4", "7", 4)  # SE (-> D5) to E (-> C6 station b)
    r = best_routes(b, Operator("A"), RULES, RunContext((TRAINS["3"],)))
    assert r.exact and r.revenue == 30 + 20 + 30
    assert set(r.routes[0].stops) == {"C6.c0", "D5.c0", "C6.c1"}


def test_blocked_city_only_as_endpoint_EN_running_trains() -> None:
    b = Board(MAP)
    _row(b)
    b.place_token("D3", 0, "X")
    b.place_token("D5", 0, "A")
    # X cannot pass D5, full of A's token: D3 - D5 only (W off-board: 20 + 20 + 20)
    r = best_routes(b, Operator("X"), RULES, RunContext((TRAINS["5"],)))
    assert r.revenue == 20 + 20 + 20 and r.routes[0].stops[-1] in ("D5.c0", "W")
    # A passes its own city but not X's full D3: D3 - D5 - D7 - D9 - E, never W
    r = best_routes(b, Operator("A"), RULES, RunContext((TRAINS["5"],)))
    assert r.revenue == 20 + 20 + 10 + 20 + 30 and r.routes[0].stops[0] == "D3.c0"


def test_no_track_twice_across_trains_EN_running_trains() -> None:
    b = Board(MAP)
    _row(b)
    b.place_token("D9", 0, "D")
    one = best_routes(b, Operator("D"), RULES, RunContext((TRAINS["2"],)))
    two = best_routes(b, Operator("D"), RULES, RunContext((TRAINS["2"], TRAINS["2"])))
    # D9 - E (20 + 30) and D9 - D7 - D5 (20 + 10 + 20) share no track
    assert one.revenue == 50 and two.revenue == 100 and len(two.routes) == 2
    three = best_routes(b, Operator("D"), RULES, RunContext((TRAINS["2"],) * 3))
    assert three.revenue == 100  # no third disjoint route out of D9


def test_3e_doubles_and_towns_pay_nothing_EN_calculating_revenue() -> None:
    b = Board(MAP)
    _row(b)
    b.place_token("D9", 0, "D")
    r = best_routes(b, Operator("D"), RULES, RunContext((TRAINS["3E"],)))
    # best 3 of D9/D5/D3/E/W on one line: D3 - D5 - (D7 town, 0) - D9 or D5 - D9 - E
    assert r.revenue == 2 * (20 + 20 + 30)


def test_offboard_value_by_phase_and_visit_bonus_EN_running_trains() -> None:
    b = Board(MAP)
    _row(b)
    b.place_token("D9", 0, "D")
    run = RunContext((TRAINS["2"],))
    assert best_routes(b, Operator("D", column=0), RULES, run).revenue == 20 + 30
    assert best_routes(b, Operator("D", column=1), RULES, run).revenue == 20 + 50
    bonus = RunContext((TRAINS["2"],), visit_bonuses={"D7.t0": 40})
    r = best_routes(b, Operator("D", column=1), RULES, bonus)
    assert r.revenue == 20 + 10 + 20 + 40  # the bonus makes the town route the best


def test_token_rules_reservation_and_one_per_city_EN_placing_token() -> None:
    b = Board(MAP)
    _row(b)
    b.place_token("D3", 0, "X")
    spots = legal_token_placements(b, Operator("X"), TokenOptions(cost=40))
    assert all(s.hex != "D3" for s in spots)  # never two tokens of a company in one city
    # D5 and D9 are homes of companies that have not placed their token yet
    assert all(s.hex not in ("D5", "D9") for s in spots)
    b.lay_tile("D9", "14", 1)  # two slots now: one stays reserved for D, one is free
    spots = legal_token_placements(b, Operator("X"), TokenOptions(cost=40))
    assert [(s.hex, s.city, s.cost) for s in spots] == [("D9", 0, 40)]


def test_home_city_of_other_company_needs_second_slot_EN_placing_token() -> None:
    b = Board(MAP)
    _row(b)
    b.place_token("D9", 0, "D")
    b.lay_tile("D5", "14", 1)  # A (not started) keeps one of two slots
    spots = legal_token_placements(b, Operator("D"), TokenOptions(cost=40))
    assert [(s.hex, s.city) for s in spots] == [("D3", 0), ("D5", 0)]


def test_board_json_round_trip_and_clone_independence() -> None:
    b = Board(MAP)
    b.place_token("D5", 0, "A")
    b.lay_tile("D5", "57", 1)
    data = b.to_dict()
    assert Board.from_dict(MAP, data).to_dict() == data
    clone = b.clone()
    clone.lay_tile("D7", "4", 1)
    assert "D7" not in b.tiles and b.supply["4"] == 2 and clone.supply["4"] == 1
