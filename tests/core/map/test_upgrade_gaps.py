"""Upgrade knobs on small purpose-built maps: town -> double town (SOH facts §9.2/§9.3 vs
1839 R-15.2.4), reservations following merged cities (SOH facts §8.5) and the director's
token allocation (1839 R-15.3.5, R-15.4.3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from railhouse.map import (
    Board,
    HexDef,
    LayOptions,
    MapDef,
    Operator,
    Reservation,
    TileDef,
    TileLay,
    legal_tile_lays,
    tile,
)
from railhouse.map.lays import next_tiles
from railhouse.map.library import STANDARD
from railhouse.map.tiles import orient
from railhouse.map.upgrades import kind_compatible

ALL = LayOptions(colors=frozenset({"yellow", "green", "brown"}))
DOUBLE_TOWNS = {
    "DT1": tile("DT1", "green", "t10:2,5 t10:2,0"),  # straight + gentle sharing edge 2
    "DT2": tile("DT2", "green", "t10:2,5 t10:2,1"),  # straight + sharp
}
TWIN = {
    "Y2": tile("Y2", "yellow", "c30x1:0,5 c30x1:1,2", label="T"),
    "G2": tile("G2", "green", "c40x1:0,5 c40x1:1,2", label="T"),
    "B1": tile("B1", "brown", "c60x2:0,1,2,5", label="T"),
}
OO = {
    "OOY": tile("OOY", "yellow", "c30x1:0 c30x1:3"),
    "OOG": tile("OOG", "green", "c40x1:0,1 c40x1:3,4"),
}


def ring(
    centre: HexDef,
    tiles: dict[str, TileDef],
    reservations: tuple[Reservation, ...] = (),
    *,
    town_to_double_town: bool = False,
    choose_token_cities: bool = False,
) -> MapDef:
    """A centre hex C5 and its six empty neighbours; the knobs are MapDef booleans."""
    hexes = {"C5": centre}
    for coord in ("D4", "C3", "B4", "B6", "C7", "D6"):
        hexes[coord] = HexDef(coord, tile("", "white"))
    all_tiles = dict(STANDARD) | tiles
    base = MapDef(hexes, all_tiles, {k: None for k in all_tiles}, reservations=reservations)
    return replace(
        base, town_to_double_town=town_to_double_town, choose_token_cities=choose_token_cities
    )


# ---------------------------------------------------------------- (a) town -> double town
def test_kind_compatible_town_to_double_town_only_with_knob() -> None:
    four, dt = STANDARD["4"], DOUBLE_TOWNS["DT1"]
    assert not kind_compatible(four, dt)
    assert kind_compatible(four, dt, town_to_double_town=True)
    # the knob never lets a town become a city or a city a double town
    assert not kind_compatible(four, STANDARD["14"], town_to_double_town=True)
    assert not kind_compatible(STANDARD["57"], dt, town_to_double_town=True)


def test_1839_R_15_2_4_town_never_becomes_double_town_by_default() -> None:
    m = ring(HexDef("C5", tile("", "white", "t0")), DOUBLE_TOWNS)
    greens = {s.new.id for s in next_tiles(m, STANDARD["4"])}
    assert not greens & set(DOUBLE_TOWNS)
    assert {"141", "142"} <= greens  # single-town greens keeping the straight still fit


def test_soh_facts_9_3_town_tile_upgrades_to_double_towns_with_knob() -> None:
    m = ring(HexDef("C5", tile("", "white", "t0")), DOUBLE_TOWNS, town_to_double_town=True)
    # 4 (straight 0-3) survives as the straight segment 2-5 of DT1 and DT2
    assert {s.new.id for s in next_tiles(m, STANDARD["4"])} & set(DOUBLE_TOWNS) == {"DT1", "DT2"}
    # 3 (sharp 0-1) survives only in DT2 (the sharp 2-1), never in DT1
    assert {s.new.id for s in next_tiles(m, STANDARD["3"])} & set(DOUBLE_TOWNS) == {"DT2"}


def test_town_to_double_town_lay_keeps_the_old_segment() -> None:
    m = ring(HexDef("C5", tile("", "white", "t0")), DOUBLE_TOWNS, town_to_double_town=True)
    b = Board(m)
    b.tiles["C5"] = ("4", 0)
    b.tiles["D4"] = ("57", 0)  # city on SW-NE: its NE side meets C5's SW end of 0-3
    b.tokens[("D4", 0)] = ["A"]
    lays = legal_on(b, "C5")
    dt = {(lay.tile, lay.rotation) for lay in lays if lay.tile in DOUBLE_TOWNS}
    # old 0-3 must be the new 2-5 straight: DT rotated by 1 (3-0) or 4 (0-3)
    assert dt == {("DT1", 1), ("DT1", 4), ("DT2", 1), ("DT2", 4)}
    b.lay_tile("C5", "DT1", 1)
    assert b.tile_at("C5")[0].category() == ("town", "town")


def legal_on(b: Board, coord: str, company: str = "A") -> list[TileLay]:
    return [lay for lay in legal_tile_lays(b, Operator(company), ALL) if lay.hex == coord]


# ---------------------------------------------------------------- (b) reservations
def test_soh_facts_8_5_reservations_follow_merged_cities() -> None:
    res = (Reservation("P", "C5", 0), Reservation("Q", "C5", 1), Reservation("R", "C3", 0))
    m = ring(HexDef("C5", tile("", "white", "c0x1 c0x1", label="T")), TWIN, reservations=res)
    b = Board(m)
    b.lay_tile("C5", "Y2", 0)
    b.lay_tile("C5", "G2", 0)
    assert sorted((r.company, r.city) for r in b.reservations if r.hex == "C5") == [
        ("P", 0),
        ("Q", 1),
    ]
    b.lay_tile("C5", "B1", 0)
    # one merged city: both reservations now name city 0, which exists
    assert sorted((r.company, r.city) for r in b.reservations if r.hex == "C5") == [
        ("P", 0),
        ("Q", 0),
    ]
    assert Reservation("R", "C3", 0) in b.reservations  # other hexes untouched


def test_reservation_and_token_of_one_city_move_together() -> None:
    res = (Reservation("P", "C5", 0), Reservation("Q", "C5", 1))
    m = ring(HexDef("C5", tile("", "white", "c0x1 c0x1", label="T")), TWIN, reservations=res)
    b = Board(m)
    b.place_token("C5", 1, "Q")
    b.lay_tile("C5", "Y2", 0)
    assert b.city_tokens("C5", 1) == ["Q"]
    assert Reservation("Q", "C5", 1) in b.reservations


# ---------------------------------------------------------------- (c) token allocation
def _oo_board(choose: bool) -> Board:
    m = ring(HexDef("C5", tile("", "white", "c0x1 c0x1")), OO, choose_token_cities=choose)
    b = Board(m)
    b.place_token("C5", 0, "A")
    b.place_token("C5", 1, "B")
    return b


def test_1839_R_15_3_5_director_allocates_markers_on_oo_hex() -> None:
    b = _oo_board(choose=True)
    lays = [lay for lay in legal_on(b, "C5") if lay.tile == "OOY"]
    # three distinct track layouts (a straight line through two cities, turned 0, 1, 2),
    # each with two allocations of the markers A and B
    assert len(lays) == 6
    assert all(lay.tokens in ((0, 1), (1, 0)) for lay in lays)
    outcomes = set()
    for lay in lays:
        clone = b.clone()
        clone.lay_tile(lay.hex, lay.tile, lay.rotation, lay.tokens)
        t, rot = clone.tile_at("C5")
        edges = orient(t, rot).stop_edges
        place = {clone.city_tokens("C5", k)[0]: edges[i] for k, i in enumerate(t.city_indices())}
        outcomes.add((place["A"], place["B"]))
    assert len(outcomes) == 6  # every offered lay is physically different


def test_token_allocation_default_keeps_city_order_and_offers_no_choice() -> None:
    b = _oo_board(choose=False)
    lays = [lay for lay in legal_on(b, "C5") if lay.tile == "OOY"]
    for lay in lays:
        clone = b.clone()
        clone.lay_tile(lay.hex, lay.tile, lay.rotation, lay.tokens)
        assert clone.city_tokens("C5", 0) == ["A"] and clone.city_tokens("C5", 1) == ["B"]


def test_lay_tile_with_chosen_allocation_moves_tokens_and_reservations() -> None:
    m = ring(
        HexDef("C5", tile("", "white", "c0x1 c0x1")),
        OO,
        choose_token_cities=True,
        reservations=(Reservation("Q", "C5", 1),),
    )
    b = Board(m)
    b.place_token("C5", 0, "A")
    b.lay_tile("C5", "OOY", 0, tokens=(1, 0))
    assert b.city_tokens("C5", 1) == ["A"] and b.city_tokens("C5", 0) == []
    assert Reservation("Q", "C5", 0) in b.reservations
    with pytest.raises(ValueError, match="allocation"):
        b.clone().lay_tile("C5", "OOG", 0, tokens=(0, 0))


def test_upgrade_with_track_has_a_single_allocation() -> None:
    """R-15.4.3: once cities have track, markers follow their track; no choice remains."""
    b = _oo_board(choose=True)
    b.lay_tile("C5", "OOY", 0)
    greens = [lay for lay in legal_on(b, "C5") if lay.tile == "OOG"]
    assert greens and all(lay.tokens is None for lay in greens)
