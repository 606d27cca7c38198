"""A dropped game is freed at once, by reference counting: a search bot makes and drops
clones by the thousand, and a clone left for the cyclic collector costs it about a
quarter more (docs/benchmarks.md, "Fourteenth session"); a tournament plays game after
game.  A game's parts (its round, the round's steps, pending deciders) point back at
it; the game its user holds (made by ``Game(...)`` or ``Game.clone()``) shares its state
with an inner game, which its parts point at (:mod:`railhouse.engine.cloning`), so
dropping it frees it all.  These tests play on clones of both titles at many positions
(every kind of part the play makes: stock rounds, operating turns, agreements, forced
sales) and whole new games, and check that nothing of a dropped game is left for the
collector; and that a part kept past its game says so loudly instead of playing on an
emptied game."""

from __future__ import annotations

import gc
import itertools
import random
import weakref
from typing import Any

import pytest
from test_clone_owns_its_objects import positions

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.cloning import DroppedGame
from railhouse.engine.record import new_game

TITLES = ["soh", "1839"]


def play(game: Any, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if game.over:
            return
        game.apply(choose_playing(rng, game.legal_actions()))


def left_for_the_collector(make: Any) -> list[str]:
    """The types of what ``make()``'s result leaves behind once dropped, with the cyclic
    collector switched off (empty when reference counting freed it all)."""
    gc.collect()
    gc.disable()
    try:
        made = make()
        watched = [weakref.ref(made), weakref.ref(made.round)]
        watched += [weakref.ref(decider) for decider in made.pending]
        del made
        return [type(ref()).__name__ for ref in watched if ref() is not None]
    finally:
        gc.enable()


@pytest.mark.parametrize("title", TITLES)
def test_a_dropped_clone_is_freed_by_reference_counting(title: str) -> None:
    rng = random.Random(7)
    checked = 0
    for game in itertools.chain(positions(title, 4, 13), positions(title, 5, 13)):
        for steps in (0, 3, 12):
            def clone_and_play(game: Any = game, steps: int = steps) -> Any:
                clone = game.clone()
                play(clone, rng, steps)
                return clone
            left = left_for_the_collector(clone_and_play)
            assert not left, f"action {game.action_count} +{steps}: {left} left"
            checked += 1
    assert checked > 60


@pytest.mark.parametrize("title", TITLES)
def test_a_dropped_new_game_is_freed_by_reference_counting(title: str) -> None:
    for seed, actions in ((1, 0), (2, 40), (3, 400), (4, 10**6)):  # the last: to the end
        def new_and_play(seed: int = seed, actions: int = actions) -> Any:
            game = new_game(title, seat_names(4), None, seed)
            play(game, random.Random(seed), actions)
            return game
        left = left_for_the_collector(new_and_play)
        assert not left, f"seed {seed}, {actions} actions: {left} left"


@pytest.mark.parametrize("title", TITLES)
def test_a_clone_of_a_clone_outlives_it(title: str) -> None:
    """The clone of a clone points at nothing of its parent: dropping the parent leaves
    the child whole, playing on as a clone of the original would."""
    for game in positions(title, 6, 41):
        parent = game.clone()
        child = parent.clone()
        twin = game.clone()
        del parent
        rng, twin_rng = random.Random(3), random.Random(3)
        play(child, rng, 15)
        play(twin, twin_rng, 15)
        assert child.observation() == twin.observation()
        assert list(child.actions) == list(twin.actions)


def test_a_part_kept_past_its_game_says_so() -> None:
    game = next(positions("soh", 4, 1))
    clone = game.clone()
    kept = clone.round
    del clone
    with pytest.raises(DroppedGame, match="dropped"):
        kept.legal_actions()
    made = new_game("1839", seat_names(3), None, 1)
    kept = made.round
    del made
    with pytest.raises(DroppedGame, match="dropped"):
        kept.legal_actions()


def test_the_original_keeps_playing_after_its_clones_go() -> None:
    """A clone's inner game is its own: dropping clones never touches the game they were
    taken from."""
    game = next(positions("1839", 8, 30))
    for _ in range(3):
        clone = game.clone()
        play(clone, random.Random(1), 5)
        del clone
    play(game, random.Random(2), 30)
    assert game.round is not None and game.round.game is game.inner
    assert vars(game.inner) is vars(game)
