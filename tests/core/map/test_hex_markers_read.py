"""What a hex's lays read of its markers (its tokens and the reservations on it) comes
from the hex's entry of ``laymemo.hex_markers`` (kept per token revision), not from a
scan of every reservation of the board: whether the hex holds any
(``lays._holds_markers``), the counts an upgrade must fit (``lays._held``, R-15.4.4) and
the owners per old city an allocation carries (``layalloc._city_owners``, R-15.3.5).  At
every board revision of seeded random games of both titles, for every hex and every
number of old cities, each equals the reading of the board it replaced."""

from __future__ import annotations

from typing import Any

import pytest

from railhouse.bench.positions import playout
from railhouse.map import layalloc, lays
from railhouse.map.board import Board
from railhouse.map.laymemo import hex_markers


def _holds_on_board(board: Board, coord: str, n_cities: int) -> bool:
    return (any((coord, k) in board.tokens for k in range(n_cities))
            or any(r.hex == coord for r in board.reservations))


def _held_on_board(board: Board, coord: str, cities: int) -> tuple[object, ...]:
    """``lays._held`` as it read the board: the tokens of the first ``cities`` cities
    but discardable ones, and the reservations of companies without a token there."""
    owners = [board.tokens.get((coord, k), ()) for k in range(cities)]
    placed = {o for held in owners for o in held}
    counts = tuple(sum(o not in board.map.discardable_tokens for o in held) for held in owners)
    left = [r for r in board.reservations if r.hex == coord and r.company not in placed]
    return (counts, tuple(r.city for r in left if r.city is not None),
            sum(r.city is None for r in left))


def _owners_on_board(board: Board, coord: str, n_cities: int) -> list[list[str]]:
    owners: list[list[str]] = [list(board.tokens.get((coord, k), ())) for k in range(n_cities)]
    for r in board.reservations:
        if r.hex == coord and r.city is not None and r.city < n_cities:
            owners[r.city].append(f"reserved:{r.company}")
    return owners


@pytest.mark.parametrize(("title", "seed"), [("soh", 21), ("1839", 22)])
def test_a_hex_markers_read_from_hex_markers_equal_the_board(title: str, seed: int) -> None:
    revisions: set[tuple[int, int]] = set()
    seen = {"holding": 0, "reserved": 0, "shared": 0}

    def visit(game: Any, _legal: list[Any]) -> None:
        board = game.board
        if (board.track_version, board.token_version) in revisions:
            return
        revisions.add((board.track_version, board.token_version))
        markers = hex_markers(board)
        hexes = {coord for coord, _ in board.tokens} | {r.hex for r in board.reservations}
        for coord in sorted(hexes):
            held = markers[coord]
            reserved = {r.company for r in board.reservations if r.hex == coord}
            seen["reserved"] += bool(reserved)
            seen["shared"] += any(reserved & set(board.tokens.get((coord, k), ()))
                                  for k in range(4))
            for n in range(4):
                assert lays._holds_markers(held, n) == _holds_on_board(board, coord, n)
                assert lays._held(board, coord, n) == _held_on_board(board, coord, n)
                assert layalloc._city_owners(board, coord, n) == _owners_on_board(
                    board, coord, n), (coord, n)
                seen["holding"] += _holds_on_board(board, coord, n)

    playout(title, 4, seed, visit=visit)
    assert seen["holding"] > 200 and seen["reserved"] > 50, seen
