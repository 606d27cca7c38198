"""Upgrade paths of the 1839 map: every hex that can take a tile can be tiled through each
colour its tile type has (R-15.1.3, R-15.2, R-15.3.3, R-15.4; A-42: the map and the tile
manifest are the reconstruction of facts/1839.md Part 4 and Part 5).

For one hex, the colours that can ever be laid there are found by walking the engine's own
lay rules (``lays.legal_tile_lays``) from the printed hex: every colour allowed (gray phase
and later), red barriers lifted (R-12.7, light red comes before gray) and H7 released
(R-12.6), full supply, no reservations, and R-15.3.2 connectivity granted by a probe marker
on the hex (any hex can be connected in some game).  What is left is the hex itself: its
kind and letter (R-15.2), its printed track and stubs (R-12.8, R-15.4.2) and the sides on
which track may end (R-15.3.3: not off the map, not into a blank gray or off-board side).

Expected: every colour above the printed one for which the manifest has tiles of the hex's
type (cities yellow..gray, towns and plain track yellow..brown, double towns yellow only).
:data:`DEAD_ENDS` lists the hexes that genuinely stop earlier, each with the number of
sides the map gives it; :func:`test_R_15_3_3_dead_ends_only_where_the_map_lacks_sides`
checks that reason (every tile of the next colour of that type needs more exits than the
hex has sides), so an entry cannot hide a data error.  Data errors found this way were
fixed in mapdata/tiledata (RULINGS.md, Map section, A-42).
"""

from __future__ import annotations

from functools import cache

import pytest
from m1839_positions import after_auction, clear_holdings, float_company, operating_turn, to_phase

from railhouse.engine.actions import LayTile
from railhouse.map.board import Board
from railhouse.map.graph import Operator
from railhouse.map.hexgrid import edge_from_name
from railhouse.map.lays import LayOptions, legal_tile_lays
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import TOWN, TileDef, orient
from railhouse_m1839.game import M1839
from railhouse_m1839.mapdata import BARRIER_KEY, LVG_KEY, build_map
from railhouse_m1839.stations import sync_reservations
from railhouse_m1839.tiledata import MANIFEST, TILES
from railhouse_m1839.track import TrackStep

COLOURS = ("white", "yellow", "green", "brown", "gray")
PROBE = "probe"
OPERATOR = Operator(PROBE, frozenset({BARRIER_KEY, LVG_KEY}))

_TOWN_3 = "three sides; every brown town tile (#145-#148) needs four exits"
_CITY_3 = "three sides; every brown city tile (#448-#450, #611, #63) needs four exits"
_CITY_4 = "four sides; every gray city tile (#51 five exits, #455 six) needs more"
#: Genuine dead ends of the default map: hex -> (last colour, sides on the map, reason).
#: The sides follow the given coordinates and real geography (sea, Zuiderzee, borders);
#: R-15.3.3 forbids track off the map, so these hexes stop where their sides run out.
DEAD_ENDS: dict[str, tuple[str, int, str]] = {
    "A20": ("green", 3, f"Delfzijl, port on the Eems: {_TOWN_3}"),
    "B11": ("green", 3, f"Harlingen (printed yellow), port: {_TOWN_3}"),
    "B21": ("green", 3, f"Hoogezand, Bremen and the map edge east: {_TOWN_3}"),
    "D9": ("green", 3, f"Den Helder, the North Holland tip: {_TOWN_3}"),
    "N17": ("green", 3, f"Heerlen, German and Belgian border: {_TOWN_3}"),
    "H5": ("green", 3, f"Den Haag, on the coast (given v2 hex): {_CITY_3}"),
    "N15": ("green", 3, f"Maastricht, enclosed by Belgium (given v2 hex): {_CITY_3}"),
    "E10": ("brown", 4, f"Hoorn, on the Zuiderzee: {_CITY_4}"),
    "F15": ("brown", 4, f"Zwolle, Zuiderzee to the west: {_CITY_4}"),
    "L3": ("brown", 4, f"Middelburg, on Walcheren: {_CITY_4}"),
    "L13": ("brown", 4, f"Weert, Belgian border: {_CITY_4}"),
    "L17": ("brown", 4, f"Roermond, German border: {_CITY_4}"),
    "F19": ("brown", 4, "Almelo / Hengelo, German border: four sides; the gray OO tiles "
                        "(OO-G1..OO-G3) have six exits"),
}  # fmt: skip
#: Option ``afsluitdijk`` false (facts 4.8): without the dike hex C10, Den Helder and
#: Harlingen lose the side towards it.
DEAD_ENDS_NO_DIKE: dict[str, tuple[str, int, str]] = {
    **DEAD_ENDS,
    "B11": ("yellow", 2, "Harlingen without the dike: two sides; green town tiles need three"),
    "D9": ("yellow", 2, "Den Helder without the dike: two sides; green town tiles need three"),
}
MAPS = {"dike": DEAD_ENDS, "no-dike": DEAD_ENDS_NO_DIKE}


