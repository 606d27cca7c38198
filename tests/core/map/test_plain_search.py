"""The plain search (``plain_search.plain_search``), where it answers, answers exactly what
the branch-and-bound leaves (value, picks and what each pick adds) on the route questions
of seeded random games of both titles (SOH under both rule sets), with the companies' own
trains and with sets of equal and unequal trains, wherever the first descent does not
already answer."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.map import Board, RunContext, TrainSpec
from railhouse.map.candidates import candidates, token_links, train_kinds, undominated
from railhouse.map.optimize import _solve
from railhouse.map.plain_search import plain_search
from railhouse.map.routegraph import company_graph
from railhouse.map.routes import enumerate_routes
from railhouse.map.search import first_descent

SETS = (
    (TrainSpec("a", 2), TrainSpec("b", 2)),
    (TrainSpec("a", 3), TrainSpec("b", 2), TrainSpec("c", 3)),
    (TrainSpec("a", 4), TrainSpec("b", 3), TrainSpec("c", 2), TrainSpec("d", 2)),
    (TrainSpec("a", 2, centres=2), TrainSpec("b", 3, centres=4), TrainSpec("c", 2, recount=True)),
    (TrainSpec("a", 3, towns_pay=False, multiplier=2), TrainSpec("b", 3), TrainSpec("c", 3)),
)


def _compare(game: Any, tally: Counter[str]) -> None:
    board: Board = game.board
    rules = game.route_rules
    for company in game.companies.values():
        if not board.company_cities(company.id):
            continue
        op = game.route_operator(company)
        own = game.route_run(company).trains
        for trains in ((own,) if own else ()) + SETS:
            run = RunContext(trains=trains)
            where = company_graph(board, op, rules)
            raw, reason = enumerate_routes(board, op, rules, run, where=where)
            if reason:
                continue
            routes, comp = undominated(raw), where.comp
            tokens = token_links(board, op, comp, run)
            kinds = train_kinds(run.trains)
            lists = {t: candidates(comp, routes, t, rules, run, tokens) for t in set(kinds)}
            cands = [lists[t] for t in kinds]
            if first_descent(comp.graph, kinds, cands) is not None:
                continue
            found = plain_search(comp.graph, kinds, cands)
            if found is None:
                tally["too big"] += 1
                continue
            bb = _solve(comp.graph, kinds, cands, rules, tokens)
            assert bb.solve()
            assert found == (bb.best, bb.best_pick, bb.best_values), (company.id, trains)
            tally["plain"] += 1


@pytest.mark.parametrize(("title", "every", "options"),
                         [("soh", 12, None), ("soh", 12, {"rules": "18xx-games"}),
                          ("1839", 40, None)])
def test_plain_search_answers_as_the_branch_and_bound(
    title: str, every: int, options: dict[str, str] | None
) -> None:
    tally: Counter[str] = Counter()
    for players, seed in ((4, 5), (3, 6)):
        game = new_game(title, seat_names(players), options, seed)
        rng = random.Random(seed)
        while not game.over:
            if len(game.actions) % every == 0:
                _compare(game, tally)
            game.apply(choose_playing(rng, game.legal_actions()))
        _compare(game, tally)
    assert tally["plain"] > 50, tally
