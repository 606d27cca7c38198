"""Helpers for ``railhouse bench``: grow late-game boards from a title's map, deterministic
positions for the map metrics, and the brute-force check behind ``routes.suboptimal_count``.

>>> # board = grow_board(Board(mapdef), ["A", "B"], homes, random.Random(1), 200)
>>> # print(time_queries(board, Operator("A"), RouteRules(), RunContext(trains)))
>>> # problems = route_positions(50, seed=1)   # list[RouteProblem]
>>> # [brute_force_check(p) for p in problems]  # optimum revenue, or None if too large
>>> # compare_solvers(problems, {"old": old_best_routes, "new": best_routes})
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence

from railhouse.map.board import Board
from railhouse.map.graph import Operator
from railhouse.map.lays import LayOptions, legal_tile_lays
from railhouse.map.mapdef import MapDef
from railhouse.map.optimize import RouteResult, best_routes
from railhouse.map.problem import RouteProblem
from railhouse.map.reference import best_total
from railhouse.map.tokens import TokenOptions, legal_token_placements
from railhouse.map.trains import RouteRules, RunContext, TrainSpec

ALL_COLORS = frozenset({"yellow", "green", "brown", "gray"})
EXPRESS = TrainSpec("3E", 3, towns_pay=False, multiplier=2)
#: (train limit, train lengths on sale; 0 = the 3E express) per phase, as in SOH facts §3/§4:
#: the mixes a company can really hold, from four short trains to two long ones
PHASE_TRAINS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (4, (2, 3)),
    (3, (3, 4)),
    (2, (4, 5)),
    (2, (5, 6, 0)),
)
#: budgets of the brute-force check: raw paths explored, train/route combinations
CHECK_PATHS = 40_000
CHECK_COMBINATIONS = 400_000


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


def title_map(title: str = "soh", seed: int = 0) -> MapDef:
    """The map of an installed title (from a new game's ``board``); ``ValueError`` if the
    title's games have no board."""
    from railhouse.engine.record import new_game

    game = new_game(title, ["P0", "P1", "P2", "P3"], None, seed)
    board = getattr(game, "board", None)
    if not isinstance(board, Board):
        raise ValueError(f"title {title!r} has no core map board")
    return board.map


def grown_boards(
    n: int, seed: int, title: str = "soh", mapdef: MapDef | None = None
) -> list[tuple[Board, list[str]]]:
    """``n`` deterministic late-game boards of ``mapdef`` (default: the title's map):
    ``grow_board`` from every home reservation, 150-350 random lays; and the companies."""
    mapdef = mapdef or title_map(title)
    homes: dict[str, tuple[str, int]] = {}
    for r in mapdef.reservations:
        homes.setdefault(r.company, (r.hex, r.city or 0))
    companies = sorted(homes)
    out = []
    for k in range(n):
        rng = random.Random(f"{seed}:{k}")
        board = grow_board(Board(mapdef), companies, homes, rng, rng.choice((150, 250, 350)))
        out.append((board, companies))
    return out


def route_positions(
    n: int, seed: int, title: str = "soh", mapdef: MapDef | None = None
) -> list[RouteProblem]:
    """Route problems on ``n`` grown boards: every company with a token, a train mix of
    one of ``PHASE_TRAINS`` (1-4 trains), the later off-board column."""
    out = []
    for k, (board, companies) in enumerate(grown_boards(n, seed, title, mapdef)):
        rng = random.Random(f"{seed}:{k}:trains")
        for company in companies:
            limit, lengths = rng.choice(PHASE_TRAINS)
            trains = []
            for _ in range(rng.randint(1, limit)):
                length = rng.choice(lengths)
                trains.append(TrainSpec(str(length), length) if length else EXPRESS)
            op = Operator(company, column=1)
            out.append(RouteProblem(board, op, RouteRules(), RunContext(tuple(trains))))
    return out


Solver = Callable[[Board, Operator, RouteRules, RunContext], RouteResult]


def compare_solvers(
    problems: Sequence[RouteProblem], solvers: Mapping[str, Solver]
) -> dict[str, dict[str, object]]:
    """Cold-cache timings of several route solvers (e.g. an old copy of ``best_routes``
    and the current one) over the same ``problems`` in one run -- on a loaded machine
    only figures from one run compare -- with, per solver, the ``summary`` of its
    milliseconds, the count of inexact results and the indices of the problems where its
    revenue differs from the first solver's."""
    revenues: dict[str, list[int]] = {}
    out: dict[str, dict[str, object]] = {}
    for name, solve in solvers.items():
        ms, got, inexact = [], [], 0
        for p in problems:
            p.board.cache.clear()
            start = time.perf_counter()
            result = solve(p.board, p.operator, p.rules, p.run)
            ms.append((time.perf_counter() - start) * 1000)
            got.append(result.revenue)
            inexact += not result.exact
        revenues[name] = got
        first = revenues[next(iter(solvers))]
        differ = [i for i, (a, b) in enumerate(zip(first, got, strict=True)) if a != b]
        out[name] = {"ms": summary(ms), "inexact": inexact, "differs_at": differ}
    return out


def legal_lay_positions(
    n: int, seed: int, title: str = "soh", mapdef: MapDef | None = None
) -> list[tuple[Board, Operator, LayOptions]]:
    """``legal_tile_lays`` questions on ``n`` grown boards: every company, every colour."""
    return [
        (board, Operator(company, column=1), LayOptions(colors=ALL_COLORS))
        for board, companies in grown_boards(n, seed, title, mapdef)
        for company in companies
    ]


def brute_force_check(problem: RouteProblem) -> int | None:
    """The optimum revenue of ``problem`` by the naive reference
    (:mod:`railhouse.map.reference`), or None when the position is too large for it (or
    uses a ``route_bonus`` hook).  ``routes.suboptimal_count`` compares it with
    ``problem.solve().revenue``."""
    return best_total(
        problem.board,
        problem.operator,
        problem.rules,
        problem.run,
        max_paths=CHECK_PATHS,
        max_combinations=CHECK_COMBINATIONS,
    )
