"""R-12.9 and R-16.2 / R-16.3 route and revenue rule IDs, one test per ID (digest
/work/shared/facts/1839.md, authority rules/1839/rules.md; A-01, A-18, A-35, A-36, A-47),
on positions built on the real 1839 board (tests/m1839/conftest_map.py).

Edges are ``0=SW 1=W 2=NW 3=NE 4=E 5=SE``; a tile laid at rotation ``r`` turns edge ``e``
of its spec into ``e + r``.  Yellow cities are worth 20, towns 10 (library tiles).
"""

from __future__ import annotations

import pytest
from conftest_map import MapGame, lay

from railhouse.engine.actions import Respond
from railhouse.engine.routes import best_routes
from railhouse.engine.tokendeals import SwapStation
from railhouse.map.optimize import RouteResult
from railhouse_m1839.game import new_game
from railhouse_m1839.routing import RouteStep
from railhouse_m1839.stations import StationStep


def best(game: MapGame, company: str) -> RouteResult:
    """The optimum the route step runs for ``company`` now (R-16.3.2)."""
    return best_routes(game, game.companies[company])  # type: ignore[arg-type]


def revenue(game: MapGame, company: str) -> int:
    return best(game, company).revenue


def disjoint_track(result: RouteResult) -> bool:
    """No track segment is used by two routes."""
    used = [s for r in result.routes for s in r.segments]
    return len(used) == len(set(used))


def markers(game: MapGame, company: str, *coords: str) -> None:
    for coord in coords:
        game.board.place_token(coord, 0, company)


# -------------------------------------------------------------------------
def test_R_12_9_revenue_centres_are_towns_and_cities_never_offboards() -> None:
    """R-12.9: a revenue centre is a city or town with a value; off-boards are not.  So a
    2 train (at most 2 revenue centres, R-16.1) runs Assen-Groningen-Bremen: two centres
    plus the off-board; the town Roden is a centre (Roden-Groningen-Assen is too long);
    and a city with an off-board alone has one centre, not a route (R-16.2.1)."""
    game = MapGame()
    markers(game, "MSS", "B19")
    # Roden B17 (W-E) - Groningen B19 (green, W/SW/SE) - Assen C18 (NE) ; B19 SE -> Bremen
    lay(game.board, ("B17", "4", 1), ("B19", "12", 5), ("C18", "57", 0))
    game.give_train("MSS", "2")
    result = best(game, "MSS")
    assert result.revenue == 20 + 30 + 30  # Assen + Groningen + Bremen (yellow column)
    assert set(result.routes[0].stops) == {"C18.c0", "B19.c0", "Bremen"}

    local = MapGame()  # no off-boards for a Local: only the town-or-city length counts
    markers(local, "L1", "B19")
    lay(local.board, ("B17", "4", 1), ("B19", "12", 5), ("C18", "57", 0))
    local.give_train("L1", "2")
    assert revenue(local, "L1") == 30 + 20  # Groningen + Assen, not + Roden (3 centres)

    lone = MapGame()
    markers(lone, "MSS", "B19")
    lay(lone.board, ("B19", "6", 5))  # Groningen W/SE: the only neighbour track is Bremen
    lone.give_train("MSS", "4")
    assert revenue(lone, "MSS") == 0


# -------------------------------------------------------------------------
def test_R_16_2_2_a_route_may_start_and_end_at_a_town() -> None:
    """R-16.2.2: a route may begin or end at a town (Helmond-Eindhoven)."""
    game = MapGame()
    markers(game, "MSS", "K12")
    lay(game.board, ("K12", "57", 1), ("K14", "4", 1))  # Eindhoven W-E, Helmond W-E
    game.give_train("MSS", "2")
    result = best(game, "MSS")
    assert result.revenue == 20 + 10
    assert "K14.t0" in (result.routes[0].stops[0], result.routes[0].stops[-1])


def antwerpen_line(company: str) -> MapGame:
    """Eindhoven K12 (marker) - Tilburg K10 - Antwerpen L9 (red, triangles from K10 and
    L7) - Roosendaal L7 (town, W-E)."""
    game = MapGame()
    markers(game, company, "K12")
    lay(game.board, ("K12", "57", 1), ("K10", "6", 4), ("L7", "4", 1))
    game.give_train(company, "3")
    return game


