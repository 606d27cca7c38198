"""On its first request, allocates (and touches) ``argv[1]`` MiB, as if it had no limit."""

import sys

from _attack import first_legal, play

hoard: list[bytearray] = []


def decide(message: dict[str, object]) -> object:
    for _ in range(int(sys.argv[1])):
        hoard.append(bytearray(1024 * 1024))  # zero-filled: the pages are touched
    return first_legal(message)


play(decide)
