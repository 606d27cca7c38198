"""The track graph's per-hex fragments (cached on the map) and the lazy lay search
(``iter_tile_lays``): what they produce must not depend on what was cached before."""

from __future__ import annotations

from minimap import mini_map

from railhouse.map import Board, EdgeRule, LayOptions, Operator, legal_tile_lays, reach
from railhouse.map.graph import TrackGraph, track_graph
from railhouse.map.lays import iter_tile_lays

ROW = (("D3", "57", 1), ("D5", "57", 1), ("D7", "4", 1), ("D9", "57", 1), ("D11", "9", 1))
GREEN = LayOptions(colors=frozenset({"green"}))


def _shape(g: TrackGraph) -> tuple[object, ...]:
    """Everything a graph exposes, by value."""
    nodes = [(n.name, n.kind, n.hex, n.city, n.revenue, n.slots, n.offboard) for n in g.nodes]
    return (nodes, g.adj, g.path_names, g.path_ends, g.index, g.side, g.hex_edges, g.marks)


def _laid(mapdef: object, lays: tuple[tuple[str, str, int], ...]) -> Board:
    board = Board(mapdef)  # type: ignore[arg-type]
    for coord, tile_id, rotation in lays:
        board.lay_tile(coord, tile_id, rotation)
    return board


def test_graph_after_lays_equals_a_graph_built_on_a_cold_map() -> None:
    warm_map = mini_map()
    warm = Board(warm_map)
    track_graph(warm)  # fragments of the empty hexes are cached now
    for coord, tile_id, rotation in (*ROW, ("D5", "15", 1)):
        warm.lay_tile(coord, tile_id, rotation)
        track_graph(warm)  # and one per intermediate state
    cold = _laid(mini_map(), (*ROW, ("D5", "15", 1)))
    assert _shape(track_graph(warm)) == _shape(track_graph(cold))


def test_same_tile_on_two_hexes_gives_each_hex_its_own_nodes_and_paths() -> None:
    g = track_graph(_laid(mini_map(), ROW))
    assert {"D3.c0", "D9.c0"} <= set(g.index)
    assert g.index["D3.c0"] != g.index["D9.c0"]
    assert "D3:1-c0" in g.path_names and "D9:1-c0" in g.path_names


def test_upgrade_replaces_the_hex_fragment() -> None:
    board = _laid(mini_map(), ROW)
    before = track_graph(board)
    board.lay_tile("D5", "15", 1)
    after = track_graph(board)
    assert after is not before
    d5_before = {p for p in before.path_names if p.startswith("D5:")}
    d5_after = {p for p in after.path_names if p.startswith("D5:")}
    assert len(d5_after) == 4 and len(d5_before) == 2  # 15 has four exits, 57 two


def test_barrier_splits_the_side_until_released_R_12_barrier() -> None:
    mapdef = mini_map(edge_rules=(EdgeRule("D5", "D7", barrier_until="open"),))
    board = _laid(mapdef, ROW)
    closed, opened = track_graph(board), track_graph(board, frozenset({"open"}))
    assert closed.side[("D5", 4)] != closed.side[("D7", 1)]
    assert opened.side[("D5", 4)] == opened.side[("D7", 1)]
    board.place_token("D5", 0, "A")
    names = {closed.nodes[u].name for u in reach(board, Operator("A"))}
    assert "D9.c0" not in names
    names = {opened.nodes[u].name for u in reach(board, Operator("A", frozenset({"open"})))}
    assert "D9.c0" in names


def test_iter_tile_lays_yields_the_listing_in_order() -> None:
    board = _laid(mini_map(), ROW)
    board.place_token("D5", 0, "A")
    listed = legal_tile_lays(board, Operator("A"), GREEN)
    assert listed and list(iter_tile_lays(board, Operator("A"), GREEN)) == listed
    only = LayOptions(colors=GREEN.colors, only_hexes=frozenset({"D9", "D3"}))
    assert [lay.hex for lay in iter_tile_lays(board, Operator("A"), only)] == [
        lay.hex for lay in listed if lay.hex in ("D3", "D9")
    ]


def test_iter_tile_lays_is_empty_without_a_network_EN_laying_track() -> None:
    board = _laid(mini_map(), ROW)
    assert next(iter_tile_lays(board, Operator("A"), GREEN), None) is None


def test_board_records_hexes_laid_in_order_and_clones_share_it() -> None:
    board = _laid(mini_map(), ROW[:2])
    assert board.laid == ("D3", "D5") and board.track_version == 2
    clone = board.clone()
    clone.lay_tile("D7", "4", 1)
    assert clone.laid == ("D3", "D5", "D7") and board.laid == ("D3", "D5")
    assert Board.from_dict(board.map, board.to_dict()).laid == ()


def test_graph_reused_from_an_older_version_equals_a_full_build() -> None:
    board = _laid(mini_map(), ROW[:3])
    track_graph(board)  # version 3 cached; the next two lays are rebuilt from D9 on
    board.lay_tile("D11", "9", 1)
    board.lay_tile("D9", "57", 1)
    cold = _laid(mini_map(), (*ROW[:3], ("D11", "9", 1), ("D9", "57", 1)))
    assert _shape(track_graph(board)) == _shape(track_graph(cold))


def test_a_cache_trim_keeps_the_lay_listings_last_revision() -> None:
    """A trim of the board's cache (past ``CACHE_ENTRIES``) keeps what later work starts
    from, the lay listing's last revision (``laymemo.LAST_REVISION``) among it: without
    it the next listing works out every hex afresh (its entries carry themselves:
    :func:`railhouse.map.laymemo.carried` checks them against the board)."""
    from railhouse.map.graph import _trim
    from railhouse.map.laymemo import LAST_REVISION

    board = _laid(mini_map(), ROW)
    legal_tile_lays(board, Operator("A", frozenset({"D3.c0"})), GREEN)
    last = board.cache[LAST_REVISION]
    board.cache[("per revision", 1)] = object()
    _trim(board.cache, board.track_version)
    assert board.cache.get(LAST_REVISION) is last
    assert ("per revision", 1) not in board.cache
