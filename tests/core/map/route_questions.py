"""The route questions of seeded random games, for tests that compare a shortcut of the
route search with the branch-and-bound (``test_first_descent``, ``test_plain_search``):
every company with a token on the board, with its own trains and with given train sets,
every ``every`` actions of two seeded games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.map import Board, RunContext, TrainSpec
from railhouse.map.candidates import candidates, token_links, train_kinds, undominated
from railhouse.map.graph import TrackGraph
from railhouse.map.optimize import _solve
from railhouse.map.routegraph import company_graph
from railhouse.map.routes import enumerate_routes
from railhouse.map.search_tables import Cand

TRAIN_SETS = (
    (TrainSpec("a", 2), TrainSpec("b", 2)),
    (TrainSpec("a", 3), TrainSpec("b", 2), TrainSpec("c", 3)),
    (TrainSpec("a", 4), TrainSpec("b", 3), TrainSpec("c", 2), TrainSpec("d", 2)),
    (TrainSpec("a", 2, centres=2), TrainSpec("b", 3, centres=4), TrainSpec("c", 2, recount=True)),
)


@dataclass
class Question:
    """One company's route question: its compressed graph, trains and candidates."""

    company: str
    trains: tuple[TrainSpec, ...]
    graph: TrackGraph
    kinds: tuple[TrainSpec, ...]
    cands: list[list[Cand]]
    rules: Any
    tokens: Any

    def branch_and_bound(self) -> tuple[int, list[int], list[int]]:
        """``(best, best_pick, best_values)`` as the branch-and-bound leaves them."""
        bb = _solve(self.graph, self.kinds, self.cands, self.rules, self.tokens)
        assert bb.solve()
        return bb.best, bb.best_pick, bb.best_values


def questions_at(game: Any, sets: tuple[tuple[TrainSpec, ...], ...]) -> Iterator[Question]:
    """Every company's route questions at this position (own trains, then ``sets``)."""
    board: Board = game.board
    rules = game.route_rules
    for company in game.companies.values():
        if not board.company_cities(company.id):
            continue
        op = game.route_operator(company)
        own = game.route_run(company).trains
        for trains in ((own,) if own else ()) + sets:
            run = RunContext(trains=trains)
            where = company_graph(board, op, rules)
            raw, reason = enumerate_routes(board, op, rules, run, where=where)
            if reason:
                continue
            routes, comp = undominated(raw), where.comp
            tokens = token_links(board, op, comp, run)
            kinds = train_kinds(run.trains)
            lists = {t: candidates(comp, routes, t, rules, run, tokens) for t in set(kinds)}
            yield Question(company.id, trains, comp.graph, kinds, [lists[t] for t in kinds],
                           rules, tokens)


def seeded_questions(
    title: str, every: int, sets: tuple[tuple[TrainSpec, ...], ...],
    options: dict[str, str] | None = None,
) -> Iterator[Question]:
    """:func:`questions_at` every ``every`` actions (and at the end) of two seeded random
    games of ``title`` (4 players seed 5, 3 players seed 6)."""
    for players, seed in ((4, 5), (3, 6)):
        game = new_game(title, seat_names(players), options, seed)
        rng = random.Random(seed)
        while not game.over:
            if len(game.actions) % every == 0:
                yield from questions_at(game, sets)
            game.apply(choose_playing(rng, game.legal_actions()))
        yield from questions_at(game, sets)
