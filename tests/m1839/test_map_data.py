"""The 1839 map and tile set against facts/1839.md Part 4 and Part 5 (each test names the
section or rule it checks).  The facts' data is transcribed here independently of
``railhouse_m1839.mapdata`` so a typo in either shows up."""

from __future__ import annotations

from collections import Counter

import pytest

from railhouse.map.board import Board
from railhouse.map.graph import Operator, track_graph
from railhouse.map.hexgrid import edge_between, parse
from railhouse.map.lays import LayOptions, legal_tile_lays, next_tiles
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import CITY, TOWN, orient
from railhouse_m1839.mapdata import BARRIER_KEY, LVG_KEY, build_map
from railhouse_m1839.tiledata import TILES, tile_supply

# --------------------------------------------------------------------------- facts 4.12
# One deviation (RULINGS.md A-42): 4.12's double towns B21 and N17 are single towns, as
# their three sides on the map cannot take a double-town tile.
KINDS_4_12: dict[str, str] = {
    "rural": "A14 A16 A18 B15 C14 C16 D13 D15 D17 E8 E18 G12 G14 H9 H15 I4 I10 I18 K6 L11 L15",
    "town": "A20 B17 C12 D9 E16 H11 H19 I6 I8 J5 J13 K4 K14 L7 M16 B21 N17",
    "yellow": "B11",
    "city": "B13 B19 C18 D19 E10 F9 F15 F17 G18 H5 H7 H13 H17 I16 J11 J15 K10 K12 K16 L3 "
    "L13 L17 N15",
    "dtown": "I14 L5",
    "gray": "C10",
    "offboard": "C20 D21 F11 G20 J17 K18 L1 L9 M2 N19 O14",
    "oo": "F19 G16 J9",
    "bigcity": "G8 G10 I12 J7 K8",
}


def hexes(text: str) -> set[str]:
    """Coordinates written as in the facts, separated by spaces."""
    return set(text.split())


TERRAIN_4_11 = hexes("H7 F15 G16 H17 I14 I16 J15 J11 J9 J5 K6 K4 L3 L5 K16 N15")
# v2's coordinates (4.2), F18 moved to F17 (A-34).
GIVEN_V2 = hexes("G10 K8 G8 J7 I12 B13 B19 E10 F17 G16 H5 H13 I16 K12 K16 L13 L17 N15 "
                 "C20 D21 J17 K18 H7")
# 4.9: location -> (colour, values, {hex: triangle neighbours}).
OFFBOARDS_4_9 = {
    "Bremen": ("black", (30, 50, 70), {"C20": "B19 B21 C18 D19", "D21": "D19"}),
    "Hannover": ("black", (30, 40, 60), {"G20": "F19 G18 H19"}),
    "Ruhrgebiet": ("black", (0, 0, 0), {"J17": "I16 I18 J15 K16", "K18": "K16 L17"}),
    "Aken": ("black", (30, 50, 80), {"N19": "N17"}),
    "Antwerpen": ("red", (30, 50, 70), {"L9": "K8 K10 L7 L11"}),
    "Brugge": ("red", (20, 30, 50), {"M2": "L3"}),
    "Luik": ("red", (20, 40, 60), {"O14": "N15"}),
    "OverzeeschA": ("blue", (20, 40, 60), {"F11": "E10 F9 G10 G12"}),
    "OverzeeschV": ("blue", (20, 30, 50), {"L1": "L3"}),
}
BARRIERS_4_8 = {("C10", "D9"), ("J5", "K4"), ("J5", "K6"), ("J7", "K6"), ("J7", "K8")}
# 4.10: stub / pre-printed edges (pointy: 0=SW 1=W 2=NW 3=NE 4=E 5=SE).
STUBS_4_10 = {"G8": {4, 0}, "J7": {2, 3}, "K8": {3, 0}, "B11": {4, 0}, "C10": {3, 0}}
HOMES_R_14_5 = {
    "AMS": {"L17", "N15"}, "HIJSM": {"B13", "G8"}, "MSS": {"B19", "K12"},
    "NBDS": {"K8", "L13"}, "NCS": {"G10", "H13"}, "NRS": {"I12"},
    "NWS": {"G16", "F17"}, "ZHESM": {"E10", "H5"},
}  # fmt: skip
ALL_COLORS = frozenset({"yellow", "green", "brown", "gray"})


