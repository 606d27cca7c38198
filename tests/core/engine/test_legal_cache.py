"""The legal set is computed once per position: ``apply``'s validation and ``Step.auto``
reuse it, ``apply`` invalidates it, clones keep it, and it is never stale."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from engine_positions import in_stock_round, mini
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from minititle import BuyTrainStep, DividendStep, MiniStockRound

from railhouse.engine.actions import Par, Pass
from railhouse.engine.errors import StaleLegalActions
from railhouse.engine.invariants import set_checking
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.testing.conformance import check_legal_cache, choose


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Counter[int]:
    """Counts ``legal_actions()`` computations per decider object (by id)."""
    counter: Counter[int] = Counter()
    for cls in (MiniStockRound, BuyTrainStep):
        original = cls.legal_actions

        def counting(self: Any, _original: Any = original) -> Any:
            counter[id(self)] += 1
            return _original(self)

        monkeypatch.setattr(cls, "legal_actions", counting)
    return counter


@pytest.fixture
def checking() -> Iterator[None]:
    set_checking(True)
    yield
    set_checking(False)


def test_apply_validates_against_the_set_legal_actions_computed(calls: Counter[int]) -> None:
    game = in_stock_round()
    round_ = game.round
    legal = game.legal_actions()
    assert calls[id(round_)] == 1
    game.apply(legal[0].action)
    assert calls[id(round_)] == 1  # validation did not rebuild it


def before_a_train_decision() -> Any:
    """A clone at a dividend decision whose answer leads to a train-buying decision."""
    for seed in range(50):
        game = mini(3, seed)
        rng = random.Random(seed)
        while not game.over:
            step = game.round.current_step() if isinstance(game.round, OperatingRound) else None
            if isinstance(step, DividendStep) and not game.pending:
                twin = game.clone()
                twin.apply(twin.legal_actions()[0].action)
                after = (twin.round.current_step() if isinstance(twin.round, OperatingRound)
                         else None)
                if isinstance(after, BuyTrainStep) and not twin.pending:
                    return game.clone()
            game.apply(choose(rng, game.legal_actions()))
    raise AssertionError("no seed reaches a train decision after a dividend")


def test_a_step_computes_its_set_once_for_auto_and_validation(calls: Counter[int]) -> None:
    game = before_a_train_decision()
    game.apply(game.legal_actions()[0].action)  # the dividend; settle runs BuyTrainStep.auto
    step = game.round.current_step()
    assert isinstance(step, BuyTrainStep)
    assert calls[id(step)] == 1  # auto() found a decision and the game stopped there
    (done,) = [c.action for c in game.legal_for(step) if isinstance(c.action, Pass)]
    assert calls[id(step)] == 1  # the set auto() computed is the cached one
    game.apply(done)  # ends the step, so no new position asks it again
    assert calls[id(step)] == 1 and step.done  # validation used the cached set too


def test_legal_actions_recomputes_after_a_direct_state_change() -> None:
    game = in_stock_round()
    before = {c.action.price for c in game.legal_actions() if isinstance(c.action, Par)}
    game.phase_index = 1  # phase 3 opens the 100 par cell
    after = {c.action.price for c in game.legal_actions() if isinstance(c.action, Par)}
    assert 100 not in before and 100 in after


def test_the_returned_list_is_the_callers_own() -> None:
    game = in_stock_round()
    game.legal_actions().clear()
    decider = game.decider()
    assert decider is not None and game.legal_for(decider)


def test_checking_catches_a_stale_set_and_forget_clears_it(checking: None) -> None:
    game = before_a_train_decision()
    game.apply(game.legal_actions()[0].action)
    step = game.round.current_step()
    assert isinstance(step, BuyTrainStep) and game.legal_for(step)
    game.depot.trains.clear()  # a direct change: the cached set no longer holds
    with pytest.raises(StaleLegalActions, match="is stale"):
        game.legal_for(step)
    game.forget_legal_actions()
    assert game.legal_for(step) == step.legal_actions()


def test_a_clone_keeps_the_cache_for_its_own_deciders(calls: Counter[int]) -> None:
    game = in_stock_round()
    legal = game.legal_actions()
    twin = game.clone()
    assert twin.decider() is not game.decider()
    assert twin.legal_for(twin.decider()) is game.legal_for(game.decider())  # type: ignore[arg-type]
    twin_round = twin.round
    twin.apply(legal[0].action)
    assert calls[id(twin_round)] == 0  # the clone validated with the inherited set
    assert calls[id(game.round)] == 1


def test_apply_empties_the_cache_before_processing() -> None:
    game = in_stock_round()
    game.legal_actions()
    cached = game.legal_for(game.round)  # type: ignore[arg-type]
    game.apply(cached[0].action)
    assert all(legal is not cached for legal in game._legal.values())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**16), steps=st.integers(1, 200))
def test_after_every_apply_the_cached_sets_equal_a_fresh_computation_on_a_clone(
    players: int, seed: int, steps: int
) -> None:
    game = mini(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        check_legal_cache(game)  # what settle left cached
        legal = game.legal_actions()
        check_legal_cache(game)  # what the public call cached
        game.apply(choose(rng, legal))


def test_cached_legal_actions_serves_the_set_auto_computed(calls: Counter[int]) -> None:
    game = before_a_train_decision()
    game.apply(game.legal_actions()[0].action)  # settle: BuyTrainStep.auto computes its set
    step = game.round.current_step()
    assert isinstance(step, BuyTrainStep) and calls[id(step)] == 1
    served = game.cached_legal_actions()
    assert calls[id(step)] == 1 and served == step.legal_actions()
    served.clear()
    assert game.cached_legal_actions()  # the caller's own list


def test_a_clone_serves_its_inherited_set_without_recomputing(calls: Counter[int]) -> None:
    game = in_stock_round()
    legal = game.legal_actions()
    twin = game.clone()
    assert twin.cached_legal_actions() == legal and calls[id(twin.round)] == 0
