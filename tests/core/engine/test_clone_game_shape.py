"""A clone takes the game's attributes by the game class's last shape
(``cloning._GAME_SHAPES``: the names in order, which were atomic, which to deep-copy),
checked in C before it is trusted.

Checked against the from-scratch rule (every attribute whose value is not atomic is
deep-copied, but for the ones the module names as shared, replaced or rebuilt) over the
positions of seeded playouts of both titles, each cloned after the shape was learnt on
another position; and with the shape made stale on purpose: an attribute that was atomic
and holds a mutable value now, an attribute added, one removed."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from test_clone_held_once import dump
from test_clone_owns_its_objects import positions

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine import cloning
from railhouse.engine.fastcopy import ATOMIC
from railhouse.engine.record import new_game

TITLES = ["soh", "1839"]
#: attributes a clone holds as the original's objects by design
SHARED = cloning.SHARED_STATE | cloning.ROOT_STATE


def assert_owned_as_from_scratch(game: Any, clone: Any) -> None:
    """Every attribute of ``clone`` is the original's object exactly where the rule says
    so: atomic values and the shared ones; every other is a copy of its own."""
    mine = vars(clone)
    assert list(mine) == list(vars(game))
    for name, value in vars(game).items():
        if name in cloning.REBUILT:
            continue  # (the generator is shared until drawn from; the legal cache rebuilt)
        if type(value) in ATOMIC or name in SHARED:
            assert mine[name] is value, name
        else:
            assert mine[name] is not value, f"{name} is the original's {type(value)}"


@pytest.mark.parametrize("title", TITLES)
def test_clones_by_the_last_shape_copy_what_the_rule_copies_and_play_apart(
        title: str) -> None:
    checked = 0
    games = itertools.chain(positions(title, 8, 23), positions(title, 9, 23))
    for game in games:
        clone = game.clone()  # the shape learnt on an earlier position, checked here
        before = dump(game)  # (after the clone: the generator is marked shared)
        assert_owned_as_from_scratch(game, clone)
        assert dump(clone) == before
        rng = random.Random(game.action_count)
        for _ in range(6):  # each action applied to the clone first
            if clone.over:
                break
            clone.apply(choose_playing(rng, clone.legal_actions()))
            assert dump(game) == before, "an action on the clone moved the original"
        checked += 1
    assert checked > 10


def learnt(title: str) -> Any:
    """A game some actions in, whose class's shape its clone just learnt."""
    game = new_game(title, seat_names(4), None, 3)
    rng = random.Random(3)
    for _ in range(30):
        game.apply(choose_playing(rng, game.legal_actions()))
    game.clone()
    assert cloning._GAME_SHAPES[type(game)][0] == tuple(vars(game))
    return game


@pytest.mark.parametrize("title", TITLES)
def test_an_attribute_that_was_atomic_and_holds_a_mutable_value_now_is_copied(
        title: str) -> None:
    game = learnt(title)
    name = next(name for name, value in vars(game).items()
                if type(value) in ATOMIC and name not in SHARED | cloning.REBUILT)
    setattr(game, name, [[1], {"a": [2]}])
    clone = game.clone()
    assert getattr(clone, name) == [[1], {"a": [2]}]
    assert getattr(clone, name) is not getattr(game, name)
    assert getattr(clone, name)[0] is not getattr(game, name)[0]
    assert_owned_as_from_scratch(game, clone)


@pytest.mark.parametrize("title", TITLES)
def test_an_attribute_added_or_removed_is_seen(title: str) -> None:
    game = learnt(title)
    game.extra_notes = {"seen": [1, 2]}  # (a title may keep state of its own)
    clone = game.clone()
    assert clone.extra_notes == {"seen": [1, 2]}
    assert clone.extra_notes is not game.extra_notes
    assert_owned_as_from_scratch(game, clone)
    del game.extra_notes
    clone = game.clone()
    assert not hasattr(clone, "extra_notes")
    assert_owned_as_from_scratch(game, clone)


@pytest.mark.parametrize("title", TITLES)
def test_an_atomic_attribute_of_another_atomic_type_now_is_the_originals(
        title: str) -> None:
    """The shape keeps the atomic values' types: a value of another atomic type (a
    number where a name was) is a changed shape, learnt again, and still shared."""
    game = learnt(title)
    name = next(name for name, value in vars(game).items()
                if type(value) in ATOMIC and type(value) is not float
                and name not in SHARED | cloning.REBUILT)
    setattr(game, name, 2.5)
    clone = game.clone()
    assert getattr(clone, name) == 2.5
    assert float in cloning._GAME_SHAPES[type(game)][2]
    assert_owned_as_from_scratch(game, clone)
