"""Cheap clones: copy what a game owns, share what nobody can change.

``Game.clone()`` is a deep copy of the game with these rules, which make it cheap enough
for search bots:

- **Immutable values share.**  Classes decorated with :func:`shared_on_copy` (the frozen
  title data in :mod:`railhouse.engine.config`, actions, legal actions, events) return
  themselves from ``__copy__`` / ``__deepcopy__``.  A title's own frozen dataclasses may use
  the decorator too; it is only correct for values that are never mutated after creation.
- **The title's shared data is not copied.**  The config, the title metadata, the hooks and
  the map definition are the same objects in a clone (:func:`shared_roots`).
- **What the game never changes after it is built is shared**: its ``options`` and the
  seats' ``players`` names (:data:`SHARED_STATE`).
- **Append-only logs share their past.**  The action log and the event log are
  :class:`~railhouse.engine.applog.AppendLog` s of immutable entries: a clone shares
  their full blocks and copies only the last few references.
- **The random generator is copied on first use** (``Game.rng``): the game and
  its clone draw the same sequence, independently, and a clone of a game that never
  draws again (both titles draw only while setting up) never copies the generator.

- **Few mutable records.**  A company's certificates are one ledger
  (:mod:`railhouse.engine.certificates`) of tuples a change replaces: a clone copies one
  flat record per company and shares the tuples.  A market's stacks are tuples, and
  caches of immutable search results are :class:`MemoTable` s (a clone copies the table,
  not the entries).
- **Trains are values.**  A :class:`~railhouse.engine.entities.Train` never changes: a
  purchase, a run or a rust mark makes a new value that takes the old one's place in its
  list (``Train.to``, ``having_run``, ``marked_rusted``), so the game and its clones share
  every train (a write to a train's attribute raises), and a list of trains copies as
  one ``list.copy()``.
- **Privates are values** too (:class:`~railhouse.engine.entities.Private`): a change
  replaces one in its game's dict (:func:`railhouse.engine.privates.update_private`), so
  the ``privates`` dict copies as one ``dict.copy()``.

Mutable records made only of immutable values (players, the bank, a ledger)
copy flat (:func:`flat_on_deepcopy`); a record with a few mutable attributes among
immutable ones copies flat but for those (:func:`flat_except`): a company deep-copies its
ledger and copies its lists of trains and of private ids with one ``copy()`` each, the
depot its six containers of trains, specs and counts.
An object held by one reference only (a company's ledger, the seats' players, most of a
round's containers: checked with its reference count, :mod:`railhouse.engine.heldonce`)
is copied without a memo entry: nothing else can reach it.
Objects that know how to copy themselves cheaply (a ``railhouse.map`` board's ``clone()``,
which shares its immutable derived caches) are copied that way (:data:`SELF_CLONING`).
Everything else (markets, rounds, steps, pending deciders, title state) is deep-copied by
:func:`~railhouse.engine.fastcopy.fast_deepcopy`, which gives the same result as
``copy.deepcopy`` for plain objects, dataclasses and the built-in containers without its
generic machinery, so a clone is independent of the original for everything mutable.

**A dropped game is freed at once.**  A game's parts (its round, the round's steps, the
pending deciders, a deal) point back at it, so a game is a reference cycle, which only
the cyclic collector frees: a search bot dropping clones by the thousand would leave them
to pile up for it, and pay about a quarter more per clone (docs/benchmarks.md).  So the
game a user holds, made by ``Game(...)`` or ``Game.clone()``, is an *outer* game: it
shares its state, its ``__dict__``, with the *inner* game its parts point at
(``Game.inner``, :func:`sharing_state`).  Nothing points at the outer game but its
users: dropping it (``Game.__del__``, :func:`release`) empties the inner game, which
frees the state, the parts and the inner game itself by reference counting.  A part kept
past its game (``round = clone.round; del clone``) then raises :class:`DroppedGame` on
its first look at the game, rather than play on an emptied one.  The parts take
``game.inner``, never ``game``, when they are made (``Decider.__init__``): an outer
game's method that makes a part passes itself.  (A copy made by ``copy.deepcopy``, which
may copy parts of the game along with it, is its own inner game.)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from railhouse.engine.fastcopy import (  # the copier machinery
    _ALONE,
    _COPIERS,
    ATOMIC,
    _flat_copy,
    _flat_copy_open,
    _open_setattr,
    _same,
    _set_dict,
    dict_shape,
    fast_deepcopy,
    takes_remember,
)
from railhouse.engine.heldonce import READ_ONCE_AND_COPY, refs
from railhouse.engine.recordcopy import field_names, write_copier

if TYPE_CHECKING:
    from railhouse.engine.game import Game

__all__ = [
    "ATOMIC",
    "REBUILT",
    "ROOT_STATE",
    "SELF_CLONING",
    "SHALLOW_LOGS",
    "SHARED_STATE",
    "DroppedGame",
    "MemoTable",
    "copy_rng",
    "deepcopy_game",
    "fast_deepcopy",
    "flat_except",
    "flat_on_deepcopy",
    "release",
    "shared_on_copy",
    "shared_roots",
    "sharing_state",
]

T = TypeVar("T")
G = TypeVar("G", bound="Game")

#: game attributes holding append-only logs (:class:`~railhouse.engine.applog.AppendLog`)
SHALLOW_LOGS = frozenset({"_actions", "_events"})
#: game attributes a clone rebuilds itself rather than deep-copies
REBUILT = frozenset({"_rng", "_rng_shared", "_legal", "inner"})
#: attribute names whose value copies itself with a ``clone()`` method
SELF_CLONING = frozenset({"board"})
#: game attributes set once when the game is built and never changed (the resolved
#: option values, the players' names): a clone holds the same objects
SHARED_STATE = frozenset({"options", "players"})
#: game attributes holding one of :func:`shared_roots` (the rule hooks): the same object
#: in a clone, as the memo, which holds every root, would give (no look-up)
ROOT_STATE = frozenset({"hooks"})
#: game attributes :func:`deepcopy_game` does not deep-copy
_NOT_DEEP_COPIED = SHALLOW_LOGS | REBUILT | SELF_CLONING | SHARED_STATE | ROOT_STATE


def shared_on_copy(cls: type[T]) -> type[T]:
    """Class decorator: instances are immutable, so copies (shallow or deep) are the
    instance itself."""
    cls.__copy__ = _same  # type: ignore[attr-defined]
    cls.__deepcopy__ = _same  # type: ignore[attr-defined]
    ATOMIC.add(cls)
    return cls


def flat_on_deepcopy(cls: type[T]) -> type[T]:
    """Class decorator for mutable records whose attributes are all immutable (numbers,
    strings, ``None``, :func:`shared_on_copy` values): a deep copy is a new instance with
    the same attribute values, made without ``copy``'s generic reconstruction."""
    cls.__deepcopy__ = _flat_copy  # type: ignore[attr-defined]
    names = field_names(cls)
    if names is None:
        _COPIERS[cls] = _flat_copy_open if _open_setattr(cls) else _flat_copy
    else:
        _COPIERS[cls] = _ALONE[cls] = write_copier(cls, names, (), (), _flat_copy)
    return cls



