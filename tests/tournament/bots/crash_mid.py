"""Plays two decisions, then dies with a traceback."""

from _common import first_legal, play

count = 0


def decide(message):
    global count
    count += 1
    if count > 2:
        raise RuntimeError("crash_mid: deliberate crash")
    return first_legal(message)


play(decide)
