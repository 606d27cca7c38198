"""``AppendLog``: an append-only sequence whose copies share their full blocks."""

from __future__ import annotations

import copy
from bisect import bisect_left

import pytest
from hypothesis import given
from hypothesis import strategies as st

from railhouse.engine.applog import BLOCK, AppendLog


@given(st.integers(0, 3 * BLOCK + 5), st.integers(0, 2 * BLOCK), st.integers(0, 2 * BLOCK))
def test_a_copy_and_its_original_grow_apart(size: int, more: int, other: int) -> None:
    log = AppendLog(range(size))
    twin = log.copy()
    for i in range(more):
        twin.append(-i - 1)
    for i in range(other):
        log.append(1000 + i)
    assert list(log) == [*range(size), *(1000 + i for i in range(other))]
    assert list(twin) == [*range(size), *(-i - 1 for i in range(more))]
    assert len(log) == size + other and len(twin) == size + more


@given(st.integers(1, 3 * BLOCK + 5), st.data())
def test_indexing_and_slicing_match_a_list(size: int, data: st.DataObject) -> None:
    log = AppendLog(range(size))
    plain = list(range(size))
    index = data.draw(st.integers(-size, size - 1))
    assert log[index] == plain[index]
    start, stop = data.draw(st.integers(-size, size)), data.draw(st.integers(-size, size))
    assert log[start:stop] == tuple(plain[start:stop])
    with pytest.raises(IndexError):
        log[size]
    assert log == plain and log == tuple(plain) and tuple(plain) == log
    assert log != [*plain, 0] and log.index(plain[-1]) == size - 1


def test_full_blocks_are_shared_not_copied() -> None:
    log = AppendLog(range(2 * BLOCK + 3))
    twin = log.copy()
    assert twin._blocks is log._blocks and twin._tail is not log._tail
    assert copy.deepcopy(log) == log and copy.copy(log) == log


@given(st.integers(0, 3 * BLOCK + 5), st.integers(0, 4 * BLOCK))
def test_since_is_the_tail_from_a_position(size: int, start: int) -> None:
    log = AppendLog(range(size))
    assert log.since(start) == list(range(size))[start:]


@given(st.integers(0, 3 * BLOCK + 5), st.integers(-5, 3 * BLOCK + 10))
def test_positive_indexes_past_the_end_raise_and_bisecting_matches_a_list(
        size: int, probe: int) -> None:
    """The fast path of ``log[i]`` for ``i >= 0`` (what ``bisect`` uses on the events)."""
    log, plain = AppendLog(range(size)), list(range(size))
    for beyond in (size, size + 1, size + BLOCK, size + 2 * BLOCK + 1):
        with pytest.raises(IndexError):
            log[beyond]
    assert [log[i] for i in range(size)] == plain
    assert bisect_left(log, probe) == bisect_left(plain, probe)


@given(st.integers(0, 3 * BLOCK + 5), st.integers(0, 3 * BLOCK + 5))
def test_a_long_tail_reads_as_a_list_and_folds_on_copy(size: int, more: int) -> None:
    """``append`` is the tail's ``list.append``: the tail grows past a block until a copy
    folds its full blocks into the shared tuple (the same entries either way)."""
    log = AppendLog(range(size))
    for value in range(size, size + more):
        log.append(value)
    plain = list(range(size + more))
    assert list(log) == plain and len(log) == len(plain)
    assert [log[i] for i in range(len(plain))] == plain
    assert all(log.since(start) == plain[start:] for start in (0, size, len(plain)))
    twin = log.copy()
    assert len(log._tail) < BLOCK and twin._blocks is log._blocks
    assert list(twin) == list(log) == plain
    twin.append(-1)
    log.append(-2)
    assert list(twin) == [*plain, -1] and list(log) == [*plain, -2]
