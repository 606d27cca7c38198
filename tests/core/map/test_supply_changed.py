"""Which tiles' supply entries changed since the previous listing revision
(``laymemo._supply_changed``: the lay's tiles looked at alone once one comparison shows
nothing else changed) is what comparing every entry finds: at every revision of seeded
random games of both titles, and when the supply changed besides a lay's tiles; and
the copy it compares is left as the supply is."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.map import Board
from railhouse.map.laymemo import (
    LAST_REVISION,
    _lay_suspects,
    _supply_changed,
    listing_inputs,
    supply_out,
)

_ABSENT = object()


def _every_entry(before: dict[str, int | None], after: dict[str, int | None]) -> set[str]:
    """The tiles whose entry differs, entry by entry."""
    return {tile for tile in before.keys() | after.keys()
            if before.get(tile, _ABSENT) != after.get(tile, _ABSENT)}


def _check(board: Board, prev: Any) -> int:
    """Compare this revision with ``prev``, an earlier listing revision of the board;
    1 if a lay's tiles were looked at alone."""
    snap = board.supply.copy()
    suspects = _lay_suspects(board, prev)
    found = _supply_changed(prev, snap, suspects)
    assert set(found) == _every_entry(prev.supply, board.supply), board.track_version
    assert snap == board.supply  # put back as it was
    assert listing_inputs(board).out == supply_out(board)
    return 1 if suspects and found else 0


@pytest.mark.parametrize(("title", "seed"), [("soh", 5), ("1839", 6)])
def test_supply_changes_equal_every_entry_compared_at_every_revision(title: str,
                                                                     seed: int) -> None:
    game = new_game(title, seat_names(4), {}, seed)
    rng = random.Random(seed)
    prev = None  # the listing revision recorded at the last action
    lays = 0
    while not game.over:
        board = game.board
        if prev is not None:
            lays += _check(board, prev)
        listing_inputs(board)
        prev = board.cache[LAST_REVISION]
        game.apply(choose_playing(rng, game.legal_actions()))
    assert lays > 10, lays


def test_a_supply_change_besides_the_lays_tiles_is_found_entry_by_entry() -> None:
    game = new_game("soh", seat_names(4), {}, 7)
    rng = random.Random(7)
    while game.board.track_version < 4 or game.board.cache.get(LAST_REVISION) is None:
        game.apply(choose_playing(rng, game.legal_actions()))
    board = game.board
    listing_inputs(board)  # this revision recorded
    prev = board.cache[LAST_REVISION]
    tile = next(t for t, count in board.supply.items() if count)
    other = next(t for t, count in board.supply.items() if count and t != tile)
    board.tiles["Z0"] = (tile, 0)  # a "lay" of ``tile`` on a hex ...
    board.laid += ("Z0",)
    board.track_version += 1
    board.supply[tile] = 0  # ... that took every one left
    board.supply[other] = 0  # and another tile gone besides
    snap = board.supply.copy()
    found = _supply_changed(prev, snap, _lay_suspects(board, prev))
    assert set(found) == {tile, other} == _every_entry(prev.supply, board.supply)
    assert snap == board.supply
