"""A clone holds none of its original's plain objects and records: over seeded playouts
of both titles, every object reachable from a clone that the copiers written per shape
(rounds, steps, turn states: ``fastcopy._copy_open_object``) or per record class
(companies, ledgers, players: ``recordcopy.write_copier``) copy is a new object, not one
reachable from the original.  The written copiers and ``_copy_list`` call the copier of
a member's type directly (``fast_deepcopy`` inlined): a path that handed back the
original's object would leave a step that still plays on the original game, which the
clone's next few actions may never touch (a done step is never asked again)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from test_recordcopy import reachable

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine import fastcopy
from railhouse.engine.record import new_game
from railhouse.engine.recordcopy import WRITTEN

TITLES = ["soh", "1839"]


def copied_per_shape_or_record(value: Any) -> bool:
    return (type(value) in WRITTEN
            or fastcopy._COPIERS.get(type(value)) is fastcopy._copy_open_object)


def positions(title: str, seed: int, every: int) -> Iterator[Any]:
    """The game of a seeded playout at every ``every``-th action."""
    game = new_game(title, seat_names(4), None, seed)
    rng = random.Random(seed)
    for count in itertools.count():
        if game.over:
            return
        if count % every == 0:
            yield game
        game.apply(choose_playing(rng, game.legal_actions()))


@pytest.mark.parametrize("title", TITLES)
def test_a_clone_holds_none_of_its_originals_plain_objects(title: str) -> None:
    checked = 0
    for game in itertools.chain(positions(title, 4, 17), positions(title, 5, 17)):
        game.clone()  # every shape seen once: the next clone takes the direct paths
        clone = game.clone()
        # the board shares containers with its clones by design (Board.clone)
        original = {id(value) for value in reachable(game, game.board)}
        own = [value for value in reachable(clone, clone.board)
               if copied_per_shape_or_record(value)]
        assert own
        shared = [type(value).__name__ for value in own if id(value) in original]
        assert not shared, f"action {game.action_count}: the clone holds {shared}"
        checked += 1
    assert checked > 20
