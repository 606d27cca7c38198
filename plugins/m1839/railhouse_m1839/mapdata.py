"""The 1839 map as a core :class:`~railhouse.map.mapdef.MapDef` (facts/1839.md Part 4).

Sources: 4.1 (grid: pointy-topped, doubled columns, edges ``0=SW 1=W 2=NW 3=NE 4=E 5=SE``),
4.7/4.12 (every hex), 4.8 (red barriers), 4.9 (off-boards), 4.10 (pre-printed track and
stubs), 4.11 (f80 water), R-14.5 (Majors' homes).  Only the coordinates marked given-v2
are authoritative; the rest is the facts' reconstruction [RECON], used as is except where
a hex could never take the tiles of its kind (A-42, marked ``[RECON fix]``: B21 and N17 are
single towns, not double towns).

How the rules map onto core data:

* R-12.4/R-12.4.1: an off-board is a fixed hex with an ``o`` stop whose exits are the
  black triangles; Bremen (C20+D21) and Ruhrgebiet (J17+K18) share one ``Offboard``
  location, so they are ONE route node.  ``Offboard.group`` is the colour (R-16.2.6),
  ``values`` the three phase columns (R-12.4.2).  Ruhrgebiet's printed values are 0: its
  value is computed per route by :mod:`railhouse_m1839.routing` (R-12.4.3).
* R-12.3: C10 (Afsluitdijk) is a fixed gray hex with printed track; no track may run into
  a gray or off-board side without printed track (core ``MapDef.open_edges``).
* R-12.5/R-15.3.4: water hexes cost f80 on the first lay; big cities f80 per upgrade.
* R-12.6: H7 is ``blocked_until`` the release key :data:`LVG_KEY`.
* R-12.7: red barriers are ``EdgeRule(barrier_until=BARRIER_KEY)``; the key is released
  from light red on (contract: phase id ``"LR"``).
* R-12.8: stub hexes carry printed track from the city to the stub edges, which every
  tile laid there must preserve (R-15.3.3).
* R-14.6.4/R-15.4.4: NS markers are ``discardable_tokens``: they never make a lay or an
  upgrade illegal (only company markers and reservations must fit; a reservation may sit on
  an NS marker's circle, R-7.5.5), and those left without a circle are discarded.
* A-13/R-14.5.1: every Major's fixed home hex holds a hex-level reservation until it first
  operates; NRS's floating second home (I16 or K16) is not a core reservation but a rule
  of :mod:`railhouse_m1839.stations`.  Locals' reservations are added at par.

Option ``afsluitdijk`` (default True): with False the optional dike hex C10 and its barrier
are left out and B11 keeps only its E track (facts 4.8).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from railhouse.map.hexgrid import POINTY, edge_between, edge_from_name
from railhouse.map.mapdef import EdgeRule, HexDef, MapDef, Offboard, Reservation
from railhouse.map.tiles import TileDef, tile
from railhouse_m1839.tiledata import BIG_CITY_LABELS, TILES, tile_supply

COLORS = ("white", "yellow", "green", "brown", "gray")
#: Release key of the red barriers (R-12.7): the id of the light red phase.
BARRIER_KEY = "LR"
#: Release key of the blocked hex H7 (R-12.6): LVG bought by a company or closed.
LVG_KEY = "LVG"
BLOCKED_HEX = "H7"
#: Token owner id of the government railway's station markers (R-14.6).
NS = "NS"
TERRAIN_COST = 80
BIG_CITY_UPGRADE_COST = 80
NRS_CHOICE = ("I16", "K16")
OFFBOARD_COLORS = ("black", "blue", "red")

RURAL: dict[str, str] = {
    "A14": "Dokkum", "A16": "", "A18": "Winsum/Uithuizen", "B15": "Drachten",
    "C14": "Heerenveen", "C16": "", "D13": "Lemmer / Stavoren", "D15": "Steenwijk",
    "D17": "Hoogeveen", "E8": "Schagen", "E18": "Coevorden / Hardenberg",
    "G12": "Naarden / Het Gooi", "G14": "Harderwijk", "H9": "Haarlemmermeer / Alphen",
    "H15": "Veluwe", "I4": "Westland", "I10": "Woerden", "I18": "Doetinchem",
    "K6": "Willemstad / Moerdijk", "L11": "Budel / Kempen", "L15": "Nederweert / Peel",
}  # fmt: skip
TOWNS: dict[str, str] = {
    "A20": "Delfzijl", "B17": "Roden", "C12": "Sneek", "D9": "Den Helder", "E16": "Meppel",
    "H11": "Hilversum", "H19": "Winterswijk", "I6": "Delft", "I8": "Gouda",
    "J5": "Brielle / Maassluis", "J13": "Oss", "K4": "Zierikzee", "K14": "Helmond",
    "L7": "Roosendaal", "M16": "Sittard",
    # [RECON fix, A-42] facts 4.12 make B21 and N17 double towns, but each has only three
    # sides on the map (B21: SW, W, NW; N17: W, NW, E) and every double-town tile needs
    # four exits (two separate lines), so no tile could ever be laid there.  Single towns
    # (the draft knows Hoogezand as a town); names kept, like Brielle / Maassluis.
    "B21": "Hoogezand / Winschoten", "N17": "Heerlen / Kerkrade",
}  # fmt: skip
DOUBLE_TOWNS: dict[str, str] = {"I14": "Ede / Wageningen", "L5": "Goes / Bergen op Zoom"}
CITIES: dict[str, str] = {
    "B13": "Leeuwarden", "B19": "Groningen", "C18": "Assen", "D19": "Emmen", "E10": "Hoorn",
    "F9": "Alkmaar", "F15": "Zwolle", "F17": "Rijssen", "G18": "Enschede", "H5": "Den Haag",
    "H7": "Leiden", "H13": "Amersfoort", "H17": "Zutphen", "I16": "Arnhem",
    "J11": "'s-Hertogenbosch", "J15": "Nijmegen", "K10": "Tilburg", "K12": "Eindhoven",
    "K16": "Venlo", "L3": "Middelburg", "L13": "Weert", "L17": "Roermond", "N15": "Maastricht",
}  # fmt: skip
OO_CITIES: dict[str, str] = {
    "F19": "Almelo / Hengelo", "G16": "Deventer / Apeldoorn", "J9": "Dordrecht / Gorinchem",
}
#: Big cities: hex -> (name, number of cities, stub edges) -- R-12.1, R-12.8, facts 4.10.
BIG_CITIES: dict[str, tuple[str, int, tuple[str, ...]]] = {
    "G10": ("Amsterdam", 2, ()),
    "K8": ("Breda", 1, ("NE", "SW")),
    "G8": ("Haarlem", 1, ("E", "SW")),
    "J7": ("Rotterdam", 1, ("NW", "NE")),
    "I12": ("Utrecht", 1, ()),
}
#: every city hex (plain, OO and big), sorted: where a home or a marker may go
CITY_HEX_IDS: tuple[str, ...] = tuple(sorted({*CITIES, *OO_CITIES, *BIG_CITIES}))
#: facts 4.11: f80 water (first tile only).
WATER: frozenset[str] = frozenset(
    ("H7", "F15", "G16", "H17", "I14", "I16", "J15", "J11", "J9", "J5", "K6", "K4", "L3",
     "L5", "K16", "N15")
)  # fmt: skip
#: facts 4.9: location -> (name, colour, values LY-BL / LBr-DR / GR-PU, {hex: triangle
#: neighbours}).  Ruhrgebiet's value is special (R-12.4.3).
OFFBOARDS: dict[str, tuple[str, str, tuple[int, ...], dict[str, tuple[str, ...]]]] = {
    "Bremen": ("Bremen", "black", (30, 50, 70),
               {"C20": ("B19", "B21", "C18", "D19"), "D21": ("D19",)}),
    "Hannover": ("Hannover", "black", (30, 40, 60), {"G20": ("F19", "G18", "H19")}),
    "Ruhrgebiet": ("Ruhrgebiet", "black", (0, 0, 0),
                   {"J17": ("I16", "I18", "J15", "K16"), "K18": ("K16", "L17")}),
    "Aken": ("Aken & Keulen", "black", (30, 50, 80), {"N19": ("N17",)}),
    "Antwerpen": ("Antwerpen", "red", (30, 50, 70), {"L9": ("K8", "K10", "L7", "L11")}),
    "Brugge": ("Brugge", "red", (20, 30, 50), {"M2": ("L3",)}),
    "Luik": ("Luik", "red", (20, 40, 60), {"O14": ("N15",)}),
    "OverzeeschA": ("Overzeesch (Amsterdam)", "blue", (20, 40, 60),
                    {"F11": ("E10", "F9", "G10", "G12")}),
    "OverzeeschV": ("Overzeesch (Vlissingen)", "blue", (20, 30, 50), {"L1": ("L3",)}),
}  # fmt: skip
RUHR = "Ruhrgebiet"
#: facts 4.8: the five red-barrier sides.
RED_BARRIERS: tuple[tuple[str, str], ...] = (
    ("C10", "D9"), ("J5", "K4"), ("J5", "K6"), ("J7", "K6"), ("J7", "K8"),
)  # fmt: skip
#: R-14.5: the Majors' fixed homes (NRS's second is I16 or K16, see stations).
MAJOR_HOMES: dict[str, tuple[str, ...]] = {
    "AMS": ("L17", "N15"), "HIJSM": ("B13", "G8"), "MSS": ("B19", "K12"),
    "NBDS": ("K8", "L13"), "NCS": ("G10", "H13"), "NRS": ("I12",),
    "NWS": ("G16", "F17"), "ZHESM": ("E10", "H5"),
}  # fmt: skip
HARLINGEN = "B11"
AFSLUITDIJK = "C10"


def _edges(names: tuple[str, ...]) -> str:
    return ",".join(str(edge_from_name(n)) for n in names)


def _printed_big_city(coord: str) -> TileDef:
    _, n_cities, stubs = BIG_CITIES[coord]
    label = BIG_CITY_LABELS[coord]
    if n_cities == 2:
        return tile("", "white", "c0x1 c0x1", label=label)
    exits = f":{_edges(stubs)}" if stubs else ""
    return tile("", "white", f"c0x1{exits}", label=label)


def _offboard_hex(location: str, coord: str, neighbours: tuple[str, ...]) -> HexDef:
    name, color, values, _ = OFFBOARDS[location]
    exits = []
    for nb in neighbours:
        edge = edge_between(coord, nb)
        if edge is None:
            raise ValueError(f"off-board {coord}: {nb} is not a neighbour")
        exits.append(str(edge))
    return HexDef(
        coord,
        tile("", "red", f"o:{','.join(exits)}"),
        name=name,
        fixed=True,
        offboard=Offboard(location, values, color),
    )


def _playable(coord: str, printed: TileDef, name: str) -> HexDef:
    return HexDef(
        coord,
        printed,
        name=name,
        terrain_cost=TERRAIN_COST if coord in WATER else 0,
        upgrade_cost=BIG_CITY_UPGRADE_COST if coord in BIG_CITIES else 0,
        blocked_until=LVG_KEY if coord == BLOCKED_HEX else None,
    )


def _hexes(afsluitdijk: bool) -> dict[str, HexDef]:
    hexes: dict[str, HexDef] = {}

    def add(hexdef: HexDef) -> None:
        if hexdef.coord in hexes:
            raise ValueError(f"hex {hexdef.coord} defined twice")
        hexes[hexdef.coord] = hexdef

    kinds: tuple[tuple[dict[str, str], str], ...] = (
        (RURAL, ""), (TOWNS, "t0"), (DOUBLE_TOWNS, "t0 t0"), (CITIES, "c0x1"),
        (OO_CITIES, "c0x1 c0x1"),
    )  # fmt: skip
    for table, spec in kinds:
        printed = tile("", "white", spec)  # one shared object: the core caches by identity
        for coord, name in table.items():
            add(_playable(coord, printed, name))
    for coord, (name, _, _) in BIG_CITIES.items():
        add(_playable(coord, _printed_big_city(coord), name))
    harlingen_exits = "0,4" if afsluitdijk else "4"  # SW (to C10) and E (to B13)
    add(_playable(HARLINGEN, tile("", "yellow", f"t10:{harlingen_exits}"), "Harlingen"))
    if afsluitdijk:
        add(HexDef(AFSLUITDIJK, tile("", "gray", "0-3"), name="Afsluitdijk", fixed=True))
    for location, (_, _, _, parts) in OFFBOARDS.items():
        for coord, neighbours in parts.items():
            add(_offboard_hex(location, coord, neighbours))
    return hexes


def build_map(options: Mapping[str, Any] | None = None) -> MapDef:
    """The complete 1839 map and tile set for the title options ``options``.

    Reads ``options["afsluitdijk"]`` (bool, default True); other keys are ignored.  The
    result is cached per option value and shared between games: treat it as immutable.
    """
    afsluitdijk = bool((options or {}).get("afsluitdijk", True))
    return _build_map(afsluitdijk)


@lru_cache(maxsize=4)
def _build_map(afsluitdijk: bool) -> MapDef:
    hexes = _hexes(afsluitdijk)
    barriers = tuple(
        EdgeRule(a, b, barrier_until=BARRIER_KEY)
        for a, b in RED_BARRIERS
        if a in hexes and b in hexes
    )
    reservations = tuple(
        Reservation(company, coord, None)
        for company, homes in MAJOR_HOMES.items()
        for coord in homes
    )
    return MapDef(
        hexes=hexes,
        tiles=dict(TILES),
        supply=tile_supply(),
        edge_rules=barriers,
        reservations=reservations,
        layout=POINTY,
        colors=COLORS,
        choose_token_cities=True,  # the director allocates markers on OO hexes
        discardable_tokens=frozenset({NS}),  # NS markers give way
    )


def offboard_of(mapdef: MapDef, location: str) -> Offboard:
    """The :class:`Offboard` of a location id (e.g. ``"Ruhrgebiet"``); ``KeyError`` if none."""
    for hexdef in mapdef.hexes.values():
        if hexdef.offboard is not None and hexdef.offboard.location == location:
            return hexdef.offboard
    raise KeyError(location)
