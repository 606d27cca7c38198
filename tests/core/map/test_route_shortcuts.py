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


@pytest.mark.parametrize(("title", "seed", "stop"), [
    ("1839", 1, "Ruhrgebiet"), ("1839", 4, "Ruhrgebiet"),  # seeds whose Majors run there
    ("soh", 1, None), ("soh", 4, None)])  # (no SOH playout seen running to J1 or D9)
def test_a_bonus_asked_only_at_its_stops_leaves_the_routes_as_they_were(
    title: str, seed: int, stop: str | None
) -> None:
    """A title names the stops its route bonus pays at (``RunContext.bonus_stops``; 1839
    Ruhrgebiet, SOH a bonus private's stop): the optimiser, asking the hook only about
    routes visiting one, answers as it does asking about every route; some answers run
    through ``stop`` (if given)."""
    from dataclasses import replace

    from railhouse.engine.routes import route_problem
    from railhouse.map.optimize import best_routes

    tally = {"asked": 0, "at stop": 0}

    def visit(game: Any, _legal: list[Any]) -> None:
        for company in _companies(game):
            problem = route_problem(game, company)
            if problem is None or problem.run.route_bonus is None:
                continue
            assert problem.run.bonus_stops
            board, op, rules = problem.board, problem.operator, problem.rules
            every = replace(problem.run, bonus_stops=None)
            got = best_routes(board, op, rules, problem.run)
            assert got == best_routes(board, op, rules, every), (company.id, seed)
            tally["asked"] += 1
            tally["at stop"] += any(stop in route.stops for route in got.routes)

    playout(title, 4, seed, visit=visit)
    assert tally["asked"] > 50 and (stop is None or tally["at stop"] > 0), tally


def test_soh_bonus_stops_are_the_stops_its_bonus_pays_at() -> None:
    """SOH names the ferry town for VES and Vlissingen for VVL (``routing.bonus`` pays
    nothing on a route visiting neither), and nothing without a bonus private."""
    from railhouse.engine.record import new_game
    from railhouse.map.trains import RouteView, TrainSpec
    from railhouse_soh import routing

    game = new_game("soh", ["a", "b", "c", "d"], None, 1)
    company = next(iter(game.companies.values()))
    assert routing.bonus_stops(game, company) is None
    assert game.route_run(company).bonus_stops is None
    bonus_privates = [p for p in game.privates.values()
                      if routing.BONUS_ABILITIES & set(p.spec.abilities)]
    company.privates.extend(p.id for p in bonus_privates)
    owned = {a for p in bonus_privates if not p.closed for a in p.spec.abilities}
    stops = routing.bonus_stops(game, company)
    assert stops, [p.id for p in bonus_privates]
    assert stops == {stop for ability, stop in routing.BONUS_STOPS if ability in owned}
    assert game.route_run(company).bonus_stops == stops
    train = TrainSpec("4", cities=4)
    for names in (("H9.c0", "D9.t0", "J1"), ("J1", "H9.c0"), ("H9.c0", "E8.c0")):
        view = RouteView(names, (0,) * len(names), ("city",) * len(names), train)
        assert (routing.bonus(game, company, view) > 0) == bool(stops & set(names)), names
