"""A small purpose-built map for the core map tests (no title's data):

    row C:      C2 .   C4 .   C6 T   C8 .   C10 .            (C6: two stations, label "T")
    row D:  D1 W  D3 c   D5 c | D7 t   D9 c   D11 .  D13 E   (| = river, cost 50)
    row E:      E2 .   E4 .   E6 .   E8 .   E10 .  E12 .

``W``/``E`` are off-boards worth 20/40 and 30/50 (phase columns 0/1), ``c`` cities, ``t`` a
town, ``.`` plain.  Homes: A at D5, B and C in the two stations of C6, D at D9.
The twin tiles have station a on SW+SE (edges 0, 5) and station b on W+E (1, 4); on C6
they fit only at rotation 0.
"""

from __future__ import annotations

from railhouse.map import EdgeRule, HexDef, MapDef, Offboard, Reservation, RouteRules, tile
from railhouse.map.library import STANDARD
from railhouse.map.tiles import TileDef
from railhouse.map.trains import TrainSpec

TWIN_TILES = {
    "TWY": tile("TWY", "yellow", "c30x1:0,5 c30x1:1,4", label="T"),
    "TWG": tile("TWG", "green", "c40x1:0,5 c40x1:1,4", label="T"),
    "TWB": tile("TWB", "brown", "c60x2:0,1,4,5", label="T"),
}
TILE_IDS = ["3", "4", "58", "5", "6", "57", "7", "8", "9", "14", "15", "23", "24", "125"]
SUPPLY: dict[str, int | None] = {**{t: 2 for t in TILE_IDS}, **{t: 1 for t in TWIN_TILES}}
SUPPLY["9"] = None  # unlimited
SUPPLY["57"] = 4
RULES = RouteRules()
TRAINS = {n: TrainSpec(n, int(n)) for n in "2345"}
TRAINS["3E"] = TrainSpec("3E", 3, towns_pay=False, multiplier=2)


def mini_map(**changes: object) -> MapDef:
    """The map above (``changes`` replace MapDef fields, e.g. knobs)."""
    hexes: dict[str, HexDef] = {}
    for coord in ("C2", "C4", "C8", "C10", "D11", "E2", "E4", "E6", "E8", "E10", "E12"):
        hexes[coord] = HexDef(coord, tile("", "white"))
    for coord in ("D3", "D5", "D9"):
        hexes[coord] = HexDef(coord, tile("", "white", "c0x1"))
    hexes["D7"] = HexDef("D7", tile("", "white", "t0"))
    hexes["C6"] = HexDef("C6", tile("", "white", "c0x1 c0x1", label="T"), name="Twin")
    hexes["D1"] = HexDef("D1", tile("", "red", "o:4"), fixed=True, offboard=Offboard("W", (20, 40)))
    hexes["D13"] = HexDef(
        "D13", tile("", "red", "o:1"), fixed=True, offboard=Offboard("E", (30, 50))
    )
    tiles: dict[str, TileDef] = {t: STANDARD[t] for t in TILE_IDS} | TWIN_TILES
    homes = (
        Reservation("A", "D5", 0),
        Reservation("B", "C6", 0),
        Reservation("C", "C6", 1),
        Reservation("D", "D9", 0),
    )
    m = MapDef(hexes, tiles, SUPPLY, (EdgeRule("D5", "D7", cost=50),), homes)
    if changes:
        from dataclasses import replace

        m = replace(m, **changes)  # type: ignore[arg-type]
    return m
