"""The collector's thresholds for play (:mod:`railhouse.engine.gcpolicy`): set once when a
process makes its first game, unless the application chose its own or opted out."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from typing import Any

import pytest

from railhouse.engine.gcpolicy import (
    CPYTHON_DEFAULTS,
    GC_ENV,
    KNOWN_DEFAULTS,
    PLAY_THRESHOLDS,
    YOUNG,
    play_thresholds,
)

measured = pytest.mark.skipif(CPYTHON_DEFAULTS is None,
                              reason="an interpreter whose collector defaults were not measured")

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


def test_the_table_holds_this_interpreters_own_defaults() -> None:
    """CPython 3.13 raised the young threshold from 700 to 2,000: a table of one version's
    defaults would leave every later interpreter untuned."""
    fresh = subprocess.run([sys.executable, "-c", "import gc; print(gc.get_threshold())"],
                           capture_output=True, text=True, check=True).stdout
    version = sys.version_info[:2]
    if version in KNOWN_DEFAULTS:
        assert ast.literal_eval(fresh) == KNOWN_DEFAULTS[version] == CPYTHON_DEFAULTS
    else:
        assert CPYTHON_DEFAULTS is None and PLAY_THRESHOLDS is None


@measured
def test_the_first_game_sets_the_play_thresholds() -> None:
    assert thresholds() == (CPYTHON_DEFAULTS, PLAY_THRESHOLDS)


@pytest.mark.skipif(CPYTHON_DEFAULTS is not None, reason="a measured interpreter is tuned")
def test_an_unmeasured_interpreter_keeps_its_thresholds() -> None:
    before, after = thresholds()
    assert before == after


@pytest.mark.parametrize(("defaults", "play"), [((700, 10, 10), (YOUNG, 2, 7)),
                                                ((2000, 10, 10), (YOUNG, 4, 10))])
def test_the_play_thresholds_follow_the_versions_defaults(
        defaults: tuple[int, int, int], play: tuple[int, int, int]) -> None:
    assert play_thresholds(defaults) == play


def test_thresholds_the_application_chose_are_kept() -> None:
    assert thresholds("gc.set_threshold(1000, 20, 20)") == ((1000, 20, 20), (1000, 20, 20))


@measured
def test_the_opt_out_keeps_cpythons_thresholds() -> None:
    assert thresholds(env={GC_ENV: "default"}) == (CPYTHON_DEFAULTS, CPYTHON_DEFAULTS)


@pytest.mark.parametrize("defaults", sorted(set(KNOWN_DEFAULTS.values())))
def test_the_older_generations_are_collected_as_often_as_by_default(
        defaults: tuple[int, int, int]) -> None:
    """Per new container object, the middle and oldest generations' cadence is CPython's
    within a factor of 1.5, so cyclic garbage is freed about as soon as before."""
    young, middle, old = play_thresholds(defaults)
    d_young, d_middle, d_old = defaults
    assert 1 <= (young * middle) / (d_young * d_middle) <= 1.5
    assert (young * middle * old) == d_young * d_middle * d_old
