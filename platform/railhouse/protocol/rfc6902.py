"""Observation patches as RFC 6902 JSON Patch, for bots that choose ``"patch": "rfc6902"``
in ``ready``: every language a bot author uses has a maintained library that applies them
(fast-json-patch, json-patch, zjsonpatch, jsonpatch ...).

:func:`translate` turns the operations of one step of the feed (the ``set``/``del``
operations from the previous observation to the next, :mod:`railhouse.protocol.steps`) into
RFC 6902 operations, reading the previous observation to tell a ``replace`` from an
``add``: a ``set`` of an existing member or array element is a ``replace``; of a new
member, or of the index equal to an array's length (an append), an ``add``.  A ``del`` is a
``remove``.  Paths become JSON Pointers (RFC 6901: ``~`` is ``~0``, ``/`` is ``~1``).

Within one step this reading is exact: the diff sets the elements of an array that stay,
then appends, then removes from the end, last first, and never walks into a value it
replaces whole, so every parent a ``set`` names exists in the previous observation with
the length it had there.  A seat's delta is the concatenation of its steps' operations.

>>> translate([SetOp(["a", 1], 5), SetOp(["a", 2], 6), SetOp(["b"], 0)], {"a": [1, 2]})
[ReplaceOp(path='/a/1', value=5), AddOp(path='/a/2', value=6), AddOp(path='/b', value=0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from railhouse.protocol.messages import (
    AddOp,
    PatchOp,
    PathKey,
    RemoveOp,
    ReplaceOp,
    Rfc6902Op,
    SetOp,
)

__all__ = ["pointer", "translate", "whole"]


def pointer(path: Sequence[PathKey]) -> str:
    """The JSON Pointer of a key path: ``["a", 0, "x/y"]`` -> ``/a/0/x~1y``."""
    return "".join("/" + str(key).replace("~", "~0").replace("/", "~1") for key in path)


def translate(ops: Sequence[PatchOp], old: Any) -> list[Rfc6902Op]:
    """RFC 6902 operations doing what ``ops`` (one step's) do to ``old``."""
    out: list[Rfc6902Op] = []
    for op in ops:
        where = pointer(op.path)
        if not isinstance(op, SetOp):
            out.append(RemoveOp(where))
        elif _exists(old, op.path):
            out.append(ReplaceOp(where, op.value))
        else:
            out.append(AddOp(where, op.value))
    return out


def whole(observation: dict[str, Any]) -> list[Rfc6902Op]:
    """Operations that build ``observation`` on an empty object (a seat that saw nothing)."""
    return [AddOp(pointer([key]), value) for key, value in observation.items()]


def _exists(root: Any, path: Sequence[PathKey]) -> bool:
    node = root
    for key in path[:-1]:
        node = node[key]
    last = path[-1]
    if isinstance(node, dict):
        return last in node
    return isinstance(last, int) and last < len(node)
