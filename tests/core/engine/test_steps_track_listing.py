"""The track step's hex-level shortcuts answer what pricing and judging lay by lay does.

:meth:`TrackStep._plain_actions` keeps a hex's actions with its memoised lays
(``HexLays.derived``) where every lay of the hex is offered as listed, and
:meth:`TrackStep.any_lay` decides a hex from its cheapest lay: at every track step of
seeded random games of both titles and both SOH rule sets (the 18xx-games one judges
upgrades by a walk), on the original and on clones that go their own way, they equal the
lay-by-lay listing (:meth:`TrackStep.lays`, every lay through ``_priced``); and
:meth:`TrackStep.find` (a lay's validation: the listing of its hex alone) equals the
search of the hex."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.actions import LegalAction
from railhouse.engine.record import new_game
from railhouse.engine.steps.track import LayPower, TrackStep
from railhouse.map.lays import hex_listings


def _check(game: Any) -> bool:
    """Compare the shortcuts with the lay-by-lay answers at ``game``'s position (if it is
    at a track step); whether it was."""
    step = getattr(game.round, "current_step", lambda: None)()
    if not isinstance(step, TrackStep) or game.pending:
        return False
    lay_by_lay = [LegalAction(step.lay_action(lay, "")) for lay in step.lays()]
    assert step._plain_actions() == lay_by_lay
    assert step._plain_actions() == lay_by_lay  # again, from the hexes' kept actions
    offered = bool(lay_by_lay) or any(step.lays(power) for power in step.powers())
    assert step.any_lay() is offered
    opts = step.options(None)
    if opts is not None:
        for found in hex_listings(step.board, step.operator(), opts):
            costs = [lay.cost for lay in found.listed(step.board)]
            assert (found.cheapest, found.dearest) == (min(costs), max(costs))
    for power in (None, *step.powers()):
        _check_find(step, power)
    return True


def _check_find(step: TrackStep[Any, Any], power: LayPower | None) -> None:
    """:meth:`TrackStep.find` (the listing of the lay's hex alone) answers, for every lay
    the step lists with ``power`` and for a turn of it, what the lay-by-lay search of the
    hex (:meth:`TrackStep.lays` on it) finds first."""
    ability = "" if power is None else power.private
    for lay in step.lays(power):
        for rotation in (lay.rotation, (lay.rotation + 1) % 6):
            action = step.lay_action(msgspec.structs.replace(lay, rotation=rotation), ability)
            expected = next(((found, power) for found in step.lays(power, frozenset({lay.hex}))
                             if step.lay_action(found, ability) == action), None)
            assert step.find(action) == expected


def _play(game: Any, rng: random.Random, actions: int, checked: list[int]) -> None:
    for _ in range(actions):
        if game.over:
            return
        checked[0] += _check(game)
        game.apply(choose_playing(rng, game.legal_actions()))


@pytest.mark.parametrize(("title", "options", "seed"), [
    ("soh", {}, 21), ("soh", {"rules": "18xx-games"}, 22), ("1839", {}, 23),
    # seeds whose companies use private powers (SMAS, KKI; LVG, SRV)
    ("soh", {}, 30), ("1839", {}, 25), ("1839", {}, 29)])
def test_hex_level_listing_equals_lay_by_lay_at_every_track_step(
        title: str, options: dict[str, Any], seed: int) -> None:
    game = new_game(title, seat_names(4), options, seed)
    rng = random.Random(seed)
    checked = [0]
    branches = 0
    while not game.over and game.action_count < 1500:
        if rng.random() < 0.03:  # a clone goes its own way for a while, then the original
            branches += 1
            _play(game.clone(), random.Random(rng.random()), 15, checked)
        _play(game, rng, 1, checked)
    assert checked[0] > 20 and branches > 0, (checked, branches)
