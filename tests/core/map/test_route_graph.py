"""The company's route graph (made from the network graph, numbered as a full build of the
track graph would number it) gives the route search the same routes, in the same order,
as the compressed track graph, on the boards of seeded random games of both titles."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.map import Board, Operator, RouteRules, RunContext, TrainSpec
from railhouse.map.candidates import describe
from railhouse.map.compress import compressed
from railhouse.map.graph import track_graph
from railhouse.map.network import network_graph, network_reach, node_rank
from railhouse.map.routegraph import _route_graph, company_graph
from railhouse.map.routes import enumerate_routes


def _ranked_like_a_build(board: Board, released: frozenset[str]) -> None:
    """The live nodes of the network graph, by rank, are the track graph's, in order;
    and its segments, by rank, too."""
    net = network_graph(board, released)
    fresh = board.clone()
    fresh.cache.clear()
    full = track_graph(fresh, released)
    live = [u for u in range(len(net.nodes)) if net.index.get(net.nodes[u].name) == u]
    by_rank = sorted(live, key=lambda u: node_rank(net, u))
    assert [net.nodes[u].name for u in by_rank] == [n.name for n in full.nodes]
    segments = sorted({pid for ways in net.adj for _, pid in ways},
                      key=net.path_rank.__getitem__)
    assert [net.path_names[p] for p in segments] == full.path_names


def _same_routes(board: Board, op: Operator, rules: RouteRules, run: RunContext) -> int:
    """Both searches list the same routes in the same order; returns how many."""
    fresh = board.clone()
    fresh.cache.clear()
    full, _ = enumerate_routes(fresh, op, rules, run)
    comp = compressed(fresh, op, rules)
    where = company_graph(board, op, rules)
    # no link the search cannot use: every node of a route is reached
    assert all(where.reached.issuperset(link.nodes) for link in where.comp.links)
    mine, _ = enumerate_routes(board, op, rules, run, where=where)
    assert [describe(where.comp, r) for r in mine] == [describe(comp, r) for r in full]
    assert [(r.big, r.centres, r.city_value, r.town_value, r.off_value, r.res.bit_count())
            for r in mine] == [(r.big, r.centres, r.city_value, r.town_value, r.off_value,
                                r.res.bit_count()) for r in full]
    return len(full)


def _check(game: Any) -> int:
    board: Board = game.board
    listed = 0
    released: set[frozenset[str]] = set()
    for company in game.companies.values():
        if not board.company_cities(company.id):
            continue
        op = game.route_operator(company)
        released.add(op.released)
        longest = max((t.cities for t in game.route_run(company).trains), default=2)
        run = RunContext(trains=(TrainSpec("t", cities=max(longest, 3)),))
        listed += _same_routes(board, op, game.route_rules, run)
    for lifted in released:
        _ranked_like_a_build(board, lifted)
    return listed


@pytest.mark.parametrize(("title", "players", "seed", "every", "least"),
                         [("soh", 4, 3, 15, 100), ("soh", 3, 4, 15, 100),
                          ("1839", 4, 3, 30, 20)])
def test_route_graph_lists_the_routes_of_the_track_graph(
    title: str, players: int, seed: int, every: int, least: int
) -> None:
    game = new_game(title, seat_names(players), None, seed)
    rng = random.Random(seed)
    listed = 0
    while not game.over:
        if len(game.actions) % every == 0:
            listed += _check(game)
        game.apply(choose_playing(rng, game.legal_actions()))
    listed += _check(game)
    assert listed >= least


@pytest.mark.slow
@pytest.mark.parametrize("title", ["soh", "1839"])
def test_route_graph_lists_the_routes_of_the_track_graph_in_more_games(title: str) -> None:
    for seed in range(10, 16):
        game = new_game(title, seat_names(2 + seed % 3), None, seed)
        rng = random.Random(seed)
        while not game.over:
            if len(game.actions) % (5 if title == "soh" else 25) == 0:
                _check(game)
            game.apply(choose_playing(rng, game.legal_actions()))


def _graph_facts(where: Any) -> tuple[Any, ...]:
    """What a route graph gives the search, by names (nodes, segments, links, reach)."""
    g = where.comp.graph
    return ([n.name for n in g.nodes], list(g.path_names), list(where.comp.links),
            sorted(where.comp.adj.items()), sorted(where.reached), list(where.ends))


@pytest.mark.parametrize(("title", "seed"), [("soh", 5), ("soh", 6), ("1839", 5)])
def test_a_route_graph_handed_on_is_a_fresh_one(title: str, seed: int) -> None:
    """``company_graph`` hands a company's last route graph on while its reach is the same
    set object: at every position of a seeded game, for every company with a token (on
    the game's board, whose cache holds the last graphs, and on a clone played on by the
    same choices), it is the graph made afresh from the network reach; and some are
    handed on to a later revision."""
    game = new_game(title, seat_names(4), None, seed)
    rng = random.Random(seed)
    handed = proved = 0
    twin = None  # a clone, played on by the same choices: its last graphs are its own
    while not game.over:
        if twin is not None:
            _handed_on_fresh(twin)
        twin = game.clone() if len(game.actions) % 20 == 0 else None
        same_reach, unchanged = _handed_on_fresh(game)
        handed += same_reach
        proved += unchanged
        action = choose_playing(rng, game.legal_actions())
        game.apply(action)
        if twin is not None:
            twin.apply(action)
    assert handed > 0
    # handed on with a new reach (``routegraph._unchanged``), checked against a fresh
    # build like every other: SOH hands some on in every game
    assert proved > 0 or title != "soh"


def _handed_on_fresh(game: Any) -> tuple[int, int]:
    """Checks every company's route graph against a fresh build; how many were handed
    on to this revision with the same reach, and with a new one."""
    handed = proved = 0
    if game.board is not None:
        board: Board = game.board
        for company in game.companies.values():
            if not board.company_cities(company.id):
                continue
            op = game.route_operator(company)
            last = board.cache.get(("route_graph_last", op.company, op.released,
                                    op.non_blocking, game.route_rules.terminals,
                                    game.route_rules.exclusive_edges))
            made = ("route_graph", board.track_version, board.token_version, op,
                    game.route_rules.terminals, game.route_rules.exclusive_edges)
            fresh = made not in board.cache
            net, reached = network_reach(board, op)
            where = company_graph(board, op, game.route_rules)
            if fresh and last is not None and where is last.graph:
                handed += reached is last.reached
                proved += reached is not last.reached
            assert _graph_facts(where) == _graph_facts(_route_graph(net, reached,
                                                                    game.route_rules))
    return handed, proved
