"""map.validate: claimed routes checked against the route rules, on a tiny row map."""

from __future__ import annotations

from itertools import pairwise

import pytest

from railhouse.map import (
    Board,
    EdgeRule,
    HexDef,
    MapDef,
    Offboard,
    Operator,
    RouteRules,
    RunContext,
    TrainSpec,
    best_routes,
    tile,
)
from railhouse.map.library import STANDARD
from railhouse.map.validate import ClaimedRoute, IllegalRoute, check_routes, validate_routes

RULES = RouteRules()  # SOH-like: cities and off-boards are termini and count
OPEN = Operator("A", released=frozenset({"LR"}))


def board() -> Board:
    """B1 off-board (30) - B3 city (57) - B5 town (4) - B7 city (57) - B9 off-board (20),
    A's token in B3; the B5/B7 side is a barrier until "LR"."""
    hexes = {
        "B1": HexDef("B1", tile("", "red", "o:4"), fixed=True, offboard=Offboard("B1", (30, 50))),
        "B3": HexDef("B3", tile("", "white", "c0x1")),
        "B5": HexDef("B5", tile("", "white", "t0")),
        "B7": HexDef("B7", tile("", "white", "c0x1")),
        "B9": HexDef("B9", tile("", "red", "o:1"), fixed=True, offboard=Offboard("B9", (20, 40))),
    }
    b = Board(
        MapDef(
            hexes,
            dict(STANDARD),
            {k: None for k in STANDARD},
            (EdgeRule("B5", "B7", barrier_until="LR"),),
            (),
        )
    )
    b.place_token("B3", 0, "A")
    for coord, t in (("B3", "57"), ("B5", "4"), ("B7", "57")):
        b.lay_tile(coord, t, 1)
    return b


def run(*trains: TrainSpec) -> RunContext:
    return RunContext(trains=trains)


WHOLE_ROW = (("B1", "B3"), ("B3", "B5"), ("B5", "B7"), ("B7", "B9"))


def test_a_legal_route_pays_its_stops() -> None:
    claim = [ClaimedRoute("4", WHOLE_ROW)]
    total = validate_routes(board(), OPEN, RULES, run(TrainSpec("4", 4)), claim)
    assert total == 30 + 20 + 10 + 20 + 20


def test_agrees_with_best_routes_on_its_own_routes() -> None:
    b = board()
    context = run(TrainSpec("2", 2), TrainSpec("3", 3))
    best = best_routes(b, OPEN, RULES, context)
    claims = []
    for route in best.routes:
        hexes = [stop.split(".")[0] for stop in route.stops]
        claims.append(ClaimedRoute(route.train, tuple(pairwise(hexes))))
    assert validate_routes(b, OPEN, RULES, context, claims) == best.revenue > 0


def test_train_length() -> None:
    with pytest.raises(IllegalRoute, match="train length"):
        validate_routes(
            board(), OPEN, RULES, run(TrainSpec("2", 2)), [ClaimedRoute("2", WHOLE_ROW[:3])]
        )


def test_token_city_on_route() -> None:
    with pytest.raises(IllegalRoute, match="token on route"):
        validate_routes(
            board(),
            Operator("Z", released=OPEN.released),
            RULES,
            run(TrainSpec("3", 3)),
            [ClaimedRoute("3", WHOLE_ROW[3:])],
        )


def test_route_may_not_end_at_a_town() -> None:
    with pytest.raises(IllegalRoute, match="route ends"):
        validate_routes(
            board(), OPEN, RULES, run(TrainSpec("3", 3)), [ClaimedRoute("3", WHOLE_ROW[1:2])]
        )


def test_no_segment_used_by_two_trains() -> None:
    claims = [ClaimedRoute("a", WHOLE_ROW[:1]), ClaimedRoute("b", WHOLE_ROW[:2])]
    with pytest.raises(IllegalRoute, match="track"):
        validate_routes(board(), OPEN, RULES, run(TrainSpec("a", 2), TrainSpec("b", 3)), claims)


