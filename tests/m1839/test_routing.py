"""Routes and revenue on the real 1839 board (R-12.4, R-14.6.2, R-16), and the optimiser
against the brute-force enumerator of tests/core/map on small 1839 positions."""

from __future__ import annotations

import importlib.util
import random
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
from conftest_map import PHASES, TRAINS, MapGame, lay

from railhouse.engine.config import TrainSpec
from railhouse.engine.routes import best_routes
from railhouse.map.lays import LayOptions, legal_tile_lays
from railhouse.map.optimize import best_routes as optimise
from railhouse.map.trains import RouteView
from railhouse_m1839.routing import (
    RULES,
    RouteStep,
    operator,
    route_train,
    ruhr_bonus,
    run_context,
)


def spec(name: str) -> TrainSpec:
    kind, distance, r_train = TRAINS[name]
    return TrainSpec(name, distance, 0, {}, kind=kind, rust_after_run=r_train)


def test_R_16_1_A_01_train_families() -> None:
    got = {n: route_train(spec(n), n) for n in TRAINS}
    assert (got["2"].cities, got["2"].centres, got["2"].recount) == (2, 2, False)
    assert (got["3+"].cities, got["3+"].centres) == (3, None)
    assert (got["2+1"].cities, got["2+1"].centres) == (2, 3)
    assert (got["R4+1"].cities, got["R4+1"].centres, got["R4+1"].recount) == (4, 5, True)
    assert (got["PR2+"].max_offboards, got["PR2+"].centres, got["PR2+"].recount) == (1, None,
                                                                                      True)
    assert got["PR3+1"].max_offboards == 1 and got["4"].max_offboards is None
    assert not got["7"].recount and got["R5"].recount


def venlo_line(company: str = "MSS", phase: str = "LY") -> MapGame:
    """Eindhoven K12 - Helmond K14 - Venlo K16 - Ruhrgebiet K18, marker at K12."""
    game = MapGame(phase)
    game.board.place_token("K12", 0, company)
    lay(game.board, ("K12", "57", 1), ("K14", "4", 1), ("K16", "57", 1))
    return game


def test_R_12_4_3_ruhrgebiet_worth_the_largest_value_on_the_route() -> None:
    game = venlo_line()
    game.give_train("MSS", "3+")
    result = best_routes(game, game.companies["MSS"])  # type: ignore[arg-type]
    assert result.revenue == 20 + 10 + 20 + 20
    assert result.routes[0].stops[-1] == "Ruhrgebiet" or result.routes[0].stops[0] == (
        "Ruhrgebiet")


def test_R_12_4_3_A_37_ruhrgebiet_twice_the_other_end_offboard() -> None:
    game = venlo_line()
    view = RouteView(("Luik", "N15.c0", "Ruhrgebiet"), (0, 20, 0), ("offboard", "city",
                     "offboard"), route_train(spec("4"), "4"))  # fmt: skip
    # 2 x Luik (20), more than Maastricht's 20
    assert ruhr_bonus(game, view) == 40  # type: ignore[arg-type]
    game.phase_index = PHASES.index("GR")
    assert ruhr_bonus(game, view) == 120  # type: ignore[arg-type]  # Luik's gray value is 60
    plain = RouteView(("N15.c0", "N17.t0"), (20, 10), ("city", "town"), view.train)
    assert ruhr_bonus(game, plain) == 0  # type: ignore[arg-type]


def test_R_16_2_8_locals_never_use_offboards() -> None:
    game = venlo_line("L1")
    game.give_train("L1", "3+")
    result = best_routes(game, game.companies["L1"])  # type: ignore[arg-type]
    assert result.revenue == 50
    assert all("Ruhrgebiet" not in r.stops for r in result.routes)


def test_R_16_2_1_a_route_needs_two_revenue_centres() -> None:
    game = MapGame()
    game.board.place_token("K16", 0, "MSS")
    lay(game.board, ("K16", "57", 1))
    game.give_train("MSS", "4")
    assert best_routes(game, game.companies["MSS"]).revenue == 0  # type: ignore[arg-type]


