"""The search bot's rollouts look ahead (``Game.looking_ahead_in``: greedy lists, reads and
applies): at positions of a seeded SOH game, from the stock round and from operating
decisions, every candidate's rollout (to the end of the set, then of the game) makes the
actions, events and values that rollouts settling at once make, and the rollouts did leave
track steps to their listings."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.lookahead import LookAhead
from railhouse.engine.record import new_game
from railhouse_bots.greedy import GreedyBot
from railhouse_bots.search_rollout import Lookahead, Model

#: the decisions of the seeded game searched from
AT = (30, 75, 140)


def positions(seed: int) -> list[Any]:
    """Copies of a seeded random SOH game at the decisions :data:`AT`."""
    game = new_game("soh", seat_names(4), None, seed)
    rng = random.Random(seed)
    kept: list[Any] = []
    while len(kept) < len(AT):
        if game.action_count in AT:
            kept.append(game.clone())
        game.apply(choose_playing(rng, game.legal_actions()))
    return kept


def searched(game: Any) -> list[Any]:
    """Every candidate's rollout from ``game`` (the first three choices) to the end of the
    set, then on to the end of the game: its values, actions and events."""
    bot = GreedyBot(1)
    bot.on_game_start({"title": "soh"})
    legal = [c.to_builtins() for c in game.legal_actions()]
    candidates = [{k: v for k, v in c.items() if k != "ranges"} for c in legal[:3]]
    lookahead = Lookahead(game, game.acting_seat(), Model(bot), deadline=1e9,
                          clock=lambda: 0.0, stages=("set", "end"))
    values = [(lookahead.judge(candidate, "set"), lookahead.judge(candidate, "end"))
              for candidate in candidates]
    return [(value, line.actions, line.events)
            for value, line in zip(values, lookahead.lines.values(), strict=True)]


@contextmanager
def settling_at_once(self: LookAhead) -> Iterator[None]:
    yield


def test_rollouts_looking_ahead_play_as_rollouts_settling_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    deferred = 0
    resume = LookAhead.settle_deferred

    def counted(self: LookAhead) -> None:
        nonlocal deferred
        deferred += 1
        resume(self)

    monkeypatch.setattr(LookAhead, "settle_deferred", counted)
    ahead = [searched(game) for game in positions(1000)]
    assert deferred
    monkeypatch.setattr(LookAhead, "looking_ahead_in", settling_at_once)
    assert ahead == [searched(game) for game in positions(1000)]