def flat_except(*mutable: str, shallow: tuple[str, ...] = (),
                members: dict[str, type] | None = None) -> Callable[[type[T]], type[T]]:
    """Class decorator for mutable records whose attributes are all immutable but the
    ``mutable`` ones (a company's ledger, say) and the ``shallow`` ones: a deep copy is a
    flat copy whose ``mutable`` attributes alone are deep-copied and whose ``shallow``
    attributes, containers (lists, dicts, sets) of immutable values only (train values,
    ids, specs), are copied with their own ``copy()``, their items shared.  Visiting a
    few attributes instead of every one is what makes it faster than the generic copy.
    Only the decorated class itself copies this way: a subclass (which may add mutable
    attributes) is copied generically."""

    def decorate(cls: type[T]) -> type[T]:
        open_setattr = _open_setattr(cls)
        new = object.__new__

        def copy_record(self: T, memo: dict[int, Any]) -> T:
            twin = new(type(self))
            memo[id(self)] = twin
            state = dict(self.__dict__)
            for name in shallow:
                state[name] = state[name].copy()
            for name in mutable:
                state[name] = fast_deepcopy(state[name], memo)
            if open_setattr and type(twin) is cls:
                twin.__dict__ = state
            else:
                _set_dict(twin, state)
            return twin

        names = field_names(cls)
        copier: Callable[[Any, dict[int, Any]], Any] = (  # railhouse.engine.recordcopy
            copy_record if names is None
            else write_copier(cls, names, mutable, shallow, copy_record, members))
        copier.record_class = cls  # type: ignore[attr-defined]
        cls.__deepcopy__ = copier  # type: ignore[attr-defined]
        _COPIERS[cls] = copier
        if names is not None:  # (a written copier takes ``remember``)
            _ALONE[cls] = copier
        return cls

    return decorate


class MemoTable(dict[Any, Any]):
    """A memo dict whose keys and values are immutable (a step's cache of search results,
    say): a deep copy is a shallow one, sharing every entry."""

    @takes_remember
    def __deepcopy__(self, memo: dict[int, Any], remember: bool = True) -> MemoTable:
        twin = MemoTable(self)
        if remember:
            memo[id(self)] = twin
        return twin


