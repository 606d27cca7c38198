"""Plays the first legal action after a short pause (seconds in argv[1]): a slow-ish
opponent that keeps a tournament running long enough to be interrupted."""

import sys
import time
from typing import Any

from _common import Reply, first_legal, play

PAUSE = float(sys.argv[1]) if len(sys.argv) > 1 else 0.01


def decide(message: dict[str, Any]) -> Reply:
    time.sleep(PAUSE)
    return first_legal(message)


play(decide)
