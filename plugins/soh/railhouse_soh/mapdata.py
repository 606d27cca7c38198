"""The Steam Over Holland map as a core :class:`~railhouse.map.mapdef.MapDef`.

Sources: facts/soh.md §7 (grid, hex categories), §8.1 (master table), §8.2 (off-boards),
§8.3 (rivers), §8.4 (ferry), §8.5-8.6 (Amsterdam, homes), §9 (tiles, see
:mod:`railhouse_soh.tiledata`).  Conventions are the core's (facts §0.2): pointy-topped,
edges ``0=SW 1=W 2=NW 3=NE 4=E 5=SE``.

All 77 hexes are defined, including the three water hexes E10, E12, F11 as fixed hexes
without track: ``MapDef.open_edges`` closes any side that faces a fixed hex without
track on it, exactly as it does for a side facing a missing hex, so the legal edges of
every playable hex are those of the master table either way; keeping them makes the map
complete (as in 18xx.games) and lets a renderer draw them.  No ``closed`` edge rules are
needed: every blocked side in §8.1 faces the map border, water, or a fixed hex (off-board,
ferry) without track on that side.
"""

from __future__ import annotations

from functools import lru_cache

from railhouse.map.hexgrid import POINTY
from railhouse.map.mapdef import EdgeRule, HexDef, MapDef, Offboard, Reservation
from railhouse.map.tiles import TileDef, tile
from railhouse_soh.tiledata import AMSTERDAM, TILES, tile_supply

#: Colour order of the SOH tiles (no gray tiles in the game, facts §9.2).
COLORS = ("white", "yellow", "green", "brown")

#: Cost of each costed river hexside (facts §8.3).
RIVER_COST = 50

AMSTERDAM_HEX = "F9"
#: City index (in the printed F9 hex and in SOH1/SOH6) of each Amsterdam station:
#: city 0 has exits SW+SE (edges 0, 5), city 1 exits W+NW (edges 1, 2); facts §8.5.
NRS_CITY = 0
HYSM_CITY = 1


def _coords(text: str) -> tuple[str, ...]:
    return tuple(text.split())


# facts §7.2: plain hexes that can take track (40).
PLAIN: tuple[str, ...] = _coords(
    "A14 A16 A18 B15 B19 C12 C14 C18 D7 D13 D15 D17 D19 E8 E16 E18 F13 F15 F19 G8 "
    "G10 G16 H11 H15 H17 I4 I8 I14 J3 J5 J11 J13 K4 K6 K8 K10 L11 L13 M12 M14"
)

# facts §7.2: towns (small cities), printed with no track (13).
TOWNS: dict[str, str] = {
    "C16": "Assen",
    "F7": "Haarlem",
    "F17": "Almelo",
    "G6": "Leiden",
    "G12": "Amersfoort",
    "G14": "Apeldoorn",
    "G18": "Enschede",
    "H7": "Gouda",
    "I10": "Den Bosch",
    "J9": "Tilburg",
    "K2": "Middelburg",
    "K14": "Venlo",
    "N13": "Maastricht",
}

# facts §7.2: large cities, one printed slot, no track (10).
CITIES: dict[str, str] = {
    "B13": "Leeuwarden",
    "B17": "Groningen",
    "E14": "Zwolle",
    "H5": "Den Haag",
    "H9": "Utrecht",
    "H13": "Arnhem",
    "I6": "Rotterdam",
    "I12": "Nijmegen",
    "J7": "Breda",
    "K12": "Eindhoven",
}

# facts §8.2: off-board -> (name, yellow-phase value, brown-phase value, stub edge).
# Antwerpen's brown value is a parameter of build_map (50 in 18xx.games, 60 in Rails).
OFFBOARDS: dict[str, tuple[str, int, int, int]] = {
    "C8": ("Den Helder", 30, 40, 0),
    "C20": ("Papenburg", 40, 60, 2),
    "G20": ("Salzbergen", 40, 60, 1),
    "I16": ("Emmerich am Rhein", 40, 50, 1),
    "J1": ("Vlissingen", 40, 60, 5),
    "J15": ("Kleve", 40, 50, 0),
    "L5": ("Antwerpen", 40, 50, 3),
    "O12": ("Liège", 40, 60, 3),
}
ANTWERPEN = "L5"

