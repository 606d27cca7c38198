"""An append-only log whose copies share everything but the last few entries.

The action log and the event log of a game only ever grow, and their entries are
immutable.  :class:`AppendLog` keeps full blocks of :data:`BLOCK` entries as tuples in a
tuple, and the newest entries in a list, the tail: a copy (:meth:`AppendLog.copy`, what
``Game.clone()`` does) first moves the tail's full blocks into the tuple of blocks, then
shares that tuple and copies at most ``BLOCK - 1`` references, however long the game.
Appending to either copy never changes the other.

``append`` is the tail's own ``list.append`` (a C call: the game appends an action and
events at every ``apply``), so the tail keeps its identity for the log's life and grows
past ``BLOCK`` entries until the next copy folds it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")

#: entries per shared block
BLOCK = 64


class AppendLog(Sequence[T], Generic[T]):
    """A sequence that only grows at its end; equal to a tuple or list with the same
    entries."""

    __slots__ = ("_blocks", "_tail", "append")

    #: add an entry at the end: the tail's ``list.append`` (module doc)
    append: Callable[[T], None]

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._blocks: tuple[tuple[T, ...], ...] = ()
        self._tail: list[T] = list(items)
        self.append = self._tail.append
        self._fold()

    def _fold(self) -> None:
        """Move the tail's full blocks into the tuple of blocks (the tail list stays the
        same object: ``append`` is bound to it)."""
        tail = self._tail
        full = len(tail) - len(tail) % BLOCK
        if full:
            self._blocks = (*self._blocks,
                            *(tuple(tail[at:at + BLOCK]) for at in range(0, full, BLOCK)))
            del tail[:full]

    def copy(self) -> AppendLog[T]:
        """An independent log with the same entries, sharing the full blocks."""
        self._fold()
        twin: AppendLog[T] = AppendLog.__new__(AppendLog)
        twin._blocks = self._blocks
        twin._tail = tail = list(self._tail)
        twin.append = tail.append
        return twin

    def __len__(self) -> int:
        return len(self._blocks) * BLOCK + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if type(index) is int and index >= 0:  # the common case (bisecting the events)
            blocks = self._blocks
            block = index // BLOCK
            if block < len(blocks):
                return blocks[block][index % BLOCK]
            index -= len(blocks) * BLOCK
            if index < len(self._tail):
                return self._tail[index]
            raise IndexError("log index out of range")
        if isinstance(index, slice):
            return tuple(self)[index]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("log index out of range")
        block, offset = divmod(index, BLOCK)
        if block < len(self._blocks):
            return self._blocks[block][offset]
        return self._tail[index - len(self._blocks) * BLOCK]

    def since(self, start: int) -> list[T]:
        """The entries from position ``start`` (>= 0) on, without walking the earlier
        blocks."""
        block, offset = divmod(start, BLOCK)
        blocks = self._blocks
        if block >= len(blocks):
            return self._tail[start - len(blocks) * BLOCK :]
        found = list(blocks[block][offset:])
        for full in blocks[block + 1 :]:
            found += full
        return found + self._tail

    def __iter__(self) -> Iterator[T]:
        return chain(chain.from_iterable(self._blocks), list(self._tail))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, AppendLog | tuple | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"AppendLog({list(self)!r})"

    def __reduce__(self) -> tuple[type[AppendLog[T]], tuple[list[T]]]:
        return AppendLog, (list(self),)

    def __deepcopy__(self, memo: dict[int, Any]) -> AppendLog[T]:
        twin = self.copy()
        memo[id(self)] = twin
        return twin

    __copy__ = copy
