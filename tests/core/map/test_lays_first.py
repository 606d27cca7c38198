"""``first_tile_lay``: the existence check behind "does this company have a lay?" agrees
with the full listing (``legal_tile_lays``) on the SOH rules it applies."""

from __future__ import annotations

from minimap import mini_map

from railhouse.map import Board, LayOptions, Operator, legal_tile_lays
from railhouse.map.lays import TileLay, first_tile_lay

MAP = mini_map()
ROW = (("D3", "57", 1), ("D5", "57", 1), ("D7", "4", 1), ("D9", "57", 1), ("D11", "9", 1))
ALL = LayOptions(colors=frozenset({"yellow", "green", "brown"}))


def _board() -> Board:
    board = Board(MAP)
    for coord, tile_id, rotation in ROW:
        board.lay_tile(coord, tile_id, rotation)
    board.place_token("D5", 0, "A")
    return board


def _listed(lay: TileLay, listed: list[TileLay]) -> bool:
    return any((x.hex, x.tile, x.rotation, x.cost, x.upgrade)
               == (lay.hex, lay.tile, lay.rotation, lay.cost, lay.upgrade) for x in listed)


def test_first_lay_is_the_first_listed_EN_laying_track() -> None:
    board = _board()
    listed = legal_tile_lays(board, Operator("A"), ALL)
    first = first_tile_lay(board, Operator("A"), ALL)
    assert first is not None and _listed(first, listed)
    assert (first.hex, first.tile, first.rotation) == (listed[0].hex, listed[0].tile,
                                                      listed[0].rotation)


def test_accept_filters_like_the_listing_EN_rivers() -> None:
    board = Board(MAP)
    board.place_token("D5", 0, "A")
    board.lay_tile("D5", "57", 1)  # its E side faces D7 across the river (cost 50)
    listed = legal_tile_lays(board, Operator("A"), ALL)
    river = first_tile_lay(board, Operator("A"), ALL, lambda lay: lay.cost == 50)
    assert river is not None and river.cost == 50 and _listed(river, listed)
    assert first_tile_lay(board, Operator("A"), ALL, lambda lay: lay.cost == 7) is None


def test_none_when_the_listing_is_empty_EN_laying_track() -> None:
    board = _board()
    for opts in (LayOptions(colors=frozenset({"brown"})),  # nothing green to upgrade yet
                 LayOptions(colors=ALL.colors, budget=-1),  # no money
                 LayOptions(colors=ALL.colors, new_tiles=False, upgrades=False)):
        assert legal_tile_lays(board, Operator("A"), opts) == []
        assert first_tile_lay(board, Operator("A"), opts) is None
    assert first_tile_lay(board, Operator("B"), ALL) is None  # no token, no network
