"""map.restriction: 18xx.games' semi-restrictive track test and its reach test
(``route_info``), as SOH's 18xx-games rule set uses them (facts §11.2 "Upgrades", "Towns as
stops for the forced purchase"), on a tiny row map."""

from __future__ import annotations

from railhouse.map import Board, HexDef, MapDef, Operator, tile
from railhouse.map.lays import TileLay
from railhouse.map.library import STANDARD
from railhouse.map.restriction import adds_usable_track, route_available

A = Operator("A")


def board(laid: bool) -> Board:
    """B3 city with A's token, B5 town, B7 city; with ``laid``: yellow track on all three
    (B3 - B5 - B7 joined), else bare printed stops."""
    hexes = {
        "B3": HexDef("B3", tile("", "white", "c0x1")),
        "B5": HexDef("B5", tile("", "white", "t0")),
        "B7": HexDef("B7", tile("", "white", "c0x1")),
    }
    b = Board(MapDef(hexes, dict(STANDARD), {k: None for k in STANDARD}, (), ()))
    b.place_token("B3", 0, "A")
    if laid:
        for coord, t in (("B3", "57"), ("B5", "4"), ("B7", "57")):
            b.lay_tile(coord, t, 1)
    return b


def test_route_available_needs_two_revenue_stops_towns_counting() -> None:
    assert not route_available(board(laid=False), A)  # the home city alone
    assert route_available(board(laid=True), A)
    assert not route_available(board(laid=True), Operator("B"))  # no token: no walk


def test_a_lay_on_a_hex_without_track_always_passes() -> None:
    b = board(laid=False)
    assert adds_usable_track(b, A, TileLay("B3", "57", 1, 0, upgrade=False))


def test_an_upgrade_adding_reachable_track_passes() -> None:
    b = board(laid=True)
    # green 14 over yellow 57 in A's home: two new sides, reached from A's token
    assert adds_usable_track(b, A, TileLay("B3", "14", 1, 0, upgrade=True))
