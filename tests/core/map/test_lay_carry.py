"""The per-hex lays a board revision carries over from the board's previous one
(:func:`railhouse.map.laymemo.carried`) are those a board with nothing cached finds: at
every revision of seeded random games of both titles and both SOH rule sets, for every
company with a token, and on clones that go their own way from the original; and so is
what else a listing keeps across revisions (``layrows.check_kept``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from layrows import check_kept
from minimap import mini_map

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.map import Board, LayOptions, Operator, legal_tile_lays
from railhouse.map.laymemo import (
    EDGES_OF,
    LAST_REVISION,
    listing_inputs,
    ruled_edges,
    supply_out,
    track_readers,
)
from railhouse.map.lays import first_tile_lay
from railhouse.map.tiles import orient


def _uncached(board: Board, op: Operator, opts: LayOptions) -> list[object]:
    """The listing on a clone of ``board`` with an empty cache: nothing carried, nothing
    of this revision memoised (the per-map memo, checked by test_lay_memo, is shared)."""
    fresh = board.clone()
    fresh.cache.clear()
    return list(legal_tile_lays(fresh, op, opts))


def _check(game: Any, checked: list[int]) -> None:
    board = game.board
    colors = frozenset(game.phase.tiles)
    # the tiles out of the supply, carried from the previous revision's, as read afresh
    assert listing_inputs(board).out == supply_out(board), board.track_version
    for company in sorted({o for owners in board.tokens.values() for o in owners}):
        op = Operator(company, column=game.phase.offboard_column)
        for opts in (LayOptions(colors=colors), LayOptions(colors=colors, extra_cost=20)):
            listed = legal_tile_lays(board, op, opts)
            assert listed == _uncached(board, op, opts), (company, board.track_version)
            assert (first_tile_lay(board, op, opts) is None) == (not listed)
            checked[0] += 1
    check_kept(game)  # open hexes, markers, lays at a fee or within a budget


def _play(game: Any, rng: random.Random, actions: int, seen: set[object],
          checked: list[int]) -> None:
    """Up to ``actions`` random actions, checking every new revision of the board."""
    for _ in range(actions):
        if game.over:
            return
        board = game.board
        revision = (id(board), board.track_version, board.token_version)
        if revision not in seen:
            seen.add(revision)
            _check(game, checked)
        game.apply(choose_playing(rng, game.legal_actions()))


@pytest.mark.parametrize(("title", "options", "seed"), [
    ("soh", {}, 11), ("soh", {"rules": "18xx-games"}, 12), ("1839", {}, 13)])
def test_carried_lays_equal_an_uncached_board_at_every_revision(
        title: str, options: dict[str, Any], seed: int) -> None:
    game = new_game(title, seat_names(4), options, seed)
    rng = random.Random(seed)
    seen: set[object] = set()
    checked = [0]
    branches = 0
    while not game.over:
        if rng.random() < 0.05:  # a clone goes its own way for a while, then the original
            branches += 1
            other = game.clone()
            _play(other, random.Random(rng.random()), 12, seen, checked)
        _play(game, rng, 1, seen, checked)
    assert checked[0] > 30 and branches > 0, (checked, branches)


def test_a_clone_and_the_original_each_carry_their_own_revision() -> None:
    """A clone shares the cache entry of the latest revision; each board compares its
    own content with it, so lays on either do not leak into the other's listings."""
    game = new_game("soh", seat_names(4), {}, 3)
    rng = random.Random(3)
    while game.board.track_version < 6:
        game.apply(choose_playing(rng, game.legal_actions()))
    board = game.board
    op = Operator(sorted(board.tokens.values())[0][0], column=game.phase.offboard_column)
    opts = LayOptions(colors=frozenset(game.phase.tiles))
    before = legal_tile_lays(board, op, opts)
    assert board.cache.get(LAST_REVISION) is not None
    other = board.clone()
    lay = before[0]
    other.lay_tile(lay.hex, lay.tile, lay.rotation, lay.tokens)
    assert legal_tile_lays(other, op, opts) == _uncached(other, op, opts)
    assert legal_tile_lays(board, op, opts) == before == _uncached(board, op, opts)


