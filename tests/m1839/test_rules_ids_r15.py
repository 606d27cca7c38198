"""R-12.3, R-15 (tiles and track laying) and R-14.6.3/R-14.6.4 (NS markers) rule IDs, one
test per ID (digest /work/shared/facts/1839.md, authority rules/1839/rules.md §12, §14.4,
§15), driven through ``game.legal_actions()``/``game.apply`` on built positions of the real
game: the board is arranged by laying tiles and placing markers by hand (``conftest_map.lay``
checks that every tile fits the one below it), then the company's operating turn waits at
its track or station step."""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest
from conftest_map import PHASES, lay
from m1839_positions import after_auction, clear_holdings, float_company, operating_turn, to_phase

from railhouse.engine.actions import LayTile, PlaceToken
from railhouse.engine.errors import IllegalAction
from railhouse.engine.invariants import check_invariants
from railhouse.engine.rounds.base import Step
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.map.board import Board
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import orient, tile
from railhouse.map.upgrades import connections
from railhouse_m1839.actions import ReserveHome
from railhouse_m1839.closures import HomeDecider, start_company
from railhouse_m1839.game import M1839
from railhouse_m1839.homes import set_homes
from railhouse_m1839.mapdata import NS, build_map
from railhouse_m1839.stations import HomeStationStep, StationStep, sync_reservations
from railhouse_m1839.tiledata import BIG_CITY_LABELS, TILES
from railhouse_m1839.track import TrackStep

COLOURS = ("yellow", "green", "brown", "gray")
#: R-15.1.1 / R-15.4.1: the first phase of each tile colour.
COLOUR_FROM = {"yellow": "LY", "green": "LG", "brown": "LBr", "gray": "GR"}


# ------------------------------------------------------------------------ positions
@cache
def _clean() -> M1839:
    """After the auction, with nobody holding any company or private (built once)."""
    game: M1839 = after_auction(4, seed=1)
    return clear_holdings(game)


def position(
    company: str = "MSS",
    phase: str = "LY",
    markers: tuple[tuple[str, int, str], ...] = (),
    tiles: tuple[tuple[str, str, int], ...] = (),
    board: Board | None = None,
) -> M1839:
    """``company`` floated (an operated Major, or a Local at f31) with f1000 from the bank,
    in ``phase``; ``markers`` ``(hex, city, owner)`` and ``tiles`` ``(hex, tile, rotation)``
    put on the board (``board`` replaces the game's first); reservations re-derived."""
    game: M1839 = _clean().clone()  # type: ignore[assignment]
    if phase != "LY":
        to_phase(game, phase)
    if board is not None:
        game.board = board
    local = company.startswith("L")
    me = float_company(game, company, "p0", price=31 if local else 67, cash=0)
    game.pay(game.bank, me, 1000)
    me.operated_count = 1
    for coord, city, owner in markers:
        game.board.place_token(coord, city, owner)
    lay(game.board, *tiles)
    sync_reservations(game)
    return game


def at_step(game: M1839, company: str, step: type[Step] = TrackStep) -> M1839:
    operating_turn(game, company, at=step)
    sync_reservations(game)
    return game


def lays(game: M1839, coord: str | None = None) -> list[LayTile]:
    return [
        a.action
        for a in game.legal_actions()
        if isinstance(a.action, LayTile) and (coord is None or a.action.hex == coord)
    ]


def edges(action: LayTile) -> int:
    return orient(TILES[action.tile], action.rotation).edge_mask


def rich(phase: str) -> M1839:
    """MSS at Eindhoven K12 under a brown #448 (W, NW, NE, SW); a yellow #4 on the town
    Oss J13 (NE of K12); a green #24 on the rural L11 (SW of K12); Tilburg K10 (W) bare."""
    game = position(
        "MSS",
        phase,
        markers=(("K12", 0, "MSS"),),
        tiles=(
            ("K12", "57", 0),
            ("K12", "15", 0),
            ("K12", "448", 0),
            ("J13", "4", 0),
            ("L11", "9", 1),
            ("L11", "24", 1),
        ),
    )
    return at_step(game, "MSS")


