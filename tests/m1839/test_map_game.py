"""The map steps inside real 1839 games (M1839): positions come from seeded playouts by a
player that never concedes and prefers building track and stations; every map rule below
is checked at the moment its step acted."""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import pytest

from railhouse.engine.actions import Concede, LayTile, PlaceToken
from railhouse.engine.tokendeals import ReturnDecider
from railhouse.map.problem import RouteProblem, route_problem
from railhouse.testing.conformance import choose
from railhouse_m1839.actions import Nationalise
from railhouse_m1839.game import M1839, new_game
from railhouse_m1839.mapdata import OFFBOARDS
from railhouse_m1839.stations import markers_left

SEEDS = (1, 7, 11)


@dataclass
class Record:
    """What the playout saw: events with the OR they happened in, and board checks."""

    game: M1839
    tiles: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    tokens: list[dict[str, Any]] = field(default_factory=list)
    routes: list[tuple[dict[str, Any], set[tuple[str, int]], str]] = field(default_factory=list)
    problems: list[tuple[str, RouteProblem | None, int]] = field(default_factory=list)
    doubled: list[tuple[str, str]] = field(default_factory=list)
    kr_moves: list[tuple[dict[str, Any], list[str], list[str]]] = field(default_factory=list)


def _pick(game: M1839, rng: random.Random) -> Any:
    legal = [c for c in game.legal_actions() if not isinstance(c.action, Concede | Nationalise)]
    legal = legal or game.legal_actions()
    build = [c for c in legal if isinstance(c.action, LayTile | PlaceToken)]
    return choose(rng, build if build and rng.random() < 0.9 else legal)


def _check_board(record: Record) -> None:
    game = record.game
    if any(isinstance(d, ReturnDecider) for d in game.pending):
        return  # two markers in one hex until the director returns one
    for company in game.companies.values():
        hexes = [h for h, _ in game.board.company_cities(company.id)]
        if len(hexes) != len(set(hexes)):
            record.doubled.append((company.id, str(hexes)))
        assert markers_left(game.board, company) >= 0, company.id


def play(seed: int, players: int = 4, limit: int = 6000) -> Record:
    game = new_game([f"P{i}" for i in range(players)], None, seed)
    record = Record(game)
    rng = random.Random(seed)
    or_number = 0
    while not game.over and len(game.actions) < limit and game.legal_actions():
        first = len(game.actions)
        round_id = id(game.round)
        before = {cid: set(game.board.company_cities(cid)) for cid in game.companies}
        game.apply(_pick(game, rng))
        or_number += id(game.round) != round_id
        for event in game.events_since(first):
            if event.kind == "tile":
                record.tiles.append((or_number, event.data))
            elif event.kind == "token":
                record.tokens.append(event.data)
            elif event.kind == "kr_move":
                d = event.data
                record.kr_moves.append((d, game.board.city_tokens(d["hex"], d["city"]),
                                        game.board.city_tokens(d["to_hex"], d["to_city"])))
            elif event.kind == "routes" and event.data["routes"]:
                cid = event.data["company"]
                kind = game.companies[cid].spec.kind
                record.routes.append((event.data, before[cid] | set(
                    game.board.company_cities(cid)), kind))
        for cid, company in game.companies.items():
            if company.trains and len(record.problems) < 200 and rng.random() < 0.05:
                record.problems.append((cid, route_problem(game, cid), len(company.trains)))
        _check_board(record)
    return record


@pytest.fixture(scope="module")
def records() -> list[Record]:
    return [play(seed) for seed in SEEDS]


def test_playouts_reach_track_stations_and_routes(records: list[Record]) -> None:
    for record in records:
        assert len(record.tiles) > 20 and record.routes and record.game.over
    assert any(not t.get("home") for r in records for t in r.tokens)


