"""Helpers for ``railhouse bench``: grow a late-game board from any map and time the map
queries on it.

>>> # board = grow_board(Board(mapdef), ["A", "B"], homes, random.Random(1), 200)
>>> # print(time_queries(board, Operator("A"), RouteRules(), RunContext(trains)))
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence

from railhouse.map.board import Board
from railhouse.map.graph import Operator
from railhouse.map.lays import LayOptions, legal_tile_lays
from railhouse.map.optimize import best_routes
from railhouse.map.tokens import TokenOptions, legal_token_placements
from railhouse.map.trains import RouteRules, RunContext

ALL_COLORS = frozenset({"yellow", "green", "brown", "gray"})


def grow_board(
    board: Board,
    companies: Sequence[str],
    homes: Mapping[str, tuple[str, int]],
    rng: random.Random,
    steps: int,
    colors: frozenset[str] = ALL_COLORS,
) -> Board:
    """Place each company's home token, then ``steps`` times let a random company make a
    random legal lay (upgrades preferred) and sometimes a legal token placement."""
    for company in companies:
        coord, city = homes[company]
        board.place_token(coord, city, company)
    for _ in range(steps):
        op = Operator(rng.choice(list(companies)))
        lays = legal_tile_lays(board, op, LayOptions(colors=colors))
        ups = [lay for lay in lays if lay.upgrade]
        pool = ups if ups and rng.random() < 0.7 else lays
        if pool:
            lay = rng.choice(pool)
            board.lay_tile(lay.hex, lay.tile, lay.rotation)
        if rng.random() < 0.15:
            spots = legal_token_placements(board, op, TokenOptions())
            if spots:
                spot = rng.choice(spots)
                board.place_token(spot.hex, spot.city, op.company)
    board.new_turn()
    return board


def _timed(fn: Callable[[], object], board: Board, repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        board.cache.clear()
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def summary(ms: list[float]) -> dict[str, float]:
    """Median, p95 and max of a list of milliseconds."""
    ordered = sorted(ms)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {"median_ms": statistics.median(ordered), "p95_ms": p95, "max_ms": ordered[-1]}


def time_queries(
    board: Board,
    op: Operator,
    rules: RouteRules,
    run: RunContext,
    repeats: int = 20,
    lay_options: LayOptions | None = None,
) -> dict[str, dict[str, float]]:
    """Cold-cache timings (ms) of ``legal_tile_lays``, ``legal_token_placements`` and
    ``best_routes`` on ``board`` for ``op``."""
    opts = lay_options or LayOptions(colors=ALL_COLORS)
    return {
        "legal_tile_lays": summary(
            _timed(lambda: legal_tile_lays(board, op, opts), board, repeats)
        ),
        "legal_token_placements": summary(
            _timed(lambda: legal_token_placements(board, op, TokenOptions()), board, repeats)
        ),
        "best_routes": summary(_timed(lambda: best_routes(board, op, rules, run), board, repeats)),
    }
