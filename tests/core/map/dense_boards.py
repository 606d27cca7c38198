"""Small dense boards for the route optimiser's large-position path: every hex of the
random boards of ``test_routes_bruteforce`` tiled (more cities, junction-rich plain track),
company A with several tokens, and trains named like a title names them (by train id), so
equal trains differ only by name."""

from __future__ import annotations

import random

from test_routes_bruteforce import random_tiles, shuffled_cities

from railhouse.map import Board, TrainSpec


def dense_board(seed: int) -> Board:
    """Every hex tiled or an off-board; about half the hexes are cities."""
    rng = random.Random(f"dense:{seed}")
    board = random_tiles(rng, 0.1, (0.4, 0.5, 0.95))
    for n, (coord, k, slots) in enumerate(shuffled_cities(board, rng)):
        owners = ["A"] if n < 2 or rng.random() < 0.25 else []
        if not owners and rng.random() < 0.3:
            owners = [rng.choice(("B", "NS"))]
        while len(owners) < slots and rng.random() < 0.4:
            owners.append("C")
        if owners:
            board.tokens[(coord, k)] = owners[:slots]
    return board


def named(trains: tuple[TrainSpec, ...]) -> tuple[TrainSpec, ...]:
    """The trains renamed ``A-1``, ``A-2``, ... as titles name them (train ids)."""
    return tuple(
        TrainSpec(f"A-{i}", t.cities, t.centres, t.towns_pay, t.multiplier, t.max_offboards,
                  t.recount)
        for i, t in enumerate(trains, 1)
    )
