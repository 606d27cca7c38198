"""A lay's validation reads its hex's row alone (``layhexes.open_hex_now``, the reached
mask from the hex's six side nodes: ``reached_sides``); a hex that is not on the map has
none, however the company's network stands (the validation then rejects the lay, as a
listing never offers it).  The rows of the map's hexes against a board with nothing
cached are checked at every revision of seeded games by ``test_lay_carry``
(``layrows.check_kept``)."""

from __future__ import annotations

from minimap import mini_map

from railhouse.map import Board, Operator
from railhouse.map.layhexes import open_hex_now, open_hexes_now


def test_a_hex_off_the_map_has_no_row() -> None:
    board = Board(mini_map())
    board.tokens[("D3", 0)] = ["A"]
    board.lay_tile("D3", "57", 1)
    op = Operator("A")
    for coord in ("Z0", "D4", ""):
        assert open_hex_now(board, op, coord) is None
    rows = {row[0]: row for row in open_hexes_now(board, op)}
    fresh = board.clone()
    fresh.cache = {}
    for coord in board.map.hexes:
        assert open_hex_now(fresh, op, coord) == rows.get(coord), coord
