"""GameHooks calls a hook with one plain implementation directly (``GameHooks._call``):
the same answers as pluggy's call loop, and pluggy again once the manager is handed out
(a plugin registered mid-game is heard)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.actions import Action
from railhouse.engine.record import new_game
from railhouse.gamehooks import GameHooks, _direct_call
from railhouse.plugins import hookimpl


class Rules:
    @hookimpl
    def railhouse_next_round(self, game: Any, finished: Any) -> str:
        return "SR" if finished is None else "OR"

    @hookimpl
    def railhouse_check_game_end(self, moment: str) -> str | None:  # a subset of the args
        return "end" if moment == "end_of_or" else None

    @hookimpl
    def railhouse_phase_changed(self, game: Any, old: Any, new: Any) -> None:
        game.append((old, new))


class Wrapper:
    @hookimpl(wrapper=True)
    def railhouse_next_round(self, game: Any, finished: Any) -> Any:
        answer = yield
        return f"wrapped {answer}"


class Observer:
    def __init__(self) -> None:
        self.seen: list[Any] = []

    @hookimpl
    def railhouse_action_applied(self, game: Any, action: Any) -> None:
        self.seen.append(action)


def test_one_plain_implementation_is_called_directly_with_the_same_answers() -> None:
    hooks = GameHooks(rules=Rules())
    game: list[Any] = []
    assert hooks.next_round(game, None) == "SR"
    assert hooks.check_game_end(game, "end_of_or") == "end"
    assert hooks.check_game_end(game, "end_of_sr") is None
    hooks.phase_changed(game, "2", "3")
    hooks.action_applied(game, "nothing observes this")
    assert game == [("2", "3")]
    direct = hooks._direct
    next_round = direct["railhouse_next_round"]
    assert next_round is not None
    function, names, firstresult = next_round
    assert getattr(function, "__func__", None) is Rules.railhouse_next_round
    assert (names, firstresult) == (("game", "finished"), True)
    check = direct["railhouse_check_game_end"]
    assert check is not None and check[1:] == (("moment",), True)
    assert direct["railhouse_action_applied"] == (None, (), False)


def test_a_wrapper_or_a_second_implementation_goes_through_pluggy() -> None:
    hooks = GameHooks(rules=Rules(), variants=[Wrapper()])
    assert hooks.next_round([], None) == "wrapped SR"
    assert hooks._direct["railhouse_next_round"] is None
    assert _direct_call(hooks._pm.hook.railhouse_check_game_end) is not None
    two = GameHooks(rules=Rules(), observers=[Observer(), Observer()])
    assert _direct_call(two._pm.hook.railhouse_action_applied) is None


def test_a_plugin_registered_after_direct_calls_is_heard() -> None:
    hooks = GameHooks(rules=Rules())
    hooks.action_applied([], "before")  # decided: nobody observes
    assert hooks.next_round([], None) == "SR"
    observer = Observer()
    hooks.plugin_manager.register(observer, "late observer")
    hooks.plugin_manager.register(Wrapper(), "late wrapper")
    hooks.action_applied([], "after")
    assert observer.seen == ["after"]
    assert hooks.next_round([], None) == "wrapped SR"


def _playout(title: str, seed: int) -> tuple[list[Action], list[Any]]:
    game = new_game(title, seat_names(4), None, seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(choose_playing(rng, game.legal_actions()))
    return list(game.actions), [e for e in game.events_since(-1)]


def test_titles_play_the_same_with_direct_calls_as_through_pluggy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for title in ("soh", "1839"):
        direct = _playout(title, 7)
        game_class = type(new_game(title, seat_names(4), None, 7))
        through_pluggy = new_game(title, seat_names(4), None, 7)._make_hooks()
        through_pluggy.plugin_manager  # noqa: B018  handed out: every call through pluggy
        assert not through_pluggy._fixed
        with monkeypatch.context() as patched:
            patched.setattr(game_class, "_hooks", lambda self, hooks=through_pluggy: hooks)
            assert _playout(title, 7) == direct
