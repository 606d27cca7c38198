"""Tile placement rule IDs, one test per ID (digest /work/shared/facts/1839.md, authority
rules/1839/rules.md §12, §15): R-12.3 gray map hexes, R-15.1 tile colours by phase, R-15.2
lettered, OO and plain tiles, R-15.3 where a tile may go (connected, never off-board).
Driven through ``game.legal_actions()``/``game.apply`` on built positions of the real game
(``m1839_tile_positions``): tiles and markers put on the board by hand, then the company's
operating turn waits at its track step."""

from __future__ import annotations

import pytest
from conftest_map import PHASES
from m1839_tile_positions import (
    COLOUR_FROM,
    COLOURS,
    at_step,
    colours_by_hex,
    edges,
    lays,
    position,
    rich,
)

from railhouse.engine.actions import LayTile
from railhouse.engine.errors import IllegalAction
from railhouse.map.tiles import orient
from railhouse_m1839.game import M1839
from railhouse_m1839.mapdata import NS
from railhouse_m1839.tiledata import BIG_CITY_LABELS, TILES


# ------------------------------------------------------------------------------
def test_R_12_3_gray_map_hex_gets_no_tile_and_no_track_into_its_blank_sides() -> None:
    """The Afsluitdijk C10 (gray, printed track SW-NE only) never receives a tile, and no
    tile next to it may run track into one of its blank sides: Sneek C12 touches C10 by
    its W side (C10's blank E side), so no tile on C12 uses that side."""
    game = position("HIJSM", markers=(("B13", 0, "HIJSM"),), tiles=(("B13", "57", 0),))
    at_step(game, "HIJSM")  # Leeuwarden B13: track SW to Sneek C12 and NE
    assert not lays(game, "C10")
    sneek = lays(game, "C12")
    assert sneek, "Sneek is reached"
    west = 1 << 1  # C12's W side faces C10's blank E side
    assert not [a for a in sneek if edges(a) & west]
    # without the gray hex the same side would be usable: a town tile bending NE -> W exists
    bend = orient(TILES["58"], 1).edge_mask  # gentle curve W(1) - NE(3)
    assert bend & west and bend & (1 << 3)
    with pytest.raises(IllegalAction):
        game.apply(LayTile(entity="HIJSM", hex="C12", tile="58", rotation=1))


def test_R_12_3_track_may_run_into_a_gray_map_hex_side_with_printed_track() -> None:
    """Den Helder D9 faces C10's printed SW track: from light red (its red barrier gone,
    R-12.7) a tile on D9 may run into it."""
    game = position("ZHESM", "LR", markers=(("E10", 0, "ZHESM"),), tiles=(("E10", "57", 2),))
    at_step(game, "ZHESM")  # Hoorn E10: track NW to Den Helder D9
    towards_dike = [a for a in lays(game, "D9") if edges(a) & (1 << 3)]  # D9's NE side
    assert towards_dike
    game.apply(towards_dike[0])
    assert game.board.tile_at("D9")[0].id == towards_dike[0].tile


def test_R_12_3_a_laid_gray_tile_imposes_no_such_restriction() -> None:
    """A player-laid gray tile (#51, a blank W side facing Tilburg K10) does not stop a
    tile on K10 from running track into that blank side."""
    game = position(
        "MSS",
        "GR",
        markers=(("K10", 0, "MSS"),),
        tiles=(("K12", "57", 2), ("K12", "15", 2), ("K12", "448", 2), ("K12", "51", 2)),
    )
    assert not orient(TILES["51"], 2).edge_mask & (1 << 1)  # K12's W side is blank
    at_step(game, "MSS")
    into_blank = [a for a in lays(game, "K10") if edges(a) & (1 << 4)]  # K10's E side
    assert into_blank
    game.apply(into_blank[0])
    assert game.board.tile_at("K10")[0].id == into_blank[0].tile


# ------------------------------------------------------------------------------
@pytest.mark.parametrize("phase", PHASES)
def test_R_15_1_1_tile_colours_become_available_by_phase(phase: str) -> None:
    """Yellow from the start, green from light green, brown from light brown, gray from
    gray: with a tile of every colour in reach, exactly those colours are offered."""
    game = rich(phase)
    offered = {c for colours in colours_by_hex(game).values() for c in colours}
    now = PHASES.index(phase)
    assert offered == {c for c in COLOURS if PHASES.index(COLOUR_FROM[c]) <= now}
    assert set(game.phase.tiles) == offered


