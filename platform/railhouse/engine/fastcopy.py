"""``fast_deepcopy``: ``copy.deepcopy``'s result for a game's state, without its generic
machinery (the engine of :mod:`railhouse.engine.cloning`).

Built-in containers and plain Python objects are copied by copiers chosen once per exact
type (:func:`_copier_for`); values of :data:`ATOMIC` types are their own copies; a class
with a ``__deepcopy__`` of its own copies itself; anything else goes to ``copy.deepcopy``
with the same ``memo``, so shared references stay shared in the copy.

An object's attribute dict is copied as ``dict(state)``, never ``state.copy()``: reading
``__dict__`` of an object whose attributes CPython 3.11 keeps inline turns them into a
*split* table, and ``copy()`` of a split table is split too; the interpreter's attribute
caches cannot serve a split table held as a dict, so every attribute read on such an object
takes the slow path.  ``dict(state)`` makes a plain table (of a plain one, as fast as
``copy()``): playing on a clone costs about 9% fewer instructions in 1839 for about 4% more
per clone (docs/benchmarks.md).  A plain object whose class stores attributes as usual
(rounds, steps) is copied by a copier written for its shape, its class and attribute
names (:func:`_copy_open_object`), which stores the attributes on the copy one by one:
they stay inline there, faster still to read, and the copy has no dict of its own; the
records of :mod:`railhouse.engine.cloning` are copied that way too
(:mod:`railhouse.engine.recordcopy`).

An object held by one reference only (most of a game's: :mod:`railhouse.engine.heldonce`)
is copied without a memo entry or look-up: the copiers in :data:`_ALONE` take
``remember=False`` for it.
"""

from __future__ import annotations

import copy
import dataclasses
import types
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from itertools import repeat
from operator import attrgetter, itemgetter
from typing import Any, TypeVar

from railhouse.engine.heldonce import ITEM_ONCE_AND_COPY, READ_ONCE, refs
from railhouse.engine.recordcopy import write_shape_copier

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])
Copier = Callable[[Any, dict[int, Any]], Any]
#: a copier of one shape: (the object, its attribute dict, the memo, whether to keep the
#: copy in the memo) -> the copy
ShapeCopier = Callable[[Any, dict[str, Any], dict[int, Any], bool], Any]



def takes_remember(method: F) -> F:
    """Decorator of a class's ``__deepcopy__(self, memo, remember=True)`` that keeps no
    memo entry for its copy when ``remember`` is False: :func:`fast_deepcopy`'s loops then
    copy an instance held once that way (:mod:`railhouse.engine.heldonce`)."""
    method.takes_remember = True  # type: ignore[attr-defined]
    return method


def _same(self: T, memo: Any = None) -> T:
    return self


def _set_dict(twin: object, state: dict[str, Any]) -> None:
    object.__setattr__(twin, "__dict__", state)  # frozen dataclasses too, as ``copy`` does


def _flat_copy(self: T, memo: dict[int, Any]) -> T:
    twin = object.__new__(type(self))
    _set_dict(twin, dict(self.__dict__))
    memo[id(self)] = twin
    return twin


def _open_setattr(cls: type) -> bool:
    """Whether ``instance.__dict__ = state`` is plain ``object.__setattr__`` for ``cls``
    (not frozen, no ``__setattr__`` of its own): then the copiers assign the copied
    ``__dict__`` directly, about a third cheaper than calling ``object.__setattr__``."""
    return cls.__setattr__ is object.__setattr__  # type: ignore[comparison-overlap]


def _flat_copy_open(self: T, memo: dict[int, Any]) -> T:
    """:func:`_flat_copy` for a class with :func:`_open_setattr`."""
    twin = object.__new__(type(self))
    twin.__dict__ = dict(self.__dict__)
    memo[id(self)] = twin
    return twin


# -- fast_deepcopy ---------------------------------------------------------------------
#: types whose values are immutable and hold nothing mutable: a copy is the value itself
ATOMIC: set[type] = {
    type(None), bool, int, float, complex, str, bytes, range, type,
    type(len), type(_same), type(Ellipsis), type(NotImplemented),
}
#: exact type -> copier(value, memo); filled on first sight of each type
_COPIERS: dict[type, Copier] = {}
#: exact type -> its copier where it takes ``remember`` (a third argument): False copies
#: an object held once (:mod:`railhouse.engine.heldonce`) without a memo entry
_ALONE: dict[type, Callable[..., Any]] = {}
_MISSING = object()
_HEAP_TYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: a class defined in Python


