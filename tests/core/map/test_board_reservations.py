"""Board reservations: every change is visible to the board's derived-data caches."""

from __future__ import annotations

from railhouse.map.board import Board
from railhouse.map.mapdef import MapDef, Reservation


def test_reservation_changes_invalidate_derived_board_data() -> None:
    """Reach and placement queries are cached per token_version: every reservation change
    must bump it (1839 R-8.3.B.1 reservations are added during play)."""
    board = Board(MapDef(hexes={}, tiles={}, supply={}))
    before = board.token_version
    board.add_reservation(Reservation("L1", "A1", None))
    assert board.reservations == [Reservation("L1", "A1", None)]
    assert board.token_version > before
    middle = board.token_version
    board.set_reservations([])
    assert board.reservations == [] and board.token_version > middle
