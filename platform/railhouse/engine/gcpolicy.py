"""The cyclic garbage collector's thresholds in a process that plays games.

CPython collects its youngest generation whenever 700 more container objects exist than
at the last collection, the middle one every 10 young collections and the oldest every 10
middle ones (when enough survivors have piled up).  A young collection examines every
container alive in the youngest generation and moves the survivors to the middle one.  A
game keeps a working set of short-lived containers alive at every decision (its legal
sets, the map's searches and graphs): at 700 the collector runs dozens of times a game and
each time examines, and promotes, that working set again.

:func:`tune_for_play` collects the youngest generation every :data:`YOUNG` (5,000) new
containers instead, and shortens the older generations' multipliers so that they are
collected after as many new containers as before (the middle one every 2 x 5,000 =
10,000, CPython's every 7,000; the oldest every 7 x 10,000 = 70,000, CPython's every
70,000): the memory cyclic garbage (finished games, discarded clones) may hold before it
is freed stays what it was; what goes is most of the young collections' repeated work.

``Game.__init__`` calls it, so every process that plays (the runner, bots that search,
the benchmarks) gets it once; it changes nothing where the application has set thresholds
of its own (any other than CPython's defaults) or where ``RAILHOUSE_GC=default``.
"""

from __future__ import annotations

import gc
import os

#: CPython's default thresholds (3.8-3.12)
CPYTHON_DEFAULTS = (700, 10, 10)
#: the thresholds :func:`tune_for_play` sets: young every 5,000 new containers, middle
#: every 2 young collections, oldest every 7 middle ones (module doc)
YOUNG = 5000
PLAY_THRESHOLDS = (YOUNG, 2, 7)
#: ``RAILHOUSE_GC=default`` leaves CPython's thresholds alone
GC_ENV = "RAILHOUSE_GC"

_decided = False


def tune_for_play() -> None:
    """Set :data:`PLAY_THRESHOLDS` once per process, unless the thresholds are not
    CPython's defaults (the application chose its own) or ``RAILHOUSE_GC=default``."""
    global _decided
    if _decided:
        return
    _decided = True
    if os.environ.get(GC_ENV, "") == "default":
        return
    if gc.get_threshold() == CPYTHON_DEFAULTS:
        gc.set_threshold(*PLAY_THRESHOLDS)
