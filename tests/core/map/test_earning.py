"""``earning.earns`` (does one train earn anything?) agrees with the route optimiser's
``revenue > 0`` wherever it answers, at many positions of seeded random playouts of Steam
Over Holland (printed and 18xx-games rule sets) and 1839 (with route rules and trains the
shortcut applies to), for every company on the map and trains of several kinds."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.map.earning import earns
from railhouse.map.optimize import best_routes
from railhouse.map.trains import RouteRules, RunContext, TrainSpec

TRAINS = (
    TrainSpec("2", cities=2),
    TrainSpec("3", cities=3),
    TrainSpec("5", cities=5),
    TrainSpec("3E", cities=3, towns_pay=False, multiplier=2),
    TrainSpec("2P", cities=2, max_offboards=1),
)


def _compare(game: Any, rules: RouteRules, tally: Counter[str], offboards: bool) -> None:
    board = game.board
    on_map = {owner for owners in board.tokens.values() for owner in owners}
    for company_id in sorted(on_map & set(game.companies)):
        op = game.route_operator(game.companies[company_id])
        for train in TRAINS:
            run = RunContext(trains=(train,), offboards_allowed=offboards)
            quick = earns(board, op, rules, run)
            if quick is None:
                tally["none"] += 1
                continue
            full = best_routes(board, op, rules, run).revenue > 0
            assert quick == full, (company_id, train, board.track_version, board.token_version)
            tally[str(quick)] += 1


def _play(title: str, options: dict[str, Any], seed: int, rules: RouteRules, every: int,
          offboards: bool = True) -> Counter[str]:
    tally: Counter[str] = Counter()
    game = new_game(title, seat_names(4), options, seed)
    rng = random.Random(seed)
    seen: set[tuple[int, int]] = set()
    while not game.over:
        board = game.board
        revision = (board.track_version, board.token_version)
        if revision not in seen and len(seen) % every == 0:
            _compare(game, rules, tally, offboards)
        seen.add(revision)
        game.apply(choose_playing(rng, game.legal_actions()))
    return tally


@pytest.mark.parametrize("seed", [3, 4, 5])
@pytest.mark.parametrize("ruleset", ["printed", "18xx-games"])
def test_soh_agrees_with_the_optimiser(seed: int, ruleset: str) -> None:
    from railhouse_soh.routing import RULES

    options = {} if ruleset == "printed" else {"rules": ruleset}
    tally = _play("soh", options, seed, RULES, every=2)
    assert tally["True"] > 20 and tally["False"] > 0, tally


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("offboards", [True, False])
def test_1839_boards_agree_with_the_optimiser(seed: int, offboards: bool) -> None:
    from railhouse_m1839.routing import RULES

    rules = replace(RULES, min_centres=0)  # 1839's own asks two centres: no shortcut
    tally = _play("1839", {}, seed, rules, every=1, offboards=offboards)
    # 1839's untiled cities are worth nothing: the shortcut leaves most positions alone
    assert tally["True"] + tally["False"] > 5, tally


def test_rules_asking_two_centres_are_left_to_the_optimiser() -> None:
    game = new_game("soh", seat_names(4), {}, 1)
    run = RunContext(trains=(TRAINS[0],))
    op = game.route_operator(next(iter(game.companies.values())))
    assert earns(game.board, op, RouteRules(min_centres=2), run) is None
    assert earns(game.board, op, RouteRules(), replace(run, trains=TRAINS[:2])) is None


def _no_route_agrees(game: Any, tally: Counter[str]) -> None:
    """``no_route`` is True exactly where the route search (on the company's route
    graph, without the shortcut) lists no route, for its own and for longer trains."""
    from railhouse.map.earning import no_route
    from railhouse.map.routegraph import company_graph
    from railhouse.map.routes import enumerate_routes

    board, rules = game.board, game.route_rules
    for company in game.companies.values():
        op = game.route_operator(company)
        own = game.route_run(company)
        for run in (own, replace(own, trains=(TrainSpec("8", cities=8),))):
            if not run.trains:
                continue
            listed, _ = enumerate_routes(board, op, rules, run,
                                         where=company_graph(board, op, rules))
            if no_route(board, op, rules, run):
                assert not listed, (company.id, board.track_version, board.token_version)
                tally["none"] += 1
            else:
                tally["some" if listed else "missed"] += 1


@pytest.mark.parametrize(("title", "seed"), [("soh", 3), ("soh", 4), ("1839", 1), ("1839", 2)])
def test_no_route_agrees_with_the_route_search(title: str, seed: int) -> None:
    tally: Counter[str] = Counter()
    game = new_game(title, seat_names(4), {}, seed)
    rng = random.Random(seed)
    while not game.over:
        if len(game.actions) % 3 == 0:
            _no_route_agrees(game, tally)
        game.apply(choose_playing(rng, game.legal_actions()))
    assert tally["none"] > 20 and tally["some"] > 20, tally
