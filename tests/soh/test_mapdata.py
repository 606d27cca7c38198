"""The SOH map and tile set against facts/soh.md (each test names the section it checks)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from railhouse.map.board import Board
from railhouse.map.graph import Operator, track_graph
from railhouse.map.hexgrid import edge_between, opposite
from railhouse.map.lays import LayOptions, legal_tile_lays, next_tiles
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import CITY, STOP_BASE, TOWN, TileDef, orient
from railhouse.map.upgrades import shape_upgrades
from railhouse_soh.mapdata import build_map

# --------------------------------------------------------------------------- facts data


def hexes(text: str) -> set[str]:
    """A set of coordinates written as in the facts, separated by spaces."""
    return set(text.split())


# facts §7.2, hexes by category.
PLAIN_7_2 = hexes(
    "A14 A16 A18 B15 B19 C12 C14 C18 D7 D13 D15 D17 D19 E8 E16 E18 F13 F15 F19 G8 "
    "G10 G16 H11 H15 H17 I4 I8 I14 J3 J5 J11 J13 K4 K6 K8 K10 L11 L13 M12 M14"
)
TOWNS_7_2 = hexes("C16 F7 F17 G6 G12 G14 G18 H7 I10 J9 K2 K14 N13")
CITIES_7_2 = hexes("B13 B17 E14 H5 H9 H13 I6 I12 J7 K12")
OFFBOARDS_7_2 = hexes("C8 C20 G20 I16 J1 J15 L5 O12")
FERRY_7_2 = {"D9", "D11"}
WATER_7_2 = {"E10", "E12", "F11"}

# facts §8.1, column "Legal edges (edge->neighbour)" of every playable hex.
LEGAL_EDGES_8_1: dict[str, dict[int, str]] = {
    "A14": {0: "B13", 4: "A16", 5: "B15"},
    "A16": {0: "B15", 1: "A14", 4: "A18", 5: "B17"},
    "A18": {0: "B17", 1: "A16", 5: "B19"},
    "B13": {0: "C12", 3: "A14", 4: "B15", 5: "C14"},
    "B15": {0: "C14", 1: "B13", 2: "A14", 3: "A16", 4: "B17", 5: "C16"},
    "B17": {0: "C16", 1: "B15", 2: "A16", 3: "A18", 4: "B19", 5: "C18"},
    "B19": {0: "C18", 1: "B17", 2: "A18", 5: "C20"},
    "C12": {0: "D11", 3: "B13", 4: "C14", 5: "D13"},
    "C14": {0: "D13", 1: "C12", 2: "B13", 3: "B15", 4: "C16", 5: "D15"},
    "C16": {0: "D15", 1: "C14", 2: "B15", 3: "B17", 4: "C18", 5: "D17"},
    "C18": {0: "D17", 1: "C16", 2: "B17", 3: "B19", 5: "D19"},
    "D7": {3: "C8", 5: "E8"},
    "D13": {2: "C12", 3: "C14", 4: "D15", 5: "E14"},
    "D15": {0: "E14", 1: "D13", 2: "C14", 3: "C16", 4: "D17", 5: "E16"},
    "D17": {0: "E16", 1: "D15", 2: "C16", 3: "C18", 4: "D19", 5: "E18"},
    "D19": {0: "E18", 1: "D17", 2: "C18"},
    "E8": {0: "F7", 2: "D7", 3: "D9", 5: "F9"},
    "E14": {0: "F13", 2: "D13", 3: "D15", 4: "E16", 5: "F15"},
    "E16": {0: "F15", 1: "E14", 2: "D15", 3: "D17", 4: "E18", 5: "F17"},
    "E18": {0: "F17", 1: "E16", 2: "D17", 3: "D19", 5: "F19"},
    "F7": {0: "G6", 3: "E8", 4: "F9", 5: "G8"},
    "F9": {0: "G8", 1: "F7", 2: "E8", 5: "G10"},
    "F13": {0: "G12", 3: "E14", 4: "F15", 5: "G14"},
    "F15": {0: "G14", 1: "F13", 2: "E14", 3: "E16", 4: "F17", 5: "G16"},
    "F17": {0: "G16", 1: "F15", 2: "E16", 3: "E18", 4: "F19", 5: "G18"},
    "F19": {0: "G18", 1: "F17", 2: "E18"},
    "G6": {0: "H5", 3: "F7", 4: "G8", 5: "H7"},
    "G8": {0: "H7", 1: "G6", 2: "F7", 3: "F9", 4: "G10", 5: "H9"},
    "G10": {0: "H9", 1: "G8", 2: "F9", 4: "G12", 5: "H11"},
    "G12": {0: "H11", 1: "G10", 3: "F13", 4: "G14", 5: "H13"},
    "G14": {0: "H13", 1: "G12", 2: "F13", 3: "F15", 4: "G16", 5: "H15"},
    "G16": {0: "H15", 1: "G14", 2: "F15", 3: "F17", 4: "G18", 5: "H17"},
    "G18": {0: "H17", 1: "G16", 2: "F17", 3: "F19", 4: "G20"},
    "H5": {0: "I4", 3: "G6", 4: "H7", 5: "I6"},
    "H7": {0: "I6", 1: "H5", 2: "G6", 3: "G8", 4: "H9", 5: "I8"},
    "H9": {0: "I8", 1: "H7", 2: "G8", 3: "G10", 4: "H11", 5: "I10"},
    "H11": {0: "I10", 1: "H9", 2: "G10", 3: "G12", 4: "H13", 5: "I12"},
    "H13": {0: "I12", 1: "H11", 2: "G12", 3: "G14", 4: "H15", 5: "I14"},
    "H15": {0: "I14", 1: "H13", 2: "G14", 3: "G16", 4: "H17"},
    "H17": {1: "H15", 2: "G16", 3: "G18"},
    "I4": {0: "J3", 3: "H5", 4: "I6", 5: "J5"},
    "I6": {0: "J5", 1: "I4", 2: "H5", 3: "H7", 4: "I8", 5: "J7"},
    "I8": {0: "J7", 1: "I6", 2: "H7", 3: "H9", 4: "I10", 5: "J9"},
    "I10": {0: "J9", 1: "I8", 2: "H9", 3: "H11", 4: "I12", 5: "J11"},
    "I12": {0: "J11", 1: "I10", 2: "H11", 3: "H13", 4: "I14", 5: "J13"},
    "I14": {0: "J13", 1: "I12", 2: "H13", 3: "H15", 4: "I16"},
    "J3": {0: "K2", 3: "I4", 4: "J5", 5: "K4"},
    "J5": {0: "K4", 1: "J3", 2: "I4", 3: "I6", 4: "J7", 5: "K6"},
    "J7": {0: "K6", 1: "J5", 2: "I6", 3: "I8", 4: "J9", 5: "K8"},
    "J9": {0: "K8", 1: "J7", 2: "I8", 3: "I10", 4: "J11", 5: "K10"},
    "J11": {0: "K10", 1: "J9", 2: "I10", 3: "I12", 4: "J13", 5: "K12"},
    "J13": {0: "K12", 1: "J11", 2: "I12", 3: "I14", 5: "K14"},
    "K2": {2: "J1", 3: "J3", 4: "K4"},
    "K4": {1: "K2", 2: "J3", 3: "J5", 4: "K6"},
    "K6": {0: "L5", 1: "K4", 2: "J5", 3: "J7", 4: "K8"},
    "K8": {1: "K6", 2: "J7", 3: "J9", 4: "K10"},
    "K10": {1: "K8", 2: "J9", 3: "J11", 4: "K12", 5: "L11"},
    "K12": {0: "L11", 1: "K10", 2: "J11", 3: "J13", 4: "K14", 5: "L13"},
    "K14": {0: "L13", 1: "K12", 2: "J13", 3: "J15"},
    "L11": {2: "K10", 3: "K12", 4: "L13", 5: "M12"},
    "L13": {0: "M12", 1: "L11", 2: "K12", 3: "K14", 5: "M14"},
    "M12": {2: "L11", 3: "L13", 4: "M14", 5: "N13"},
    "M14": {0: "N13", 1: "M12", 2: "L13"},
    "N13": {0: "O12", 2: "M12", 3: "M14"},
}

# facts §8.3, the 26 costed river hexsides as ((hex A, edge), (hex B, edge)).
RIVERS_8_3: tuple[tuple[tuple[str, int], tuple[str, int]], ...] = (
    (("E14", 0), ("F13", 3)),
    (("F13", 4), ("F15", 1)),
    (("F15", 0), ("G14", 3)),
    (("G14", 4), ("G16", 1)),
    (("G14", 5), ("H15", 2)),
    (("H11", 0), ("I10", 3)),
    (("H11", 5), ("I12", 2)),
    (("H13", 4), ("H15", 1)),
    (("H13", 0), ("I12", 3)),
    (("H13", 5), ("I14", 2)),
    (("H15", 0), ("I14", 3)),
    (("H9", 5), ("I10", 2)),
    (("I8", 4), ("I10", 1)),
    (("I12", 4), ("I14", 1)),
    (("I14", 0), ("J13", 3)),
    (("I4", 0), ("J3", 3)),
    (("I4", 5), ("J5", 2)),
    (("I6", 0), ("J5", 3)),
    (("I6", 5), ("J7", 2)),
    (("I8", 0), ("J7", 3)),
    (("I8", 5), ("J9", 2)),
    (("J15", 0), ("K14", 3)),
    (("J3", 4), ("J5", 1)),
    (("J3", 0), ("K2", 3)),
    (("J3", 5), ("K4", 2)),
    (("K2", 4), ("K4", 1)),
)

# facts §8.2: hex -> (name, yellow phases, brown phases (T for L5), stub edge).
OFFBOARDS_8_2: dict[str, tuple[str, int, int, int]] = {
    "C8": ("Den Helder", 30, 40, 0),
    "C20": ("Papenburg", 40, 60, 2),
    "G20": ("Salzbergen", 40, 60, 1),
    "I16": ("Emmerich am Rhein", 40, 50, 1),
    "J1": ("Vlissingen", 40, 60, 5),
    "J15": ("Kleve", 40, 50, 0),
    "L5": ("Antwerpen", 40, 50, 3),
    "O12": ("Liège", 40, 60, 3),
}

# facts §9.2: id -> (colour, layout at rotation 0 in the notation of §0.3, EN count, DE count).
MANIFEST_9_2: dict[str, tuple[str, str, int, int]] = {
    "7": ("yellow", "0-1", 3, 3),
    "8": ("yellow", "0-2", 8, 8),
    "9": ("yellow", "0-3", 8, 8),
    "3": ("yellow", "T10[0,1]", 6, 6),
    "4": ("yellow", "T10[0,3]", 6, 6),
    "58": ("yellow", "T10[0,2]", 6, 6),
    "6": ("yellow", "C20x1{0,2}", 8, 6),
    "57": ("yellow", "C20x1{0,3}", 7, 6),
    "SOH1": ("yellow", "C30x1{0,5} + C30x1{1,2}", 1, 1),
    "14": ("green", "C30x2{0,1,3,4}", 4, 4),
    "15": ("green", "C30x2{0,1,2,3}", 4, 4),
    "16": ("green", "0-2 1-3", 1, 1),
    "20": ("green", "0-3 1-4", 1, 1),
    "23": ("green", "0-3 0-4", 3, 3),
    "24": ("green", "0-3 0-2", 3, 3),
    "25": ("green", "0-2 0-4", 3, 3),
    "26": ("green", "0-3 0-5", 2, 2),
    "27": ("green", "0-3 0-1", 2, 2),
    "28": ("green", "0-4 0-5", 2, 2),
    "29": ("green", "0-2 0-1", 2, 2),
    "30": ("green", "0-4 0-1", 2, 2),
    "31": ("green", "0-2 0-5", 2, 2),
    "981": ("green", "T10[2,5] + T10[2,4]", 3, 3),
    "991": ("green", "T10[2,5] + T10[2,0]", 3, 3),
    "SOH2": ("green", "T10[2,5] + T10[2,1]", 3, 3),
    "SOH3": ("green", "T10[2,5] + T10[2,3]", 3, 3),
    "SOH4": ("green", "T10[2,0] + T10[2,1]", 3, 3),
    "SOH5": ("green", "T10[2,3] + T10[2,4]", 3, 3),
    "SOH6": ("green", "C40x1{0,5} + C40x1{1,2}", 1, 1),
    "39": ("brown", "0-1 0-2 1-2", 1, 1),
    "40": ("brown", "0-2 2-4 0-4", 2, 2),
    "41": ("brown", "0-3 0-1 1-3", 1, 2),
    "42": ("brown", "0-3 3-5 0-5", 1, 2),
    "43": ("brown", "0-3 0-2 1-3 1-2", 1, 1),
    "44": ("brown", "0-3 1-4 0-1 3-4", 1, 1),
    "45": ("brown", "0-3 2-4 0-4 2-3", 1, 1),
    "46": ("brown", "0-3 2-4 3-4 0-2", 1, 1),
    "47": ("brown", "0-3 1-4 1-3 0-4", 1, 2),
    "125": ("brown", "C40x2{0,1,2,3,4}", 3, 3),
    "217": ("brown", "C40x2{0,1,2,5}", 3, 3),
    "SOH7": ("brown", "C60x2{0,1,2,5}", 1, 1),
}
AMSTERDAM_TILES = {"SOH1", "SOH6", "SOH7"}

# facts §9.3, the compact upgrade chart.
UPGRADES_9_3: dict[str, set[str]] = {
    "7": {"26", "27", "28", "29", "30", "31"},
    "8": {"16", "23", "24", "25", "28", "29", "30", "31"},
    "9": {"20", "23", "24", "26", "27"},
    "16": {"43"},
    "20": {"44", "47"},
    "23": {"41", "43", "45", "47"},
    "24": {"42", "43", "46", "47"},
    "25": {"40", "45", "46"},
    "26": {"42", "44", "45"},
    "27": {"41", "44", "46"},
    "28": {"39", "43", "46"},
    "29": {"39", "43", "45"},
    "30": {"42"},
    "31": {"41"},
    "3": {"SOH2", "SOH3", "SOH4", "SOH5"},
    "4": {"981", "991", "SOH2", "SOH3"},
    "58": {"981", "991", "SOH4", "SOH5"},
    "981": set(),
    "991": set(),
    "SOH2": set(),
    "SOH3": set(),
    "SOH4": set(),
    "SOH5": set(),
    "6": {"14", "15"},
    "57": {"14", "15"},
    "14": {"125"},
    "15": {"125", "217"},
    "SOH1": {"SOH6"},
    "SOH6": {"SOH7"},
}
TOWN_UPGRADES = {"3", "4", "58"}


# --------------------------------------------------------------------------- helpers


@pytest.fixture(scope="module")
def soh() -> MapDef:
    return build_map()


def edges_of(mask: int) -> set[int]:
    return {e for e in range(6) if mask >> e & 1}


Layout = tuple[tuple[tuple[int, int], ...], tuple[tuple[str, int, int, frozenset[int]], ...]]


def parse_facts_layout(text: str) -> Layout:
    """facts §0.3 notation -> (sorted plain segments, sorted stops (kind, value, slots, edges))."""
    segments: list[tuple[int, int]] = []
    stops: list[tuple[str, int, int, frozenset[int]]] = []
    for token in text.replace("+", " ").split():
        if m := re.fullmatch(r"(\d)-(\d)", token):
            a, b = int(m[1]), int(m[2])
            segments.append((min(a, b), max(a, b)))
        elif m := re.fullmatch(r"T(\d+)\[(\d),(\d)\]", token):
            stops.append((TOWN, int(m[1]), 0, frozenset({int(m[2]), int(m[3])})))
        elif m := re.fullmatch(r"C(\d+)x(\d)\{([\d,]+)\}", token):
            edges = frozenset(int(e) for e in m[3].split(","))
            stops.append((CITY, int(m[1]), int(m[2]), edges))
        else:
            raise AssertionError(f"bad facts layout token {token!r}")
    return tuple(sorted(segments)), tuple(sorted(stops, key=repr))


def tile_layout(t: TileDef) -> Layout:
    """The same canonical form read from a core tile at rotation 0."""
    segments = sorted((min(a, b), max(a, b)) for a, b in t.paths if a < STOP_BASE and b < STOP_BASE)
    stops = []
    for i, stop in enumerate(t.stops):
        edges = frozenset(
            (b if a == STOP_BASE + i else a) for a, b in t.paths if STOP_BASE + i in (a, b)
        )
        assert all(e < STOP_BASE for e in edges), f"tile {t.id}: stop-to-stop track"
        stops.append((stop.kind, stop.revenue, stop.slots, edges))
    return tuple(segments), tuple(sorted(stops, key=repr))


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


# --------------------------------------------------------------------------- §9


@pytest.mark.parametrize(
    ("edition", "totals"),
    [
        ("EN", {"yellow": 53, "green": 50, "brown": 17}),
        ("DE", {"yellow": 50, "green": 50, "brown": 20}),
    ],
)
def test_manifest_totals_facts_9_2(edition: str, totals: dict[str, int]) -> None:
    """§9.2 / §1: EN 53/50/17 = 120, DE (and R) 50/50/20; counts per tile as the table."""
    soh = build_map(tile_counts=edition)
    by_color: Counter[str] = Counter()
    for tid, count in soh.supply.items():
        assert count is not None
        by_color[soh.tiles[tid].color] += count
    assert dict(by_color) == totals
    column = 2 if edition == "EN" else 3
    assert dict(soh.supply) == {tid: row[column] for tid, row in MANIFEST_9_2.items()}


def test_unknown_manifest_edition_rejected() -> None:
    with pytest.raises(ValueError):
        build_map(tile_counts="FR")


def test_tile_layouts_at_rotation_0_facts_9_2(soh: MapDef) -> None:
    """§9.2: every tile's colour and layout at rotation 0; AM label only on SOH1/6/7."""
    assert set(soh.tiles) == set(MANIFEST_9_2)
    for tid, (color, layout, _, _) in MANIFEST_9_2.items():
        t = soh.tiles[tid]
        assert t.id == tid
        assert t.color == color, tid
        assert tile_layout(t) == parse_facts_layout(layout), tid
        assert t.label == ("AM" if tid in AMSTERDAM_TILES else None), tid


