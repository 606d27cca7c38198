"""Claims are traced on the network graph (patched lay by lay) and must be judged exactly
as the plain tracer (``plain_tracer.py``, the tracer before) judges them on a full build
of the track graph: at every ``RunRoutes`` decision of game 181446, of the golden
``rules=18xx-games`` records and of seeded playouts, the claim made and claims bent from
it (legs dropped, reversed, merged, cut, trains swapped or repeated) get the same checked
routes, or the same refusal; and the tracer's order (the stops a route may start from,
the ways at each node) is a full build's on both graphs."""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from plain_tracer import PlainTracer

from railhouse.bench.positions import choose_playing
from railhouse.engine.actions import RunRoutes, TrainRoute, from_builtins
from railhouse.engine.record import new_game
from railhouse.engine.steps.claims import claimed
from railhouse.map import validate
from railhouse.map.graph import track_graph
from railhouse.map.network import network_graph
from railhouse.map.validate import IllegalRoute, _Tracer, check_routes
from railhouse.testing.conformance import choose
from railhouse_soh.importer import GAME_181446, import_18xx_games

GOLDEN = Path(__file__).parents[1] / "golden" / "records" / "soh.jsonl.gz"


def judged(game: Any, company: str, routes: tuple[TrainRoute, ...],
           on_full_build: bool) -> object:
    """The checked routes of a claim, or the refusal (message and rule): by the engine's
    tracer on the network graph, or by the plain tracer on a full build."""
    problem = game.route_problem(company)
    board = problem.board
    graph = None
    if on_full_build:
        fresh = board.clone()
        fresh.cache.clear()
        graph = track_graph(fresh, problem.operator.released)
    try:
        with patch.object(validate, "_Tracer", PlainTracer if on_full_build else _Tracer):
            return check_routes(board, problem.operator, problem.rules, problem.run,
                                claimed(routes), graph)
    except IllegalRoute as exc:
        return ("refused", str(exc), exc.rule)


def bent(routes: tuple[TrainRoute, ...], rng: random.Random) -> Iterator[tuple[TrainRoute,
                                                                                ...]]:
    """Claims made from ``routes`` by small changes (most of them illegal)."""
    yield routes
    trains = [r.train for r in routes]
    for k, route in enumerate(routes):
        legs = route.path
        others = routes[:k] + routes[k + 1:]
        yield (route,)
        yield (*others, TrainRoute(route.train, tuple(reversed(legs))))
        yield (*others, TrainRoute(route.train, tuple(
            "-".join(reversed(leg.split("-"))) for leg in reversed(legs))))
        if len(legs) > 1:
            yield (*others, TrainRoute(route.train, legs[1:]))
            yield (*others, TrainRoute(route.train, legs[:-1]))
            merged = legs[0] + "-" + "-".join(legs[1].split("-")[1:])
            yield (*others, TrainRoute(route.train, (merged, *legs[2:])))
        for i, leg in enumerate(legs):
            hexes = leg.split("-")
            if len(hexes) > 2:
                cut = rng.randrange(1, len(hexes) - 1)
                short = "-".join(hexes[:cut] + hexes[cut + 1:])
                yield (*others, TrainRoute(route.train, (*legs[:i], short, *legs[i + 1:])))
        yield (*routes, route)  # a train twice
        if len(trains) > 1:
            other = trains[(k + 1) % len(trains)]
            yield (*others, TrainRoute(other, legs))


def same_order(game: Any) -> None:
    """The tracer's order on the network graph is a full build's, by name."""
    board = game.board
    net = network_graph(board)
    fresh = board.clone()
    fresh.cache.clear()
    full = track_graph(fresh)
    on_net, on_full = _Tracer(board, net), _Tracer(fresh, full)
    for coord in board.map.hexes:
        assert ([net.nodes[u].name for u in on_net.starts(coord)]
                == [full.nodes[u].name for u in on_full.starts(coord)])
    for u in range(len(full.nodes)):
        v = net.index[full.nodes[u].name]
        assert ([net.path_names[p] for _, p in on_net.adjacent(v)]
                == [full.path_names[p] for _, p in on_full.adjacent(u)])


def check_position(game: Any, rng: random.Random) -> int:
    """Judge the claims at a RunRoutes decision on both graphs; how many were judged."""
    offered = [a.action for a in game.cached_legal_actions()
               if isinstance(a.action, RunRoutes)]
    if not offered:
        return 0
    company = offered[0].entity
    count = 0
    for routes in bent(offered[0].routes, rng):
        assert judged(game, company, routes, False) == judged(game, company, routes, True)
        count += 1
    same_order(game)
    return count


def replay_checking(record: dict[str, Any], seed: int) -> int:
    game = new_game(record["title"], list(record["players"]), record.get("options"),
                    int(record["seed"]))
    rng = random.Random(seed)
    count = 0
    for raw in record["actions"]:
        action = from_builtins(raw)
        if isinstance(action, RunRoutes):
            count += check_position(game, rng)
            routes = action.routes
            assert (judged(game, action.entity, routes, False)
                    == judged(game, action.entity, routes, True))
        game.apply(action)
    return count


def test_claims_of_game_181446() -> None:
    assert replay_checking(import_18xx_games(GAME_181446), 0) > 100


def test_claims_of_the_golden_18xx_games_records() -> None:
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as lines:
        records = [r for r in map(json.loads, lines)
                   if r.get("options", {}).get("rules") == "18xx-games"]
    assert len(records) >= 3
    assert sum(replay_checking(r, k) for k, r in enumerate(records)) > 200


@pytest.mark.parametrize("seed", range(3))
def test_claims_of_seeded_playouts(seed: int) -> None:
    game = new_game("soh", ["a", "b", "c"], {"rules": "18xx-games"}, seed)
    rng = random.Random(seed)
    count = 0
    for _ in range(1500):
        if game.over:
            break
        count += check_position(game, rng)
        game.apply(choose(rng, game.cached_legal_actions()))
    assert count > 20


def test_tracer_order_on_1839_boards() -> None:
    """1839 has off-boards over several hexes and barriers: the network graph's order is
    a full build's at every track version of a seeded playout."""
    game = new_game("1839", ["a", "b", "c"], {}, 0)
    rng = random.Random(0)
    seen: set[int] = set()
    for _ in range(3000):
        if game.over:
            break
        game.apply(choose_playing(rng, game.cached_legal_actions()))
        if game.board.track_version not in seen:
            seen.add(game.board.track_version)
            same_order(game)
    assert len(seen) > 5
