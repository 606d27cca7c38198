"""Cheap clones: copy what a game owns, share what nobody can change.

``Game.clone()`` is ``copy.deepcopy`` of the game with three rules that make it cheap
enough for search bots:

- **Immutable values share.**  Classes decorated with :func:`shared_on_copy` (the frozen
  title data in :mod:`railhouse.engine.config`, actions, legal actions, events) return
  themselves from ``__copy__`` / ``__deepcopy__``.  A title's own frozen dataclasses may use
  the decorator too; it is only correct for values that are never mutated after creation.
- **The title's shared data is not copied.**  The config, the title metadata, the hooks and
  the map definition are the same objects in a clone (:func:`shared_roots`).
- **Append-only logs are copied shallowly.**  The action log and the event log hold
  immutable entries, so a clone gets a new list of the same entries.

Mutable records made only of immutable values (players, certificates, trains, privates,
the bank) copy flat (:func:`flat_on_deepcopy`).  Objects that know how to copy themselves
cheaply (a ``railhouse.map`` board's ``clone()``,
which shares its immutable derived caches) are copied that way (:data:`SELF_CLONING`).
Everything else (players, companies, certificates, markets, depot, rounds, steps, pending
deciders, title state) is deep-copied, so a clone is independent of the original for
everything mutable.
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from railhouse.engine.game import Game

T = TypeVar("T")

#: game attributes holding append-only lists of immutable entries
SHALLOW_LOGS = frozenset({"_actions", "_events"})
#: game attributes a clone rebuilds itself rather than deep-copies
REBUILT = frozenset({"rng", "_legal"})
#: attribute names whose value copies itself with a ``clone()`` method
SELF_CLONING = frozenset({"board"})


def _same(self: T, memo: Any = None) -> T:
    return self


def shared_on_copy(cls: type[T]) -> type[T]:
    """Class decorator: instances are immutable, so copies (shallow or deep) are the
    instance itself."""
    cls.__copy__ = _same  # type: ignore[attr-defined]
    cls.__deepcopy__ = _same  # type: ignore[attr-defined]
    return cls


def _flat_copy(self: T, memo: dict[int, Any]) -> T:
    twin = object.__new__(type(self))
    vars(twin).update(vars(self))
    memo[id(self)] = twin
    return twin


def flat_on_deepcopy(cls: type[T]) -> type[T]:
    """Class decorator for mutable records whose attributes are all immutable (numbers,
    strings, ``None``, :func:`shared_on_copy` values): a deep copy is a new instance with
    the same attribute values, made without ``copy``'s generic reconstruction."""
    cls.__deepcopy__ = _flat_copy  # type: ignore[attr-defined]
    return cls


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


def deepcopy_game(game: Game, memo: dict[int, Any]) -> Game:
    """The ``__deepcopy__`` of :class:`~railhouse.engine.game.Game` (see the module doc)."""
    for root in shared_roots(game):
        memo.setdefault(id(root), root)
    twin = type(game).__new__(type(game))
    memo[id(game)] = twin
    state = vars(game)
    copied: dict[str, Any] = {}
    for name in SELF_CLONING & state.keys():  # first: the rounds may refer to them
        value = state[name]
        memo[id(value)] = copied[name] = value.clone()
    for name, value in state.items():
        if name in copied:
            continue
        if name in SHALLOW_LOGS:
            copied[name] = list(value)
        elif name == "rng":
            copied[name] = copy_rng(value)
        elif name in REBUILT:
            continue
        else:
            copied[name] = copy.deepcopy(value, memo)
    vars(twin).update(copied)
    twin.adopt_legal_cache(game, memo)
    return twin