def test_R_14_6_2_NS_markers_block_majors_but_not_locals() -> None:
    def revenue(company: str) -> int:
        game = MapGame()
        game.board.place_token("K10", 0, company)
        game.board.place_token("K12", 0, "NS")
        lay(game.board, ("K10", "57", 1), ("K12", "57", 1), ("K14", "4", 1))
        game.give_train(company, "3")
        return best_routes(game, game.companies[company]).revenue  # type: ignore[arg-type]

    assert revenue("MSS") == 20 + 20  # may end in Eindhoven, not pass it
    assert revenue("L1") == 20 + 20 + 10


def test_R_16_3_3_and_R_16_3_4_centres_once_except_for_R_trains() -> None:
    def revenue(second: str) -> int:
        game = MapGame()
        game.board.place_token("K12", 0, "MSS")
        lay(game.board, ("K10", "57", 1), ("K12", "57", 1), ("K14", "4", 1))
        game.give_train("MSS", "2")
        game.give_train("MSS", second)
        return best_routes(game, game.companies["MSS"]).revenue  # type: ignore[arg-type]

    assert revenue("2") == 40 + 10  # Eindhoven counted once
    assert revenue("R5") == 40 + 30  # the R train counts it again


@pytest.mark.parametrize(("phase", "expected"), [("BL", 30), ("LBr", 50), ("GR", 70)])
def test_R_12_4_2_offboard_value_column_by_phase(phase: str, expected: int) -> None:
    game = MapGame(phase)
    game.board.place_token("B19", 0, "MSS")
    lay(game.board, ("B19", "6", 5), ("B17", "4", 1))  # Roden - Groningen - Bremen
    game.give_train("MSS", "2")
    assert best_routes(game, game.companies["MSS"]).revenue == 10 + 20 + expected  # type: ignore[arg-type]


def test_A_18_swapped_marker_does_not_count_for_the_initiator_this_OR() -> None:
    game = venlo_line()
    game.give_train("MSS", "2")
    assert best_routes(game, game.companies["MSS"]).revenue > 0  # type: ignore[arg-type]
    game.round.turn.swapped_token = "K12.c0"
    assert best_routes(game, game.companies["MSS"]).revenue == 0  # type: ignore[arg-type]


def test_R_8_3_5_route_step_writes_revenue_and_marks_trains() -> None:
    game = venlo_line()
    ran = game.give_train("MSS", "2")
    idle = game.give_train("MSS", "2")
    step = RouteStep(game, "MSS")  # type: ignore[arg-type]
    assert step.auto()
    routes = game.round.turn.routes
    assert game.round.turn.revenue == sum(r["revenue"] for r in routes) > 0
    assert {t.id for t in game.companies["MSS"].trains if t.ran} == {r["train"] for r in routes}
    assert {ran.id, idle.id} >= {r["train"] for r in routes}


# ---------------------------------------------------------------- exactness check
def _bruteforce() -> ModuleType:
    path = Path(__file__).parents[1] / "core" / "map" / "bruteforce.py"
    spec_ = importlib.util.spec_from_file_location("bruteforce_1839", path)
    assert spec_ is not None and spec_.loader is not None
    module = importlib.util.module_from_spec(spec_)
    spec_.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", range(30))
def test_R_16_3_2_optimum_equals_brute_force_on_small_1839_positions(seed: int) -> None:
    brute = _bruteforce()
    rng = random.Random(seed)
    phase = rng.choice(("LY", "LG", "LBr", "LR", "GR"))
    game = MapGame(phase)
    company = rng.choice(("MSS", "L1"))
    game.board.place_token("K12", 0, company)
    op = operator(game, game.companies[company])  # type: ignore[arg-type]
    colours = frozenset(game.phase.tiles)
    for _ in range(7):
        options = legal_tile_lays(game.board, op, LayOptions(colors=colours))
        options = [x for x in options if "Ruhr" not in x.hex]
        if not options:
            break
        pick = rng.choice(options)
        game.board.lay_tile(pick.hex, pick.tile, pick.rotation)
    for name in rng.sample(["2", "2+1", "3", "3+", "R5", "PR2+", "R4+1"], 2):
        game.give_train(company, name)
    # The reference knows no Ruhrgebiet rule: compare without it (Ruhrgebiet pays 0).
    run = replace(run_context(game, game.companies[company]), route_bonus=None)  # type: ignore[arg-type]
    result = optimise(game.board, op, RULES, run)
    assert result.exact
    assert result.revenue == brute.best_total(game.board, op, RULES, run)
