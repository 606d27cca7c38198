"""The track step's look-up of a lay in its listing answers what its search does.

:meth:`TrackStep.find` (a lay's validation) looks a plain lay up in what the step's
latest listing offered on the lay's hex, while that listing is the legal set the game
knows at this position (``Game.known_legal``); else it searches the hex.  At every track
step of seeded random games of both titles and both SOH rule sets, looking ahead as a
playout does and not, on the original and on clones that go their own way: for every
listed lay, a turn of it and a lay on every open hex the listing left out, the look-up
equals the search (the step without the listing's record); and right after a lay, before
the next listing, the record of the former position is not used (the search answers)."""

from __future__ import annotations

import random
from contextlib import nullcontext
from typing import Any

import msgspec
import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.actions import LayTile, LegalAction
from railhouse.engine.record import new_game
from railhouse.engine.steps.track import LISTED, TrackStep


def _track_step(game: Any) -> TrackStep[Any, Any] | None:
    step = getattr(game.round, "current_step", lambda: None)()
    return step if isinstance(step, TrackStep) and not game.pending else None


def _recorded(game: Any, step: TrackStep[Any, Any]) -> bool:
    """Whether :meth:`TrackStep.find` looks a plain lay up in the listing's record."""
    record = step._cache.get(LISTED)
    return record is not None and game.known_legal(step) is record[0]


def _searched(step: TrackStep[Any, Any], action: LayTile) -> object:
    """:meth:`TrackStep.find` without the listing's record: the search of the hex."""
    record = step._cache.pop(LISTED, None)
    try:
        return step.find(action)
    finally:
        if record is not None:
            step._cache[LISTED] = record


def _tried(step: TrackStep[Any, Any], legal: list[LegalAction]) -> list[LayTile]:
    """The lays listed, a turn of each, and a lay on each open hex with none listed."""
    listed = [c.action for c in legal if isinstance(c.action, LayTile)]
    out = []
    for action in listed:
        out += [action, msgspec.structs.replace(action, rotation=(action.rotation + 1) % 6)]
    laid = {action.hex for action in listed}
    for coord in step.board.map.hexes:
        if coord not in laid:
            out.append(LayTile(entity=step.entity, hex=coord, tile="57", rotation=0))
    return out


def _check_listed(game: Any, legal: list[LegalAction]) -> int:
    """At a listed track step, the look-up answers as the search; looks-up made."""
    step = _track_step(game)
    if step is None:
        return 0
    used = 0
    for action in _tried(step, legal):
        answer = step.find(action)
        if not action.ability:
            assert _recorded(game, step)
            used += 1
        assert answer == _searched(step, action), action
    return used


def _check_stale(game: Any, before: list[LayTile]) -> int:
    """Right after a lay, the former listing's record is not used; lays checked."""
    step = _track_step(game)
    if step is None:
        return 0
    for action in before:
        assert not _recorded(game, step)
        assert step.find(action) == _searched(step, action), action
    return len(before)


def _play(game: Any, rng: random.Random, actions: int, counts: list[int]) -> None:
    for _ in range(actions):
        if game.over:
            return
        legal = game.legal_actions()
        counts[0] += _check_listed(game, legal)
        step = _track_step(game)
        action = choose_playing(rng, legal)
        game.apply(action)
        if step is not None and isinstance(action, LayTile) and _track_step(game) is step:
            counts[1] += _check_stale(game, _tried(step, legal)[:40])


@pytest.mark.parametrize(("title", "options", "seed", "ahead"), [
    ("soh", {}, 51, True), ("soh", {"rules": "18xx-games"}, 52, False), ("1839", {}, 53, True),
    ("1839", {}, 54, False), ("soh", {}, 30, False), ("1839", {}, 25, True)])
def test_a_lay_found_in_the_listing_is_the_lay_the_search_finds(
        title: str, options: dict[str, Any], seed: int, ahead: bool) -> None:
    game = new_game(title, seat_names(4), options, seed)
    rng = random.Random(seed)
    counts = [0, 0]  # look-ups at listed positions, lays checked right after a lay
    branches = 0
    with game.looking_ahead_in() if ahead else nullcontext():
        while not game.over and game.action_count < 1500:
            if rng.random() < 0.03:  # a clone goes its own way for a while
                branches += 1
                game.legal_actions()  # the clone inherits the listing
                _play(game.clone(), random.Random(rng.random()), 15, counts)
            _play(game, rng, 1, counts)
    assert counts[0] > 500 and counts[1] > 100 and branches > 0, (counts, branches)
