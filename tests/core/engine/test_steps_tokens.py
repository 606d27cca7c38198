"""The core token helpers on a purpose-built map (no title's data): which circles a company
may take (SOH "Placing a company token"; 1839 R-8.3.B.1/2, §8.3.2.2), and the spelling of a
placement over a replaceable token in old records (issue 17)."""

from __future__ import annotations

from railhouse.engine.actions import LegalAction, PlaceToken
from railhouse.engine.steps import free_circles, listed_placement, place_token, places_left
from railhouse.engine.steps.tokens import places_left_each
from railhouse.map import HexDef, MapDef, Reservation, tile
from railhouse.map.board import Board

HOMES = (Reservation("B", "C6", 0), Reservation("C", "C6", 1), Reservation("D", "D9", 0))


def mini_map(reservations: tuple[Reservation, ...] = HOMES) -> MapDef:
    """D3 and D9: a city of one slot; C6: two cities of one slot."""
    hexes = {coord: HexDef(coord, tile("", "white", "c0x1")) for coord in ("D3", "D9")}
    hexes["C6"] = HexDef("C6", tile("", "white", "c0x1 c0x1"))
    return MapDef(hexes, {}, {}, (), reservations)


def test_other_companies_reservations_keep_their_places() -> None:
    """C6 has two one-slot stations reserved for B and C: nothing is left for A; B may
    take one (its own reservation does not hold a place against it)."""
    board = Board(mini_map())
    assert places_left(board, "C6", "A") == 0
    assert places_left(board, "C6", "B") == 1
    place_token(board, "C6", 0, "B")
    assert places_left(board, "C6", "B") == 0  # one token per company on a hex
    assert places_left(board, "D9", "A") == 0  # D9 is D's home


def test_a_replaceable_token_counts_as_a_place_and_is_offered_beside_an_empty_one() -> None:
    board = Board(mini_map(reservations=()))
    place_token(board, "D3", 0, "NS")
    assert places_left(board, "D3", "A") == 0
    assert places_left(board, "D3", "A", frozenset({"NS"})) == 1
    assert free_circles(board, ("D3",), "A") == []
    assert free_circles(board, ("D3",), "A", frozenset({"NS"})) == [("D3", 0, "NS")]
    assert free_circles(board, ("C6",), "A") == [("C6", 0, ""), ("C6", 1, "")]
    place_token(board, "D3", 0, "A", replaces="NS")  # the NS token leaves the map
    assert board.city_tokens("D3", 0) == ["A"]


def test_an_old_record_placement_over_a_replaceable_token_is_the_one_listed() -> None:
    listed = [LegalAction(PlaceToken(entity="A", hex="D3", city=0, replaces="NS"))]
    old = PlaceToken(entity="A", hex="D3", city=0)
    assert listed_placement(old, listed) == listed[0].action
    both = [*listed, LegalAction(old)]
    assert listed_placement(old, both) == old  # an empty place is listed too: as spelled


def test_places_left_each_is_places_left_hex_by_hex() -> None:
    board = Board(mini_map())
    place_token(board, "D3", 0, "NS")
    place_token(board, "C6", 1, "C")
    for replaceable in (frozenset(), frozenset({"NS"})):
        for company in ("A", "B", "C", "D", "NS"):
            coords = ("C6", "D3", "D9", "C6")
            board.cache = {}
            each = places_left_each(board, coords, company, replaceable)
            board.cache = {}
            assert each == [places_left(board, h, company, replaceable) for h in coords]