def test_stop_values_facts_8_1_notes(soh: MapDef) -> None:
    """§8.1 notes: towns 10 on every tile; cities 20 (yellow, 1 slot), 30 (green, 2),
    40 (brown, 2); Amsterdam 30/40/60."""
    expected_city = {"yellow": (20, 1), "green": (30, 2), "brown": (40, 2)}
    for tid, t in soh.tiles.items():
        for stop in t.stops:
            if stop.kind == TOWN:
                assert stop.revenue == 10, tid
            elif tid not in AMSTERDAM_TILES:
                assert (stop.revenue, stop.slots) == expected_city[t.color], tid
    assert [s.revenue for s in soh.tiles["SOH1"].stops] == [30, 30]
    assert [s.revenue for s in soh.tiles["SOH6"].stops] == [40, 40]
    assert [s.revenue for s in soh.tiles["SOH7"].stops] == [60]


def test_first_tiles_per_hex_type_facts_9_1(soh: MapDef) -> None:
    """§9.1: by the core's next_tiles (colour, kind, label, shape), plain hexes take
    7/8/9, towns 3/4/58, cities 6/57, Amsterdam SOH1 only."""
    expected = {"K10": {"7", "8", "9"}, "H7": {"3", "4", "58"}, "H9": {"6", "57"}}
    expected["F9"] = {"SOH1"}
    for coord, ids in expected.items():
        fits = {shape.new.id for shape in next_tiles(soh, soh.hexes[coord].printed)}
        assert fits == ids, coord


