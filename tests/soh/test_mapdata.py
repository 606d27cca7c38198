"""The SOH map and tile set against facts/soh.md (each test names the section it checks)."""

from __future__ import annotations

from soh_mapfacts import (
    CITIES_7_2,
    FERRY_7_2,
    LEGAL_EDGES_8_1,
    OFFBOARDS_7_2,
    OFFBOARDS_8_2,
    PLAIN_7_2,
    RIVERS_8_3,
    TOWNS_7_2,
    WATER_7_2,
    edges_of,
    parse_facts_layout,
    tile_layout,
)

from railhouse.map.hexgrid import edge_between, opposite
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import CITY, TOWN, orient
from railhouse.map.upgrades import shape_upgrades
from railhouse_soh.mapdata import build_map

# --------------------------------------------------------------------------- §7 grid


def test_hex_count_and_categories_facts_7_2(soh: MapDef) -> None:
    """§7.1/§7.2: 77 hexes; 40 plain, 13 towns, 10 cities, Amsterdam, 8 off-boards,
    2 ferry, 3 water (included as fixed hexes, as in 18xx.games)."""
    assert len(soh.hexes) == 77
    found: dict[str, set[str]] = {}
    for coord, h in soh.hexes.items():
        if h.offboard is not None:
            kind = "offboard"
        elif h.fixed:
            kind = "ferry" if h.printed.paths else "water"
        elif h.printed.label == "AM":
            kind = "amsterdam"
        else:
            kind = {(): "plain", (TOWN,): "town", (CITY,): "city"}[h.printed.category()]
        found.setdefault(kind, set()).add(coord)
    assert found == {
        "plain": PLAIN_7_2,
        "town": TOWNS_7_2,
        "city": CITIES_7_2,
        "amsterdam": {"F9"},
        "offboard": OFFBOARDS_7_2,
        "ferry": FERRY_7_2,
        "water": WATER_7_2,
    }
    playable = [c for c, h in soh.hexes.items() if not h.fixed]
    assert len(playable) == 64


def test_every_hex_is_on_the_grid_facts_0_2(soh: MapDef) -> None:
    """§0.2: a hex exists only where row index + column is even."""
    for coord in soh.hexes:
        row = ord(coord[0]) - ord("A")
        assert (row + int(coord[1:])) % 2 == 0, coord


def test_printed_content_facts_8_1(soh: MapDef) -> None:
    """§8.1: towns and cities are printed with value 0 and no track; cities have 1 slot;
    names as in the master table."""
    for coord in TOWNS_7_2 | CITIES_7_2 | PLAIN_7_2:
        h = soh.hexes[coord]
        assert h.printed.paths == () and h.printed.color == "white"
        assert h.printed.label is None and h.rotation == 0
        assert all(s.revenue == 0 for s in h.printed.stops)
        assert h.terrain_cost == 0 and h.upgrade_cost == 0  # §7.2: no terrain costs
    for coord in CITIES_7_2:
        assert [s.slots for s in soh.hexes[coord].printed.stops] == [1]
    assert soh.hexes["H9"].name == "Utrecht"
    assert soh.hexes["I10"].name == "Den Bosch"
    assert soh.hexes["D9"].name == "Enkhuizen"
    assert all(soh.hexes[c].name for c in TOWNS_7_2 | CITIES_7_2 | OFFBOARDS_7_2)


# --------------------------------------------------------------------------- §8.1 edges


def test_legal_edges_match_master_table_facts_8_1(soh: MapDef) -> None:
    """§8.1 "Legal edges": for EVERY playable hex, MapDef.open_edges is exactly the table's
    set, and each edge leads to the neighbour the table names."""
    playable = {c for c, h in soh.hexes.items() if not h.fixed}
    assert playable == set(LEGAL_EDGES_8_1)
    for coord, expected in LEGAL_EDGES_8_1.items():
        assert edges_of(soh.open_edges[coord]) == set(expected), coord
        for edge, nb in expected.items():
            assert soh.neighbour(coord, edge) == nb, (coord, edge)


