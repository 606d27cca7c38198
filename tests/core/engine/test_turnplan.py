"""An operating turn's steps made when the turn reaches them
(:mod:`railhouse.engine.rounds.turnplan`) play exactly as steps all made at the start of the
turn (what the round did before): seeded playouts of both titles are played twice with the
same choices, once as the titles plan their turns and once with every step made at the
start of its turn, and must list the same legal sets at every decision and end with the
same logs.  Clones taken while a turn still has steps to make play on as a fresh replay of
their own log."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any, cast

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.engine.rounds import operating
from railhouse.engine.rounds.base import Step
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.engine.rounds.turnplan import MADE_AT_START, StepPlan, plan_turn
from railhouse.testing.clonecheck import assert_replays

TITLES = ["soh", "1839"]
SEEDS = {"soh": (1, 2), "1839": (3, 5)}


def made_at_start(game: Any, entity: str, answer: Any) -> tuple[StepPlan, list[Any]]:
    """Every step of the turn made at once, as the round did before plans."""
    return MADE_AT_START, [make(game, entity) for make in answer]


def unmade(game: Any) -> int:
    """How many steps of the current turn are not made yet."""
    round_ = game.round
    if not isinstance(round_, OperatingRound):
        return 0
    return max(0, len(round_._plan) - len(round_._made))


@pytest.mark.parametrize("title", TITLES)
def test_steps_made_on_reaching_them_play_as_steps_made_at_turn_start(
        title: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in SEEDS[title]:
        lazy = new_game(title, seat_names(4), None, seed)
        with monkeypatch.context() as patch:
            patch.setattr(operating, "plan_turn", made_at_start)
            eager = new_game(title, seat_names(4), None, seed)
        rng = random.Random(seed)
        waiting = clones = 0
        while not lazy.over:
            legal = lazy.legal_actions()
            with monkeypatch.context() as patch:
                patch.setattr(operating, "plan_turn", made_at_start)
                assert eager.legal_actions() == legal, f"seed {seed}: {lazy.action_count}"
                action = choose_playing(rng, legal)
                eager.apply(action)
                assert unmade(eager) == 0
            lazy.apply(action)
            waiting += unmade(lazy) > 0
            if unmade(lazy) and lazy.action_count % 40 == 0:  # a clone mid-turn plays on
                twin = lazy.clone()
                branch = random.Random(seed * 100 + clones)
                for _ in range(25):
                    if twin.over:
                        break
                    twin.apply(choose_playing(branch, twin.legal_actions()))
                assert_replays(twin)
                clones += 1
        assert eager.over
        assert list(eager.actions) == list(lazy.actions)
        assert eager.events_since(-1) == lazy.events_since(-1)
        assert eager.result() == lazy.result()
        assert waiting > 20 and clones > 0  # the plans did wait, and clones were taken


@pytest.mark.parametrize("title", TITLES)
def test_the_turns_steps_are_made_once_and_read_in_order(title: str) -> None:
    """``steps`` makes the steps not made yet, once: the same objects at every read, the
    current step among them, and a clone holds copies of them, not the originals."""
    game = new_game(title, seat_names(4), None, 4)
    rng = random.Random(4)
    while not (isinstance(game.round, OperatingRound) and unmade(game) >= 2):
        game.apply(choose_playing(rng, game.legal_actions()))
    round_ = game.round
    assert isinstance(round_, OperatingRound)
    current = round_.current_step()
    twin = game.clone()
    steps = round_.steps
    assert unmade(game) == 0 and round_.steps is steps and list(round_.steps) == steps
    assert current is next(s for s in steps if not s.done) and current is round_.current_step()
    assert isinstance(twin.round, OperatingRound) and unmade(twin) >= 2
    assert not {id(s) for s in twin.round.steps} & {id(s) for s in steps}
    assert [type(s) for s in twin.round.steps] == [type(s) for s in steps]


def test_an_answer_with_made_steps_is_made_whole() -> None:
    """A title answering with made steps (the mini titles of the tests) has them all made at
    once, in order, factories among them called then."""

    class Made(Step[Any]):
        pass

    game = cast(Any, SimpleNamespace(inner=None))  # (a step holds its game's ``inner``)
    step: Step[Any] = Step(game, "C")
    plan, made = plan_turn(game, "C", [Made, step])
    assert plan is MADE_AT_START and made[1] is step and isinstance(made[0], Made)
    plan, made = plan_turn(game, "C", [Made, Made])
    assert tuple(plan) == (Made, Made) and made == []