@cache
def the_map(option: str) -> MapDef:
    return build_map({"afsluitdijk": option == "dike"})


def tileable(option: str) -> list[str]:
    m = the_map(option)
    return [c for c, h in m.hexes.items() if not h.fixed]


def family(printed: TileDef) -> list[TileDef]:
    """The manifest's tiles of the printed hex's type (R-15.2): the same letter for a big
    city, otherwise no letter and the same revenue stops."""
    if printed.label is not None:
        return [t for t in TILES.values() if t.label == printed.label]
    return [t for t in TILES.values() if t.label is None and t.category() == printed.category()]


def expected_colours(m: MapDef, coord: str, dead_ends: dict[str, tuple[str, int, str]]) -> set[str]:
    printed = m.hexes[coord].printed
    above = {t.color for t in family(printed)} - set(COLOURS[: COLOURS.index(printed.color) + 1])
    last = dead_ends[coord][0] if coord in dead_ends else "gray"
    return {c for c in above if COLOURS.index(c) <= COLOURS.index(last)}


def _probe_board(m: MapDef, coord: str, laid: tuple[str, int] | None) -> Board:
    board = Board(m)
    board.reservations = []
    if laid is not None:
        board.tiles[coord] = laid
    board.tokens[(coord, 0)] = [PROBE]  # granted: the probe is "on" the hex
    return board


@cache
def ever_laid(option: str, coord: str) -> dict[str, frozenset[str]]:
    """Colour -> ids of the tiles that can ever lie on ``coord`` (see the module doc)."""
    m = the_map(option)
    opts = LayOptions(colors=frozenset(COLOURS[1:]), only_hexes=frozenset({coord}))
    seen: set[tuple[str, int] | None] = {None}
    todo: list[tuple[str, int] | None] = [None]
    found: dict[str, set[str]] = {}
    while todo:
        laid = todo.pop()
        for lay in legal_tile_lays(_probe_board(m, coord, laid), OPERATOR, opts):
            assert lay.hex == coord
            found.setdefault(TILES[lay.tile].color, set()).add(lay.tile)
            state = (lay.tile, lay.rotation)
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return {colour: frozenset(ids) for colour, ids in found.items()}


# ---------------------------------------------------------------------------- the map
@pytest.mark.parametrize(("option", "coord"), [(o, c) for o in MAPS for c in tileable(o)])
def test_R_15_3_3_every_hex_reaches_each_colour_of_its_tile_type(option: str, coord: str) -> None:
    """R-15.1.3 / R-15.2 / R-15.3.3 / R-15.4: starting from the printed hex, some sequence
    of legal lays reaches every colour the manifest has for the hex's type, except the
    listed dead ends, which stop exactly at their listed colour."""
    m = the_map(option)
    reached = set(ever_laid(option, coord))
    assert reached == expected_colours(m, coord, MAPS[option]), m.hexes[coord].name


@pytest.mark.parametrize(("option", "coord"), [(o, c) for o, dead in MAPS.items() for c in dead])
def test_R_15_3_3_dead_ends_only_where_the_map_lacks_sides(option: str, coord: str) -> None:
    """A listed dead end is genuine: the hex has the listed number of sides into which
    track may run (R-15.3.3), every tile of its type in the next colour needs more exits
    than that, and the manifest does have such tiles (else it would not be listed)."""
    m = the_map(option)
    last, sides, _ = MAPS[option][coord]
    assert bin(m.open_edges[coord]).count("1") == sides
    nxt = COLOURS[COLOURS.index(last) + 1]
    next_tiles = [t for t in family(m.hexes[coord].printed) if t.color == nxt]
    assert next_tiles
    assert all(bin(orient(t, 0).edge_mask).count("1") > sides for t in next_tiles)


def test_R_15_2_every_manifest_tile_can_be_laid_somewhere() -> None:
    """R-15.2 / A-42: the manifest (Part 5, "sized for the reconstructed map") has no tile
    that no hex can ever take.  This caught the H tiles: Haarlem G8 is their only hex
    (R-15.2.2) and Part 5's green, brown and gray H tiles all ran track off its coast."""
    placeable = {t for c in tileable("dike") for ids in ever_laid("dike", c).values() for t in ids}
    assert placeable == {tile_id for tile_id, _ in MANIFEST}