def fast_deepcopy(value: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(value, memo)``, faster for the values a game's state is made of.

    Built-in containers and plain Python objects (``__dict__``, no ``__slots__``, no
    custom ``__new__``/``__reduce__``/``__getstate__``/``__setstate__``) are copied here;
    a class with ``__deepcopy__`` copies itself; anything else goes to ``copy.deepcopy``
    with the same ``memo``, so shared references stay shared in the copy."""
    cls = type(value)
    if cls in ATOMIC:
        return value
    done = memo.get(id(value), _MISSING)
    if done is not _MISSING:
        return done
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier_for(cls)
    return copier(value, memo)


def _copy_list(value: list[Any], memo: dict[int, Any], remember: bool = True) -> list[Any]:
    atomic = ATOMIC
    for item in value:  # (a loop here, not ``issuperset(map(...))``: that builds a map
        if type(item) not in atomic:  # and a set, dearer for the short lists of a game,
            break  # and stops at the first record, as this does not)
    else:  # names, numbers, specs, or nothing: one C-level copy
        twin = value.copy()
        if remember:
            memo[id(value)] = twin
        return twin
    twin = []
    if remember:
        memo[id(value)] = twin
    copiers, seen, last_shapes, alone = _COPIERS, memo.get, _LAST_SHAPE, _ALONE
    append, new, once = twin.append, object.__new__, READ_ONCE
    for item in value:  # fast_deepcopy inlined: lists of records are the bulk of a game
        cls = type(item)
        if cls in atomic:
            append(item)
            continue
        single = refs(item) == once  # held by this list alone: no memo (heldonce)
        done = _MISSING if single else seen(id(item), _MISSING)
        if done is _MISSING:
            copier = copiers.get(cls)
            if copier is _copy_open_object:  # a step, say: its shape's copier called here
                state = item.__dict__
                names, shaped = last_shapes.get(cls, _NO_SHAPE)
                done = (shaped(item, state, memo, not single) if names == tuple(state)
                        else _copy_open_object(item, memo, not single))
            elif copier is _flat_copy_open:  # a record of immutable values (trains)
                done = new(cls)
                done.__dict__ = dict(item.__dict__)
                memo[id(item)] = done
            elif single and cls in alone:  # (its copier, which takes ``remember``)
                done = alone[cls](item, memo, False)
            else:
                done = fast_deepcopy(item, memo) if copier is None else copier(item, memo)
        append(done)
    return twin


def _copy_dict(value: dict[Any, Any], memo: dict[int, Any],
               remember: bool = True) -> dict[Any, Any]:
    atomic = ATOMIC
    for key in value:  # (loops, not ``issuperset(map(...))``: see _copy_list)
        if type(key) not in atomic:  # keys that are objects: rare
            return _copy_keyed_by_objects(value, memo)
    for item in value.values():
        if type(item) not in atomic:
            break
    else:
        twin = value.copy()
        if remember:
            memo[id(value)] = twin
        return twin
    del item  # (its reference would count in refs() below)
    twin = value.copy()
    if remember:
        memo[id(value)] = twin
    copiers, seen, new, alone = _COPIERS, memo.get, object.__new__, _ALONE
    once = ITEM_ONCE_AND_COPY  # (``twin`` holds each value too until it is replaced)
    for key, item in value.items():  # fast_deepcopy inlined, as in _copy_list
        cls = type(item)
        if cls in atomic:
            continue
        if refs(item) == once:  # held by this dict alone: no memo (heldonce)
            copier = alone.get(cls)
            if copier is not None:
                twin[key] = copier(item, memo, False)
                continue
            done = _MISSING
        else:
            done = seen(id(item), _MISSING)
        if done is _MISSING:
            copier = copiers.get(cls)
            if copier is _flat_copy_open:  # a record of immutable values (privates, say)
                done = new(cls)
                done.__dict__ = dict(item.__dict__)
                memo[id(item)] = done
            else:
                done = fast_deepcopy(item, memo) if copier is None else copier(item, memo)
        twin[key] = done
    return twin


def _copy_keyed_by_objects(value: dict[Any, Any], memo: dict[int, Any]) -> dict[Any, Any]:
    twin: dict[Any, Any] = {}
    memo[id(value)] = twin
    for key, item in value.items():
        twin[fast_deepcopy(key, memo)] = fast_deepcopy(item, memo)
    return twin


def _copy_set(value: set[Any], memo: dict[int, Any], remember: bool = True) -> set[Any]:
    atomic = ATOMIC
    for item in value:  # (a loop: see _copy_list)
        if type(item) not in atomic:
            twin = {v if type(v) in atomic else fast_deepcopy(v, memo) for v in value}
            break
    else:  # (names, or nothing)
        twin = value.copy()
    if remember:
        memo[id(value)] = twin
    return twin


def _copy_tuple(value: tuple[Any, ...], memo: dict[int, Any]) -> tuple[Any, ...]:
    atomic = ATOMIC
    for item in value:  # (a loop: see _copy_list)
        if type(item) not in atomic:
            break
    else:
        return value
    items = [v if type(v) in atomic else fast_deepcopy(v, memo) for v in value]
    done = memo.get(id(value), _MISSING)  # a tuple reached again through its items
    if done is not _MISSING:
        return done  # type: ignore[no-any-return]
    twin = value if all(a is b for a, b in zip(items, value, strict=True)) else tuple(items)
    memo[id(value)] = twin
    return twin


def _copy_frozenset(value: frozenset[Any], memo: dict[int, Any]) -> frozenset[Any]:
    atomic = ATOMIC
    if atomic.issuperset(map(type, value)):
        return value
    twin = frozenset(fast_deepcopy(v, memo) for v in value)
    memo[id(value)] = twin
    return twin


def _copy_object(value: Any, memo: dict[int, Any]) -> Any:
    twin = object.__new__(type(value))
    memo[id(value)] = twin
    _set_dict(twin, _copy_state(value.__dict__, memo))
    return twin


def _copy_open_object(value: Any, memo: dict[int, Any], remember: bool = True) -> Any:
    """:func:`_copy_object` for a class with :func:`_open_setattr`: by a copier written for
    the class and the attributes ``value`` holds, which stores them one by one on the
    copy, so that they stay inline (:func:`railhouse.engine.recordcopy.write_shape_copier`:
    no dict of its own, and faster reads while the clone plays: rounds and steps)."""
    state = value.__dict__
    cls, names = type(value), tuple(state)
    last, copier = _LAST_SHAPE.get(cls, _NO_SHAPE)
    if last != names:
        shape = (cls, names)
        written = _SHAPES.get(shape)
        if written is None:
            written = _SHAPES[shape] = (
                write_shape_copier(cls, names, _dict_copy) if len(_SHAPES) < _SHAPES_LIMIT
                else _dict_copy)
        copier = written
        _LAST_SHAPE[cls] = (names, copier)
    return copier(value, state, memo, remember)


#: (class, attribute names) -> the copier written for that shape (:func:`_copy_open_object`)
_SHAPES: dict[tuple[type, tuple[str, ...]], ShapeCopier] = {}
#: the most shapes that get a copier of their own (past it: :func:`_dict_copy`)
_SHAPES_LIMIT = 1024
#: class -> (attribute names, copier) of the shape of its instance copied last: a class's
#: instances have one shape as a rule, told by comparing the names with this tuple (no
#: hash of a (class, names) key, no look-up in :data:`_SHAPES`); another shape is looked
#: up there and becomes the class's last one
_LAST_SHAPE: dict[type, tuple[tuple[str, ...], ShapeCopier]] = {}


def _dict_copy(value: Any, state: dict[str, Any], memo: dict[int, Any],
               remember: bool = True) -> Any:
    """A copy of ``value`` (whose attribute dict is ``state``) holding a dict of its own."""
    twin = object.__new__(type(value))
    if remember:
        memo[id(value)] = twin
    twin.__dict__ = _copy_state(state, memo)  # (see _open_setattr)
    return twin


#: no class's last shape yet (no attributes: the dict's copy, right for an empty shape)
_NO_SHAPE: tuple[tuple[str, ...], ShapeCopier] = ((), _dict_copy)


def _copy_state(state: dict[str, Any], memo: dict[int, Any]) -> dict[str, Any]:
    """A deep copy of an object's attribute dict: one C copy of the dict, then the values
    that are not atomic (most attributes of a round or a step are numbers, strings and
    flags) replaced by their copies (:func:`fast_deepcopy` inlined, as in
    :func:`_copy_list`)."""
    twin = dict(state)
    atomic, copiers, seen = ATOMIC, _COPIERS, memo.get
    for name, item in state.items():
        if type(item) in atomic:
            continue
        done = seen(id(item), _MISSING)
        if done is _MISSING:
            copier = copiers.get(type(item))
            done = fast_deepcopy(item, memo) if copier is None else copier(item, memo)
        twin[name] = done
    return twin


def _copy_slots(value: Any, memo: dict[int, Any]) -> Any:
    """An instance that keeps its state in slots (a ``@dataclass(slots=True)`` record, say),
    slot by slot, as ``copy`` would (:func:`copy_slots` with no shallow slot)."""
    return copy_slots(value, memo, _NO_NAMES)


_NO_NAMES: frozenset[str] = frozenset()
_SET_SLOT = object.__setattr__


def copy_slots(value: Any, memo: dict[int, Any], shallow: frozenset[str]) -> Any:
    """A deep copy of an instance that keeps its state in slots, but for the ``shallow``
    slots, containers of immutable values copied with their own ``copy()``: the slots are
    read in one C call (:data:`_SLOT_READERS`), only values that are not atomic visit the
    copiers, and the copies are written back by ``map`` over ``object.__setattr__`` (all
    in C; a slot never set is skipped, slot by slot)."""
    cls = type(value)
    twin = object.__new__(cls)
    memo[id(value)] = twin
    reader = _SLOT_READERS.get(cls)
    if reader is None:
        names = _SLOTS[cls] = _slot_names(cls)
        reader = _SLOT_READERS[cls] = (names, _reader(names))
    names, read = reader
    items: Sequence[Any]
    try:
        items = read(value)
    except AttributeError:  # a slot never set: skip the unset ones
        items = tuple(getattr(value, name, _MISSING) for name in names)
        write: Callable[[Any, str, Any], None] = _write_slot
    else:
        write = _SET_SLOT
    atomic = ATOMIC
    if not atomic.issuperset(map(type, items)):
        items = [item if type(item) in atomic or item is _MISSING
                 else _shallow_copy(item, memo) if name in shallow
                 else fast_deepcopy(item, memo)
                 for name, item in zip(names, items, strict=True)]
    deque(map(write, repeat(twin), names, items), maxlen=0)
    return twin


def _shallow_copy(value: Any, memo: dict[int, Any]) -> Any:
    """``value.copy()``, kept in ``memo`` as any copy is: another reference to the same
    container (a decider's, say) gets the same copy."""
    done = memo.get(id(value), _MISSING)
    if done is _MISSING:
        done = memo[id(value)] = value.copy()
    return done


def _write_slot(twin: Any, name: str, item: Any) -> None:
    if item is not _MISSING:
        object.__setattr__(twin, name, item)


def _copy_frozen(value: Any, memo: dict[int, Any]) -> Any:
    """A frozen dataclass holding only immutable values is immutable: it is its own
    copy.  One holding a mutable value (a list, say) is copied as any record.

    The verdict "immutable" is remembered in :data:`_KNOWN_IMMUTABLE` (a title's rule set
    of 26 flags is checked once, not at every clone): keyed on ``id(value)`` with a weak
    reference to the value, which is sufficient because such a value can never become
    mutable, and a new object reusing a dead one's id fails the ``ref() is value`` test."""
    known = _KNOWN_IMMUTABLE.get(id(value))
    if known is not None and known() is value:
        return value
    items = [getattr(value, name) for name in _FIELDS[type(value)]]
    atomic = ATOMIC
    if all(type(item) in atomic for item in items) or all(map(_immutable, items)):
        _remember_immutable(value)
        return value
    return _copy_slots(value, memo) if type(value) in _SLOTS else _copy_object(value, memo)


#: id -> weak reference of frozen dataclass instances found immutable (:func:`_copy_frozen`)
_KNOWN_IMMUTABLE: dict[int, weakref.ref[Any]] = {}
#: the most :data:`_KNOWN_IMMUTABLE` holds before it is emptied (dead entries pile up)
_KNOWN_LIMIT = 4096


def _remember_immutable(value: Any) -> None:
    try:
        ref = weakref.ref(value)
    except TypeError:
        return  # a slots class without weak references: checked every time
    if len(_KNOWN_IMMUTABLE) >= _KNOWN_LIMIT:
        _KNOWN_IMMUTABLE.clear()
    _KNOWN_IMMUTABLE[id(value)] = ref


#: frozen dataclass -> its field names (``dataclasses.fields``)
_FIELDS: dict[type, tuple[str, ...]] = {}
#: class without ``__dict__`` -> the names of its slots
_SLOTS: dict[type, tuple[str, ...]] = {}
#: class without ``__dict__`` -> (the names of its slots, a function reading them all)
_SLOT_READERS: dict[type, tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]] = {}


def _immutable(value: Any) -> bool:
    """True for values that nothing can change: atomic values, and tuples, frozensets
    and frozen dataclasses made only of them."""
    cls = type(value)
    if cls in ATOMIC:
        return True
    if cls is tuple or cls is frozenset:
        return all(_immutable(item) for item in value)
    names = _FIELDS.get(cls)
    return names is not None and all(_immutable(getattr(value, n)) for n in names)


def _same_copier(value: Any, memo: dict[int, Any]) -> Any:
    return value


def _self_copying(value: Any, memo: dict[int, Any]) -> Any:
    return value.__deepcopy__(memo)


def _generic(value: Any, memo: dict[int, Any]) -> Any:
    return copy.deepcopy(value, memo)


_COPIERS.update({
    list: _copy_list, dict: _copy_dict, set: _copy_set, tuple: _copy_tuple,
    frozenset: _copy_frozenset,
})
_ALONE.update({list: _copy_list, dict: _copy_dict, set: _copy_set})


def _copier_for(cls: type) -> Copier:
    deep = getattr(cls, "__deepcopy__", None)
    if deep is _same:
        ATOMIC.add(cls)
        return _same_copier
    if deep is _flat_copy:
        return _COPIERS.setdefault(cls, _flat_copy)
    record_class = getattr(deep, "record_class", None)
    if record_class is not None and record_class is not cls:
        deep = None  # a subclass of a flat_except record: it may add mutable attributes
    elif isinstance(deep, types.FunctionType):
        if getattr(deep, "takes_remember", False):
            _ALONE[cls] = deep
        return deep  # called as cls.__deepcopy__(value, memo)
    elif deep is not None:
        return _self_copying
    if not _plain(cls):
        return _generic
    if not cls.__dictoffset__:
        names = _SLOTS[cls] = _slot_names(cls)
        _SLOT_READERS[cls] = (names, _reader(names))
    params = getattr(cls, "__dataclass_params__", None)
    if params is not None and params.frozen:
        _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
        return _copy_frozen
    if cls in _SLOTS:
        return _copy_slots
    if _open_setattr(cls):
        _ALONE[cls] = _copy_open_object
        return _copy_open_object
    return _copy_object


def _reader(names: tuple[str, ...],
            getter: Callable[..., Any] = attrgetter) -> Callable[[Any], tuple[Any, ...]]:
    """A function that reads the attributes ``names`` of an object (or, with ``getter``
    ``itemgetter``, the keys ``names`` of a dict), as a tuple: of one or none too."""
    if len(names) == 1:
        one = getter(names[0])
        return lambda value: (one(value),)
    return getter(*names) if names else lambda value: ()


#: an attribute dict's shape (:func:`dict_shape`): its names in order, a reader of its
#: atomic values (a tuple), their types, and the names of the values that are not atomic
DictShape = tuple[tuple[str, ...], Callable[[dict[str, Any]], tuple[Any, ...]],
                  tuple[type, ...], tuple[str, ...]]


def dict_shape(state: dict[str, Any]) -> DictShape:
    """The shape of ``state``, an object's attribute dict.  A later dict with the same
    names (``tuple(state)``) whose atomic values read by the same reader have the same
    types has the same shape: two tuple comparisons in C tell a copier that only the
    values of the last names can need a copy (a game's, a turn's)."""
    atomic = tuple(name for name, value in state.items() if type(value) in ATOMIC)
    read = _reader(atomic, itemgetter)
    return (tuple(state), read, tuple(map(type, read(state))),
            tuple(name for name in state if name not in atomic))


def _plain(cls: type) -> bool:
    """True for a Python class whose instances ``copy.deepcopy`` rebuilds from their
    ``__dict__`` alone, or from their slots alone, with no state methods of their own but
    those ``dataclasses`` writes for a frozen slots class (so :func:`_copy_object` or
    :func:`_copy_slots` gives the same result)."""
    mro = cls.__mro__[:-1]
    if cls.__mro__[-1] is not object or any(not k.__flags__ & _HEAP_TYPE for k in mro):
        return False  # a built-in base (list, dict, Exception, ...) keeps state elsewhere
    if cls.__dictoffset__ and any(_declared_slots(k) for k in mro):
        return False  # state both in a dict and in slots
    special = ("__reduce_ex__", "__reduce__", "__new__", "__getnewargs__",
               "__getnewargs_ex__", "__copy__", "__getstate__", "__setstate__")
    return not any(
        name in vars(k) and getattr(vars(k)[name], "__module__", None) != "dataclasses"
        for k in mro for name in special)


def _declared_slots(cls: type) -> tuple[str, ...]:
    slots = vars(cls).get("__slots__", ())
    names = (slots,) if isinstance(slots, str) else tuple(slots)
    return tuple(n for n in names if n not in ("__dict__", "__weakref__"))


def _slot_names(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases, private names mangled as Python does."""
    names: list[str] = []
    for klass in cls.__mro__[:-1]:
        for name in _declared_slots(klass):
            if name.startswith("__") and not name.endswith("__"):
                name = f"_{klass.__name__.lstrip('_')}{name}"
            names.append(name)
    return tuple(names)
