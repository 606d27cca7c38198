"""The collector's thresholds for play (:mod:`railhouse.engine.gcpolicy`): set once when a
process makes its first game, unless the application chose its own or opted out."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from typing import Any

from railhouse.engine.gcpolicy import CPYTHON_DEFAULTS, GC_ENV, PLAY_THRESHOLDS

PROGRAM = """
import gc, sys
{before}
from railhouse.engine.record import new_game
seen = gc.get_threshold()
new_game("soh", ["a", "b", "c"], None, 1)
print(repr((seen, gc.get_threshold())))
"""


def thresholds(before: str = "", env: dict[str, str] | None = None) -> tuple[Any, Any]:
    """(the thresholds before, after) making a game in a fresh interpreter."""
    environ = {k: v for k, v in os.environ.items() if k != GC_ENV}
    environ.update(env or {})
    out = subprocess.run([sys.executable, "-c", PROGRAM.format(before=before)],
                         capture_output=True, text=True, check=True, env=environ).stdout
    before_after: tuple[Any, Any] = ast.literal_eval(out)
    return before_after


def test_the_first_game_sets_the_play_thresholds() -> None:
    assert thresholds() == (CPYTHON_DEFAULTS, PLAY_THRESHOLDS)


def test_thresholds_the_application_chose_are_kept() -> None:
    assert thresholds("gc.set_threshold(1000, 20, 20)") == ((1000, 20, 20), (1000, 20, 20))


def test_the_opt_out_keeps_cpythons_thresholds() -> None:
    assert thresholds(env={GC_ENV: "default"}) == (CPYTHON_DEFAULTS, CPYTHON_DEFAULTS)


def test_the_older_generations_are_collected_as_often_as_by_default() -> None:
    """Per new container object, the middle and oldest generations' cadence is CPython's
    within a factor of 1.5, so cyclic garbage is freed about as soon as before."""
    young, middle, old = PLAY_THRESHOLDS
    d_young, d_middle, d_old = CPYTHON_DEFAULTS
    assert 1 <= (young * middle) / (d_young * d_middle) <= 1.5
    assert (young * middle * old) == d_young * d_middle * d_old
