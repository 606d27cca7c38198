"""Hypothesis: random legal sequences keep every invariant, and replaying the log (or a
clone) reproduces the state exactly, on the toy title and the mini title."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from minititle import MiniGame

from railhouse.engine.actions import Action, LegalAction, decode_json, encode_json
from railhouse.engine.errors import IllegalAction, InvalidAction
from railhouse.engine.invariants import check_invariants
from railhouse.testing.toy import ToyGame

SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def draw_action(data: st.DataObject, legal: list[LegalAction]) -> Action:
    choice = legal[data.draw(st.integers(0, len(legal) - 1))]
    values = {name: data.draw(st.sampled_from(r.values())) for name, r in choice.ranges.items()}
    return msgspec.structs.replace(choice.action, **values) if values else choice.action


def nudged(data: st.DataObject, action: Action) -> Action:
    """``action`` with one integer field moved a little (often no longer legal)."""
    fields = [n for n in action.__struct_fields__ if type(getattr(action, n)) is int]
    if not fields:
        return action
    name = data.draw(st.sampled_from(fields))
    delta = data.draw(st.integers(-3, 3))
    return msgspec.structs.replace(action, **{name: getattr(action, name) + delta})


def check_validation_agrees(game: Any, legal: list[LegalAction], action: Action) -> None:
    """``apply`` accepts exactly the actions the legal set admits (direct validation never
    disagrees with enumeration)."""
    listed = any(choice.admits(action) for choice in legal)
    try:
        game.clone().apply(action)
    except (IllegalAction, InvalidAction):
        assert not listed, f"{action!r} is listed but was rejected"
    else:
        assert listed, f"{action!r} is not listed but was accepted"


def replayed(game: Any, factory: Any) -> Any:
    again = factory(list(game.players), dict(game.options), game.seed)
    for action in game.actions:
        again.apply(decode_json(encode_json(action)))
    return again


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**16), data=st.data())
def test_mini_title_random_sequences_keep_invariants_and_replay(
    players: int, seed: int, data: st.DataObject
) -> None:
    game = MiniGame([f"P{i}" for i in range(players)], None, seed)
    steps = data.draw(st.integers(1, 150))
    snapshot = None
    for index in range(steps):
        if game.over:
            break
        legal = game.legal_actions()
        assert legal
        action = draw_action(data, legal)
        if index % 5 == 0:
            check_validation_agrees(game, legal, nudged(data, action))
        game.apply(action)
        check_invariants(game)
        if index == steps // 2:
            snapshot = (game.clone(), game.observation())
    again = replayed(game, MiniGame)
    assert again.observation() == game.observation()
    assert game.clone().observation() == again.observation()
    if snapshot is not None:
        clone, seen = snapshot
        assert clone.observation() == seen  # the clone did not follow the original


@SETTINGS
@given(players=st.integers(2, 6), seed=st.integers(0, 2**16), data=st.data())
def test_toy_title_random_sequences_replay_and_clone(
    players: int, seed: int, data: st.DataObject
) -> None:
    game = ToyGame([f"P{i}" for i in range(players)], None, seed)
    while not game.over:
        game.apply(draw_action(data, game.legal_actions()))
        assert game.pile >= 0 and sum(game.taken) + game.pile == game.options["pile"]
    again = replayed(game, ToyGame)
    assert again.observation() == game.observation() == game.clone().observation()
    assert again.result() == game.result()
