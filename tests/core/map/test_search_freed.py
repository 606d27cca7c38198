"""A route question leaves nothing for the cyclic collector.  The branch-and-bound's
walker closes over its search's bound methods and calls itself (``routes._Search``), the
plain search's recursion calls itself (``plain_search``): each ends those cycles when it
is done, so a question's working data (tables, steps, routes found) is freed at once by
reference counting, not left to pile up until a collection (which then also walks
everything else the process holds).  Checked over whole seeded games of both titles,
every route question they ask, with the collector off: what it then finds holds no
function, closure cell or bound method, nothing of ``railhouse.map`` and no part of a
game.  (A share ledger and its certificate views point at each other, a cycle left as
it is: docs/benchmarks.md, "Fourteenth session".)"""

from __future__ import annotations

import gc
import random
import types
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.game import Game
from railhouse.engine.record import new_game
from railhouse.engine.rounds.base import Decider


def garbage_of_games(title: str, seeds: range) -> list[Any]:
    """What the cyclic collector finds after ``seeds``' random games, played and dropped
    with it switched off (after one game played before: first use imports the title,
    whose import machinery leaves cycles of its own)."""
    play_out(new_game(title, seat_names(4), None, seeds[0] - 1), seeds[0] - 1)
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for seed in seeds:
            play_out(new_game(title, seat_names(4), None, seed), seed)
        gc.collect()
        return list(gc.garbage)
    finally:
        gc.garbage.clear()
        gc.set_debug(0)
        gc.enable()


def play_out(game: Any, seed: int) -> None:
    rng = random.Random(seed)
    while not game.over:
        game.apply(choose_playing(rng, game.legal_actions()))


def left_by_the_engine(value: Any) -> bool:
    return (isinstance(value, types.FunctionType | types.CellType | types.MethodType
                       | Game | Decider)
            or type(value).__module__.startswith("railhouse.map"))


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_whole_games_leave_no_search_and_no_game_for_the_collector(title: str) -> None:
    garbage = garbage_of_games(title, range(40, 43))
    left = sorted({type(v).__qualname__ for v in garbage if left_by_the_engine(v)})
    assert not left, f"left for the collector: {left}"