def test_R_15_1_3_each_colour_replaces_the_one_before() -> None:
    """In gray phase (every colour available): yellow only on empty hexes, green only on
    yellow, brown only on green, gray only on brown; no colour is skipped."""
    game = rich("GR")
    assert colours_by_hex(game) == {
        "K10": {"yellow"},
        "J11": {"yellow"},
        "I14": {"yellow"},
        # L13 (empty) lies beyond #24's other branch on L11: reached from K12 only by
        # reversing at the switch's stem, so nothing goes there
        "J13": {"green"},  # yellow #4
        "L11": {"brown"},  # green #24
        "K12": {"gray"},  # brown #448
    }


def test_R_15_1_3_green_replaces_a_yellow_printed_hex() -> None:
    """Harlingen B11 is printed yellow: no yellow tile goes there, green does from light
    green (R-12.2)."""
    for phase, expected in (("LY", set()), ("DY", set()), ("LG", {"green"}), ("GR", {"green"})):
        game = position("HIJSM", phase, markers=(("B13", 0, "HIJSM"),), tiles=(("B13", "57", 1),))
        at_step(game, "HIJSM")  # Leeuwarden B13: track W to Harlingen B11
        assert {TILES[a.tile].color for a in lays(game, "B11")} == expected, phase
    assert {TILES[a.tile].stops[0].kind for a in lays(game, "B11")} == {"town"}


# ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "company,coord",
    [("NCS", "G10"), ("NBDS", "K8"), ("HIJSM", "G8"), ("NRS", "I12"), ("MSS", "J7")],
)
def test_R_15_2_2_big_city_tiles_only_with_the_matching_letter(company: str, coord: str) -> None:
    """A big city takes only its letter's tiles, yellow then green; the hexes reached from
    it take a lettered tile only where it is their own letter (Haarlem G8 reaches
    Amsterdam G10)."""
    letter = BIG_CITY_LABELS[coord]
    game = at_step(position(company, markers=((coord, 0, company),)), company)
    here = lays(game, coord)
    assert here and {a.tile for a in here} == {f"{letter}-Y"}
    first = here[0]
    game.apply(first)
    elsewhere = [a for a in lays(game) if a.hex != coord]  # the second lay, f20
    assert elsewhere and all(TILES[a.tile].label == BIG_CITY_LABELS.get(a.hex) for a in elsewhere)
    later = at_step(
        position(
            company,
            "LG",
            markers=((coord, 0, company),),
            tiles=((coord, first.tile, first.rotation),),
        ),
        company,
    )
    ups = lays(later, coord)
    assert ups and {TILES[a.tile].label for a in ups} == {letter}
    assert {TILES[a.tile].color for a in ups} == {"green"}


def test_R_15_2_2_lettered_tiles_nowhere_else() -> None:
    """Around Eindhoven K12 in gray phase (cities, towns, rural hexes of every colour in
    reach, every lettered tile in the supply) no lettered tile is offered."""
    game = rich("GR")
    assert all(game.board.available(t) for t in ("A-Y", "B-Y", "H-Y", "R-Y", "U-Y"))
    offered = lays(game)
    # cities among them (L13 is not: it is reached only by reversing at #24 on L11)
    assert {a.hex for a in offered} >= {"K10", "J11", "K12"}
    assert all(TILES[a.tile].label is None for a in offered)


def test_R_15_2_3_OO_tiles_only_on_OO_hexes() -> None:
    """Dordrecht J9 (OO) takes only OO tiles (two cities, no letter); Tilburg K10 (a
    plain city) never takes one; green OO tiles only upgrade yellow OO tiles."""
    game = at_step(position(markers=(("J9", 0, "MSS"), ("K10", 0, "MSS"))), "MSS")
    oo = lays(game, "J9")
    assert oo and all(
        len(TILES[a.tile].city_indices()) == 2 and TILES[a.tile].label is None for a in oo
    )
    assert {a.tile for a in oo} == {"OO-Y1", "OO-Y2", "OO-Y3"}
    single = lays(game, "K10")
    assert single and all(len(TILES[a.tile].city_indices()) == 1 for a in single)
    green = at_step(
        position(
            "MSS",
            "LG",
            markers=(("J9", 0, "MSS"), ("K10", 0, "MSS")),
            tiles=(("J9", "OO-Y1", 0), ("K10", "57", 0)),
        ),
        "MSS",
    )
    oo_green = {a.tile for a in lays(green, "J9")}
    city_green = {a.tile for a in lays(green, "K10")}
    assert oo_green and all(len(TILES[t].city_indices()) == 2 for t in oo_green)
    assert city_green and all(len(TILES[t].city_indices()) == 1 for t in city_green)


