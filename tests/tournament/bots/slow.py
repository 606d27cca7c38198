"""Plays its first two decisions, then sleeps far past every deadline."""

import time
from typing import Any

from _common import Reply, first_legal, play

count = 0


def decide(message: dict[str, Any]) -> Reply:
    global count
    count += 1
    if count > 2:
        time.sleep(60)
    return first_legal(message)


play(decide)