def colours_by_hex(game: M1839) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for a in lays(game):
        out.setdefault(a.hex, set()).add(TILES[a.tile].color)
    return out


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
        "L13": {"yellow"},  # empty
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
    assert {a.hex for a in offered} >= {"K10", "J11", "L13", "K12"}  # cities among them
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


# ------------------------------------------------------------------------------
@pytest.mark.parametrize("phase", PHASES)
def test_R_15_4_1_upgrades_by_phase(phase: str) -> None:
    """A yellow tile is upgraded from light green, a green one from light brown, a brown
    one from gray phase (and never before)."""
    game = rich(phase)
    now = PHASES.index(phase)
    upgraded = {a.hex for a in lays(game) if a.hex in ("J13", "L11", "K12")}
    expected = {
        h
        for h, colour in (("J13", "green"), ("L11", "brown"), ("K12", "gray"))
        if PHASES.index(COLOUR_FROM[colour]) <= now
    }
    assert upgraded == expected


def _old_connections(game: M1839, coord: str) -> tuple[frozenset[tuple[int, int]], int]:
    old, rot = game.board.tile_at(coord)
    pairs, stops = connections(old, rot)
    return pairs, (stops[0] if old.stops else 0)


def test_R_15_4_2_upgrades_keep_every_edge_and_city_connection() -> None:
    """Every offered upgrade of Eindhoven K12 (#57: city to W and E) keeps the city joined
    to W and E; a green city tile turned so that it drops one of them is refused."""
    game = at_step(
        position("MSS", "LG", markers=(("K12", 0, "MSS"),), tiles=(("K12", "57", 1),)), "MSS"
    )
    old_pairs, old_city = _old_connections(game, "K12")
    assert old_city == 1 << 1 | 1 << 4
    ups = lays(game, "K12")
    assert ups
    for a in ups:
        pairs, stops = connections(TILES[a.tile], a.rotation)
        assert old_pairs <= pairs and old_city & ~stops[0] == 0, (a.tile, a.rotation)
    dropping = [
        (t.id, r)
        for t in TILES.values()
        if t.color == "green" and len(t.city_indices()) == 1 and t.label is None
        for r in range(6)
        if orient(t, r).edge_mask & old_city != old_city
    ]
    assert dropping
    for tile_id, rot in dropping[:3]:
        with pytest.raises(IllegalAction):
            game.apply(LayTile(entity="MSS", hex="K12", tile=tile_id, rotation=rot))


def test_R_15_4_2_plain_upgrade_keeps_edge_to_edge_lines() -> None:
    """A green plain #24 (lines W-E and W-NE on L11) is upgraded only to brown tiles
    that join W-E and W-NE again; a brown tile covering those sides without both lines is
    refused."""
    game = rich("LBr")
    old_pairs, _ = _old_connections(game, "L11")
    assert old_pairs == {(1, 4), (1, 3)}
    ups = lays(game, "L11")
    assert ups and all(old_pairs <= connections(TILES[a.tile], a.rotation)[0] for a in ups)
    open_mask = game.board.map.open_edges["L11"]
    same_sides = [
        (t.id, r)
        for t in TILES.values()
        if t.color == "brown" and not t.stops
        for r in range(6)
        if orient(t, r).edge_mask & ~open_mask == 0
        and orient(t, r).edge_mask & 0b11010 == 0b11010
        and not old_pairs <= connections(t, r)[0]
    ]
    assert same_sides, "some brown plain tile covers the sides but not the lines"
    tile_id, rot = same_sides[0]
    with pytest.raises(IllegalAction):
        game.apply(LayTile(entity="MSS", hex="L11", tile=tile_id, rotation=rot))


