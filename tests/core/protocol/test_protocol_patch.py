"""Observation patches: apply(diff(a, b)) turns a copy of a into b, for any JSON values."""

from __future__ import annotations

import copy
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railhouse.protocol.messages import DelOp, SetOp
from railhouse.protocol.patch import PatchError, apply_patch, diff

scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from("abcde"), children, max_size=4),
    max_leaves=10,
)
objects = st.dictionaries(st.sampled_from("abcdefg"), json_values, max_size=6)


def roundtrip(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    state = copy.deepcopy(old)
    ops = diff(old, new)
    # what a bot in another language sees: the JSON form of the ops
    apply_patch(state, msgspec.json.decode(msgspec.json.encode(ops)))
    return state


# too_slow: the shared CI machine is busy; the inputs themselves are small.
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(objects, objects)
def test_patch_turns_old_into_new(old: dict[str, Any], new: dict[str, Any]) -> None:
    before = copy.deepcopy(old)
    assert roundtrip(old, new) == new
    assert old == before  # diff does not modify its inputs


@given(objects)
def test_no_change_is_an_empty_patch(value: dict[str, Any]) -> None:
    assert diff(value, copy.deepcopy(value)) == []


def test_type_changes_that_compare_equal_in_python_are_still_sent() -> None:
    assert diff({"a": 1}, {"a": True}) == [SetOp(["a"], True)]
    assert diff({"a": 0}, {"a": 0.0}) == [SetOp(["a"], 0.0)]
    assert roundtrip({"a": 1}, {"a": True})["a"] is True


def test_lists_grow_by_appends_and_shrink_from_the_end() -> None:
    assert diff({"l": [1, 2]}, {"l": [1, 2, 3, 4]}) == [SetOp(["l", 2], 3), SetOp(["l", 3], 4)]
    assert diff({"l": [1, 2, 3]}, {"l": [9]}) == [
        SetOp(["l", 0], 9), DelOp(["l", 2]), DelOp(["l", 1])
    ]


def test_nested_change_is_a_single_deep_op() -> None:
    old = {"companies": {"NRS": {"cash": 100, "trains": ["2"]}, "B": {"cash": 5}}}
    new = {"companies": {"NRS": {"cash": 80, "trains": ["2"]}, "B": {"cash": 5}}}
    assert diff(old, new) == [SetOp(["companies", "NRS", "cash"], 80)]


@pytest.mark.parametrize(
    "op",
    [
        {"op": "set", "path": [], "value": 1},
        {"op": "set", "path": ["missing", "x"], "value": 1},
        {"op": "set", "path": ["l", 5], "value": 1},
        {"op": "del", "path": ["nope"]},
        {"op": "del", "path": ["l", 2]},
        {"op": "move", "path": ["a"]},
        {"op": "set", "path": "a", "value": 1},
    ],
)
def test_patches_that_do_not_fit_raise(op: dict[str, Any]) -> None:
    with pytest.raises(PatchError):
        apply_patch({"a": 1, "l": [0, 1]}, [op])


def test_roots_must_be_objects() -> None:
    with pytest.raises(PatchError):
        diff([1], [2])