def _shape_upgrades(soh: MapDef, old: TileDef) -> set[str]:
    """Next-colour tiles with the same label that preserve ``old`` (core shape_upgrades)."""
    rank = soh.color_rank(old.color)
    return {
        new.id
        for new in soh.tiles.values()
        if soh.color_rank(new.color) == rank + 1
        and new.label == old.label
        and shape_upgrades(old, new)
    }


def test_upgrade_chart_shapes_facts_9_3(soh: MapDef) -> None:
    """§9.3: the core's shape_upgrades (plus next colour and equal label) gives exactly the
    chart for every yellow and green tile."""
    for tid, expected in UPGRADES_9_3.items():
        assert _shape_upgrades(soh, soh.tiles[tid]) == expected, tid


def test_upgrade_chart_core_next_tiles_facts_9_3(soh: MapDef) -> None:
    """§9.3 through the core's upgrade legality (lays.next_tiles: colour, label, stop kinds,
    shape) for every yellow/green tile except the single-town yellows (next test)."""
    for tid, expected in UPGRADES_9_3.items():
        if tid in TOWN_UPGRADES:
            continue
        got = {shape.new.id for shape in next_tiles(soh, soh.tiles[tid])}
        assert got == expected, tid


def test_town_upgrades_core_next_tiles_facts_9_3(soh: MapDef) -> None:
    """§9.2/§9.3: yellow town tiles upgrade to the green double-town tiles."""
    for tid in sorted(TOWN_UPGRADES):
        got = {shape.new.id for shape in next_tiles(soh, soh.tiles[tid])}
        assert got == UPGRADES_9_3[tid], tid


