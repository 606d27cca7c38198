"""Dense boards for the route optimiser's worst case (``routes.dense_ms``).

Random playouts rarely saturate a map: their late boards hold a few dozen tiles and short
trains, where exact routes take about a millisecond.  Real late games (1839's last phases,
or long SOH games) have almost every hex tiled and upgraded, many tokens and three or four
long trains per company, and there one company's routes can take seconds.  This module
makes such positions deterministically from the late snapshots of
:mod:`railhouse.bench.positions`:

1. the last snapshot of each seeded playout is copied;
2. companies with a token on the board lay legal tiles and upgrades at random (upgrades
   preferred, every colour of the title's last phase, costs ignored) with
   ``random.Random(f"dense:{title}:{seed}")`` until no company can lay or ``max_lays``;
3. each of them places up to ``extra_tokens`` more legal tokens, then step 2 runs again
   (new tokens reach new hexes);
4. each gets, for a phase drawn from the later half of the title's phases, as many trains
   as that phase's limit allows (SOH 3 or 2, 1839 3 or 2), each of one of the two longest
   types then in play (SOH phase 4: 4 and 3; phase 6: 6, 3E and 5; 1839 PU: 7 and 4), and
   the title's own ``route_problem`` states its question.

Only the rules of laying (``legal_tile_lays``) and tokens (``legal_token_placements``) are
followed; money, train limits and turn order are not: the positions are boards a game
could reach, with the most route work a company can be asked for.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from railhouse.bench.metric import Metric
from railhouse.bench.positions import Snapshot
from railhouse.engine.entities import Train
from railhouse.map.board import Board
from railhouse.map.graph import Operator
from railhouse.map.lays import LayOptions, legal_tile_lays
from railhouse.map.problem import RouteProblem, route_problem
from railhouse.map.tokens import TokenOptions, legal_token_placements

#: safety cap on the lays of one saturation pass (a map has fewer than 100 hexes of at
#: most four colours, so real passes stop earlier, when nothing is left to lay)
MAX_LAYS = 400
EXTRA_TOKENS = 3


@dataclass(frozen=True)
class DensePosition:
    """A saturated copy of a playout's last snapshot and its companies' route problems
    (``problems[i]`` is company ``companies[i]``'s)."""

    seed: int
    game: Any
    lays: int
    tokens: int
    companies: tuple[str, ...]
    problems: tuple[RouteProblem, ...]


def last_per_seed(snapshots: Iterable[Snapshot]) -> list[Snapshot]:
    """The latest snapshot of every seed, in seed order."""
    last: dict[int, Snapshot] = {}
    for s in snapshots:
        if s.seed not in last or s.index > last[s.seed].index:
            last[s.seed] = s
    return [last[seed] for seed in sorted(last)]


def dense_positions(
    title: str, snapshots: Iterable[Snapshot], *, max_lays: int = MAX_LAYS,
    extra_tokens: int = EXTRA_TOKENS,
) -> list[DensePosition]:
    """One dense position per seed of ``snapshots`` (module docstring); the snapshots'
    games are not changed."""
    return [dense_position(title, s, max_lays=max_lays, extra_tokens=extra_tokens)
            for s in last_per_seed(snapshots)]


def dense_position(
    title: str, snapshot: Snapshot, *, max_lays: int = MAX_LAYS,
    extra_tokens: int = EXTRA_TOKENS,
) -> DensePosition:
    """Saturate a copy of ``snapshot``'s game (module docstring)."""
    rng = random.Random(f"dense:{title}:{snapshot.seed}")
    game = snapshot.game.clone()
    board: Board = game.board
    companies = _companies(game, board)
    _give_trains(game, companies, rng)
    ops = {c: _operator(game, c) for c in companies}
    colors = frozenset(game.config.phases[-1].tiles)
    lays = saturate(board, [ops[c] for c in companies], rng, colors, max_lays)
    tokens = 0
    for company in companies:
        tokens += add_tokens(board, ops[company], rng, rng.randint(1, extra_tokens))
    lays += saturate(board, [ops[c] for c in companies], rng, colors, max_lays)
    board.new_turn()
    problems = []
    for company in companies:
        problem = route_problem(game, company)
        assert problem is not None  # it has trains and a token
        problems.append(problem)
    return DensePosition(snapshot.seed, game, lays, tokens, tuple(companies), tuple(problems))


def dense_problems(title: str, snapshots: Iterable[Snapshot]) -> list[RouteProblem]:
    """Every company's route problem on the dense positions of ``snapshots``."""
    return [p for pos in dense_positions(title, snapshots) for p in pos.problems]


def saturate(
    board: Board, ops: list[Operator], rng: random.Random, colors: frozenset[str],
    max_lays: int = MAX_LAYS,
) -> int:
    """Lay random legal tiles (an upgrade with probability 0.7 when there is one) for
    companies taken in a random order each round, until a whole round lays nothing or
    ``max_lays`` lays were made; returns the number of lays."""
    options = LayOptions(colors=colors)
    made = 0
    while made < max_lays:
        laid_this_round = False
        for op in rng.sample(ops, len(ops)):
            lays = legal_tile_lays(board, op, options)
            if not lays:
                continue
            ups = [lay for lay in lays if lay.upgrade]
            pool = ups if ups and rng.random() < 0.7 else lays
            lay = rng.choice(pool)
            board.lay_tile(lay.hex, lay.tile, lay.rotation, lay.tokens)
            made += 1
            laid_this_round = True
            if made >= max_lays:
                break
        if not laid_this_round:
            break
    return made


def add_tokens(board: Board, op: Operator, rng: random.Random, count: int) -> int:
    """Place up to ``count`` legal tokens for ``op`` at random; returns how many."""
    placed = 0
    for _ in range(count):
        spots = legal_token_placements(board, op, TokenOptions())
        if not spots:
            break
        spot = rng.choice(spots)
        board.place_token(spot.hex, spot.city, op.company)
        placed += 1
    return placed


def _companies(game: Any, board: Board) -> list[str]:
    """Open companies of the game with a token on the board, sorted."""
    owners = {o for owners in board.tokens.values() for o in owners}
    return sorted(
        c for c, company in game.companies.items()
        if c in owners and not getattr(company, "closed", False)
    )


def late_phase_trains(game: Any) -> list[tuple[int, list[Any]]]:
    """For each phase of the later half of the title's phases: its train limit and its
    longest train types on sale or still running (introduced by then, not yet rusted; the
    two largest by distance times multiplier, ties kept)."""
    phases = game.config.phases
    index = {p.name: i for i, p in enumerate(phases)}
    intro: dict[str, int] = {}
    for i, phase in enumerate(phases):
        for name in phase.on_trains:
            intro.setdefault(name, i)
    out = []
    for i in range(len(phases) // 2, len(phases)):
        alive = [
            s for s in game.config.trains
            if intro.get(s.name, 0) <= i and (s.rusts_on is None or index[s.rusts_on] > i)
        ]
        sizes = sorted({s.distance * s.multiplier for s in alive}, reverse=True)[:2]
        longest = sorted((s for s in alive if s.distance * s.multiplier in sizes),
                         key=lambda s: s.name)
        out.append((phases[i].train_limit, longest))
    return out


def _give_trains(game: Any, companies: list[str], rng: random.Random) -> None:
    """A late phase per company; as many trains as its limit, of its longest types."""
    choices = late_phase_trains(game)
    for company in companies:
        limit, types = rng.choice(choices)
        game.companies[company].trains = [
            Train(f"{company}-dense{i}", rng.choice(types), owner=company) for i in range(limit)
        ]


def _operator(game: Any, company: str) -> Operator:
    problem = route_problem(game, company)
    return problem.operator if problem is not None else Operator(company)


def dense_route_times(positions: list[DensePosition]) -> Metric:
    """``routes.dense_ms``: the cold exact optimum of every company of ``positions``;
    ``extra`` names the worst problem (seed, company, trains) and its time."""
    samples: list[float] = []
    inexact = 0
    worst = ("", -1.0)
    for pos in positions:
        for company, problem in zip(pos.companies, pos.problems, strict=True):
            problem.board.cache.clear()
            start = time.perf_counter()
            result = problem.solve()
            ms = (time.perf_counter() - start) * 1e3
            samples.append(ms)
            inexact += not result.exact
            if ms > worst[1]:
                trains = "+".join(t.spec.name for t in pos.game.companies[company].trains)
                worst = (f"seed {pos.seed} {company} ({trains})", ms)
    metric = Metric("routes.dense_ms", "ms", samples,
                    extra={"positions": len(positions), "problems": len(samples),
                           "inexact": inexact, "worst_ms": round(worst[1], 3),
                           "worst": worst[0]})
    if samples:
        metric.note = f"worst {worst[1]:,.0f} ms: {worst[0]}"
    if inexact:
        metric.note += f"; {inexact} results hit a safety limit (exact=False)"
    return metric

