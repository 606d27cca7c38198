"""The patch from one observation to the next, computed once per position.

Consecutive observations differ in a few numbers, while most of the observation (the
board, the companies that did not act) stays the same.  :class:`Stepper` compares each
new observation with the previous one: the root key by key, every object or array whole
by its JSON encoding (exact: ``1``, ``1.0`` and ``true`` differ, as they do in JSON), and
only where those differ, its keys, :data:`SHARE_DEPTH` levels down; below that a plain
diff.  The encodings of the values that stay in the observation are kept for the next
step, so an unchanged section is encoded once per position (a changed one, and then each
of its values, once more).

Side effect, on purpose: every value of the new observation that equals the previous one
is replaced by the previous object, so unchanged sections are shared between positions
and anything comparing by identity later skips them.

>>> stepper = Stepper()
>>> stepper.step({"a": {"x": [1]}, "b": 1})
[]
>>> new = {"a": {"x": [1]}, "b": 2}
>>> [msgspec.to_builtins(op) for op in stepper.step(new)]
[{'op': 'set', 'path': ['b'], 'value': 2}]
"""

from __future__ import annotations

from typing import Any

import msgspec

from railhouse.protocol.messages import DelOp, PatchOp, PathKey, SetOp
from railhouse.protocol.patch import diff_into

__all__ = ["SHARE_DEPTH", "Stepper"]

_encode = msgspec.json.Encoder().encode
_MISSING: Any = object()

#: Levels of objects/arrays below the root walked key by key when they changed (the
#: sections: ``companies``, ``board``, ...); their values (one company, one player, the
#: board's tile map) are compared whole by their encoding, then diffed if they differ.
SHARE_DEPTH = 1


class Stepper:
    """Turns a sequence of observations into one patch per step (see the module doc)."""

    def __init__(self) -> None:
        self.previous: dict[str, Any] | None = None
        # id(value) -> JSON of the values compared whole in ``previous`` (alive with it)
        self._codes: dict[int, bytes] = {}
        self._next_codes: dict[int, bytes] = {}
        self._ops: list[PatchOp] = []

    def step(self, new: dict[str, Any]) -> list[PatchOp]:
        """The operations that turn the previous observation into ``new`` (none for the
        first); ``new`` becomes the previous one and shares its unchanged values."""
        old, self.previous = self.previous, new
        self._next_codes, self._ops = {}, []
        if old is not None:
            self._dict(old, new, [], SHARE_DEPTH)
        self._codes = self._next_codes
        return self._ops

    def _value(self, old: Any, new: Any, path: list[PathKey], depth: int) -> bool:
        """Compare, emit operations, and say whether ``old`` can stand for ``new``."""
        if old is new:
            return True
        kind = type(new)
        if kind is not type(old):
            self._ops.append(SetOp(path, new))
            return False
        if kind is not dict and kind is not list:
            if old == new:
                return True
            self._ops.append(SetOp(path, new))
            return False
        if self._equal(old, new):
            return True
        if depth <= 0:
            diff_into(old, new, path, self._ops)
        elif kind is dict:
            self._dict(old, new, path, depth - 1)
        else:
            self._list(old, new, path, depth - 1)
        return False

    def _equal(self, old: Any, new: Any) -> bool:
        """Exact JSON equality of two containers; the encoding of whichever one stays in
        the observation is kept for the next step."""
        before = self._codes.get(id(old))
        if before is None:
            before = _encode(old)
        after = _encode(new)
        if before == after:
            self._next_codes[id(old)] = before
            return True
        self._next_codes[id(new)] = after
        return False

    def _dict(
        self, old: dict[str, Any], new: dict[str, Any], path: list[PathKey], depth: int
    ) -> bool:
        same = len(old) == len(new)
        missing = _MISSING
        for key, value in new.items():
            before = old.get(key, missing)
            if before is value:
                continue
            if before is missing:
                self._ops.append(SetOp([*path, key], value))
                same = False
                continue
            kind = type(value)
            # a scalar compared inline, as _value does; the path is built only when used
            scalar_same = (kind is not dict and kind is not list and kind is type(before)
                           and before == value)
            if scalar_same or self._value(before, value, [*path, key], depth):
                new[key] = before
            else:
                same = False
        if not same:
            for key in old:
                if key not in new:
                    self._ops.append(DelOp([*path, key]))
                    same = False
        return same

    def _list(self, old: list[Any], new: list[Any], path: list[PathKey], depth: int) -> bool:
        same = len(old) == len(new)
        common = min(len(old), len(new))
        for i in range(common):
            if self._value(old[i], new[i], [*path, i], depth):
                new[i] = old[i]
            else:
                same = False
        for i in range(common, len(new)):
            self._ops.append(SetOp([*path, i], new[i]))
        for i in range(len(old) - 1, common - 1, -1):
            self._ops.append(DelOp([*path, i]))
        return same
