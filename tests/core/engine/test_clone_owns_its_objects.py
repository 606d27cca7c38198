"""A clone holds none of its original's plain objects and records: over seeded playouts
of both titles, every object reachable from a clone that the copiers written per shape
(rounds, steps, turn states: ``fastcopy._copy_open_object``) or per record class
(companies, ledgers, players: ``recordcopy.write_copier``) copy is a new object, not one
reachable from the original.  The written copiers and ``_copy_list`` call the copier of
a member's type directly (``fast_deepcopy`` inlined): a path that handed back the
original's object would leave a step that still plays on the original game, which the
clone's next few actions may never touch (a done step is never asked again)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine import cloning, fastcopy
from railhouse.engine.record import new_game
from railhouse.engine.recordcopy import WRITTEN

TITLES = ["soh", "1839"]


def reachable(game: Any) -> list[Any]:
    """Every object reachable from ``game``'s state, but the title's shared data and the
    board (which shares containers with its clones by design: ``Board.clone``)."""
    skipped = {id(root) for root in cloning.shared_roots(game)} | {id(game.board)}
    seen: set[int] = set()
    found: list[Any] = []
    stack: list[Any] = [game]
    while stack:
        value = stack.pop()
        if id(value) in seen or id(value) in skipped or type(value) in cloning.ATOMIC:
            continue
        seen.add(id(value))
        found.append(value)
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list | tuple | set | frozenset):
            stack.extend(value)
        elif hasattr(value, "__dict__"):
            stack.extend(vars(value).values())
    return found


def copied_per_shape_or_record(value: Any) -> bool:
    return (type(value) in WRITTEN
            or fastcopy._COPIERS.get(type(value)) is fastcopy._copy_open_object)


@pytest.mark.parametrize("title", TITLES)
def test_a_clone_holds_none_of_its_originals_plain_objects(title: str) -> None:
    checked = 0
    for seed in (4, 5):
        game = new_game(title, seat_names(4), None, seed)
        rng = random.Random(seed)
        while not game.over:
            if game.action_count % 17 == 0:
                game.clone()  # every shape seen once: the next clone takes the direct paths
                clone = game.clone()
                original = {id(value) for value in reachable(game)}
                own = [value for value in reachable(clone) if copied_per_shape_or_record(value)]
                assert own
                shared = [type(value).__name__ for value in own if id(value) in original]
                assert not shared, f"action {game.action_count}: the clone holds {shared}"
                checked += 1
            game.apply(choose_playing(rng, game.legal_actions()))
    assert checked > 20
