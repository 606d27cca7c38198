"""Steam Over Holland map and tile facts (the project's fact sheet, facts/soh.md) as test
data, and helpers to compare tile layouts with them; shared by the map and tile tests."""

from __future__ import annotations

import re

from railhouse.map.tiles import CITY, STOP_BASE, TOWN, TileDef

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
