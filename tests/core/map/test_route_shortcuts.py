"""Shortcuts of the route step equal the long way at every board revision of seeded
playouts of both titles: the route search's reach taken from the network graph's reach
(``graph._from_network_reach``) equals a reach computed afresh, and one train's routes
taken from the top of its candidate list equal the branch-and-bound's pick."""

from __future__ import annotations

from typing import Any

import pytest

from railhouse.bench.positions import playout
from railhouse.map.candidates import candidates, token_links, train_kinds, undominated
from railhouse.map.compress import compressed
from railhouse.map.graph import reach
from railhouse.map.network import network_reach
from railhouse.map.optimize import _probe_rules, _solve
from railhouse.map.routes import enumerate_routes
from railhouse.map.search import NONE, first_descent


def _companies(game: Any) -> list[Any]:
    on_map = {owner for owners in game.board.tokens.values() for owner in owners}
    return [game.companies[c] for c in sorted(on_map & set(game.companies))]


@pytest.mark.parametrize(("title", "seed"), [("soh", 6), ("1839", 3)])
def test_reach_from_the_network_graph_equals_a_fresh_reach(title: str, seed: int) -> None:
    revisions: set[tuple[int, int]] = set()
    checked = 0

    def visit(game: Any, _legal: list[Any]) -> None:
        nonlocal checked
        board = game.board
        if (board.track_version, board.token_version) in revisions:
            return
        revisions.add((board.track_version, board.token_version))
        for company in _companies(game):
            op = game.route_operator(company)
            fresh = board.clone()
            fresh.cache.clear()
            network_reach(board, op)  # cached: reach() translates it
            board.cache.pop(("reach", board.track_version, board.token_version, op), None)
            assert reach(board, op) == reach(fresh, op)
            checked += 1

    playout(title, 4, seed, visit=visit)
    assert checked > 50


@pytest.mark.parametrize(("title", "seed"), [("soh", 7), ("1839", 4)])
def test_one_train_takes_what_the_search_picks(title: str, seed: int) -> None:
    revisions: set[tuple[int, int]] = set()
    checked = 0

    def visit(game: Any, _legal: list[Any]) -> None:
        nonlocal checked
        board = game.board
        if (board.track_version, board.token_version) in revisions:
            return
        revisions.add((board.track_version, board.token_version))
        for company in _companies(game):
            problem = game.route_problem(company.id)
            if problem is None:
                continue
            rules, run = problem.rules, problem.run
            op = problem.operator
            comp = compressed(board, op, rules)
            routes, reason = enumerate_routes(board, op, _probe_rules(rules), run)
            if reason:
                continue
            routes = undominated(routes)
            tokens = token_links(board, op, comp, run)
            for train in train_kinds(run.trains):
                one = (train,)
                cands = [candidates(comp, routes, train, rules, run, tokens)]
                bb = _solve(comp.graph, one, cands, rules, tokens)
                assert bb.solve()
                picks = [0] if cands[0] else [NONE]
                best = cands[0][0].value if cands[0] else 0
                assert (bb.best, bb.best_pick, bb.best_values) == (best, picks, [best])
                # what optimize.best_routes answers with instead of the search
                assert first_descent(comp.graph, one, cands) == (best, picks, [best])
                checked += 1

    playout(title, 4, seed, visit=visit)
    assert checked > 20