@pytest.fixture(scope="module")
def m() -> MapDef:
    return build_map({})


def kind_of(m: MapDef, coord: str) -> str:
    h = m.hexes[coord]
    if h.offboard is not None:
        return "offboard"
    if h.fixed:
        return h.printed.color
    if h.printed.color == "yellow":
        return "yellow"
    if h.printed.label is not None:
        return "bigcity"
    cat = h.printed.category()
    return {(): "rural", (TOWN,): "town", (TOWN, TOWN): "dtown", (CITY,): "city",
            (CITY, CITY): "oo"}[cat]  # fmt: skip


# ------------------------------------------------------------------------------ the hexes
def test_4_12_every_hex_has_its_kind(m: MapDef) -> None:
    expected = {c: k for k, text in KINDS_4_12.items() for c in text.split()}
    assert {c: kind_of(m, c) for c in m.hexes} == expected


def test_4_5_size_73_playable_and_11_offboard_hexes(m: MapDef) -> None:
    kinds = Counter(kind_of(m, c) for c in m.hexes)
    assert kinds["offboard"] == 11
    assert len(m.hexes) - 11 == 73
    # 4.5 counts 15 towns and 4 double towns; B21 and N17 are single towns
    assert (kinds["city"], kinds["oo"], kinds["bigcity"], kinds["town"], kinds["dtown"],
            kinds["rural"]) == (23, 3, 5, 17, 2, 21)  # fmt: skip


def test_4_1_parity_rule_and_given_v2_coordinates(m: MapDef) -> None:
    for coord in m.hexes:
        row, col = parse(coord)
        assert (row + col) % 2 == 0, coord
    assert set(m.hexes) >= GIVEN_V2
    assert "F18" not in m.hexes


def test_4_11_R_12_5_water_terrain_and_R_15_3_4_big_city_fee(m: MapDef) -> None:
    assert {c for c, h in m.hexes.items() if h.terrain_cost} == TERRAIN_4_11
    assert all(m.hexes[c].terrain_cost == 80 for c in TERRAIN_4_11)
    assert not any(h.terrain_every_lay for h in m.hexes.values())
    assert {c for c, h in m.hexes.items() if h.upgrade_cost == 80} == set(
        KINDS_4_12["bigcity"].split()
    )


def test_R_12_1_big_city_labels_and_amsterdam_two_cities(m: MapDef) -> None:
    labels = {c: m.hexes[c].printed.label for c in KINDS_4_12["bigcity"].split()}
    assert labels == {"G10": "A", "K8": "B", "G8": "H", "J7": "R", "I12": "U"}
    assert len(m.hexes["G10"].printed.city_indices()) == 2
    assert all(m.hexes[c].printed.label is None for c in KINDS_4_12["city"].split())


# --------------------------------------------------------------------------- off-boards
def test_4_9_R_12_4_offboards_colours_values_and_triangles(m: MapDef) -> None:
    for location, (colour, values, parts) in OFFBOARDS_4_9.items():
        for coord, triangles in parts.items():
            h = m.hexes[coord]
            assert h.fixed and h.offboard is not None
            assert (h.offboard.location, h.offboard.group, h.offboard.values) == (
                location, colour, values)  # fmt: skip
            mask = orient(h.printed, h.rotation).edge_mask
            expected = 0
            for nb in triangles.split():
                edge = edge_between(coord, nb)
                assert edge is not None
                expected |= 1 << edge
            assert mask == expected, coord


def test_R_12_4_1_bremen_and_ruhrgebiet_are_one_location_each(m: MapDef) -> None:
    g = track_graph(Board(m))
    offboard_nodes = {n.name for n in g.nodes if n.kind == "offboard"}
    assert offboard_nodes == set(OFFBOARDS_4_9)


