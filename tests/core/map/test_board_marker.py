"""``Board.with_marker``: the copy of a board a lay that need not connect is judged on
(a private's power to lay on its hexes without a route to them).  The company has a
marker on the hex there, outside every city, so the hex counts as one where it has a
token, while no city's circles fill and no trace starts from it; the board the copy was
made from does not move, and the copy starts a token revision of its own."""

from __future__ import annotations

from railhouse.map.board import OUTSIDE_CITIES, Board
from railhouse.map.graph import Operator
from railhouse.map.layhexes import open_hex_now
from railhouse_soh.game import SteamOverHolland


def soh_board() -> Board:
    game = SteamOverHolland(["a", "b", "c"], seed=1)
    board = game.board
    assert isinstance(board, Board)
    return board


def test_the_copy_has_the_marker_and_the_board_does_not() -> None:
    board = soh_board()
    tokens, version = dict(board.tokens), board.token_version
    marked = board.with_marker("F9", "NBD")
    assert ("F9", OUTSIDE_CITIES) in marked.company_cities("NBD")
    assert board.tokens == tokens and board.token_version == version
    assert marked.token_version != version  # nothing derived from the markers is shared
    assert marked.tokens.keys() - board.tokens.keys() == {("F9", OUTSIDE_CITIES)}


def test_the_marked_hex_is_open_to_the_company_without_a_route() -> None:
    board = soh_board()
    op = Operator("NBD")
    assert open_hex_now(board, op, "F9") is None  # no token, no route: not open
    row = open_hex_now(board.with_marker("F9", "NBD"), op, "F9")
    assert row is not None and row[2]  # open, as a hex with the company's token