def test_fixed_hexes_take_no_track_facts_7_3(soh: MapDef) -> None:
    """§7.3: off-board, ferry and water hexes never take tiles."""
    for coord in OFFBOARDS_7_2 | FERRY_7_2 | WATER_7_2:
        assert soh.hexes[coord].fixed
        assert soh.open_edges[coord] == 0
    for coord in WATER_7_2:
        assert soh.hexes[coord].printed.paths == ()


def test_no_track_may_point_into_water_facts_7_3(soh: MapDef) -> None:
    """§7.3: no playable hex may have track toward E10, E12 or F11."""
    for coord in LEGAL_EDGES_8_1:
        for edge in edges_of(soh.open_edges[coord]):
            assert soh.neighbour(coord, edge) not in WATER_7_2


# --------------------------------------------------------------------------- §8.2


def test_offboards_facts_8_2(soh: MapDef) -> None:
    """§8.2: values (yellow phases, brown phases), one stub edge each, node id = hex."""
    for coord, (name, yellow, brown, stub) in OFFBOARDS_8_2.items():
        h = soh.hexes[coord]
        assert h.name == name
        assert h.offboard is not None
        assert h.offboard.location == coord
        assert h.offboard.values == (yellow, brown)
        assert h.offboard.value(0) == yellow and h.offboard.value(1) == brown
        o = orient(h.printed, h.rotation)
        assert edges_of(o.edge_mask) == {stub}
        assert [s.kind for s in h.printed.stops] == ["offboard"]
        # the stub faces a playable hex which may build toward it
        nb = soh.neighbour(coord, stub)
        assert nb is not None and soh.open_edges[nb] >> opposite(stub) & 1


def test_antwerpen_brown_value_parameter_facts_8_2() -> None:
    """§8.2 [DIFF]: Antwerpen L5 brown value 50 (T, default) or 60 (R)."""
    default = build_map()
    rails = build_map(antwerpen_brown=60)
    assert default.hexes["L5"].offboard is not None
    assert rails.hexes["L5"].offboard is not None
    assert default.hexes["L5"].offboard.values == (40, 50)
    assert rails.hexes["L5"].offboard.values == (40, 60)
    assert build_map(60) is rails  # cached per arguments
    assert build_map() is default
    assert rails.hexes["O12"] == default.hexes["O12"]


# --------------------------------------------------------------------------- §8.3


def test_river_sides_facts_8_3(soh: MapDef) -> None:
    """§8.3: exactly the 26 costed river sides, 50 each, present on both hexes with the
    table's edge numbers; J13|J15 (drawn, free, uncrossable) has no rule."""
    assert len(soh.edge_rules) == 26
    assert all(r.cost == 50 and not r.closed and r.barrier_until is None for r in soh.edge_rules)
    expected_sides = set()
    for (a, ea), (b, eb) in RIVERS_8_3:
        assert edge_between(a, b) == ea and edge_between(b, a) == eb
        assert soh.edge_rule_at[(a, ea)] is soh.edge_rule_at[(b, eb)]
        assert soh.edge_rule_at[(a, ea)].cost == 50
        expected_sides |= {(a, ea), (b, eb)}
    assert set(soh.edge_rule_at) == expected_sides
    assert len(expected_sides) == 52
    assert ("J13", 4) not in soh.edge_rule_at


def test_kleve_connection_crosses_river_facts_8_2() -> None:
    """§8.2: J15 Kleve connects to K14 Venlo across a river (50)."""
    soh = build_map()
    assert soh.edge_rule_at[("K14", 3)].cost == 50
    assert soh.open_edges["K14"] >> 3 & 1


# --------------------------------------------------------------------------- §8.4