# --------------------------------------------------------------------------- core engine


def test_home_first_lay_in_amsterdam_facts_8_5() -> None:
    """§8.5/§10: NRS's first lay on F9 (home token in city 0) is SOH1 at rotation 0 only,
    and it costs nothing."""
    board = Board(build_map())
    board.place_token("F9", 0, "NRS")
    lays = legal_tile_lays(board, Operator("NRS"), LayOptions(only_hexes=frozenset({"F9"})))
    assert [(lay.tile, lay.rotation, lay.cost) for lay in lays] == [("SOH1", 0, 0)]


def test_amsterdam_tokens_follow_upgrades_facts_8_5() -> None:
    """§8.5: NRS in city 0 and HYSM in city 1 stay in their stations through SOH1 and
    SOH6 and share the single 2-slot city of SOH7."""
    board = Board(build_map())
    board.place_token("F9", 0, "NRS")
    board.place_token("F9", 1, "HYSM")
    for tid in ("SOH1", "SOH6"):
        board.lay_tile("F9", tid, 0)
        assert board.city_tokens("F9", 0) == ["NRS"] and board.city_tokens("F9", 1) == ["HYSM"]
    board.lay_tile("F9", "SOH7", 0)
    assert sorted(board.city_tokens("F9", 0)) == ["HYSM", "NRS"]


