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
    function, picks, firstresult = next_round
    assert getattr(function, "__func__", None) is Rules.railhouse_next_round
    assert (picks, firstresult) == (None, True)  # every argument, in order
    check = direct["railhouse_check_game_end"]
    assert check is not None and check[1:] == ((1,), True)  # the second only
    assert direct["railhouse_action_applied"] == (None, None, False)


class Everything:
    """Implements every hook ``GameHooks`` calls through ``_call``, recording the
    arguments by name."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    @hookimpl
    def railhouse_setup_game(self, game: Any) -> None:
        self.calls.append(("setup_game", {"game": game}))

    @hookimpl
    def railhouse_next_round(self, game: Any, finished: Any) -> str:
        self.calls.append(("next_round", {"game": game, "finished": finished}))
        return "round"

    @hookimpl
    def railhouse_operating_steps(self, company: Any, game: Any) -> list[Any]:  # reordered
        self.calls.append(("operating_steps", {"game": game, "company": company}))
        return []

    @hookimpl
    def railhouse_price_moves_after_dividend(self, total: int, kind: str, company: Any,
                                             game: Any) -> list[str]:
        self.calls.append(("price_moves", {"game": game, "company": company, "kind": kind,
                                           "total": total}))
        return ["up"]

    @hookimpl
    def railhouse_phase_changed(self, game: Any, old: Any, new: Any) -> None:
        self.calls.append(("phase_changed", {"game": game, "old": old, "new": new}))

    @hookimpl
    def railhouse_check_game_end(self, game: Any, moment: str) -> None:
        self.calls.append(("check_game_end", {"game": game, "moment": moment}))

    @hookimpl
    def railhouse_final_scores(self, game: Any) -> list[int]:
        self.calls.append(("final_scores", {"game": game}))
        return [1]

    @hookimpl
    def railhouse_observe_title_state(self, game: Any) -> dict[str, Any]:
        self.calls.append(("observe", {"game": game}))
        return {"x": 1}

    @hookimpl
    def railhouse_action_applied(self, game: Any, action: Any) -> None:
        self.calls.append(("action_applied", {"game": game, "action": action}))

    @hookimpl
    def railhouse_game_over(self, game: Any, result: Any) -> None:
        self.calls.append(("game_over", {"game": game, "result": result}))


def _every_call(hooks: GameHooks) -> None:
    game: list[Any] = ["g"]
    hooks.setup_game(game)
    assert hooks.next_round(game, "fin") == "round"
    assert hooks.operating_steps(game, "C") == []
    assert hooks.price_moves_after_dividend(game, "C", "payout", 70) == ["up"]
    hooks.phase_changed(game, "2", "3")
    assert hooks.check_game_end(game, "end_of_or") is None
    assert hooks.final_scores(game) == [1]
    assert hooks.observe_title_state(game) == {"x": 1}
    hooks.action_applied(game, "A")
    hooks.game_over(game, "R")


def test_every_hook_gets_each_argument_under_its_name_directly_and_through_pluggy() -> None:
    """The facade passes the arguments in the specification's order; an implementation
    naming them in another order or a subset gets each under its own name."""
    direct, looped = Everything(), Everything()
    _every_call(GameHooks(rules=direct))
    through_pluggy = GameHooks(rules=looped)
    through_pluggy.plugin_manager  # noqa: B018  handed out: every call through pluggy
    _every_call(through_pluggy)
    assert direct.calls == looped.calls and len(direct.calls) == 10
    assert ("price_moves", {"game": ["g"], "company": "C", "kind": "payout",
                            "total": 70}) in direct.calls


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


def test_hears_actions_says_whether_apply_calls_action_applied() -> None:
    """``Game.apply`` calls ``action_applied`` only where ``hears_actions``: False only
    while the plugins are fixed and none observes actions; an observer given to the game,
    or one registered after the manager is handed out, is heard by ``apply``."""
    assert not GameHooks(rules=Rules()).hears_actions
    assert GameHooks(rules=Rules(), observers=[Observer()]).hears_actions
    assert GameHooks(rules=Rules(), trace=True).hears_actions  # traced: through pluggy
    game = new_game("soh", seat_names(4), None, 3)
    rules = game.hooks._pm.get_plugin("SohRules")  # the title's (shared) rules plugin
    assert rules is not None
    game.hooks = GameHooks(rules=rules)  # the game's own facade, not the shared one
    assert not game.hooks.hears_actions
    late = Observer()
    game.hooks.plugin_manager.register(late, "late observer")
    assert game.hooks.hears_actions
    rng = random.Random(3)
    for _ in range(5):
        action = choose_playing(rng, game.legal_actions())
        game.apply(action)
        assert late.seen[-1] is action
    assert len(late.seen) == 5
