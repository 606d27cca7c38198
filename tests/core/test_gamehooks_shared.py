"""railhouse.gamehooks.shared_hooks: one GameHooks per title class and option values.

A title whose rule plugins keep no state (``Game.hooks_shareable``) builds its hooks once
per distinct options; every other game builds its own.
"""

from __future__ import annotations

from typing import Any

import pytest

from railhouse import gamehooks
from railhouse.engine.record import new_game
from railhouse.gamehooks import GameHooks, shared_hooks


class _Rules:
    def railhouse_final_scores(self, game: Any) -> list[int]:
        return [0]


class _Owner:
    pass


def _counting() -> tuple[list[GameHooks], Any]:
    made: list[GameHooks] = []

    def make() -> GameHooks:
        made.append(GameHooks(rules=_Rules()))
        return made[-1]

    return made, make


def test_the_same_class_and_options_get_the_same_hooks_made_once() -> None:
    made, make = _counting()
    first = shared_hooks(_Owner, {"a": 1, "b": "x"}, make)
    assert shared_hooks(_Owner, {"b": "x", "a": 1}, make) is first
    assert made == [first]


def test_other_option_values_another_class_or_tracing_get_their_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made, make = _counting()
    monkeypatch.delenv(gamehooks.TRACE_ENV, raising=False)
    base = shared_hooks(_Owner, {"a": 1}, make)
    assert shared_hooks(_Owner, {"a": 2}, make) is not base
    assert shared_hooks(type("Other", (), {}), {"a": 1}, make) is not base
    monkeypatch.setenv(gamehooks.TRACE_ENV, "1")
    traced = shared_hooks(_Owner, {"a": 1}, make)
    assert traced is not base and traced.traced and not base.traced
    assert len(made) == 4


def test_options_with_unhashable_values_are_never_shared() -> None:
    made, make = _counting()
    one = shared_hooks(_Owner, {"seats": ["a", "b"]}, make)
    assert shared_hooks(_Owner, {"seats": ["a", "b"]}, make) is not one
    assert len(made) == 2


def test_the_store_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gamehooks, "_SHARED", {})
    _, make = _counting()
    for value in range(gamehooks._SHARED_LIMIT * 2 + 1):
        shared_hooks(_Owner, {"a": value}, make)
    assert len(gamehooks._SHARED) <= gamehooks._SHARED_LIMIT


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_games_of_a_stateless_title_share_their_hooks(title: str) -> None:
    one = new_game(title, ["a", "b", "c"], None, 1)
    two = new_game(title, ["d", "e", "f", "g"], None, 2)
    assert type(one).hooks_shareable and one.hooks is two.hooks


def test_a_variant_option_gets_hooks_with_its_plugin() -> None:
    """SOH EN optional rule 'Start card / priority deal': the option adds a variant plugin,
    so games with and without it cannot share hooks."""
    plain = new_game("soh", ["a", "b", "c"], None, 1)
    dealt = new_game("soh", ["a", "b", "c"], {"priority_deal": True}, 1)
    assert plain.hooks is not dealt.hooks
    assert "PriorityDeal" in dealt.hooks.names and "PriorityDeal" not in plain.hooks.names
    again = new_game("soh", ["x", "y", "z"], {"priority_deal": True}, 5)
    assert again.hooks is dealt.hooks


def test_a_title_that_does_not_opt_in_builds_hooks_per_game() -> None:
    from railhouse.testing import toyline

    assert not toyline.ToyLine.hooks_shareable
    assert toyline.new_game(["a", "b"]).hooks is not toyline.new_game(["a", "b"]).hooks