def test_track_laid_across_a_river_from_a_hex_reprices_the_hex_carried_over() -> None:
    """D5's lays for A (who has a token there, so what A reaches of D5 stays the same)
    are carried unless D5's inputs change; new track on D7 facing the river between them
    is such an input: D5's lays across the river now cost 50 (a neighbour's tile)."""
    board = Board(mini_map())
    board.place_token("D5", 0, "A")
    op, opts = Operator("A"), LayOptions()
    before = legal_tile_lays(board, op, opts)
    toward = board.map.neighbours["D5"].index("D7")
    assert {lay.cost for lay in before if lay.hex == "D5"} == {0}
    for rotation in range(6):
        if orient(board.map.tiles["4"], rotation).edge_mask >> (toward + 3) % 6 & 1:
            board.lay_tile("D7", "4", rotation)
            break
    after = legal_tile_lays(board, op, opts)
    assert after == _uncached(board, op, opts)
    assert 50 in {lay.cost for lay in after if lay.hex == "D5"}


def test_a_clone_taking_the_last_tile_of_a_kind_leaves_the_original_offering_it() -> None:
    """The tiles out of the supply are part of what a revision carries (``carried``
    reads them again only when the supply changed): a clone that lays the last 57 on D9
    no longer offers it on D3 (not a neighbour: its entry is carried, then dropped for
    its candidate gone), while the original, which shares the cache entry of the
    revision before, still offers it on both."""
    board = Board(mini_map(supply={**mini_map().supply, "57": 1}))
    board.drop_reservations("D")
    board.place_token("D3", 0, "A")
    board.place_token("D9", 0, "A")
    assert "D3" not in board.map.neighbours["D9"]
    op, opts = Operator("A"), LayOptions()
    before = legal_tile_lays(board, op, opts)
    assert {lay.hex for lay in before if lay.tile == "57"} == {"D3", "D9"}
    other = board.clone()
    lay = next(lay for lay in before if lay.tile == "57" and lay.hex == "D9")
    other.lay_tile(lay.hex, lay.tile, lay.rotation)
    listed = legal_tile_lays(other, op, opts)
    assert listed == _uncached(other, op, opts)
    assert not any(lay.tile == "57" for lay in listed)
    board.drop_reservations("B")  # a new revision of the original, carried from before
    again = legal_tile_lays(board, op, opts)
    assert again == before == _uncached(board, op, opts)


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_a_hexs_track_readers_are_its_neighbours_across_their_ruled_edges(title: str) -> None:
    """``track_readers`` (the neighbours whose entries a lay on a hex drops) is, on both
    titles' maps, every neighbour with an edge rule on the edge facing the hex: those
    whose ``facing_track`` reads the hex's track."""
    mapdef = new_game(title, seat_names(4)).board.map
    ruled, near = ruled_edges(mapdef), mapdef.neighbours
    readers = track_readers(mapdef)
    assert readers  # both maps have rivers
    for coord in mapdef.hexes:
        expected = {nb for nb in near[coord] if nb is not None and nb in ruled
                    and any(near[nb][edge] == coord for edge in EDGES_OF[ruled[nb]])}
        assert set(readers.get(coord, ())) == expected, coord
        assert len(readers.get(coord, ())) == len(expected)


def test_a_hex_whose_markers_all_go_is_not_carried() -> None:
    """C6 (twin cities; the director chooses where markers go) with B's token in one
    city offers A two allocations of its yellow tile; once the token and the last
    reservation leave it, the hex holds no marker (it is in the previous revision's
    markers only, ``carried``'s second loop) and one lay is left, as on a board with
    nothing cached."""
    board = Board(mini_map(choose_token_cities=True))
    board.place_token("D5", 0, "A")
    board.drop_reservations("B")
    board.place_token("C6", 0, "B")
    op, opts = Operator("A"), LayOptions(colors=frozenset({"yellow", "green"}))
    toward = board.map.neighbours["D5"].index("C6")
    lay = next(lay for lay in legal_tile_lays(board, op, opts) if lay.hex == "D5"
               and orient(board.map.tiles[lay.tile], lay.rotation).edge_mask >> toward & 1)
    board.lay_tile(lay.hex, lay.tile, lay.rotation)
    before = [lay for lay in legal_tile_lays(board, op, opts) if lay.hex == "C6"]
    board.drop_reservations("C")
    board.remove_token("C6", 0, "B")
    after = legal_tile_lays(board, op, opts)
    assert after == _uncached(board, op, opts)
    assert len(before) == 2 and len([lay for lay in after if lay.hex == "C6"]) == 1