def test_R_15_4_3_markers_move_to_the_corresponding_circles() -> None:
    """Dordrecht J9 (yellow OO-Y1: city 0 on SW, city 1 on NE) holds MSS in city 0 and an
    NS marker in city 1: after every offered green upgrade each marker sits in the new
    city that carries its old city's track."""
    base = at_step(
        position(
            "MSS", "LG", markers=(("K10", 0, "MSS"),), tiles=(("K10", "57", 2), ("J9", "OO-Y1", 5))
        ),
        "MSS",
    )
    base.board.place_token("J9", 0, "MSS")
    base.board.place_token("J9", 1, NS)
    old, old_rot = base.board.tile_at("J9")
    _, old_masks = connections(old, old_rot)
    ups = lays(base, "J9")
    assert ups
    moved_index = False
    for a in ups:
        game: M1839 = base.clone()  # type: ignore[assignment]
        game.apply(a)
        new, rot = game.board.tile_at("J9")
        _, masks = connections(new, rot)
        for k, owner in ((0, "MSS"), (1, NS)):
            where = [j for j in range(2) if owner in game.board.city_tokens("J9", j)]
            assert len(where) == 1, (a, owner)
            new_stop = new.city_indices()[where[0]]
            assert old_masks[old.city_indices()[k]] & ~masks[new_stop] == 0, (a, owner)
            moved_index |= where[0] != k
    assert moved_index, "some upgrade renumbers the cities"


# ------------------------------------------------------------------------------
def test_R_14_6_3_a_home_station_replaces_an_NS_marker() -> None:
    """R-8.3.1: ZHESM's first run puts its Hoorn home over the NS marker in E10's only
    circle (the NS marker leaves)."""
    game = position("MSS", markers=(("E10", 0, NS),))
    zhesm = float_company(game, "ZHESM", "p1", cash=0)
    zhesm.operated_count = 0
    operating_turn(game, "ZHESM", at=HomeStationStep)
    assert isinstance(game.round, OperatingRound)
    step = next(s for s in game.round.steps if isinstance(s, HomeStationStep))
    assert step.auto()
    assert game.board.city_tokens("E10", 0) == ["ZHESM"]
    assert game.board.city_tokens("H5", 0) == ["ZHESM"]


def _station_game(reserved_by_local: bool) -> M1839:
    """MSS at Eindhoven K12 with track W to Tilburg K10 (#57), whose only circle holds an
    NS marker; optionally L1 (parred, unoperated) has reserved K10 through that circle."""
    game = position(
        "MSS",
        markers=(("K12", 0, "MSS"), ("K10", 0, NS)),
        tiles=(("K12", "57", 1), ("K10", "57", 1)),
    )
    if reserved_by_local:
        start_company(game, game.companies["L1"], "p1", 31)
        set_homes(game, "L1", ("K10", "F9"))
    return at_step(game, "MSS", StationStep)


def test_R_14_6_3_a_placed_marker_replaces_an_unreserved_NS_marker() -> None:
    """R-8.3.B.2: MSS places over the NS marker (f80), but not while a new Local has
    reserved that circle."""
    game = _station_game(reserved_by_local=False)
    place = PlaceToken(entity="MSS", hex="K10", city=0)
    assert place in [a.action for a in game.legal_actions()]
    game.apply(place)
    assert game.board.city_tokens("K10", 0) == ["MSS"]
    assert game.companies["MSS"].cash == 1000 - 80
    reserved = _station_game(reserved_by_local=True)
    assert not [
        a
        for a in reserved.legal_actions()
        if isinstance(a.action, PlaceToken) and a.action.hex == "K10"
    ]
    with pytest.raises(IllegalAction):
        reserved.apply(place)


def test_R_14_6_3_a_new_local_may_reserve_a_home_through_an_NS_circle() -> None:
    """R-7.5.5: Tilburg K10 (its only circle an NS marker) can be a new Local's home;
    with a company marker there it cannot, nor once another Local reserved the NS circle."""

    def first_choices(k10_owner: str, other_local: bool) -> set[str]:
        game = position("MSS", markers=(("K10", 0, k10_owner),))
        if other_local:
            start_company(game, game.companies["L1"], "p1", 31)
            set_homes(game, "L1", ("K10", "F9"))
        local = game.companies["L2"]
        start_company(game, local, "p2", 31)
        game.pending.append(HomeDecider(game, local))
        return {a.action.hex for a in game.legal_actions() if isinstance(a.action, ReserveHome)}

    assert "K10" in first_choices(NS, other_local=False)
    assert "K10" not in first_choices("AMS", other_local=False)
    assert "K10" not in first_choices(NS, other_local=True)