def test_ferry_facts_8_4(soh: MapDef) -> None:
    """§8.4: D9 Enkhuizen a fixed town worth 10 on track edge 0 - edge 4; D11 fixed water
    with plain track edge 1 - edge 3; ferry route E8 -> D9 -> D11 -> C12 only."""
    d9, d11 = soh.hexes["D9"], soh.hexes["D11"]
    assert d9.fixed and d11.fixed
    assert [(s.kind, s.revenue) for s in d9.printed.stops] == [(TOWN, 10)]
    assert tile_layout(d9.printed) == parse_facts_layout("T10[0,4]")
    assert tile_layout(d11.printed) == parse_facts_layout("1-3")
    assert soh.neighbour("D9", 0) == "E8" and soh.neighbour("D9", 4) == "D11"
    assert soh.neighbour("D11", 1) == "D9" and soh.neighbour("D11", 3) == "C12"
    assert soh.open_edges["E8"] >> 3 & 1 and soh.open_edges["C12"] >> 0 & 1
    assert not soh.open_edges["D7"] >> 4 & 1  # D7 cannot link to D9
    assert not soh.open_edges["D13"] >> 1 & 1  # D13 cannot link to D11


# --------------------------------------------------------------------------- §8.5 / §8.6


def test_homes_facts_8_6(soh: MapDef) -> None:
    """§8.6/§5: one home per company; single-city homes use city 0; Amsterdam NRS city 0
    (exits SW+SE), HYSM city 1 (exits W+NW)."""
    homes = {(r.company, r.hex, r.city) for r in soh.reservations}
    assert homes == {
        ("NBD", "K12", 0),
        ("OSM", "E14", 0),
        ("AR", "J7", 0),
        ("NCS", "H9", 0),
        ("NSM", "I12", 0),
        ("NRS", "F9", 0),
        ("HYSM", "F9", 1),
    }
    assert len(soh.reservations) == 7
    for r in soh.reservations:
        assert soh.hexes[r.hex].printed.category() in {(CITY,), (CITY, CITY)}


def test_amsterdam_station_indices_facts_8_5(soh: MapDef) -> None:
    """§8.5: F9 printed with two one-slot cities, label AM; SOH1/SOH6 only fit at rotation
    0; city 0 has exits {0,5} (NRS), city 1 {1,2} (HYSM) on printed F9, SOH1 and SOH6, and
    the core's upgrade stop maps keep the indices; SOH7 merges both into one 2-slot city."""
    f9 = soh.hexes["F9"]
    assert f9.printed.label == "AM"
    assert [(s.kind, s.revenue, s.slots) for s in f9.printed.stops] == [(CITY, 0, 1)] * 2
    open_f9 = soh.open_edges["F9"]
    for tid in ("SOH1", "SOH6", "SOH7"):
        t = soh.tiles[tid]
        fits = [r for r in range(6) if orient(t, r).edge_mask & ~open_f9 == 0]
        assert fits == [0], tid
    for tid in ("SOH1", "SOH6"):
        stop_edges = orient(soh.tiles[tid], 0).stop_edges
        cities = soh.tiles[tid].city_indices()
        assert edges_of(stop_edges[cities[0]]) == {0, 5}
        assert edges_of(stop_edges[cities[1]]) == {1, 2}
    printed_to_1 = [s for s in shape_upgrades(f9.printed, soh.tiles["SOH1"]) if s.delta == 0]
    assert printed_to_1 and printed_to_1[0].stop_map == (0, 1)
    one_to_6 = shape_upgrades(soh.tiles["SOH1"], soh.tiles["SOH6"])
    assert [(s.delta, s.stop_map) for s in one_to_6] == [(0, (0, 1))]
    six_to_7 = shape_upgrades(soh.tiles["SOH6"], soh.tiles["SOH7"])
    assert [(s.delta, s.stop_map) for s in six_to_7] == [(0, (0, 0))]
    assert soh.tiles["SOH7"].stops[0].slots == 2
