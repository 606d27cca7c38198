"""The observation feed: one step patch per position, per-seat deltas joined from them."""

from __future__ import annotations

import copy
import random
from typing import Any

import msgspec
import pytest
from protocol_helpers import toy

from railhouse.engine.api import GameAPI
from railhouse.protocol.feed import ObservationFeed, Seen
from railhouse.protocol.messages import Applied
from railhouse.protocol.patch import apply_patch

_sorted = msgspec.json.Encoder(order="sorted").encode


def play_some(game: GameAPI, applied: list[Applied], count: int, rng: random.Random) -> None:
    for _ in range(count):
        if game.over:
            return
        choice = rng.choice(game.legal_actions()).action
        applied.append(Applied(len(game.actions), None, msgspec.to_builtins(choice)))
        game.apply(choice)


def soh_game(seed: int) -> GameAPI:
    pytest.importorskip("railhouse_soh")
    from railhouse.engine.record import new_game

    game: GameAPI = new_game("soh", ["a", "b", "c", "d"], None, seed)
    return game


@pytest.mark.parametrize("gap", [1, 3, 9])
def test_a_seat_that_skips_positions_gets_them_joined(gap: int) -> None:
    game, rng = soh_game(4), random.Random(4)
    applied: list[Applied] = []
    feed = ObservationFeed(game, applied)
    seen, busy = Seen(), Seen()
    tracked = copy.deepcopy(feed.current())
    seen.version = busy.version = feed.version
    while not game.over and len(game.actions) < 150:
        for _ in range(gap):  # another seat is asked at every position in between
            play_some(game, applied, 1, rng)
            feed.delta(busy, patch=True)
        delta = feed.delta(seen, patch=True)
        apply_patch(tracked, msgspec.to_builtins(delta.patch))
        assert _sorted(tracked) == _sorted(msgspec.to_builtins(game.observation()))
        assert [a.index for a in delta.actions] == list(range(seen.version - gap, seen.version))


def test_events_are_the_engines_since_the_seats_last_message_without_action_echoes() -> None:
    game, rng = soh_game(7), random.Random(7)
    applied: list[Applied] = []
    feed = ObservationFeed(game, applied)
    seen = Seen()
    feed.current()
    seen.version = feed.version
    got: list[Any] = []
    for _ in range(40):
        play_some(game, applied, 5, rng)
        feed.current()  # an intermediate position another seat was asked about
        play_some(game, applied, 2, rng)
        got.extend(feed.delta(seen, patch=True).events)
    truth = [msgspec.to_builtins(e) for e in game.events_since(0) if e.kind != "action"]
    assert got == truth and got


def test_a_seat_that_saw_nothing_gets_every_key_and_full_seats_no_patch() -> None:
    game, applied = toy(["a", "b"]), list[Applied]()
    feed = ObservationFeed(game, applied)
    play_some(game, applied, 3, random.Random(1))
    state: dict[str, Any] = {}
    apply_patch(state, msgspec.to_builtins(feed.delta(Seen(), patch=True).patch))
    assert state == feed.current()
    seen = Seen(feed.version)
    play_some(game, applied, 2, random.Random(2))
    assert feed.delta(seen, patch=False).patch == []
    assert seen.version == len(game.actions)


class ReusingToy:
    """A toy game whose observation() hands out the same containers every time and
    changes them in place afterwards, as any GameAPI may."""

    def __init__(self, inner: GameAPI) -> None:
        self.inner = inner
        self._obs: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def observation(self) -> dict[str, Any]:
        fresh = self.inner.observation()
        for key, value in fresh.items():
            if isinstance(value, list) and isinstance(self._obs.get(key), list):
                self._obs[key][:] = value  # the same list, new contents
            else:
                self._obs[key] = value
        return self._obs


def test_a_game_that_reuses_its_containers_is_copied_not_shared() -> None:
    game = ReusingToy(toy(["a", "b", "c"], {"pile": 30}))
    applied: list[Applied] = []
    feed = ObservationFeed(game, applied)
    seen = Seen()
    tracked = copy.deepcopy(feed.current())
    seen.version = feed.version
    rng = random.Random(5)
    while not game.inner.over:
        play_some(game.inner, applied, 2, rng)
        apply_patch(tracked, msgspec.to_builtins(feed.delta(seen, patch=True).patch))
        assert tracked == game.inner.observation()


def test_the_core_observation_is_new_every_time_so_the_feed_may_keep_it() -> None:
    game, rng = soh_game(2), random.Random(2)
    for _ in range(60):
        first = game.observation()
        before = _sorted(first)
        scribble(game.observation())
        assert _sorted(first) == before
        play_some(game, [], 3, rng)
        assert _sorted(first) == before  # nor does the engine change it later


def scribble(value: Any) -> None:
    """Change every container inside ``value``, deepest first."""
    children = value.values() if isinstance(value, dict) else value
    for child in list(children):
        if isinstance(child, dict | list):
            scribble(child)
    if isinstance(value, dict):
        value["scribbled"] = True
    else:
        value.append("scribbled")


def test_each_position_is_observed_once_however_many_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from railhouse.protocol.drive import InProcess, play
    from railhouse.protocol.referee import Referee
    from railhouse_bots.random_bot import RandomBot

    game = toy(["a", "b", "c", "d", "e"], {"pile": 40}, seed=3)
    calls = 0
    observe = game.observation

    def counting() -> dict[str, Any]:
        nonlocal calls
        calls += 1
        result: dict[str, Any] = observe()
        return result

    monkeypatch.setattr(game, "observation", counting)
    play(Referee(game), [InProcess(RandomBot(i)) for i in range(5)])
    assert calls == len(game.actions) + 1  # the start, then one per action