def _reserved_ns_city(phase: str, tiles: tuple[tuple[str, str, int], ...]) -> M1839:
    """MSS at Eindhoven K12 (#57: W to Tilburg K10); K10's only circle holds an NS marker
    and L1 (parred, unoperated) reserved K10 through it (R-7.5.5)."""
    game = position(
        "MSS", phase, markers=(("K12", 0, "MSS"), ("K10", 0, NS)), tiles=(("K12", "57", 1), *tiles)
    )
    start_company(game, game.companies["L1"], "p1", 31)
    set_homes(game, "L1", ("K10", "F9"))
    return at_step(game, "MSS")


def test_R_14_6_4_an_NS_marker_never_blocks_a_lay_or_upgrade() -> None:
    """Only company markers and reservations must fit after a lay (R-15.4.4): an NS marker
    sharing K10's one circle with L1's reservation does not make the yellow lay, or the
    green upgrade, illegal; as the circles are not fewer, the NS marker stays."""
    for phase, tiles, colour in (("LY", (), "yellow"), ("LG", (("K10", "57", 1),), "green")):
        game = _reserved_ns_city(phase, tiles)
        assert any(r.company == "L1" and r.hex == "K10" for r in game.board.reservations)
        k10 = lays(game, "K10")
        assert k10 and {TILES[a.tile].color for a in k10} == {colour}, phase
        start = len(game.actions)
        game.apply(k10[0])
        assert game.board.tile_at("K10")[0].id == k10[0].tile
        assert game.board.city_tokens("K10", 0) == [NS]
        assert not [e for e in game.events_since(start) if e.kind == "ns_marker_discarded"]
        check_invariants(game)


#: A brown one-circle city with #15's track (0-1-2-3): an upgrade with FEWER circles than
#: the green #15 (two).  The 1839 manifest has none (every upgrade keeps or adds circles),
#: so the rule is tested on the real map with this one extra tile.
FEWER = tile("X-FEWER", "brown", "c50x1:0,1,2,3")


def _fewer_map() -> MapDef:
    m = build_map()
    return dataclasses.replace(
        m, tiles={**m.tiles, FEWER.id: FEWER}, supply={**m.supply, FEWER.id: 1}, _cache={}
    )


def _fewer_game(*second: str, reserve: bool = False) -> M1839:
    """MSS at Tilburg K10 under a green #15 whose other circle holds ``second`` (placed
    first), brown phase; optionally L2 (parred, unoperated) reserved K10."""
    markers = (*(("K10", 0, o) for o in second), ("K10", 0, "MSS"))
    game = position(
        "MSS",
        "LBr",
        board=Board(_fewer_map()),
        markers=(),
        tiles=(("K10", "57", 0), ("K10", "15", 0)),
    )
    for coord, city, owner in markers:
        game.board.place_token(coord, city, owner)
    if reserve:
        start_company(game, game.companies["L2"], "p1", 31)
        set_homes(game, "L2", ("K10", "F9"))
    return at_step(game, "MSS")


def _fewer(game: M1839) -> list[LayTile]:
    return [a for a in lays(game, "K10") if a.tile == FEWER.id]


def test_R_14_6_4_NS_markers_are_discarded_to_make_room() -> None:
    """R-15.4.4: K10 holds MSS and an NS marker in #15's two circles; the one-circle
    upgrade is legal (MSS fits) and laying it discards the NS marker, with an event."""
    game = _fewer_game(NS)
    assert game.board.city_tokens("K10", 0) == [NS, "MSS"]
    fewer = _fewer(game)
    assert fewer
    start = len(game.actions)
    game.apply(fewer[0])
    assert game.board.tile_at("K10")[0] is FEWER
    assert game.board.city_tokens("K10", 0) == ["MSS"]
    discarded = [e.data for e in game.events_since(start) if e.kind == "ns_marker_discarded"]
    assert discarded == [{"company": "MSS", "hex": "K10", "city": 0, "owner": NS}]
    check_invariants(game)


def test_R_14_6_4_company_markers_and_reservations_are_never_discarded() -> None:
    """The same upgrade is refused when the second circle holds another company's marker,
    or when a Local's reservation on K10 would no longer fit; other brown upgrades stay."""
    for game in (_fewer_game("AMS"), _fewer_game(NS, reserve=True)):
        assert not _fewer(game)
        assert lays(game, "K10")  # two-circle brown tiles are fine
        with pytest.raises(IllegalAction):
            game.apply(LayTile(entity="MSS", hex="K10", tile=FEWER.id, rotation=0))
