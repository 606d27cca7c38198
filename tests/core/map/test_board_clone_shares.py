"""A board's clone shares each city's list of token owners, the reservations and the
hexes laid this turn with its original (``Board.clone``): the board's mutations replace
them instead of changing them in place.  Over seeded playouts of both titles every action
is applied to a clone first, and the original's board must not move; at positions with
tokens each token mutation is made on a clone of the board, and the original's must not
move either."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.map.board import Board

TITLES = ["soh", "1839"]


def board_state(board: Board) -> tuple[Any, ...]:
    """The board's mutable state, as new containers (nothing shared with the board)."""
    return (dict(board.tiles), {k: list(v) for k, v in board.tokens.items()},
            dict(board.supply), list(board.reservations), set(board.laid_this_turn))


def token_mutations(board: Board) -> int:
    """Each token mutation on a clone of ``board`` (in every city with tokens: the first
    owner replaced, removed, and one more token placed where a slot is free) leaves
    ``board`` as it was; returns how many were made."""
    before = board_state(board)
    made = 0
    for (coord, city), owners in list(board.tokens.items()):
        for name, args in (("replace_token", (owners[0], "ZZ")),
                           ("remove_token", (owners[0],)), ("place_token", ("ZZ",))):
            try:
                getattr(board.clone(), name)(coord, city, *args)
            except ValueError:  # no free slot
                continue
            made += 1
            assert board_state(board) == before, f"a clone's {name} moved {coord}"
    return made


@pytest.mark.parametrize("title", TITLES)
def test_a_clones_moves_never_move_its_originals_board(title: str) -> None:
    game = new_game(title, seat_names(4), None, 6)
    rng = random.Random(6)
    mutations = 0
    while not game.over:
        legal = game.legal_actions()
        action = choose_playing(rng, legal)
        before = board_state(game.board)
        twin = game.clone()
        twin.apply(action)
        assert board_state(game.board) == before, f"{action} on a clone moved the board"
        if game.action_count % 50 == 0:
            mutations += token_mutations(game.board)
        game.apply(action)
        assert board_state(twin.board) == board_state(game.board)
    assert mutations > 20
