"""Plays properly while writing megabytes to stderr on every decision."""

import sys
from typing import Any

from _common import Reply, first_legal, play

CHUNK = "flood " * 170_000  # ~1 MB


def decide(message: dict[str, Any]) -> Reply:
    sys.stderr.write(CHUNK)
    sys.stderr.flush()
    return first_legal(message)


play(decide)
