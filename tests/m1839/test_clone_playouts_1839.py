"""A clone of a 1839 game is independent of its original at any position:
different random continuations on each side both equal fresh replays of their own logs
(:mod:`railhouse.testing.clonecheck`)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railhouse.engine.record import new_game
from railhouse.testing.clonecheck import check_clone_independence, check_every_action_kind


def m1839(seed: int) -> Any:
    return new_game("1839", ["A", "B", "C", "D"], None, seed)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), split=st.integers(0, 700),
       branch=st.integers(0, 10_000))
def test_a_clone_and_its_original_play_on_alone(seed: int, split: int, branch: int) -> None:
    check_clone_independence(m1839, seed, split, continuation=40, branch_seed=branch)


#: kinds of action the seeded playouts below reach (at least)
KINDS = {
    "discount",
    "buy_private",
    "par",
    "buy_shares",
    "sell_shares",
    "pass",
    "lay_tile",
    "place_token",
    "buy_train",
    "dividend",
    "reserve_home",
    "redeem",
    "respond",
}


def test_every_kind_of_action_applied_to_a_clone_or_the_original_leaves_the_other() -> None:
    checked = check_every_action_kind(m1839, range(2))
    assert {tag for _, tag in checked} >= KINDS
