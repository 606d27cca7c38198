"""The conformance suite every title runs against itself (OpenSpiel ``api_test`` style).

:func:`check_title` plays seeded random games and checks, after every action: the
bookkeeping invariants, that the action survives a JSON round trip, that every legal
choice is accepted by ``apply`` (on a clone) at sampled positions, that a sample of
unlisted variants is rejected, that the game's cached legal sets are never stale
(:func:`check_legal_cache`); and at the end that replaying the record reproduces the
final observation and result exactly.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import msgspec

from railhouse.engine.actions import Action, LegalAction, decode_json, encode_json
from railhouse.engine.errors import IllegalAction, InvalidAction
from railhouse.engine.invariants import check_invariants
from railhouse.engine.record import replay

GameFactory = Callable[..., Any]


def choose(rng: random.Random, legal: list[LegalAction]) -> Action:
    """A uniformly chosen legal choice with each ranged field drawn from its range."""
    choice = rng.choice(legal)
    if not choice.ranges:
        return choice.action
    values = {name: rng.choice(r.values()) for name, r in choice.ranges.items()}
    return msgspec.structs.replace(choice.action, **values)


def random_playout(factory: GameFactory, players: int, seed: int, *, check: bool = True,
                   probe_every: int = 0, max_actions: int = 20_000) -> Any:
    game = factory(players=[f"P{i}" for i in range(players)], options=None, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        probing = probe_every and game.action_count % probe_every == 0
        if probing:
            check_legal_cache(game)  # what the last apply left cached, before a refresh
        legal = _legal_actions(game)
        assert legal, f"no legal action but the game is not over (seed {seed})"
        if probing:
            probe_position(game, legal, rng)
        action = choose(rng, legal)
        assert decode_json(encode_json(action)) == action, f"{action!r} does not round-trip"
        game.apply(action)
        if check:
            check_invariants(game)
        assert game.action_count <= max_actions, f"seed {seed}: game does not end"
    return game


def _legal_actions(game: Any) -> list[LegalAction]:
    """The playout drives the game through ``apply`` alone, so it may use the cache."""
    cached = getattr(game, "cached_legal_actions", None)
    legal: list[LegalAction] = cached() if cached is not None else game.legal_actions()
    return legal


def check_legal_cache(game: Any) -> None:
    """Every legal set the game has cached (``Game.legal_for``) equals a fresh computation
    by the same decider on a clone whose cache is emptied."""
    cached = list(getattr(game, "_legal", {}).items())
    if not cached:
        return
    memo: dict[int, Any] = {}
    twin = copy.deepcopy(game, memo)
    for decider, legal in cached:
        if id(decider) not in memo:
            continue  # no longer reachable from the game, so never consulted again
        twin.forget_legal_actions()
        fresh = memo[id(decider)].legal_actions()
        assert fresh == legal, (
            f"stale cached legal set of {type(decider).__name__} after action "
            f"{game.action_count}: {len(legal)} cached, {len(fresh)} fresh"
        )


def probe_position(game: Any, legal: list[LegalAction], rng: random.Random) -> None:
    """Everything listed applies; a tampered copy of a listed action is rejected unless it
    happens to be listed too."""
    for choice in rng.sample(legal, min(3, len(legal))):
        game.clone().apply(choice.action)
    tampered = _tamper(rng.choice(legal).action)
    if tampered is not None and not any(c.admits(tampered) for c in legal):
        try:
            game.clone().apply(tampered)
        except (IllegalAction, InvalidAction):
            return
        raise AssertionError(f"unlisted action {tampered!r} was accepted")


def _tamper(action: Action) -> Action | None:
    for name in action.__struct_fields__:
        value = getattr(action, name)
        if isinstance(value, int) and not isinstance(value, bool):
            return msgspec.structs.replace(action, **{name: value + 100_003})
    if "entity" in action.__struct_fields__:
        return msgspec.structs.replace(action, entity="p99")
    return None


def check_replay(game: Any) -> None:
    record = json.loads(json.dumps(game.to_record()))
    again = replay(record)
    assert again.observation() == game.observation(), "replay diverged"
    assert again.result() == game.result(), "replay changed the result"


def check_title(factory: GameFactory, players: int, seeds: range, probe_every: int = 25) -> None:
    for seed in seeds:
        game = random_playout(factory, players, seed, probe_every=probe_every)
        check_replay(game)
