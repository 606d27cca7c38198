"""On its first request, starts sleeping processes until it is refused one (or has 4000),
then plays on as if nothing happened."""

import os
import time

from _attack import first_legal, play

started = False


def decide(message: dict[str, object]) -> object:
    global started
    if not started:
        started = True
        for _ in range(4000):
            try:
                pid = os.fork()
            except OSError:
                break
            if pid == 0:
                time.sleep(600)
                os._exit(0)
    return first_legal(message)


play(decide)
