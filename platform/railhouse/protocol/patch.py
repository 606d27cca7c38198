"""Observation patches: the smallest useful diff between two JSON-ready values.

A patch is a list of operations, applied in order:

* ``{"op": "set", "path": [k1, k2, ...], "value": v}``: walk the path (string keys into
  objects, integer indices into arrays) to the parent and set the last key.  On an array,
  an index equal to the array's length appends.
* ``{"op": "del", "path": [...]}``: remove that key of an object, or that element of an
  array (the diff only ever removes the last elements, last first).

Objects are diffed key by key; arrays element by element over the common length, then
grown by appends or shrunk from the end; anything else that differs (including a change
of JSON type, e.g. ``1`` to ``true``) is replaced whole.  A bot in any language applies a
patch in about twenty lines (see ``bots/examples``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from railhouse.protocol.messages import DelOp, PatchOp, PathKey, SetOp

__all__ = ["PatchError", "apply_patch", "compact", "diff", "diff_into"]


class PatchError(ValueError):
    """A patch does not fit the state it is applied to."""


def diff(old: Any, new: Any) -> list[PatchOp]:
    """Operations that turn ``old`` into ``new`` (both JSON-ready; neither is modified)."""
    ops: list[PatchOp] = []
    if isinstance(old, dict) and isinstance(new, dict):
        _diff_dict(old, new, [], ops)
    elif not _same(old, new):
        raise PatchError("the roots of an observation must both be objects")
    return ops


def diff_into(old: Any, new: Any, path: list[PathKey], ops: list[PatchOp]) -> None:
    """Append to ``ops`` the operations that turn the value ``old`` at ``path`` into ``new``
    (a ``set`` of ``path`` itself when their JSON types differ)."""
    _diff_value(old, new, path, ops)


def _same(a: Any, b: Any) -> bool:
    # bool is a subclass of int and 1 == 1.0: JSON tells these apart, so must we.
    return type(a) is type(b) and a == b


def _diff_value(old: Any, new: Any, path: list[PathKey], ops: list[PatchOp]) -> None:
    if old is new:
        return
    kind = type(old)
    if kind is not type(new):
        ops.append(SetOp(path, new))
    elif kind is dict:
        _diff_dict(old, new, path, ops)
    elif kind is list:
        _diff_list(old, new, path, ops)
    elif old != new:
        ops.append(SetOp(path, new))


def _diff_dict(
    old: dict[str, Any], new: dict[str, Any], path: list[PathKey], ops: list[PatchOp]
) -> None:
    for key, value in new.items():
        if key in old:
            _diff_value(old[key], value, [*path, key], ops)
        else:
            ops.append(SetOp([*path, key], value))
    for key in old:
        if key not in new:
            ops.append(DelOp([*path, key]))


def _diff_list(old: list[Any], new: list[Any], path: list[PathKey], ops: list[PatchOp]) -> None:
    common = min(len(old), len(new))
    for i in range(common):
        _diff_value(old[i], new[i], [*path, i], ops)
    for i in range(common, len(new)):
        ops.append(SetOp([*path, i], new[i]))
    for i in range(len(old) - 1, common - 1, -1):
        ops.append(DelOp([*path, i]))


def compact(ops: Sequence[PatchOp]) -> list[PatchOp]:
    """``ops`` without the ``set`` operations that a later ``set`` of the same path makes
    pointless; applying the result to any state has the same effect as applying ``ops``.

    An earlier ``set`` of a path is dropped only if nothing between it and the later one
    can see its value: no operation inside or on that path (or on a path that contains
    it), no ``del`` of anything it contains, and no operation on an element of an array
    it runs through (which may grow or shrink that array).  Used to join the
    patches of several positions into one delta (cost linear in the operations, times the
    path depth).

    >>> ops = [SetOp(["a", "b"], 1), SetOp(["c"], 2), SetOp(["a", "b"], 3)]
    >>> compact(ops) == ops[1:]
    True
    """
    sealed: set[tuple[PathKey, ...]] = set()
    kept: list[PatchOp] = []
    for op in reversed(ops):
        path = tuple(op.path)
        is_set = isinstance(op, SetOp)
        if is_set and path in sealed:
            continue
        kept.append(op)
        if isinstance(path[-1], int):  # may change the array's length: later indices move
            _unseal_under(sealed, path[:-1])
        elif not is_set:
            _unseal_under(sealed, path)
        for end in range(1, len(path) + 1):
            sealed.discard(path[:end])
        if is_set:
            sealed.add(path)
    kept.reverse()
    return kept


def _unseal_under(sealed: set[tuple[PathKey, ...]], base: tuple[PathKey, ...]) -> None:
    """Forget every sealed path that starts with ``base`` (a ``del`` there moves them)."""
    size = len(base)
    for path in [p for p in sealed if p[:size] == base]:
        sealed.discard(path)


def _parent(state: Any, path: list[PathKey]) -> tuple[Any, PathKey]:
    if not path:
        raise PatchError("a patch path must not be empty")
    node = state
    for key in path[:-1]:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            raise PatchError(f"patch path {path!r} does not exist") from None
    return node, path[-1]


def apply_patch(state: dict[str, Any], ops: list[PatchOp] | list[dict[str, Any]]) -> None:
    """Apply ``ops`` (structs or their dict form) to ``state`` in place."""
    for op in ops:
        if isinstance(op, dict):
            kind, path, value = op.get("op"), op.get("path"), op.get("value")
        elif isinstance(op, SetOp):
            kind, path, value = "set", op.path, op.value
        else:
            kind, path, value = "del", op.path, None
        if not isinstance(path, list):
            raise PatchError(f"bad patch operation {op!r}")
        node, key = _parent(state, path)
        if kind == "set":
            _set(node, key, value, path)
        elif kind == "del":
            _delete(node, key, path)
        else:
            raise PatchError(f"unknown patch op {kind!r}")


def _set(node: Any, key: PathKey, value: Any, path: list[PathKey]) -> None:
    if isinstance(node, dict) and isinstance(key, str):
        node[key] = value
    elif isinstance(node, list) and isinstance(key, int) and 0 <= key <= len(node):
        if key == len(node):
            node.append(value)
        else:
            node[key] = value
    else:
        raise PatchError(f"cannot set {path!r}")


def _delete(node: Any, key: PathKey, path: list[PathKey]) -> None:
    in_dict = isinstance(node, dict) and isinstance(key, str) and key in node
    in_list = isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node)
    if in_dict or in_list:
        del node[key]
    else:
        raise PatchError(f"cannot delete {path!r}")
