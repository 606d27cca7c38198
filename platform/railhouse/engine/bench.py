"""Engine speed and size measurements for ``railhouse bench`` (metrics ``core.*``).

:func:`apply_and_legal_timings` plays one seeded random game of a title and times, per
decision, ``legal_actions()`` and ``apply()`` of the chosen (already legal) action;
:func:`state_size_kb` estimates the memory of one game state.  Timings use
``time.perf_counter_ns``; the caller takes medians.  Decisions of the map steps (tile lays,
token placements, route runs) are excluded from the legal-actions list, as the speed target
is stated "outside tile/route decisions".
"""

from __future__ import annotations

import io
import pickle
import random
import time
from typing import Any

from railhouse.engine.actions import LayTile, PlaceToken, RunRoutes
from railhouse.engine.record import new_game
from railhouse.testing.conformance import choose

MAP_DECISIONS = (LayTile, PlaceToken, RunRoutes)


def _new_game(title_id: str, players: int, seed: int) -> Any:
    return new_game(title_id, [f"P{i}" for i in range(players)], None, seed)


def apply_and_legal_timings(
    title_id: str, players: int, seed: int, n: int
) -> tuple[list[float], list[float]]:
    """Microseconds of ``apply`` and of ``legal_actions`` over up to ``n`` decisions of a
    random game (new games are started while fewer than ``n`` were measured).

    ``legal_us`` only holds decisions whose legal set contains no map action.
    """
    apply_us: list[float] = []
    legal_us: list[float] = []
    rng = random.Random(seed)
    game = _new_game(title_id, players, seed)
    while len(apply_us) < n:
        if game.over:
            seed += 1
            game = _new_game(title_id, players, seed)
            continue
        start = time.perf_counter_ns()
        legal = game.legal_actions()
        elapsed = (time.perf_counter_ns() - start) / 1000
        if not any(isinstance(c.action, MAP_DECISIONS) for c in legal):
            legal_us.append(elapsed)
        action = choose(rng, legal)
        start = time.perf_counter_ns()
        game.apply(action)
        apply_us.append((time.perf_counter_ns() - start) / 1000)
    return apply_us, legal_us


def state_size_kb(game: Any) -> float:
    """Size of one game's own state in KiB, measured as its pickle.

    What ``clone()`` shares between games (the title's config and info, the rule hooks and
    the immutable map definition) is not counted: it is paid once per process.
    """
    buffer = io.BytesIO()
    _StatePickler(buffer, _shared_ids(game)).dump(game)
    return len(buffer.getvalue()) / 1024


def _shared_ids(game: Any) -> set[int]:
    shared = {id(game.config), id(game.info), id(game.hooks)}
    board = getattr(game, "board", None)
    if board is not None:
        shared.add(id(board.map))
    return shared


class _StatePickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, shared: set[int]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._shared = shared

    def persistent_id(self, obj: Any) -> int | None:
        return id(obj) if id(obj) in self._shared else None
