"""Small dense boards for the route optimiser's large-position path: every hex of the
random boards of ``test_routes_bruteforce`` tiled (more cities, junction-rich plain track),
company A with several tokens, and trains named like a title names them (by train id), so
equal trains differ only by name."""

from __future__ import annotations

import random

from test_routes_bruteforce import CITY, OO, PLAIN, TOWN

from railhouse.map import Board, HexDef, MapDef, Offboard, TrainSpec, tile
from railhouse.map.library import STANDARD

COORDS = [
    f"{r}{c}"
    for r, cols in (("B", (3, 5, 7, 9)), ("C", (2, 4, 6, 8)), ("D", (3, 5, 7)))
    for c in cols
]


def dense_board(seed: int) -> Board:
    """Every hex tiled or an off-board; about half the hexes are cities."""
    rng = random.Random(f"dense:{seed}")
    hexes: dict[str, HexDef] = {}
    tiles = dict(STANDARD) | OO
    board_tiles: dict[str, tuple[str, int]] = {}
    for coord in COORDS:
        roll = rng.random()
        if roll < 0.1:
            hexes[coord] = HexDef(
                coord,
                tile("", "red", f"o:{rng.randrange(6)},{rng.randrange(6)}"),
                fixed=True,
                offboard=Offboard(coord, (rng.choice((20, 30, 40)),), rng.choice(("a", "b"))),
            )
            continue
        hexes[coord] = HexDef(coord, tile("", "white"))
        pool = PLAIN if roll < 0.4 else TOWN if roll < 0.5 else CITY if roll < 0.95 else list(OO)
        board_tiles[coord] = (rng.choice(pool), rng.randrange(6))
    board = Board(MapDef(hexes, tiles, {}))
    board.tiles = board_tiles
    cities = []
    for coord in board.tiles:
        t, _ = board.tile_at(coord)
        cities += [(coord, k, t.stops[i].slots) for k, i in enumerate(t.city_indices())]
    rng.shuffle(cities)
    for n, (coord, k, slots) in enumerate(cities):
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
