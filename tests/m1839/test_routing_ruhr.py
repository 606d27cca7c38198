"""R-12.4.3 / A-37: the optimiser's Ruhrgebiet value against a brute force on small positions.

The brute force below shares only the track graph builder with the code under test: it
enumerates every simple path and every assignment of routes to trains, and prices the
Ruhrgebiet by the rule text written out again, independently of
``railhouse_m1839.routing.ruhr_bonus``: per train, the larger of the largest value among
the route's other stops (towns, cities, other-end off-board) and twice the other-end
off-board.  Positions: AMS at Venlo-side Roermond L17 and Maastricht N15 (next to the
Ruhrgebiet and Luik), or MSS at Eindhoven K12 and Venlo K16, with random legal lays.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest_map import MapGame

from railhouse.engine.routes import best_routes
from railhouse.map.graph import track_graph
from railhouse.map.lays import LayOptions, legal_tile_lays
from railhouse.map.trains import TrainSpec as RouteTrain
from railhouse_m1839.mapdata import RUHR
from railhouse_m1839.routing import operator, run_context

START = {"AMS": ("L17", "N15"), "MSS": ("K12", "K16")}
TRAINS = ("2", "2+1", "3", "3+", "4", "R4", "PR2+", "PR3+1")


def _blocked(game: MapGame, node: Any, company: str, non_blocking: frozenset[str]) -> bool:
    if node.kind != "city" or node.slots == 0:
        return False
    owners = game.board.tokens.get((node.hex, node.city), [])
    return len(owners) >= node.slots and company not in owners and not set(owners) & non_blocking


def all_routes(game: MapGame, company: str) -> list[tuple[list[Any], frozenset[Any]]]:
    """Every simple path between two stops that is a legal route (R-16.2.1-R-16.2.4,
    R-16.2.6, R-12.4.1 off-boards as termini), as (stop nodes, track used)."""
    op = operator(game, game.companies[company])  # type: ignore[arg-type]
    g = track_graph(game.board, op.released)
    stop_kinds = ("city", "town", "offboard")
    out = []

    def legal(nodes: list[int], paths: list[int]) -> None:
        stops = [g.nodes[u] for u in nodes if g.nodes[u].kind in stop_kinds]
        if sum(1 for n in stops if n.kind != "offboard") < 2:
            return
        if not any(n.kind == "city" and company in game.board.tokens.get((n.hex, n.city), [])
                   for n in stops):
            return
        ends = (stops[0].offboard, stops[-1].offboard)
        if ends[0] is not None and ends[1] is not None and ends[0].group == ends[1].group:
            return
        used = {("p", p) for p in paths} | {("n", u) for u in nodes if g.nodes[u].kind == "edge"}
        out.append((stops, frozenset(used)))

    def extend(nodes: list[int], paths: list[int]) -> None:
        node = g.nodes[nodes[-1]]
        if len(nodes) > 1 and node.kind in stop_kinds and nodes[0] < nodes[-1]:
            legal(nodes, paths)
        if len(nodes) > 1 and (node.kind == "offboard"
                               or _blocked(game, node, company, op.non_blocking)):
            return
        for v, pid in g.adj[nodes[-1]]:
            if v not in nodes:
                extend([*nodes, v], [*paths, pid])

    for u, node in enumerate(g.nodes):
        if node.kind in stop_kinds:
            extend([u], [])
    return out


def value_of(node: Any, column: int) -> int:
    return int(node.offboard.value(column)) if node.offboard else int(node.revenue)


def ruhr_value(stops: list[Any], column: int) -> int:
    """R-12.4.3 written out: 0 off the Ruhrgebiet, else max(largest other value,
    2 x the other-end off-board)."""
    if not any(n.offboard and n.offboard.location == RUHR for n in stops):
        return 0
    others = [n for n in stops if not (n.offboard and n.offboard.location == RUHR)]
    doubled = [2 * value_of(n, column) for n in others if n.offboard]
    return max([value_of(n, column) for n in others] + doubled)


def fits(stops: list[Any], train: RouteTrain) -> bool:
    """R-16.1 / A-01 lengths; off-boards do not count as cities; P trains one off-board."""
    cities = sum(1 for n in stops if n.kind == "city")
    centres = sum(1 for n in stops if n.kind != "offboard")
    offboards = len(stops) - centres
    if cities > train.cities or (train.centres is not None and centres > train.centres):
        return False
    return train.max_offboards is None or offboards <= train.max_offboards


def brute_best(game: MapGame, company: str) -> int:
    """Every assignment of track-disjoint routes to trains (R-16.2.7); centres counted once
    over non-R trains (R-16.3.3), every time for R trains (R-16.3.4); off-boards and the
    Ruhrgebiet value per train (R-16.3.5, A-37)."""
    routes = all_routes(game, company)
    column = game.phase.offboard_column
    run = run_context(game, game.companies[company])  # type: ignore[arg-type]
    best = 0

    def total(picked: list[tuple[RouteTrain, list[Any]]]) -> int:
        money, counted = 0, set()
        for train, stops in picked:
            for n in stops:
                if n.offboard:
                    money += value_of(n, column) if n.offboard.location != RUHR else 0
                elif train.recount or n.name not in counted:
                    money += value_of(n, column)
                    counted |= set() if train.recount else {n.name}
            money += ruhr_value(stops, column)
        return money

    def rec(i: int, used: frozenset[Any], picked: list[tuple[RouteTrain, list[Any]]]) -> None:
        nonlocal best
        if i == len(run.trains):
            best = max(best, total(picked))
            return
        rec(i + 1, used, picked)
        for stops, track in routes:
            if fits(stops, run.trains[i]) and not track & used:
                rec(i + 1, used | track, [*picked, (run.trains[i], stops)])

    rec(0, frozenset(), [])
    return best


def position(seed: int) -> tuple[MapGame, str]:
    rng = random.Random(seed)
    game = MapGame(rng.choice(("LY", "LG", "LBr", "LR", "GR")))
    company = rng.choice(sorted(START))
    for coord in START[company]:
        game.board.place_token(coord, 0, company)
    op = operator(game, game.companies[company])  # type: ignore[arg-type]
    colours = frozenset(game.phase.tiles)
    for _ in range(rng.randint(4, 8)):
        options = legal_tile_lays(game.board, op, LayOptions(colors=colours))
        if not options:
            break
        pick = rng.choice(options)
        game.board.lay_tile(pick.hex, pick.tile, pick.rotation, pick.tokens)
    for name in rng.sample(TRAINS, rng.randint(1, 2)):
        game.give_train(company, name)
    return game, company


@pytest.mark.parametrize("seed", range(40))
def test_R_12_4_3_ruhrgebiet_value_equals_brute_force(seed: int) -> None:
    game, company = position(seed)
    result = best_routes(game, game.companies[company])  # type: ignore[arg-type]
    assert result.exact
    assert result.revenue == brute_best(game, company)


def test_R_12_4_3_positions_exercise_the_ruhrgebiet_and_its_doubling() -> None:
    """The seeds above are not vacuous: optimal routes reach the Ruhrgebiet, and in some
    the doubled other-end off-board (Luik) is what it is worth."""
    reached = doubled = 0
    for seed in range(40):
        game, company = position(seed)
        result = best_routes(game, game.companies[company])  # type: ignore[arg-type]
        for route in result.routes:
            if RUHR in route.stops:
                reached += 1
                doubled += "Luik" in route.stops
    assert reached >= 5
    assert doubled >= 1
