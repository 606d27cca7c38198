"""Clones of both titles stay independent of their originals in every attribute.

Seeded playouts of Steam Over Holland and 1839 are cloned at many points; then the
original plays on with one random continuation and the clone with another.  The whole
state of the side not being played (every object reachable from the game but the title's
shared data, dumped by :func:`state_dump`) must not move while the other side plays, and
each side must still equal an independent replay of its own action log.  A clone that
shared a mutable record, container, cache or generator with its original (a copy-on-write
structure that failed to copy, a flat copy of a record holding a list, a stale "known
immutable" verdict) fails here even when the observation would not show it.
"""

from __future__ import annotations

import importlib.util
import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing
from railhouse.engine import cloning, fastcopy
from railhouse.engine.applog import AppendLog
from railhouse.engine.certificates import ShareLedger
from railhouse.engine.record import new_game
from railhouse.testing.clonecheck import assert_replays

TITLES = [t for t, module in (("soh", "railhouse_soh"), ("1839", "railhouse_m1839"))
          if importlib.util.find_spec(module) is not None]

Dump = Any


def state_dump(game: Any) -> Dump:
    """Every value reachable from ``game`` as nested builtins, objects reached again shown
    by the path of their first visit; the title's shared data (config, metadata, hooks,
    map definition) is shown only by its type, and the board's ``cache`` (values derived
    from one revision of the board, which clones share and fill by design:
    ``railhouse.map.board.Board.memo``) and a share ledger's ``derived`` memo (shared by
    clones until either ledger changes: ``ShareLedger.derived``) not at all."""
    shared = {id(root) for root in cloning.shared_roots(game)}
    paths: dict[int, str] = {}
    # a clone's inner game, which its parts point at and which shares its state, stands
    # for it (``Game.inner``): so a clone's dump and its original's read alike
    return _dump(game.inner, "game", shared, paths)


def _dump(value: Any, path: str, shared: set[int], paths: dict[int, str]) -> Dump:
    cls = type(value)
    if cls in cloning.ATOMIC or (callable(value) and not hasattr(value, "__dict__")):
        return value if cls in cloning.ATOMIC else ("callable", repr(cls))
    if id(value) in shared:
        return ("shared", cls.__qualname__)
    if getattr(cls, "__deepcopy__", None) is fastcopy._same:  # immutable by contract
        return ("value", repr(value))
    if isinstance(value, tuple | frozenset):  # a value: its identity does not matter
        items = [_dump(v, f"{path}[]", shared, paths) for v in value]
        return (cls.__name__, items if cls is tuple else sorted(map(repr, items)))
    if id(value) in paths:
        return ("again", paths[id(value)])
    paths[id(value)] = path
    if isinstance(value, random.Random):
        return ("rng", value.getstate())
    if isinstance(value, AppendLog):
        return ("log", [_dump(v, f"{path}[{i}]", shared, paths) for i, v in enumerate(value)])
    if isinstance(value, list):
        return (cls.__name__, [_dump(v, f"{path}[{i}]", shared, paths)
                               for i, v in enumerate(value)])
    if isinstance(value, set):
        return (cls.__name__, sorted(repr(_dump(v, f"{path}{{}}", shared, paths))
                                     for v in value))
    if isinstance(value, dict):
        return (cls.__name__, sorted(
            (repr(k), _dump(v, f"{path}[{k!r}]", shared, paths)) for k, v in value.items()))
    state: dict[str, Any] = dict(getattr(value, "__dict__", {}))
    if path == "game.board":
        state.pop("cache", None)  # derived data per board revision, shared by design
    for name in fastcopy._slot_names(cls) if hasattr(cls, "__slots__") else ():
        if hasattr(value, name):
            state[name] = getattr(value, name)
    if isinstance(value, ShareLedger):
        state.pop("memo", None)  # answers derived from equal ledgers, shared by design
    if not state:
        return (cls.__qualname__, repr(value))
    return (cls.__qualname__, sorted(
        (name, _dump(v, f"{path}.{name}", shared, paths)) for name, v in state.items()))


def play(game: Any, rng: random.Random, actions: int) -> None:
    """Up to ``actions`` random legal actions, never giving up while anything else is
    legal (uniform play concedes so often in 1839 that games end in the first round)."""
    for _ in range(actions):
        if game.over:
            return
        game.apply(choose_playing(rng, game.legal_actions()))


def seats(players: int) -> list[str]:
    return [f"P{i}" for i in range(players)]


@pytest.mark.parametrize("title", TITLES)
def test_clone_and_original_never_move_each_other(title: str) -> None:
    """Clone every 45 actions of a seeded playout; each side plays 12 actions of its
    own while the other's whole state is watched."""
    checked = 0
    for seed in (5, 11):
        game = new_game(title, seats(4), None, seed)
        rng = random.Random(seed)
        while not game.over:
            play(game, rng, 45)
            if game.over:
                break
            twin = game.clone()
            twin_before = state_dump(twin)
            original = game.clone()  # the main line goes on from here, untouched below
            play(game, random.Random(seed * 1000 + checked), 12)
            assert state_dump(twin) == twin_before, "the original's moves changed a clone"
            game_after = state_dump(game)
            play(twin, random.Random(seed * 1000 + checked + 1), 12)
            assert state_dump(game) == game_after, "a clone's moves changed its original"
            if checked % 4 == 0:
                assert_replays(game)
                assert_replays(twin)
            game = original
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("title", TITLES)
def test_clones_of_clones_in_a_chain_stay_apart(title: str) -> None:
    """A search bot's pattern: clone, play a little, clone the clone ... every link keeps
    its state while the later ones play, and each equals a replay of its log."""
    game = new_game(title, seats(4), None, 7)
    play(game, random.Random(7), 250)
    chain = [game]
    dumps = [state_dump(game)]
    for link in range(6):
        child = chain[-1].clone()
        dumps[-1] = state_dump(chain[-1])  # cloning marks the generator shared
        play(child, random.Random(100 + link), 20)
        for earlier, dump in zip(chain, dumps, strict=True):
            assert state_dump(earlier) == dump, f"link {link} changed an earlier game"
        chain.append(child)
        dumps.append(state_dump(child))
    for member in chain:
        assert_replays(member)