# -- the game --------------------------------------------------------------------------
def shared_roots(game: Game) -> list[Any]:
    """The title's shared data reachable from ``game``: never copied by a clone."""
    roots: list[Any] = [game.config, game.info, game.hooks]
    if game.board is not None:
        roots.append(game.board.map)
    return roots


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state."""
    twin = random.Random.__new__(type(rng))
    twin.setstate(rng.getstate())
    return twin


#: a game's attributes as its last clone found them, per game class: their shape
#: (:func:`~railhouse.engine.fastcopy.dict_shape`: its names, the reader of its atomic
#: values and their types) and the names of the values to deep-copy (neither atomic nor
#: in ``_NOT_DEEP_COPIED``)
GameShape = tuple[tuple[str, ...], Callable[[dict[str, Any]], tuple[Any, ...]],
                  tuple[type, ...], tuple[str, ...]]
_GAME_SHAPES: dict[type, GameShape] = {}
_NO_GAME_SHAPE: GameShape = ((), tuple, (), ())  # (an empty dict's: no names, no values)


def game_shape(state: dict[str, Any]) -> GameShape:
    """The shape of a game's attribute dict ``state`` (see :data:`_GAME_SHAPES`)."""
    names, atomic_values, types, others = dict_shape(state)
    return names, atomic_values, types, tuple(
        name for name in others if name not in _NOT_DEEP_COPIED)


def deepcopy_game(game: Game, memo: dict[int, Any]) -> Game:
    """The ``__deepcopy__`` of :class:`~railhouse.engine.game.Game` (see the module doc)."""
    for root in shared_roots(game):
        memo.setdefault(id(root), root)
    cls = type(game)
    twin = cls.__new__(cls)
    memo[id(game)] = twin
    state = vars(game)
    inner = state["inner"]
    if inner is not game:  # an outer game: its parts point at its inner game
        memo[id(inner)] = twin
    copied = dict(state)  # atomic values as they are; the rest replaced below
    copied["inner"] = twin  # (its own inner game: Game.clone() makes its outer one)
    # (each constant tested name by name: no intersection set made per clone)
    for name in SELF_CLONING:  # first: the rounds may refer to them
        if name in state:
            value = state[name]
            memo[id(value)] = copied[name] = value.clone()
    for name in SHALLOW_LOGS:
        if name in state:
            copied[name] = state[name].copy()
    # The class's last shape, checked in C: the same names in the same order, and the
    # values atomic then of the same (atomic) types now; so only the values to deep-copy
    # are visited here.
    names, atomic_values, types, deep = _GAME_SHAPES.get(cls, _NO_GAME_SHAPE)
    if names != tuple(state) or types != tuple(map(type, atomic_values(state))):
        names, atomic_values, types, deep = _GAME_SHAPES[cls] = game_shape(state)
    alone, once = _ALONE, READ_ONCE_AND_COPY  # (``copied`` holds each value too)
    for name in deep:  # (REBUILT: replaced by share_rng and adopt_legal_cache below;
        value = state[name]  # SHARED_STATE: the same object)
        copier = alone.get(type(value)) if refs(value) == once else None
        copied[name] = (fast_deepcopy(value, memo) if copier is None
                        else copier(value, memo, False))  # held by the game alone
    if _open_setattr(cls):
        twin.__dict__ = copied  # (see fastcopy._open_setattr)
    else:
        vars(twin).update(copied)
    twin.share_rng(game)
    twin.adopt_legal_cache(game, memo)
    return twin


# -- outer and inner games -------------------------------------------------------------
class DroppedGame(RuntimeError):
    """A part of a game (its round, a step) was used after the game was dropped."""


class _EmptiedGame:
    """What a dropped game's inner game becomes (:func:`release`): any look at it says
    what happened instead of failing on a missing attribute."""

    def __getattr__(self, name: str) -> Any:
        raise DroppedGame(
            f"this part's game (reading {name!r}) has been dropped: keep the game (as "
            "Game() or clone() returned it) for as long as its round or steps are used")


def sharing_state(game: G) -> G:
    """Another instance of ``game``'s class holding the same ``__dict__``: to its user the
    same game.  The outer game of a pair (see the module doc): ``Game.__init__`` makes
    its inner game so, and ``Game.clone()`` the outer game of its copy."""
    cls = type(game)
    twin = cls.__new__(cls)
    if _open_setattr(cls):
        twin.__dict__ = game.__dict__
    else:
        object.__setattr__(twin, "__dict__", game.__dict__)
    return twin


def release(game: Game) -> None:
    """``Game.__del__``: if ``game`` is an outer game, empty its inner one (the only other
    holder of their shared state), so that the state goes with ``game``; then the inner
    game goes too, unless a part of the game outlives it (it then answers any look with
    :class:`DroppedGame`)."""
    inner = vars(game).get("inner")
    if inner is not None and inner is not game:
        inner.__class__ = _EmptiedGame
        inner.__dict__ = {}
