"""Objects held once: what a copy may copy without its memo.

``fast_deepcopy``'s memo (``id`` -> copy) exists for objects reached along more than one
path: each must be copied once and every path must reach that one copy.  An object that
exactly one reference in the whole process points at is reached along one path only: it
cannot be in the memo yet, and nothing will look it up later.  Most of what a clone copies
is held so (a company's ledger, the seats' players, a step's lists: 39 of the 42 objects a
late SOH clone copies), and a memo entry costs an ``id()`` and a dict store, its look-up an
``id()`` and a dict probe.

CPython counts references: ``sys.getrefcount(item)`` is the holder's reference, plus the
copying code's own (its local name and the call's argument), plus one per other holder,
wherever it is (another object, a frame, a cache).  So a count equal to what the copying
code alone adds to a single holder's reference proves the object is held once; any other
holder makes the count larger and the copy goes through the memo as before.  What the
copying code adds depends on how it reads the object (a local name, a ``dict.items()``
loop's reused pair); it is measured here, on probes read the same way, when the module
is imported (:data:`READ_ONCE`, :data:`ITEM_ONCE`), and a count that cannot tell one
holder from two (an interpreter that counts differently, or none: no
``sys.getrefcount``) turns the shortcut off: the constant is then -1, which no count
equals.

The shortcut is on only on the interpreters the clone tests were run on
(:func:`checked_interpreter`: CPython 3.11-3.13 with the GIL).  Elsewhere the probes could
agree with one another yet not with the copiers' code (a later version that leaves some
reads uncounted, in code shaped one way and not another; a free-threaded build's split
counts), and an object held twice taken for one held once would be copied twice.
"""

from __future__ import annotations

import sys
import sysconfig
from typing import Any

NEVER = -1  # (no reference count equals it)


def _no_count(item: Any) -> int:
    return 0


#: ``sys.getrefcount`` (an interpreter without it: 0 for all, and the probes say NEVER)
refs = getattr(sys, "getrefcount", _no_count)


class _Holder:
    def __init__(self, item: Any) -> None:
        self.item = item


def _read_into_a_local(holder: _Holder) -> int:
    item = holder.item  # read as the copiers read an attribute or a list's item
    return refs(item)


def _read_in_a_list(holder: list[Any]) -> int:
    for item in holder:
        return refs(item)
    return 0


def _read_in_an_items_loop(holder: dict[str, Any]) -> int:
    for _key, item in holder.items():
        return refs(item)
    return 0


def count_once(single: int, double: int) -> int:
    """``single`` when it tells one holder from two (``double``, one more), else
    :data:`NEVER`."""
    return single if double == single + 1 and single > 0 else NEVER


def _probe() -> tuple[int, int]:
    """The counts the readers above see for an object held once and for one held twice
    (by the holder and by ``others``); no local name of this function holds either."""
    others = [object()]
    local = count_once(_read_into_a_local(_Holder(object())),
                       _read_into_a_local(_Holder(others[0])))
    listed = count_once(_read_in_a_list([object()]), _read_in_a_list([others[0]]))
    itemised = count_once(_read_in_an_items_loop({"a": object()}),
                          _read_in_an_items_loop({"a": others[0]}))
    return (local if local == listed else NEVER), itemised


def checked_interpreter(implementation: str, version: tuple[int, int],
                        gil_disabled: object) -> bool:
    """Whether the probes are trusted here: CPython 3.11-3.13 built with the GIL (module
    doc; extend the range once the clone tests have passed on a newer version)."""
    return implementation == "cpython" and (3, 11) <= version <= (3, 13) and not gil_disabled


#: this interpreter is one :func:`checked_interpreter` trusts
CHECKED = checked_interpreter(sys.implementation.name, (sys.version_info[0], sys.version_info[1]),
                              sysconfig.get_config_var("Py_GIL_DISABLED"))
#: ``refs(item)`` of an object held once, read into a local name (``item =
#: holder.name``) or by a ``for item in a_list`` loop; NEVER where it cannot be told
#: :data:`ITEM_ONCE`: the same for ``for key, item in a_dict.items()`` (the loop's pair,
#: reused by the iterator, holds the item too)
READ_ONCE, ITEM_ONCE = _probe() if CHECKED else (NEVER, NEVER)
#: :data:`ITEM_ONCE` where a copy of the dict being read, made before the loop, holds
#: each item too (a copier's ``twin``, whose values it then replaces)
ITEM_ONCE_AND_COPY = NEVER if ITEM_ONCE == NEVER else ITEM_ONCE + 1
#: :data:`READ_ONCE` where a copy of the dict read, made before, holds the item too (a
#: loop reading ``state[name]`` for names it knows, into a dict copied from ``state``)
READ_ONCE_AND_COPY = NEVER if READ_ONCE == NEVER else READ_ONCE + 1
