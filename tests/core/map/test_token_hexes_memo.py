"""The hexes of a company's token cities that the lay listing reads are kept in the
operator's entry of ``layhexes._reached_masks`` with the token revision they were found
for, and given again while it is the same.  Every answer given in seeded random
games of both titles, and in clones that go their own way (each with its own tokens
from then on: the marked boards of ``Board.with_marker`` among them), equals the hexes
read from the board's tokens then."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.map import layhexes
from railhouse.map.board import Board
from railhouse.map.graph import Operator


def _play(game: Any, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if game.over:
            return
        game.apply(choose_playing(rng, game.legal_actions()))


@pytest.mark.parametrize(("title", "seed"), [("soh", 31), ("1839", 32)])
def test_kept_token_hexes_are_those_on_the_board(
        title: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = layhexes._reached_masks
    seen = {"asked": 0, "kept": 0}

    def checked(board: Board, op: Operator) -> tuple[dict[str, int], list[str], frozenset[str]]:
        last = board.cache.get(("reached_masks", op))
        seen["kept"] += last is not None and last.token_version == board.token_version
        seen["asked"] += 1
        found = kept(board, op)
        assert found[2] == {h for h, _ in board.company_cities(op.company)}, (op, found)
        return found

    monkeypatch.setattr(layhexes, "_reached_masks", checked)
    game = new_game(title, seat_names(4), {}, seed)
    rng = random.Random(seed)
    branches = 0
    while not game.over:
        if rng.random() < 0.03:  # a clone places and lays its own way for a while
            branches += 1
            _play(game.clone(), random.Random(rng.random()), 30)
        _play(game, rng, 1)
    assert seen["asked"] > 30 and seen["kept"] > 20 and branches > 2, (seen, branches)
