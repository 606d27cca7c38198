"""Plays two decisions, then dies with a traceback."""

from typing import Any

from _common import Reply, first_legal, play

count = 0


def decide(message: dict[str, Any]) -> Reply:
    global count
    count += 1
    if count > 2:
        raise RuntimeError("crash_mid: deliberate crash")
    return first_legal(message)


play(decide)