def test_R_15_2_4_double_towns_only_where_two_lines_fit() -> None:
    """R-15.2.4: a double town takes only double-town tiles, which have two separate lines
    and so four exits: every double-town hex has at least four sides (B21 and N17, with
    three, are single towns: RULINGS A-42)."""
    m = the_map("dike")
    doubles = [c for c, h in m.hexes.items() if h.printed.category() == (TOWN, TOWN)]
    assert sorted(doubles) == ["I14", "L5"]
    for coord in doubles:
        assert bin(m.open_edges[coord]).count("1") >= 4
    for coord in ("B21", "N17"):
        assert m.hexes[coord].printed.category() == (TOWN,)


# ------------------------------------------------------------------- in the real game
@cache
def _clean() -> M1839:
    """After the auction, nobody holding any company or private (built once)."""
    game: M1839 = after_auction(4, seed=1)
    return clear_holdings(game)


def at_track_step(
    company: str, phase: str, marker: str, tiles: tuple[tuple[str, str, int], ...] = ()
) -> M1839:
    """``company`` floated with f1000 and a marker in ``marker``, in ``phase``, at its
    track step; ``tiles`` ``(hex, tile, rotation)`` laid first (each over the one below)."""
    game: M1839 = _clean().clone()  # type: ignore[assignment]
    if phase != "LY":
        to_phase(game, phase)
    me = float_company(game, company, "P0", cash=0)
    game.pay(game.bank, me, 1000)
    me.operated_count = 1
    game.board.place_token(marker, 0, company)
    for coord, tile_id, rotation in tiles:
        game.board.lay_tile(coord, tile_id, rotation)
    sync_reservations(game)
    operating_turn(game, company, at=TrackStep)
    sync_reservations(game)
    return game


def lays_on(game: M1839, coord: str) -> list[LayTile]:
    return [
        a.action
        for a in game.legal_actions()
        if isinstance(a.action, LayTile) and a.action.hex == coord
    ]


HAARLEM_STUBS = (1 << edge_from_name("E")) | (1 << edge_from_name("SW"))
HAARLEM_COAST = (1 << edge_from_name("W")) | (1 << edge_from_name("NW"))


def test_R_15_2_2_haarlem_takes_its_H_tiles_up_to_gray() -> None:
    """R-15.2.2 / R-12.8 / R-15.3.4 (A-42 fix): HIJSM at Haarlem G8 lays H-Y, then from
    light green H-G, from light brown H-Br, from gray H-Gr -- each one keeps the stubs E
    and SW, none runs track off the coast (W, NW), and each upgrade costs f80."""
    laid: tuple[tuple[str, str, int], ...] = ()
    for phase, tile_id in (("LY", "H-Y"), ("LG", "H-G"), ("LBr", "H-Br"), ("GR", "H-Gr")):
        game = at_track_step("HIJSM", phase, "G8", laid)
        offered = lays_on(game, "G8")
        assert {a.tile for a in offered} == {tile_id}, phase
        for action in offered:
            mask = orient(TILES[tile_id], action.rotation).edge_mask
            assert mask & HAARLEM_STUBS == HAARLEM_STUBS
            assert not mask & HAARLEM_COAST
        cash = game.companies["HIJSM"].cash
        game.apply(offered[0])
        assert game.board.tile_at("G8")[0].id == tile_id
        assert cash - game.companies["HIJSM"].cash == (0 if tile_id == "H-Y" else 80)
        laid += (("G8", tile_id, offered[0].rotation),)


@pytest.mark.parametrize(
    ("company", "city", "tile", "town"),
    [("MSS", "B19", ("B19", "57", 1), "B21"), ("AMS", "N15", ("N15", "6", 4), "N17")],
)
def test_R_15_2_4_B21_and_N17_take_town_tiles(
    company: str, city: str, tile: tuple[str, str, int], town: str
) -> None:
    """R-15.2.4 (A-42 fix): from a city whose track runs E into it, Hoogezand B21 / Heerlen
    N17 takes the one-town yellow tiles (as double towns they took none), and a lay there
    goes through."""
    game = at_track_step(company, "LY", city, (tile,))
    offered = lays_on(game, town)
    assert offered
    assert {TILES[a.tile].category() for a in offered} == {(TOWN,)}
    game.apply(offered[0])
    assert game.board.tile_at(town)[0].id == offered[0].tile
