"""Steam Over Holland map and tiles in the railhouse.map data model (test fixture; the
real title data belongs to plugins/soh).  Source: facts/soh.md §7-§9."""

from __future__ import annotations

from railhouse.map import EdgeRule, HexDef, MapDef, Offboard, Reservation, tile
from railhouse.map.library import get
from railhouse.map.tiles import TileDef
from railhouse.map.trains import RouteRules, TrainSpec

PLAIN = [
    "A14",
    "A16",
    "A18",
    "B15",
    "B19",
    "C12",
    "C14",
    "C18",
    "D7",
    "D13",
    "D15",
    "D17",
    "D19",
    "E8",
    "E16",
    "E18",
    "F13",
    "F15",
    "F19",
    "G8",
    "G10",
    "G16",
    "H11",
    "H15",
    "H17",
    "I4",
    "I8",
    "I14",
    "J3",
    "J5",
    "J11",
    "J13",
    "K4",
    "K6",
    "K8",
    "K10",
    "L11",
    "L13",
    "M12",
    "M14",
]
TOWNS = ["C16", "F7", "F17", "G6", "G12", "G14", "G18", "H7", "I10", "J9", "K2", "K14", "N13"]
CITIES = ["B13", "B17", "E14", "H5", "H9", "H13", "I6", "I12", "J7", "K12"]
OFFBOARDS = {  # hex: (yellow, brown, stub edge)
    "C8": (30, 40, 0),
    "C20": (40, 60, 2),
    "G20": (40, 60, 1),
    "I16": (40, 50, 1),
    "J1": (40, 60, 5),
    "J15": (40, 50, 0),
    "L5": (40, 50, 3),
    "O12": (40, 60, 3),
}
RIVERS = [
    ("E14", "F13"),
    ("F13", "F15"),
    ("F15", "G14"),
    ("G14", "G16"),
    ("G14", "H15"),
    ("H11", "I10"),
    ("H11", "I12"),
    ("H13", "H15"),
    ("H13", "I12"),
    ("H13", "I14"),
    ("H15", "I14"),
    ("H9", "I10"),
    ("I8", "I10"),
    ("I12", "I14"),
    ("I14", "J13"),
    ("I4", "J3"),
    ("I4", "J5"),
    ("I6", "J5"),
    ("I6", "J7"),
    ("I8", "J7"),
    ("I8", "J9"),
    ("J15", "K14"),
    ("J3", "J5"),
    ("J3", "K2"),
    ("J3", "K4"),
    ("K2", "K4"),
]
HOMES = {"NBD": "K12", "OSM": "E14", "AR": "J7", "NCS": "H9", "NSM": "I12"}


def soh_tiles() -> dict[str, TileDef]:
    """The SOH tile set: standard shapes plus the title's own tiles (facts/soh.md §9.2)."""
    tiles = {
        t: get(t)
        for t in [
            "7",
            "8",
            "9",
            "3",
            "4",
            "58",
            "6",
            "57",
            "14",
            "15",
            "16",
            "20",
            "23",
            "24",
            "25",
            "26",
            "27",
            "28",
            "29",
            "30",
            "31",
            "39",
            "40",
            "41",
            "42",
            "43",
            "44",
            "45",
            "46",
            "47",
        ]
    }
    tiles["125"] = get("125")
    tiles["217"] = get("217")
    own = {
        "SOH1": ("yellow", "c30x1:0,5 c30x1:1,2"),
        "SOH6": ("green", "c40x1:0,5 c40x1:1,2"),
        "SOH7": ("brown", "c60x2:0,1,2,5"),
        "981": ("green", "t10:2,5 t10:2,4"),
        "991": ("green", "t10:2,5 t10:2,0"),
        "SOH2": ("green", "t10:2,5 t10:2,1"),
        "SOH3": ("green", "t10:2,5 t10:2,3"),
        "SOH4": ("green", "t10:2,0 t10:2,1"),
        "SOH5": ("green", "t10:2,3 t10:2,4"),
    }
    for tid, (color, spec) in own.items():
        tiles[tid] = tile(
            tid, color, spec, label="AM" if tid.startswith(("SOH1", "SOH6", "SOH7")) else None
        )
    return tiles


SUPPLY: dict[str, int | None] = {
    "7": 3,
    "8": 8,
    "9": 8,
    "3": 6,
    "4": 6,
    "58": 6,
    "6": 8,
    "57": 7,
    "SOH1": 1,
    "14": 4,
    "15": 4,
    "16": 1,
    "20": 1,
    "23": 3,
    "24": 3,
    "25": 3,
    "26": 2,
    "27": 2,
    "28": 2,
    "29": 2,
    "30": 2,
    "31": 2,
    "981": 3,
    "991": 3,
    "SOH2": 3,
    "SOH3": 3,
    "SOH4": 3,
    "SOH5": 3,
    "SOH6": 1,
    "39": 1,
    "40": 2,
    "41": 1,
    "42": 1,
    "43": 1,
    "44": 1,
    "45": 1,
    "46": 1,
    "47": 1,
    "125": 3,
    "217": 3,
    "SOH7": 1,
}


def soh_map() -> MapDef:
    hexes: dict[str, HexDef] = {}
    for h in PLAIN:
        hexes[h] = HexDef(h, tile("", "white"))
    for h in TOWNS:
        hexes[h] = HexDef(h, tile("", "white", "t0"))
    for h in CITIES:
        hexes[h] = HexDef(h, tile("", "white", "c0x1"))
    hexes["F9"] = HexDef("F9", tile("", "white", "c0x1 c0x1", label="AM"), name="Amsterdam")
    for h, (yellow, brown, edge) in OFFBOARDS.items():
        hexes[h] = HexDef(
            h, tile("", "red", f"o:{edge}"), fixed=True, offboard=Offboard(h, (yellow, brown))
        )
    hexes["D9"] = HexDef("D9", tile("ferry", "blue", "t10:0,4"), fixed=True, name="Enkhuizen")
    hexes["D11"] = HexDef("D11", tile("ferry", "blue", "1-3"), fixed=True)
    for h in ("E10", "E12", "F11"):
        hexes[h] = HexDef(h, tile("", "blue"), fixed=True)
    rules = tuple(EdgeRule(a, b, cost=50) for a, b in RIVERS)
    res = [Reservation(c, h, 0) for c, h in HOMES.items()]
    res += [Reservation("NRS", "F9", 0), Reservation("HYSM", "F9", 1)]
    return MapDef(hexes, soh_tiles(), SUPPLY, rules, tuple(res))


SOH_RULES = RouteRules()
TRAINS = {n: TrainSpec(n, int(n)) for n in "23456"}
TRAINS["3E"] = TrainSpec("3E", 3, towns_pay=False, multiplier=2)
