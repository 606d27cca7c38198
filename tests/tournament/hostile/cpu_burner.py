"""Burns CPU for ``argv[1]`` seconds of wall time before its first answer."""

import sys
import time

from _attack import first_legal, play

burnt = False


def decide(message: dict[str, object]) -> object:
    global burnt
    if not burnt:
        burnt = True
        end = time.monotonic() + float(sys.argv[1])
        while time.monotonic() < end:
            pass
    return first_legal(message)


play(decide)
