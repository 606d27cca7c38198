"""The actions' own events (``kind == "action"``) are made from the action log when the
events are read (``Game.events_since``), not recorded by ``apply``: they must read back
exactly as an event recorded at the action would have, in the same place."""

from __future__ import annotations

import msgspec
import pytest

from railhouse.bench.positions import playout
from railhouse.engine.actions import Action
from railhouse.engine.api import Event
from railhouse.engine.game import Game
from railhouse.engine.record import new_game


def recorded_at_the_action(game: Game) -> list[Event]:
    """The events as ``apply`` used to record them: each action's event, with the action
    converted as it was applied, first among the events of its index."""
    eager: list[Event] = []
    others = list(game._events)
    actions: list[Action] = list(game.actions)
    at = 0
    for index, action in enumerate(actions):
        while at < len(others) and others[at].index < index:
            eager.append(others[at])
            at += 1
        eager.append(Event(index, "action", {"action": msgspec.to_builtins(action)}))
    return eager + others[at:]


@pytest.mark.parametrize(("title", "seed"), [("soh", 3), ("1839", 3)])
def test_action_events_read_back_as_recorded_at_the_action(title: str, seed: int) -> None:
    game = playout(title, 4, seed)
    assert all(e.kind != "action" for e in game._events)
    eager = recorded_at_the_action(game)
    assert game.events_since(-1) == eager
    assert msgspec.json.encode(game.events_since(-1)) == msgspec.json.encode(eager)
    for index in (-5, 0, 1, 17, game.action_count - 1, game.action_count, game.action_count + 2):
        assert game.events_since(index) == [e for e in eager if e.index >= index]
    actions = [e for e in game.events_since(0) if e.kind == "action"]
    assert [e.data["action"] for e in actions] == [msgspec.to_builtins(a) for a in game.actions]


def test_a_clone_reads_the_same_action_events_and_then_its_own() -> None:
    game = playout("soh", 4, 4)
    replay = new_game("soh", [f"P{i}" for i in range(4)], None, 4)
    for action in list(game.actions)[:120]:
        replay.apply(action)
    twin = replay.clone()
    assert twin.events_since(-1) == replay.events_since(-1)
    for action in list(game.actions)[120:125]:
        twin.apply(action)
    assert twin.events_since(-1) == recorded_at_the_action(twin)
    assert replay.events_since(120) == []
    assert [e.index for e in twin.events_since(120) if e.kind == "action"] == list(range(120, 125))


@pytest.mark.parametrize(("title", "seed"), [("soh", 5), ("1839", 5)])
def test_logs_read_the_same_whether_their_tails_were_folded_or_not(title: str, seed: int) -> None:
    """The logs' tails grow past a block between copies (``AppendLog.append`` is the
    tail's ``list.append``) and a copy folds them: a game cloned every few actions (its
    logs folded again and again, the clones played on) reads back the same actions and
    events as one never cloned."""
    game = playout(title, 4, seed)
    replay = new_game(title, [f"P{i}" for i in range(4)], None, seed)
    for number, action in enumerate(game.actions):
        replay.apply(action)
        if number % 37 == 0:
            replay = replay.clone()
    assert list(replay.actions) == list(game.actions)
    assert replay.events_since(-1) == game.events_since(-1)
    for index in (0, 63, 64, 65, 130, game.action_count - 1):
        assert replay.events_since(index) == game.events_since(index)