def test_R_16_2_2_offboards_are_termini_of_majors_routes_only() -> None:
    """R-16.2.2: a Major's route may end at an off-board, but never enter it through one
    triangle and leave through another (Eindhoven-Tilburg-Antwerpen, 70; passing on to
    Roosendaal would pay 80 with the same 3 train); a Local may not end there."""
    game = antwerpen_line("MSS")
    result = best(game, "MSS")
    assert result.revenue == 20 + 20 + 30
    stops = result.routes[0].stops
    assert "Antwerpen" in (stops[0], stops[-1]) and "L7.t0" not in stops
    local = antwerpen_line("L1")
    assert revenue(local, "L1") == 20 + 20


# -------------------------------------------------------------------------
def test_R_16_2_3_route_must_include_a_city_with_the_companys_marker() -> None:
    """R-16.2.3: being connected is not enough, the route must include the marker city,
    and another company's marker does not count.  Tilburg (MSS) - Eindhoven - Helmond -
    Venlo (green, 30): a 3 train runs Tilburg-Eindhoven-Helmond (50), not the richer
    Eindhoven-Helmond-Venlo (60) that lacks the marker."""

    def line() -> MapGame:
        game = MapGame()
        lay(game.board, ("K10", "57", 1), ("K12", "57", 1), ("K14", "4", 1),
            ("K16", "12", 0))  # fmt: skip  # Venlo: SW, W, NW (not the Ruhrgebiet)
        game.give_train("MSS", "3")
        return game

    game = line()
    markers(game, "MSS", "K10")
    result = best(game, "MSS")
    assert result.revenue == 20 + 20 + 10
    assert "K10.c0" in result.routes[0].stops

    other = line()
    markers(other, "MSS", "B19")  # MSS's only marker is off this line
    markers(other, "NBDS", "K12")
    assert revenue(other, "MSS") == 0


def swap_position(with_eindhoven: bool) -> MapGame:
    """MSS markers at Tilburg K10 (no track) and Groningen B19, NBDS at Breda K8 and Weert
    L13; Weert (NW-NE) - Helmond K14; optionally Eindhoven K12 (MSS) joined to Weert.  MSS
    swaps its Groningen marker for NBDS's Weert marker through the station step."""
    game = MapGame()
    markers(game, "MSS", "K10", "B19")
    markers(game, "NBDS", "K8", "L13")
    lay(game.board, ("L13", "5", 2), ("K14", "4", 0), ("B17", "4", 1), ("B19", "6", 5))
    if with_eindhoven:
        markers(game, "MSS", "K12")
        lay(game.board, ("K12", "57", 2))  # Eindhoven NW-SE: SE is Weert
    for cid in ("MSS", "NBDS"):
        game.companies[cid].operated_count = 1
    step = StationStep(game, "MSS")  # type: ignore[arg-type]
    offer = SwapStation(entity="MSS", hex="B19", city=0, other="NBDS", other_hex="L13",
                        other_city=0)
    assert offer in [a.action for a in step.legal_actions()]
    step.process(offer)
    game.pending[-1].process(Respond(entity="NBDS", accept=True))
    assert game.board.city_tokens("L13", 0) == ["MSS"]
    assert game.board.city_tokens("B19", 0) == ["NBDS"]
    return game


def test_R_16_2_3_A_18_swapped_marker_is_not_the_initiators_station_this_OR() -> None:
    """R-16.2.3 with R-8.3.B.3 / A-18: the initiator may not count the marker it swapped
    in as its station this OR (Weert-Helmond pays nothing), but the marker still lets it
    pass (Eindhoven-Weert-Helmond); next OR it counts; the other company is unaffected
    (NBDS runs from its swapped-in Groningen marker in its own turn of the same OR)."""
    game = swap_position(with_eindhoven=False)
    game.give_train("MSS", "2")
    assert revenue(game, "MSS") == 0
    game.give_train("NBDS", "2")
    game.new_turn()  # NBDS's turn in the same OR
    assert revenue(game, "NBDS") == 10 + 20 + 30  # Roden - Groningen - Bremen
    game.new_or()
    assert revenue(game, "MSS") == 20 + 10  # Weert - Helmond

    passing = swap_position(with_eindhoven=True)
    passing.give_train("MSS", "3")
    result = best(passing, "MSS")
    assert result.revenue == 20 + 20 + 10
    assert result.routes[0].stops[1] == "L13.c0"