def test_R_8_3_A_1_two_lays_per_turn_on_different_hexes_second_pays_f20(
        records: list[Record]) -> None:
    for record in records:
        turns: dict[tuple[int, str], list[dict[str, Any]]] = defaultdict(list)
        for number, data in record.tiles:
            if data["ability"] != "LVG":
                turns[(number, data["company"])].append(data)
        for lays in turns.values():
            assert len(lays) <= 2
            assert len({d["hex"] for d in lays}) == len(lays)
            if len(lays) == 2 and not lays[1]["ability"]:
                assert lays[1]["cost"] >= 20


def test_R_15_4_5_no_upgrade_of_a_tile_laid_in_the_same_OR(records: list[Record]) -> None:
    """A company never upgrades a tile it laid itself in the same OR."""
    for record in records:
        laid: dict[tuple[int, str], set[str]] = defaultdict(set)
        for number, data in record.tiles:
            own = laid[(number, data["company"])]
            assert data["hex"] not in own, data
            own.add(data["hex"])


def test_R_8_3_B_2_one_marker_per_hex_and_f80_per_placed_marker(records: list[Record]) -> None:
    for record in records:
        assert record.doubled == []
        for data in record.tokens:
            if not data.get("home") and not data.get("ability"):
                assert data["cost"] == 80, data


def test_R_16_2_routes_obey_the_route_rules(records: list[Record]) -> None:
    """R-16.2.1 two centres, R-16.2.3 a company marker, R-16.2.7 no shared track,
    R-16.2.6 no centre twice on a route, R-16.2.8 Locals never run to off-boards; the
    revenue is the sum of the routes' (R-16.3.1)."""
    for record in records:
        for data, cities, kind in record.routes:
            marker_stops = {f"{h}.c{k}" for h, k in cities}
            segments: list[str] = []
            for route in data["routes"]:
                stops = route["stops"]
                centres = [s for s in stops if s not in OFFBOARDS]
                assert len(centres) >= 2, route
                assert len(stops) == len(set(stops)), route
                assert marker_stops & set(stops), route
                if kind == "local":
                    assert not set(stops) & set(OFFBOARDS), route
                segments += route["segments"]
            assert len(segments) == len(set(segments)), data
            assert data["revenue"] == sum(r["revenue"] for r in data["routes"])


def test_R_14_3_5_KR_move_in_a_real_game() -> None:
    """Seed 13 reaches the blue phase with KR in a player's hands and its owner accepting a
    director's move offer through ``game.apply``: an NS marker is left behind.  (Seed 17
    until the A-42 map fixes of B21, N17 and the H tiles changed the playouts.)"""
    record = play(13)
    assert record.kr_moves
    for data, origin, target in record.kr_moves:
        assert "NS" in origin and data["company"] not in origin
        assert data["company"] in target
    assert record.game.privates["KR"].closed


def test_route_problem_states_each_company_question(records: list[Record]) -> None:
    """``M1839.route_problem`` (for ``railhouse bench --title 1839``): one train spec per
    train, the company's own operator, and a solvable question."""
    seen = 0
    for record in records:
        for cid, problem, trains in record.problems:
            assert problem is not None
            assert problem.operator.company == cid and len(problem.run.trains) == trains
            seen += 1
    assert seen > 0
    game = records[0].game
    idle = next(c for c in game.companies.values() if not c.trains)
    assert game.route_problem(idle.id) is None


def test_route_problem_solves_to_the_route_step_revenue() -> None:
    record = play(SEEDS[0], limit=600)
    game = record.game
    for company in game.companies.values():
        problem = game.route_problem(company.id)
        if problem is not None:
            result = problem.solve()
            assert result.revenue == sum(r.revenue for r in result.routes)
            assert result.exact


def test_afsluitdijk_option_reaches_the_real_game_board() -> None:
    """facts 4.8: the option (plugin OptionSpec) keeps or drops the dike hex C10."""
    with_dike = new_game(["P0", "P1", "P2"], None, 1)
    without = new_game(["P0", "P1", "P2"], {"afsluitdijk": False}, 1)
    assert "C10" in with_dike.board.map.hexes
    assert "C10" not in without.board.map.hexes
