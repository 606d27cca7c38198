"""The cyclic garbage collector's thresholds in a process that plays games.

CPython collects its youngest generation whenever 700 (from 3.13: 2,000) more container
objects exist than at the last collection, the middle one every 10 young collections and
the oldest every 10 middle ones (when enough survivors have piled up).  A young
collection examines every container alive in the youngest generation and moves the
survivors to the middle one.  A game keeps a working set of short-lived containers alive
at every decision (its legal sets, the map's searches and graphs): at 700 the collector
runs dozens of times a game and each time examines, and promotes, that working set again.

:func:`tune_for_play` collects the youngest generation every :data:`YOUNG` (5,000) new
containers instead, and shortens the older generations' multipliers so that they are
collected after as many new containers as before (:func:`play_thresholds`; on 3.11-3.12
the middle one every 2 x 5,000 = 10,000, CPython's every 7,000; the oldest every 7 x
10,000 = 70,000, CPython's every 70,000): the memory cyclic garbage may hold before it
is freed stays what it was; what goes is most of the young collections' repeated work.
(Finished games, dropped clones and route searches are no cyclic garbage: they are freed
by reference counting, :mod:`railhouse.engine.cloning`, ``railhouse.map.routes``.)

The defaults are known per interpreter version (:data:`KNOWN_DEFAULTS`, read off each
version's fresh interpreter); a version not in the table (3.14's incremental collector
counts its work differently) is left alone until it is measured.

``Game.__init__`` calls it, so every process that plays (the runner, bots that search,
the benchmarks) gets it once; it changes nothing where the application has set thresholds
of its own (any other than CPython's defaults) or where ``RAILHOUSE_GC=default``.
"""

from __future__ import annotations

import gc
import math
import os
import sys

Thresholds = tuple[int, int, int]

#: CPython's default thresholds by version (``gc.get_threshold()`` in a fresh interpreter)
KNOWN_DEFAULTS: dict[tuple[int, int], Thresholds] = {
    (3, 11): (700, 10, 10),
    (3, 12): (700, 10, 10),
    (3, 13): (2000, 10, 10),
}
#: this interpreter's defaults; None where they were not measured (nothing is tuned)
CPYTHON_DEFAULTS = KNOWN_DEFAULTS.get(sys.version_info[:2])
#: the young threshold :func:`tune_for_play` sets: every 5,000 new containers
YOUNG = 5000


def play_thresholds(defaults: Thresholds) -> Thresholds:
    """Young every :data:`YOUNG` new containers; the middle generation after at least as
    many new containers as with ``defaults``, the oldest after as many (module doc)."""
    d_young, d_middle, d_old = defaults
    middle = math.ceil(d_young * d_middle / YOUNG)
    old = max(1, round(d_young * d_middle * d_old / (YOUNG * middle)))
    return (YOUNG, middle, old)


#: the thresholds :func:`tune_for_play` sets here (3.11-3.12: young every 5,000 new
#: containers, middle every 2 young collections, oldest every 7 middle ones)
PLAY_THRESHOLDS = play_thresholds(CPYTHON_DEFAULTS) if CPYTHON_DEFAULTS else None
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
    if os.environ.get(GC_ENV, "") == "default" or PLAY_THRESHOLDS is None:
        return
    if gc.get_threshold() == CPYTHON_DEFAULTS:
        gc.set_threshold(*PLAY_THRESHOLDS)
