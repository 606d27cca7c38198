"""Plays properly while writing megabytes to stderr on every decision."""

import sys

from _common import first_legal, play

CHUNK = "flood " * 170_000  # ~1 MB


def decide(message):
    sys.stderr.write(CHUNK)
    sys.stderr.flush()
    return first_legal(message)


play(decide)