def test_R_15_2_5_plain_tiles_only_on_rural_hexes() -> None:
    """Around Eindhoven K12 (every side open, bare neighbours): the rural L11 takes only
    plain track, the towns Oss J13 and Helmond K14 only town tiles, the cities only city
    tiles."""
    game = at_step(
        position(
            markers=(("K12", 0, "MSS"),),
            tiles=(("K12", "57", 0), ("K12", "15", 0), ("K12", "448", 0)),
        ),
        "MSS",
    )
    kinds: dict[str, set[tuple[str, ...]]] = {}
    for a in lays(game):
        kinds.setdefault(a.hex, set()).add(tuple(str(s.kind) for s in TILES[a.tile].stops))
    assert kinds["L11"] == {()}  # rural: plain only
    assert kinds["J13"] == {("town",)}  # town
    assert kinds["K10"] == {("city",)} and kinds["J11"] == {("city",)}  # cities


# ------------------------------------------------------------------------------
def test_R_15_3_1_no_tiles_on_off_board_or_gray_hexes() -> None:
    """Tilburg K10's track runs into Antwerpen L9 (off-board) and every lay anywhere in
    reach avoids off-board and gray hexes (the Afsluitdijk C10 case: R-12.3)."""
    game = at_step(position(markers=(("K10", 0, "MSS"),), tiles=(("K10", "57", 0),)), "MSS")
    fixed = {c for c, h in game.board.map.hexes.items() if h.fixed}
    assert "L9" in fixed and "C10" in fixed
    offered = {a.hex for a in lays(game)}
    assert "J11" in offered and not offered & fixed  # K10's NE neighbour is tiled, L9 not
    with pytest.raises(IllegalAction):
        game.apply(LayTile(entity="MSS", hex="L9", tile="57", rotation=0))


def _blocked_line(blocker: str | None, company: str = "MSS") -> M1839:
    """``company`` at Eindhoven K12 (#57: W to Tilburg K10, E); K10 (#5: E to K12, SE to
    the rural L11) holds ``blocker``'s marker in its only circle."""
    markers: tuple[tuple[str, int, str], ...] = (("K12", 0, company),)
    if blocker is not None:
        markers += (("K10", 0, blocker),)
    game = position(company, markers=markers, tiles=(("K12", "57", 1), ("K10", "5", 4)))
    return at_step(game, company)


def test_R_15_3_2_a_lay_must_connect_to_the_company_through_open_cities() -> None:
    """A lay must be reached from the company's markers: through Tilburg K10 to L11 while
    K10 has room, not while another company's marker fills it (nor an NS marker, for a
    Major; a Local passes NS markers, R-14.6.2); far hexes never; a new tile's track must
    join the side it is reached by."""
    open_city = _blocked_line(None)
    beyond = lays(open_city, "L11")
    assert beyond and all(edges(a) & (1 << 2) for a in beyond)  # joins K10 (L11's NW side)
    assert not lays(open_city, "F9")  # Alkmaar: nowhere near
    assert not lays(_blocked_line("AMS"), "L11")
    assert not lays(_blocked_line(NS), "L11")
    assert lays(_blocked_line(NS, company="L1"), "L11")
    with pytest.raises(IllegalAction):
        full = _blocked_line("AMS")
        full.apply(
            LayTile(entity="MSS", hex="L11", tile=beyond[0].tile, rotation=beyond[0].rotation)
        )


def test_R_15_3_a_turn_that_lays_the_same_track_is_the_listed_lay() -> None:
    """A tile turned so that its track and stops fall on the same edges is the same lay:
    the town tile #4 (a straight through a town) at rotation 5 is rotation 2.  The legal
    set lists it once; ``apply`` accepts either turn and records the listed one; a turn
    laying other track stays illegal."""
    game = at_step(position("ZHESM", markers=(("H5", 0, "ZHESM"),)), "ZHESM")
    game.apply(LayTile(entity="ZHESM", hex="H5", tile="5", rotation=5))
    assert [a.rotation for a in lays(game, "I6") if a.tile == "4"] == [2]
    other = game.clone()
    game.apply(LayTile(entity="ZHESM", hex="I6", tile="4", rotation=5))
    assert game.board.tiles["I6"] == ("4", 2)
    assert game.actions[-1] == LayTile(entity="ZHESM", hex="I6", tile="4", rotation=2)
    with pytest.raises(IllegalAction):
        other.apply(LayTile(entity="ZHESM", hex="I6", tile="4", rotation=1))
