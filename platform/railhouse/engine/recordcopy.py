"""Copiers written once per record class, attribute by attribute (the records of
:func:`~railhouse.engine.cloning.flat_on_deepcopy` and
:func:`~railhouse.engine.cloning.flat_except`).

A record's copy made as ``twin.__dict__ = dict(self.__dict__)`` costs two objects (the
record and a dict of its own), reads ``self.__dict__`` (in CPython 3.11 that turns the
original's inline attribute values into a dict for good) and leaves the copy's attributes
in a dict, where the interpreter's attribute caches serve them more slowly than inline
values.  A copier that stores the attributes one by one, in the order ``__init__`` does,
on a new object keeps them inline on both sides: one object per record, no dict, and
faster reads on the clone (a company's copy costs about a third less; clones copy a dozen
records each).

It must know every attribute: it is written from the dataclass's fields (or the names a
class declares, :data:`DECLARED`), so it serves only records whose instances hold exactly
those (set by ``__init__``, none added later), only the decorated class itself (a subclass
may add attributes: it copies through the record's generic copier), and only classes that
use ``object.__setattr__``.  Tests check that over every record of seeded playouts of
both titles (``tests/core/engine/test_recordcopy.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from railhouse.engine.heldonce import READ_ONCE, refs

Copier = Callable[[Any, dict[int, Any]], Any]

#: class -> the attributes its written copier copies: all of them, the deep-copied ones
#: and the shallow-copied ones (for the tests that check them)
WRITTEN: dict[type, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {}


#: the class attribute that names, in ``__init__``'s order, the attributes of a record
#: class that is no dataclass (slots it has besides are not copied: a copy starts without)
DECLARED = "__record_attributes__"


def field_names(cls: type) -> tuple[str, ...] | None:
    """The attributes a copier written for ``cls`` would copy: its dataclass fields in
    ``__init__``'s order, or those it names in :data:`DECLARED`; None where no such copier
    can serve (neither, frozen, or a ``__setattr__`` of its own; a dataclass with slots of
    its own)."""
    if cls.__setattr__ is not object.__setattr__:  # type: ignore[comparison-overlap]
        return None
    declared = vars(cls).get(DECLARED)
    if declared is not None:
        return tuple(declared)
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or params.frozen or "__slots__" in vars(cls):
        return None
    return tuple(f.name for f in dataclasses.fields(cls))


def _deep_copy_lines(source: str, name: str) -> list[str]:
    """The lines of a written copier that store on ``twin.<name>`` a deep copy of the
    value read as ``source``: ``fast_deepcopy`` inlined (atomic values as they are, the
    memo, then the type's copier called directly; ``deep`` where the type has none yet),
    which saves a call and a second memo lookup per value copied.  A value held by this
    record alone (:mod:`railhouse.engine.heldonce`) is copied without the memo: by its
    type's copier told not to remember it (``alone``), else by its copier."""
    return [f"    item = {source}",
            "    if type(item) not in atomic:",
            "        if refs(item) == once:",
            "            copier = alone.get(type(item))",
            "            if copier is not None:",
            "                done = copier(item, memo, False)",
            "            else:",
            "                copier = copiers.get(type(item))",
            "                done = (deep(item, memo) if copier is None",
            "                        else copier(item, memo))",
            "        else:",
            "            done = memo.get(id(item), missing)",
            "            if done is missing:",
            "                copier = copiers.get(type(item))",
            "                done = (deep(item, memo) if copier is None",
            "                        else copier(item, memo))",
            "        item = done",
            f"    twin.{name} = item"]


def _scope(cls: type) -> dict[str, Any]:
    """The names a written copier of ``cls`` reads."""
    from railhouse.engine.fastcopy import _ALONE, _COPIERS, _MISSING, ATOMIC, fast_deepcopy

    return {"cls": cls, "new": object.__new__, "deep": fast_deepcopy, "atomic": ATOMIC,
            "missing": _MISSING, "copiers": _COPIERS, "alone": _ALONE, "refs": refs,
            "once": READ_ONCE}


def _member_lines(name: str, record: type) -> list[str]:
    """The lines of a written copier that store on ``twin.<name>`` the copy of a member
    that is, as a rule, a flat record of class ``record`` (one with a written copier that
    shares every attribute: a company's ledger): copied here, attribute by attribute, as
    its own copier would (the memo too), without the call and the look-up of its copier;
    a value of any other type is deep-copied as any ``mutable`` attribute."""
    names, mutable, shallow = WRITTEN[record]
    if mutable or shallow:
        raise ValueError(f"{record.__name__} is no flat record")
    kind = f"member_{name}"
    copy = [f"            done.{attribute} = item.{attribute}" for attribute in names]
    lines = [f"    item = self.{name}",
             f"    if type(item) is {kind} and refs(item) == once:  # (heldonce: no memo)",
             f"        done = new({kind})",
             *(line[4:] for line in copy),
             "        item = done",
             f"    elif type(item) is {kind}:",
             "        done = memo.get(id(item), missing)",
             "        if done is missing:",
             f"            done = memo[id(item)] = new({kind})",
             *copy,
             "        item = done"]
    deep = _deep_copy_lines(f"self.{name}", name)  # item = ..., if ...: (made elif)
    return [*lines, "    el" + deep[1].lstrip(), *deep[2:]]


def write_copier(cls: type, names: tuple[str, ...], mutable: tuple[str, ...],
                 shallow: tuple[str, ...], fallback: Copier,
                 members: dict[str, type] | None = None) -> Copier:
    """A copier of exact ``cls`` instances whose attributes are ``names``: ``mutable``
    ones deep-copied (``fast_deepcopy``, with the memo), ``shallow`` ones (containers of
    immutable values) copied with their own ``copy()``, the rest shared; ``members``
    (mutable attributes too) map an attribute to the flat record class it holds as a
    rule, whose copy is written in (:func:`_member_lines`).  Instances of a subclass go
    to ``fallback``.  Called with ``remember=False`` (an object held once:
    :mod:`railhouse.engine.heldonce`), it keeps no memo entry for the copy."""
    members = members or {}
    lines = [f"def copy_{cls.__name__}(self, memo, remember=True):",
             "    if type(self) is not cls:",
             "        return fallback(self, memo)",
             "    twin = new(cls)",
             "    if remember:",
             "        memo[id(self)] = twin"]
    for name in names:
        if not name.isidentifier():
            raise ValueError(f"{cls.__name__}.{name} is no identifier")
        if name in members:
            lines += _member_lines(name, members[name])
        elif name in mutable:
            lines += _deep_copy_lines(f"self.{name}", name)
        elif name in shallow:
            lines.append(f"    twin.{name} = self.{name}.copy()")
        else:
            lines.append(f"    twin.{name} = self.{name}")
    lines.append("    return twin")
    scope = _scope(cls)
    scope.update({f"member_{name}": record for name, record in members.items()},
                 fallback=fallback)
    exec("\n".join(lines), scope)  # the names are identifiers (checked above)
    copier: Copier = scope[f"copy_{cls.__name__}"]
    WRITTEN[cls] = (names, mutable, shallow)
    return copier


def write_shape_copier(cls: type, names: tuple[str, ...], fallback: Any) -> Any:
    """A copier of ``cls`` instances whose attribute dict holds ``names``, in that order
    (a shape): it deep-copies each value that is not atomic (``fast_deepcopy``'s memo
    first) and stores it on a new object, in the same order.  ``fallback(value, state,
    memo)`` where a name is no identifier or a class attribute with a ``__set__`` (a
    stored value would go through it).  ``remember=False``: no memo entry for the copy
    (as :func:`write_copier`)."""
    if not all(name.isidentifier() for name in names) or any(
            hasattr(type(getattr(cls, name, None)), "__set__") for name in names):
        return fallback
    lines = ["def copy_shape(value, state, memo, remember=True):",
             "    twin = new(cls)",
             "    if remember:",
             "        memo[id(value)] = twin"]
    for name in names:
        lines += _deep_copy_lines(f"state[{name!r}]", name)
    lines.append("    return twin")
    scope = _scope(cls)
    exec("\n".join(lines), scope)  # the names are identifiers (checked above)
    return scope["copy_shape"]