def test_amsterdam_reservations_follow_merge_facts_8_5() -> None:
    """§8.5/§5: a reservation still names an existing city after the brown merge."""
    board = Board(build_map())
    for tid in ("SOH1", "SOH6", "SOH7"):
        board.lay_tile("F9", tid, 0)
    t, _ = board.tile_at("F9")
    amsterdam = [r for r in board.reservations if r.hex == "F9"]
    assert sorted(r.company for r in amsterdam) == ["HYSM", "NRS"]  # none is lost
    for r in amsterdam:
        assert r.city is not None and r.city < len(t.city_indices()), r


def test_river_crossing_costs_50_facts_8_3() -> None:
    """§8.3: track completing a connection across a river costs 50; track that ends at a
    river with nothing facing it is free."""
    board = Board(build_map())
    board.place_token("E14", 0, "OSM")
    board.lay_tile("E14", "57", 0)  # Zwolle: city on edges 0 (SW -> F13, river) and 3
    lays = legal_tile_lays(board, Operator("OSM"), LayOptions(only_hexes=frozenset({"F13"})))
    got = {
        (
            lay.tile,
            frozenset(edges_of(orient(board.map.tiles[lay.tile], lay.rotation).edge_mask)),
        ): lay.cost
        for lay in lays
    }
    # F13's open sides are 0, 3, 4, 5; every lay must use side 3 (toward Zwolle, river, 50).
    # 7 on 3-4 also ends at the F13|F15 river, free because F15 has no track.
    assert got == {
        ("7", frozenset({3, 4})): 50,
        ("8", frozenset({3, 5})): 50,
        ("9", frozenset({0, 3})): 50,
    }


def test_ferry_is_one_connection_facts_8_4() -> None:
    """§8.4: E8 - D9 Enkhuizen (town 10) - D11 - C12 forms one line in the track graph."""
    board = Board(build_map())
    board.lay_tile("E8", "9", 0)  # 0-3: SW -> F7, NE -> D9
    board.lay_tile("C12", "9", 0)  # 0-3: SW -> D11, NE -> B13
    g = track_graph(board)
    town = g.index["D9.t0"]
    assert g.nodes[town].revenue == 10
    assert g.side[("E8", 3)] == g.side[("D9", 0)]
    assert g.side[("C12", 0)] == g.side[("D11", 3)]
    seen = {town}
    todo = [town]
    while todo:
        for v, _ in g.adj[todo.pop()]:
            if v not in seen:
                seen.add(v)
                todo.append(v)
    assert g.side[("E8", 0)] in seen and g.side[("C12", 3)] in seen