def test_blocked_city_only_as_a_terminus() -> None:
    b = board()
    b.place_token("B7", 0, "Q")
    q = Operator("Q", released=OPEN.released)
    through = [ClaimedRoute("4", (("B7", "B5"), ("B5", "B3"), ("B3", "B1")))]
    with pytest.raises(IllegalRoute, match="blocked city"):
        validate_routes(b, q, RULES, run(TrainSpec("4", 4)), through)
    ending = [ClaimedRoute("4", (("B7", "B5"), ("B5", "B3")))]
    assert validate_routes(b, q, RULES, run(TrainSpec("4", 4)), ending) == 20 + 10 + 20


def test_barrier_means_no_track() -> None:
    with pytest.raises(IllegalRoute, match="connected track"):
        validate_routes(
            board(),
            Operator("A"),
            RULES,
            run(TrainSpec("3", 3)),
            [ClaimedRoute("3", WHOLE_ROW[1:3])],
        )


def test_each_stop_once_and_unknown_train() -> None:
    back = (("B1", "B3"), ("B3", "B1"))
    with pytest.raises(IllegalRoute):
        validate_routes(board(), OPEN, RULES, run(TrainSpec("3", 3)), [ClaimedRoute("3", back)])
    with pytest.raises(IllegalRoute, match="one route per train"):
        validate_routes(
            board(), OPEN, RULES, run(TrainSpec("3", 3)), [ClaimedRoute("9", WHOLE_ROW[:1])]
        )


def test_express_skips_towns_and_doubles() -> None:
    express = TrainSpec("3E", 3, towns_pay=False, multiplier=2)
    checked = check_routes(
        board(), OPEN, RULES, run(express), [ClaimedRoute("3E", (("B3", "B5", "B7"),))]
    )
    assert checked[0].revenue == (20 + 20) * 2
    assert checked[0].stops == ("B3.c0", "B5.t0", "B7.c0")


def junction_board() -> Board:
    """E5 holds brown #544, a junction joining edges 0, 1, 3 and 4.  A has a token in the
    cities beyond edges 0 (F4) and 1 (E3); off-boards lie beyond edges 3 (D6) and 4 (E7)."""
    city = tile("", "white", "c0x1")
    hexes = {
        "E5": HexDef("E5", tile("", "white")),
        "F4": HexDef("F4", city),
        "E3": HexDef("E3", city),
        "D6": HexDef("D6", tile("", "red", "o:0"), fixed=True, offboard=Offboard("D6", (30, 50))),
        "E7": HexDef("E7", tile("", "red", "o:1"), fixed=True, offboard=Offboard("E7", (20, 40))),
    }
    b = Board(MapDef(hexes, dict(STANDARD), {k: None for k in STANDARD}, (), ()))
    b.lay_tile("E5", "544", 0)
    for coord, edge in (("F4", 0), ("E3", 1)):  # #57 runs straight through edges r and r+3
        b.lay_tile(coord, "57", (edge + 3) % 3)
        b.place_token(coord, 0, "A")
    return b


def test_two_trains_may_pass_one_junction_on_separate_spokes() -> None:
    """1839 R-16.2 note: "The intersections at the center of plain track tiles such as #80
    ... #546 do not limit the number of routes or trains which may traverse them"; SOH
    "Running trains": only an individual stretch of track may not be used twice.  Two
    trains cross #544's junction, each by two spokes of its own: both routes pay, as the
    optimiser finds them."""
    b = junction_board()
    context = run(TrainSpec("a", 2), TrainSpec("b", 2))
    claims = [ClaimedRoute("a", (("F4", "E5", "D6"),)),
              ClaimedRoute("b", (("E3", "E5", "E7"),))]
    assert validate_routes(b, OPEN, RULES, context, claims) == (20 + 30) + (20 + 20)
    assert best_routes(b, OPEN, RULES, context).revenue == 90


def test_a_junction_spoke_still_carries_one_train() -> None:
    """The spokes themselves are track: a second train may not reuse the spoke to D6."""
    b = junction_board()
    claims = [ClaimedRoute("a", (("F4", "E5", "D6"),)),
              ClaimedRoute("b", (("E3", "E5", "D6"),))]
    with pytest.raises(IllegalRoute, match="track"):
        validate_routes(b, OPEN, RULES, run(TrainSpec("a", 2), TrainSpec("b", 2)), claims)