# -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("what", "tiles", "marker", "expected", "twice"),
    [
        # Dordrecht/Gorinchem J9 (green OO 8858: NW-E and NE-SE) - 's-Hertogenbosch J11
        # (W-NW) - I10 (curve SW-SE) - back into J9's other city.
        ("OO", (("J9", "8858", 2), ("J11", "5", 1), ("I10", "7", 5)), "J11",
         40 + 20 + 40, "J9"),
        # Ede/Wageningen I14 (double town W-NE and SW-E) - H15 (curve) - Arnhem I16 (W-NW).
        ("double town", (("I14", "1", 0), ("H15", "7", 5), ("I16", "5", 1)), "I16",
         10 + 20 + 10, "I14"),
        # Amsterdam G10 (brown A-Br: SW/W/NW and NE/E/SE) - H9 (curve) - Hilversum H11;
        # the second city also reaches Overzeesch (NE), so the Local L1 runs it.
        ("Amsterdam", (("G10", "A-Br", 0), ("H9", "7", 3), ("H11", "3", 1)), "G10",
         50 + 10 + 50, "G10"),
    ],
)
def test_R_16_2_5_a_route_may_visit_both_revenue_centres_of_one_hex(
    what: str, tiles: tuple[tuple[str, str, int], ...], marker: str, expected: int, twice: str
) -> None:
    """R-16.2.5: one route may visit separate revenue centres of the same hex (OO cities,
    double towns, Amsterdam's two cities before gray), entering a city from one side and
    leaving by another: a 3 train runs centre - X - other centre of the same hex."""
    company = "L1" if what == "Amsterdam" else "MSS"
    game = MapGame()
    lay(game.board, *tiles)
    markers(game, company, marker)
    game.give_train(company, "3")
    result = best(game, company)
    assert result.revenue == expected, what
    assert sum(s.startswith(twice + ".") for s in result.routes[0].stops) == 2, what


# -------------------------------------------------------------------------
def test_R_16_2_7_trains_share_no_track() -> None:
    """R-16.2.7: two trains of one company may not share a line of track.  Tilburg -
    Eindhoven (MSS) - Helmond - Venlo, an R5 (re-counts centres, R-16.3.4) and a 3: the
    R5 over the whole line plus the 3 over Eindhoven-Helmond-Venlo would pay 70 + 50, but
    they share track; the best split is 40 + 50 (either way round)."""
    game = MapGame()
    markers(game, "MSS", "K12")
    lay(game.board, ("K10", "57", 1), ("K12", "57", 1), ("K14", "4", 1),
        ("K16", "5", 1))  # fmt: skip  # Venlo W-NW
    game.give_train("MSS", "3")
    game.give_train("MSS", "R5")
    result = best(game, "MSS")
    assert result.revenue == (20 + 20) + (20 + 10 + 20)
    assert len(result.routes) == 2 and disjoint_track(result)


def test_R_16_2_7_trains_may_meet_at_a_city_on_separate_track() -> None:
    """R-16.2.7: routes may meet in a city using separate track: Tilburg-Eindhoven and
    Eindhoven-Helmond (Eindhoven counted once, R-16.3.3) = 50."""
    game = MapGame()
    markers(game, "MSS", "K12")
    lay(game.board, ("K10", "57", 1), ("K12", "57", 1), ("K14", "4", 1))
    game.give_train("MSS", "2")
    game.give_train("MSS", "2")
    result = best(game, "MSS")
    assert result.revenue == 20 + 20 + 10
    assert len(result.routes) == 2 and disjoint_track(result)


def test_R_16_2_7_A_35_trains_may_cross_at_a_junction() -> None:
    """R-16.2.7 / A-35: each spoke of a junction tile is a separate line, the centre is not
    shared: junction #545 on L15 joins Weert (W), Helmond (NW), Venlo (NE) and Roermond
    (E); MSS (Weert, Venlo) runs two 2 trains through it: 70, not 40."""
    game = MapGame()
    markers(game, "MSS", "L13", "K16")
    lay(game.board, ("L15", "545", 1), ("L13", "57", 1), ("L17", "5", 0), ("K14", "3", 5),
        ("K16", "6", 0))  # fmt: skip
    game.give_train("MSS", "2")
    game.give_train("MSS", "2")
    result = best(game, "MSS")
    assert result.revenue == 20 + 20 + 10 + 20
    assert len(result.routes) == 2 and disjoint_track(result)
    assert all(any(s.startswith("L15:") for s in r.segments) for r in result.routes)