def test_R_12_4_2_offboard_column_by_phase(m: MapDef) -> None:
    bremen = m.hexes["C20"].offboard
    assert bremen is not None
    assert [bremen.value(col) for col in (0, 1, 2)] == [30, 50, 70]


def test_R_12_4_no_track_into_an_offboard_or_gray_side_without_track(m: MapDef) -> None:
    # C12 (Sneek) faces C10's E side, which has no printed track (R-12.3).
    assert not m.open_edges["C12"] >> edge_between("C12", "C10") & 1  # type: ignore[operator]
    # D9 faces C10's SW side with printed track: open (blocked only by the barrier).
    assert m.open_edges["D9"] >> edge_between("D9", "C10") & 1  # type: ignore[operator]
    # Every land neighbour of an off-board meets a triangle (4.9).
    for parts in (p for _, _, p in OFFBOARDS_4_9.values()):
        for coord, triangles in parts.items():
            for nb in triangles.split():
                edge = edge_between(nb, coord)
                assert edge is not None and m.open_edges[nb] >> edge & 1


# ------------------------------------------------------------- track, barriers, blocks
def test_4_10_R_12_8_printed_stubs_and_track(m: MapDef) -> None:
    for coord, edges in STUBS_4_10.items():
        h = m.hexes[coord]
        mask = orient(h.printed, h.rotation).edge_mask
        assert mask == sum(1 << e for e in edges), coord
    assert m.hexes["B11"].printed.stops[0].revenue == 10
    assert m.hexes["C10"].fixed and not m.hexes["C10"].printed.stops


def test_4_8_R_12_7_red_barriers_keyed_to_light_red(m: MapDef) -> None:
    rules = {(r.a, r.b): r for r in m.edge_rules}
    assert set(rules) == BARRIERS_4_8
    assert all(r.barrier_until == BARRIER_KEY == "LR" and r.cost == 0 for r in rules.values())


def test_R_12_6_H7_blocked_until_LVG(m: MapDef) -> None:
    assert m.hexes["H7"].blocked_until == LVG_KEY
    assert [c for c, h in m.hexes.items() if h.blocked_until] == ["H7"]
    b = Board(m)
    b.place_token("H5", 0, "ZHESM")
    b.lay_tile("H5", "6", edge_between("H5", "H7") or 0)  # a city tile pointing to H7
    everything = LayOptions(colors=ALL_COLORS)
    assert not [x for x in legal_tile_lays(b, Operator("ZHESM"), everything) if x.hex == "H7"]
    freed = Operator("ZHESM", released=frozenset({LVG_KEY}))
    lays = [x for x in legal_tile_lays(b, freed, everything) if x.hex == "H7"]
    assert lays and all(x.cost == 80 for x in lays)  # Leiden is water


def test_R_12_8_R_15_3_3_stub_hex_yellow_tile_keeps_the_stubs(m: MapDef) -> None:
    b = Board(m)
    b.place_token("K8", 0, "NBDS")
    lays = [x for x in legal_tile_lays(b, Operator("NBDS"), LayOptions()) if x.hex == "K8"]
    assert lays and {x.tile for x in lays} == {"B-Y"}
    for lay in lays:
        mask = orient(TILES[lay.tile], lay.rotation).edge_mask
        assert mask & 0b1001 == 0b1001 and lay.cost == 0  # NE and SW; no fee on yellow


def test_R_12_2_yellow_preprinted_B11_takes_green_only(m: MapDef) -> None:
    b = Board(m)
    b.place_token("B13", 0, "HIJSM")
    b.lay_tile("B13", "57", 1)  # W-E through Leeuwarden, reaching B11
    op = Operator("HIJSM")
    assert not [x for x in legal_tile_lays(b, op, LayOptions()) if x.hex == "B11"]
    green = LayOptions(colors=frozenset({"yellow", "green"}))
    lays = [x for x in legal_tile_lays(b, op, green) if x.hex == "B11"]
    assert lays and all(x.upgrade and TILES[x.tile].color == "green" for x in lays)
    assert {TILES[x.tile].category() for x in lays} == {(TOWN,)}


