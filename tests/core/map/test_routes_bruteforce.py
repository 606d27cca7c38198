"""The optimiser equals a brute-force enumerator on many small random boards (several
train mixes and both titles' rule sets)."""

from __future__ import annotations

import random

from bruteforce import best_total
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railhouse.map import (
    Board,
    HexDef,
    MapDef,
    Offboard,
    Operator,
    RouteRules,
    RunContext,
    TrainSpec,
    best_routes,
    tile,
)
from railhouse.map.library import STANDARD

PLAIN = [
    "7",
    "8",
    "9",
    "16",
    "19",
    "20",
    "23",
    "24",
    "25",
    "26",
    "27",
    "28",
    "29",
    "30",
    "31",
    "39",
    "40",
    "41",
    "42",
    "43",
    "44",
    "45",
    "46",
    "47",
    "70",
    "80",
    "81",
    "82",
]
TOWN = [
    "3",
    "4",
    "58",
    "1",
    "2",
    "55",
    "56",
    "69",
    "87",
    "88",
    "141",
    "142",
    "143",
    "144",
    "145",
    "148",
]
CITY = [
    "5",
    "6",
    "57",
    "12",
    "13",
    "14",
    "15",
    "205",
    "206",
    "619",
    "63",
    "125",
    "448",
    "449",
    "611",
]
OO = {
    "OO": tile("OO", "yellow", "c30x1:0 c30x1:3"),
    "OO2": tile("OO2", "green", "c40x1:0,2 c40x1:1,3"),
}

SOH = RouteRules()
M1839 = RouteRules(
    terminals=frozenset({"city", "town", "offboard"}),
    offboards_count=False,
    min_centres=2,
    shared_values=False,
    same_group_ends=False,
)
MIXES = [
    (SOH, (TrainSpec("2", 2),)),
    (SOH, (TrainSpec("2", 2), TrainSpec("2", 2))),
    (SOH, (TrainSpec("3", 3), TrainSpec("3E", 3, towns_pay=False, multiplier=2))),
    (SOH, (TrainSpec("2", 2), TrainSpec("3", 3), TrainSpec("4", 4))),
    (M1839, (TrainSpec("2", 2, 2), TrainSpec("3+", 3, None))),
    (M1839, (TrainSpec("2+1", 2, 3), TrainSpec("R4", 4, 4, recount=True))),
    (M1839, (TrainSpec("PR2+", 2, None, max_offboards=1, recount=True), TrainSpec("3", 3, 3))),
    # three and four trains: the subset-optimum and token-link bounds of search.py
    (SOH, (TrainSpec("2", 2), TrainSpec("2", 2), TrainSpec("3", 3), TrainSpec("3", 3))),
    (
        SOH,
        (TrainSpec("4", 4), TrainSpec("3E", 3, towns_pay=False, multiplier=2), TrainSpec("2", 2)),
    ),
    (M1839, (TrainSpec("2", 2, 2), TrainSpec("2", 2, 2), TrainSpec("R3", 3, 3, recount=True))),
]


COORDS = [
    f"{r}{c}"
    for r, cols in (("B", (3, 5, 7, 9)), ("C", (2, 4, 6, 8)), ("D", (3, 5, 7)))
    for c in cols
]


def random_tiles(
    rng: random.Random,
    offboard: float,
    bounds: tuple[float, float, float],
    tiled: float | None = None,
) -> Board:
    """A board on ``COORDS``: a hex whose roll is below ``offboard`` is a random off-board,
    any other a plain hex with a tile from ``PLAIN``, ``TOWN``, ``CITY`` or ``OO``, as the
    roll is below the first, second or third of ``bounds`` or above them (laid only with a
    chance of ``tiled`` when given); no tokens."""
    hexes: dict[str, HexDef] = {}
    tiles = dict(STANDARD) | OO
    board_tiles: dict[str, tuple[str, int]] = {}
    plain, town, city = bounds
    for coord in COORDS:
        roll = rng.random()
        if roll < offboard:
            hexes[coord] = HexDef(
                coord,
                tile("", "red", f"o:{rng.randrange(6)},{rng.randrange(6)}"),
                fixed=True,
                offboard=Offboard(coord, (rng.choice((20, 30, 40)),), rng.choice(("a", "b"))),
            )
            continue
        hexes[coord] = HexDef(coord, tile("", "white"))
        pool = PLAIN if roll < plain else TOWN if roll < town else CITY if roll < city else list(OO)
        if tiled is None or rng.random() < tiled:
            board_tiles[coord] = (rng.choice(pool), rng.randrange(6))
    board = Board(MapDef(hexes, tiles, {}))
    board.tiles = board_tiles
    return board


def shuffled_cities(board: Board, rng: random.Random) -> list[tuple[str, int, int]]:
    """``(hex, city, slots)`` of every city on the board's tiles, shuffled with ``rng``."""
    cities = []
    for coord in board.tiles:
        t, _ = board.tile_at(coord)
        cities += [(coord, k, t.stops[i].slots) for k, i in enumerate(t.city_indices())]
    rng.shuffle(cities)
    return cities


def random_board(seed: int) -> Board:
    rng = random.Random(seed)
    board = random_tiles(rng, 0.12, (0.5, 0.65, 0.93), tiled=0.9)
    _tokens(board, rng)
    return board


def _tokens(board: Board, rng: random.Random) -> None:
    for n, (coord, k, slots) in enumerate(shuffled_cities(board, rng)):
        owners = ["A"] if n == 0 else []
        if n > 0 and rng.random() < 0.3:
            owners = ["A"]
        elif n > 0 and rng.random() < 0.4:
            owners = [rng.choice(("B", "NS"))]
        while len(owners) < slots and rng.random() < 0.5:
            owners.append("C")
        if owners:
            board.tokens[(coord, k)] = owners[:slots]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**9), mix=st.integers(0, len(MIXES) - 1), local=st.booleans())
def test_optimiser_equals_brute_force(seed: int, mix: int, local: bool) -> None:
    optimum_is_brute_force(seed, mix, local)


def optimum_is_brute_force(seed: int, mix: int, local: bool) -> None:
    """On ``random_board(seed)``, trains ``MIXES[mix]`` of a Local (NS markers do not
    block, no off-boards) or a Major earn exactly the brute-force optimum."""
    board = random_board(seed)
    rules, trains = MIXES[mix]
    op = Operator("A", non_blocking=frozenset({"NS"}) if local else frozenset())
    run = RunContext(trains, offboards_allowed=not local, visit_bonuses={"C4.t0": 20})
    result = best_routes(board, op, rules, run)
    assert result.exact
    assert result.revenue == best_total(board, op, rules, run)
