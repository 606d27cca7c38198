"""Observation sharing between positions: identical sections become the same object, so
the per-decision diff skips them, and the patches stay exactly right."""

from __future__ import annotations

import copy
from typing import Any

from railhouse.protocol.feed import Seen, share
from railhouse.protocol.patch import apply_patch, diff


def test_share_reuses_equal_values_down_to_the_depth() -> None:
    old: dict[str, Any] = {"board": {"tiles": {"A1": ["7", 0]}, "supply": {"7": 3}},
                           "cash": 5, "flag": 1}
    new: dict[str, Any] = {"board": {"tiles": {"A1": ["7", 0]}, "supply": {"7": 2}},
                           "cash": 5, "flag": True, "extra": []}
    before = copy.deepcopy(new)
    share(old, new)
    assert new == before  # values unchanged
    assert new["board"] is not old["board"] and new["board"]["tiles"] is old["board"]["tiles"]
    assert new["flag"] is True  # 1 and true are different JSON: never shared
    assert diff(old, new) == diff(copy.deepcopy(old), before)


def test_share_then_diff_rebuilds_the_new_state() -> None:
    states = [{"a": {"b": {"c": [i % 2, 2]}, "d": i // 3}, "e": [{"f": i % 3}]} for i in range(9)]
    tracked = copy.deepcopy(states[0])
    previous = states[0]
    for state in states[1:]:
        share(previous, state)
        apply_patch(tracked, diff(previous, state))
        assert tracked == state
        previous = state


def test_seen_starts_empty() -> None:
    seen = Seen()
    assert (seen.version, seen.obs) == (0, {})