def test_R_14_5_1_A_13_major_homes_reserved_per_hex(m: MapDef) -> None:
    homes: dict[str, set[str]] = {}
    for r in m.reservations:
        assert r.city is None  # a reservation is for the hex
        homes.setdefault(r.company, set()).add(r.hex)
    assert homes == HOMES_R_14_5


def test_option_without_afsluitdijk() -> None:
    m = build_map({"afsluitdijk": False})
    assert "C10" not in m.hexes
    assert {(r.a, r.b) for r in m.edge_rules} == BARRIERS_4_8 - {("C10", "D9")}
    assert orient(m.hexes["B11"].printed, 0).edge_mask == 1 << 4
    assert build_map({}) is build_map({"afsluitdijk": True})  # cached and shared


# ------------------------------------------------------------------------------- tiles
def test_part_5_manifest_counts() -> None:
    supply = tile_supply()
    per_colour: Counter[str] = Counter()
    for tile_id, count in supply.items():
        assert count is not None and count > 0
        per_colour[TILES[tile_id].color] += count
    assert dict(per_colour) == {"yellow": 61, "green": 55, "brown": 45, "gray": 13}
    assert (supply["8"], supply["57"], supply["611"], supply["455"]) == (10, 5, 3, 3)


def test_R_15_1_2_supply_is_limited_and_returned_on_upgrade(m: MapDef) -> None:
    b = Board(m)
    b.place_token("K12", 0, "MSS")
    b.lay_tile("K12", "57", 0)
    assert b.supply["57"] == 4
    b.lay_tile("K12", "14", 0)
    assert (b.supply["57"], b.supply["14"]) == (5, 2)


def test_R_15_2_4_no_town_to_double_town_and_double_towns_stop_at_yellow(m: MapDef) -> None:
    for tile_id in ("3", "4", "58"):
        assert all(s.new.category() == (TOWN,) for s in next_tiles(m, TILES[tile_id]))
    for tile_id in ("1", "2", "55", "56", "69"):
        assert next_tiles(m, TILES[tile_id]) == []
    town_hex = [s.new.id for s in next_tiles(m, m.hexes["J13"].printed)]
    dtown_hex = [s.new.id for s in next_tiles(m, m.hexes["I14"].printed)]
    assert set(town_hex) == {"3", "4", "58"}
    assert set(dtown_hex) == {"1", "2", "55", "56", "69"}


def test_R_15_2_1_to_3_tile_types_match_hex_types(m: MapDef) -> None:
    def yellow_for(coord: str) -> set[str]:
        return {s.new.id for s in next_tiles(m, m.hexes[coord].printed)}

    assert yellow_for("K12") == {"5", "6", "57"}
    assert yellow_for("H9") == {"7", "8", "9"}
    assert yellow_for("G16") == {"OO-Y1", "OO-Y2", "OO-Y3"}
    assert yellow_for("G10") == {"A-Y"}
    assert yellow_for("I12") == {"U-Y"}


@pytest.mark.parametrize("tile_id", sorted(t for t in TILES if TILES[t].color != "gray"))
def test_R_15_4_every_city_town_and_plain_tile_can_be_upgraded(tile_id: str, m: MapDef) -> None:
    t = TILES[tile_id]
    ups = next_tiles(m, t)
    # double towns have no green tile; brown plain and town tiles have no gray (Part 5.4)
    dead_end = t.category() == (TOWN, TOWN) or (t.color == "brown" and CITY not in t.category())
    assert bool(ups) != dead_end, [s.new.id for s in ups]


def test_R_15_4_4_amsterdam_gray_merges_two_cities_keeping_markers(m: MapDef) -> None:
    b = Board(m)
    b.place_token("G10", 0, "NCS")
    for tile_id in ("A-Y", "A-G", "A-Br"):
        b.lay_tile("G10", tile_id, 0)
    b.place_token("G10", 0, "NS")
    b.place_token("G10", 1, "HIJSM")
    b.lay_tile("G10", "A-Gr", 0)
    assert sorted(b.city_tokens("G10", 0)) == ["HIJSM", "NCS", "NS"]
