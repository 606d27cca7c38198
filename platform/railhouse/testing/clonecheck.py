"""Clone independence over real play, for any title (used by each title's tests).

:func:`check_clone_independence` plays a seeded random game to a split point, clones it,
plays different random continuations on the original and on the clone, and checks that
each side equals a fresh replay of its own action log (observation and legal set), that
neither saw the other's moves, and that a second clone taken at the split still shows
the split position after both played on.  A clone that shared anything mutable with its
original (a list, a company, a cached legal set, the random generator, the logs) fails
here, whatever the title keeps in its state.

:func:`check_every_action_kind` takes the other cut: at the first position of every kind
of decision met in seeded playouts (decider class and action kind), the action applied to
a clone leaves the original as it was, applied to the original it leaves an earlier clone
as it was, and both sides end equal.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from railhouse.engine.actions import Bankrupt, Concede, ProposeWinner
from railhouse.engine.record import replay
from railhouse.testing.conformance import choose


def play(game: Any, rng: random.Random, actions: int) -> None:
    """Up to ``actions`` uniformly random legal actions (fewer if the game ends)."""
    for _ in range(actions):
        if game.over:
            return
        game.apply(choose(rng, game.cached_legal_actions()))


def fingerprint(game: Any) -> tuple[Any, ...]:
    """What two equal positions agree on: the observation, the legal set, the logs."""
    legal = [] if game.over else game.legal_actions()
    return game.observation(), legal, list(game.actions), game.events_since(-1)


def assert_replays(game: Any) -> None:
    """``game`` equals a fresh game fed its own action log."""
    again = replay(game.to_record())
    assert fingerprint(again) == fingerprint(game), (
        f"a game diverged from the replay of its {game.action_count} actions")


def check_clone_independence(
    new_game: Any, seed: int, split: int, continuation: int, branch_seed: int
) -> None:
    """See the module doc.  ``new_game(seed)`` makes a fresh game; ``split`` actions are
    played before cloning, ``continuation`` after it on each side."""
    game = new_game(seed)
    play(game, random.Random(seed), split)
    at_split = fingerprint(game)
    twin = game.clone()
    spare = game.clone()
    assert fingerprint(twin) == at_split, "a clone differs from its original"
    play(twin, random.Random(branch_seed), continuation)
    assert fingerprint(game) == at_split, "playing on a clone changed the original"
    play(game, random.Random(branch_seed + 1), continuation)
    assert fingerprint(spare) == at_split, "playing on the original changed a clone"
    assert_replays(game)
    assert_replays(twin)
    grandchild = twin.clone()
    play(grandchild, random.Random(branch_seed + 2), continuation)
    assert_replays(grandchild)
    assert_replays(twin)


GIVING_UP = (Concede, Bankrupt, ProposeWinner)


def action_kind(game: Any, action: Any) -> tuple[str, str]:
    """(deciding class, action tag): a kind of decision."""
    return type(game.decider()).__name__, str(type(action).__struct_config__.tag)


def check_every_action_kind(new_game: Any, seeds: Iterable[int],
                            limit: int = 4000) -> set[tuple[str, str]]:
    """See the module doc: seeded random playouts (at most ``limit`` actions each) in which
    nobody gives up while anything else is legal, so they reach the late game; returns
    the kinds of decision checked."""
    checked: set[tuple[str, str]] = set()
    for seed in seeds:
        game = new_game(seed)
        rng = random.Random(seed)
        while not game.over and game.action_count < limit:
            legal = game.cached_legal_actions()
            playing = [c for c in legal if not isinstance(c.action, GIVING_UP)]
            action = choose(rng, playing or legal)
            kind = action_kind(game, action)
            if kind in checked:
                game.apply(action)
                continue
            checked.add(kind)
            before = fingerprint(game)
            twin, spare = game.clone(), game.clone()
            twin.apply(action)
            assert fingerprint(game) == before, f"{kind}: applied to a clone, changed the original"
            game.apply(action)
            assert fingerprint(spare) == before, f"{kind}: applied to the original, changed a clone"
            assert fingerprint(twin) == fingerprint(game), f"{kind}: clone and original differ"
    return checked