# facts §7.2 / T: pure water hexes, never any track.
WATER: tuple[str, ...] = _coords("E10 E12 F11")

# facts §8.3: the 26 costed river hexsides (J13|J15 is drawn but free and uncrossable).
RIVERS: tuple[tuple[str, str], ...] = (
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
)

# facts §8.6: single-city homes (city index 0).
HOMES: dict[str, str] = {
    "NBD": "K12",
    "OSM": "E14",
    "AR": "J7",
    "NCS": "H9",
    "NSM": "I12",
}

# Printed content (facts §8.1: value 0 and no track until a tile is laid).
EMPTY = tile("", "white")
TOWN = tile("", "white", "t0")
CITY = tile("", "white", "c0x1")
AMSTERDAM_PRINTED = tile("", "white", "c0x1 c0x1", label=AMSTERDAM)
WATER_HEX = tile("", "blue")
# facts §8.4: Enkhuizen, a town worth 10 on a fixed gentle curve SW-E, and the Zuiderzee
# crossing D11 with plain fixed track W-NE.
ENKHUIZEN = tile("", "blue", "t10:0,4")
FERRY_WATER = tile("", "blue", "1-3")


def _offboard_tile(edge: int) -> TileDef:
    return tile("", "red", f"o:{edge}")


def build_map(antwerpen_brown: int = 50, tile_counts: str = "EN") -> MapDef:
    """The complete SOH map and tile set.

    ``antwerpen_brown``: Antwerpen (L5) value in phases 5-6, disputed (facts §8.2): 50 as
    in 18xx.games (default) or 60 as in Rails.  ``tile_counts``: ``"EN"`` (53/50/17, the
    corrected English manual) or ``"DE"`` (50/50/20, the German manual and Rails).

    The result is cached per arguments and shared: treat it as immutable.
    """
    return _build_map(antwerpen_brown, tile_counts)


@lru_cache(maxsize=16)
def _build_map(antwerpen_brown: int, tile_counts: str) -> MapDef:
    supply = tile_supply(tile_counts)
    hexes: dict[str, HexDef] = {}

    def add(hexdef: HexDef) -> None:
        if hexdef.coord in hexes:
            raise ValueError(f"hex {hexdef.coord} defined twice")
        hexes[hexdef.coord] = hexdef

    for coord in PLAIN:
        add(HexDef(coord, EMPTY))
    for coord, name in TOWNS.items():
        add(HexDef(coord, TOWN, name=name))
    for coord, name in CITIES.items():
        add(HexDef(coord, CITY, name=name))
    add(HexDef(AMSTERDAM_HEX, AMSTERDAM_PRINTED, name="Amsterdam"))
    for coord, (name, yellow, brown, edge) in OFFBOARDS.items():
        if coord == ANTWERPEN:
            brown = antwerpen_brown
        add(
            HexDef(
                coord,
                _offboard_tile(edge),
                name=name,
                fixed=True,
                offboard=Offboard(location=coord, values=(yellow, brown)),
            )
        )
    add(HexDef("D9", ENKHUIZEN, name="Enkhuizen", fixed=True))
    add(HexDef("D11", FERRY_WATER, fixed=True))
    for coord in WATER:
        add(HexDef(coord, WATER_HEX, fixed=True))

    reservations = [Reservation(company, coord, 0) for company, coord in HOMES.items()]
    reservations += [
        Reservation("HYSM", AMSTERDAM_HEX, HYSM_CITY),
        Reservation("NRS", AMSTERDAM_HEX, NRS_CITY),
    ]
    return MapDef(
        hexes=hexes,
        tiles=dict(TILES),
        supply=supply,
        edge_rules=tuple(EdgeRule(a, b, cost=RIVER_COST) for a, b in RIVERS),
        reservations=tuple(reservations),
        layout=POINTY,
        colors=COLORS,
        town_to_double_town=True,  # facts §9.2/§9.3: 3/4/58 -> 981, 991, SOH2-SOH5
    )