# -------------------------------------------------------------------------
def test_R_16_3_1_each_train_runs_one_route_and_revenue_is_their_sum() -> None:
    """R-16.3.1: one train runs one route (a 2 train on Tilburg-Eindhoven-Helmond earns the
    best single route, 40, not both halves); with two trains the company's revenue is the
    sum of both trains' values (40 + 10), written by the route step."""
    game = MapGame()
    markers(game, "MSS", "K12")
    lay(game.board, ("K10", "57", 1), ("K12", "57", 1), ("K14", "4", 1))
    first = game.give_train("MSS", "2")
    assert revenue(game, "MSS") == 40
    second = game.give_train("MSS", "2")
    assert RouteStep(game, "MSS").auto()  # type: ignore[arg-type]
    routes = game.round.turn.routes
    assert sorted(r["train"] for r in routes) == sorted([first.id, second.id])
    assert sorted(r["revenue"] for r in routes) == [10, 40]
    assert game.round.turn.revenue == 50


# -------------------------------------------------------------------------
def bremen_position(company: str) -> MapGame:
    """Roden B17 - Groningen B19 - Bremen (C20), and Assen C18 - Emmen D19 - Bremen (D21):
    markers at Groningen and Emmen, two 2 trains."""
    game = MapGame()
    markers(game, company, "B19", "D19")
    lay(game.board, ("B17", "4", 1), ("B19", "6", 5), ("C18", "57", 2), ("D19", "6", 2))
    game.give_train(company, "2")
    game.give_train(company, "2")
    return game


def test_R_16_3_5_offboard_value_counts_for_every_train_of_a_major() -> None:
    """R-16.3.5: both trains end at Bremen and both earn its value (60 + 70), unlike towns
    and cities (R-16.3.3); Majors only: a Local earns 30 + 40."""
    game = bremen_position("MSS")
    result = best(game, "MSS")
    assert result.revenue == (10 + 20 + 30) + (20 + 20 + 30)
    assert sorted(r.revenue for r in result.routes) == [60, 70]
    assert all("Bremen" in r.stops for r in result.routes)
    assert revenue(bremen_position("L1"), "L1") == (10 + 20) + (20 + 20)


# -------------------------------------------------------------------------
def test_R_16_3_6_phase_columns_of_the_real_game() -> None:
    """R-16.3.6 / R-12.4.2 / A-47: LY..BL use the first (yellow) column, LBr..DR the
    second (brown), GR and PU the third (gray) -- the phases of the real title."""
    game = new_game(["P0", "P1", "P2"], None, 1)
    columns = {p.name: p.offboard_column for p in game.config.phases}
    assert columns == {"LY": 0, "DY": 0, "LG": 0, "DG": 0, "BL": 0, "LBr": 1, "MBr": 1,
                       "DBr": 1, "LR": 1, "DR": 1, "GR": 2, "PU": 2}  # fmt: skip


@pytest.mark.parametrize(
    ("phase", "luik", "aken"), [("LY", 20, 30), ("BL", 20, 30), ("LBr", 40, 50),
                                ("DR", 40, 50), ("GR", 60, 80), ("PU", 60, 80)],
)  # fmt: skip
def test_R_16_3_6_ruhrgebiet_and_phase_dependent_offboard_values(
    phase: str, luik: int, aken: int
) -> None:
    """R-16.3.6: off-boards pay the phase's column (R-12.4.2) and the Ruhrgebiet the larger
    of the route's largest value and twice the other-end off-board (R-12.4.3).  AMS
    (Roermond, Maastricht), one 4 train: Luik - Maastricht - Sittard - Roermond -
    Ruhrgebiet pays Luik + 50 + 2 x Luik.  Aken - Heerlen - Sittard - Roermond - Ruhrgebiet
    would pay more, but both ends are black (R-16.2.6, A-36)."""
    game = MapGame(phase)
    markers(game, "AMS", "L17", "N15")
    lay(game.board, ("N15", "57", 0), ("M16", "142", 0), ("L17", "57", 0), ("N17", "69", 0))
    game.give_train("AMS", "4")
    result = best(game, "AMS")
    assert result.revenue == luik + 20 + 10 + 20 + 2 * luik
    stops = result.routes[0].stops
    assert {stops[0], stops[-1]} == {"Luik", "Ruhrgebiet"}
    assert aken + 10 + 10 + 20 + 2 * aken > result.revenue  # refused, not just worse
