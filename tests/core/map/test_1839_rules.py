"""1839 mechanisms on a tiny synthetic row map (rules.md §12, §15, §16)."""

from __future__ import annotations

from railhouse.map import (
    Board,
    EdgeRule,
    HexDef,
    LayOptions,
    MapDef,
    Offboard,
    Operator,
    Reservation,
    RouteRules,
    RunContext,
    TokenOptions,
    TrainSpec,
    best_routes,
    legal_tile_lays,
    legal_token_placements,
    tile,
)
from railhouse.map.library import STANDARD

RULES = RouteRules(
    terminals=frozenset({"city", "town", "offboard"}),
    offboards_count=False,
    min_centres=2,
    shared_values=False,
    same_group_ends=False,
)


def row_map(**extra: HexDef) -> MapDef:
    """B1 offboard(black) - B3 city - B5 town - B7 city - B9 offboard(black)."""
    hexes = {
        "B1": HexDef(
            "B1", tile("", "red", "o:4"), fixed=True, offboard=Offboard("B1", (30, 50), "black")
        ),
        "B3": HexDef("B3", tile("", "white", "c0x1")),
        "B5": HexDef("B5", tile("", "white", "t0"), terrain_cost=80),
        "B7": HexDef("B7", tile("", "white", "c0x1")),
        "B9": HexDef(
            "B9", tile("", "red", "o:1"), fixed=True, offboard=Offboard("B9", (20, 40), "black")
        ),
    }
    hexes.update(extra)
    rules = (EdgeRule("B5", "B7", barrier_until="LR"),)
    return MapDef(
        hexes,
        dict(STANDARD),
        {k: None for k in STANDARD},
        rules,
        (Reservation("HOME", "B7", None),),
    )


def laid(m: MapDef) -> Board:
    b = Board(m)
    b.place_token("B3", 0, "A")
    for coord, t in (("B3", "57"), ("B5", "4"), ("B7", "57")):
        b.lay_tile(coord, t, 1)
    return b


def test_1839_R_12_5_water_terrain_first_lay_only() -> None:
    b = Board(row_map())
    b.place_token("B3", 0, "A")
    b.lay_tile("B3", "57", 1)
    lays = [x for x in legal_tile_lays(b, Operator("A"), LayOptions()) if x.hex == "B5"]
    assert lays and all(x.cost == 80 for x in lays)


def test_1839_R_12_7_red_barrier_blocks_routes_until_light_red() -> None:
    b = laid(row_map())
    two = RunContext((TrainSpec("3", 3, 3),))
    assert best_routes(b, Operator("A"), RULES, two).revenue == 30 + 20 + 10  # B1 B3 B5
    lifted = Operator("A", released=frozenset({"LR"}))
    assert best_routes(b, lifted, RULES, two).revenue == 30 + 20 + 10 + 20  # on to B7


def test_1839_R_12_7_barrier_forbids_new_connection() -> None:
    b = Board(row_map())
    b.place_token("B3", 0, "A")
    for coord, t in (("B3", "57"), ("B7", "57")):
        b.lay_tile(coord, t, 1)
    lays = [x for x in legal_tile_lays(b, Operator("A"), LayOptions()) if x.hex == "B5"]
    assert all(x.rotation % 3 != 1 for x in lays)  # the W-E town line would cross it
    lifted = Operator("A", released=frozenset({"LR"}))
    assert any(
        x.hex == "B5" and x.rotation % 3 == 1 for x in legal_tile_lays(b, lifted, LayOptions())
    )


def test_1839_R_16_2_6_not_both_ends_offboards_of_one_colour() -> None:
    b = laid(row_map())
    op = Operator("A", released=frozenset({"LR"}))
    r = best_routes(b, op, RULES, RunContext((TrainSpec("4", 4, 4),)))
    assert r.revenue == 80  # B1 + cities/town, but not both black off-boards
    assert not ({"B1", "B9"} <= set(r.routes[0].stops))


def test_1839_R_16_3_3_centres_counted_once_across_non_R_trains() -> None:
    b = laid(row_map())
    op = Operator("A", released=frozenset({"LR"}))
    b.drop_reservations("HOME")
    b.place_token("B7", 0, "A")
    two = RunContext((TrainSpec("2", 2, 2), TrainSpec("2", 2, 2)))
    r = best_routes(b, op, RULES, two)
    # B1-B3-B5 (30+20+10) and B5-B7-B9 (B5 already counted: 0+20+20)
    assert r.exact and r.revenue == 60 + 40
    recount = RunContext((TrainSpec("2", 2, 2), TrainSpec("R2", 2, 2, recount=True)))
    assert best_routes(b, op, RULES, recount).revenue == 60 + 50  # R trains re-count


def test_1839_R_16_2_8_locals_may_not_use_offboards() -> None:
    b = laid(row_map())
    op = Operator("A", released=frozenset({"LR"}))
    r = best_routes(b, op, RULES, RunContext((TrainSpec("4", 4, 4),), offboards_allowed=False))
    assert r.revenue == 50 and all(s not in ("B1", "B9") for s in r.routes[0].stops)


def test_1839_R_8_3_B_hex_reservation_and_NS_marker_replaceable() -> None:
    b = laid(row_map())
    op = Operator("A", released=frozenset({"LR"}))
    assert legal_token_placements(b, op, TokenOptions(cost=80, one_per="hex")) == []
    b.drop_reservations("HOME")
    b.place_token("B7", 0, "NS")
    spots = legal_token_placements(
        b, op, TokenOptions(cost=80, one_per="hex", replaceable=frozenset({"NS"}))
    )
    assert [(s.hex, s.replaces) for s in spots] == [("B7", "NS")]


def test_1839_R_16_2_4_NS_marker_blocks_majors_not_locals() -> None:
    b = laid(row_map())
    b.drop_reservations("HOME")
    b.place_token("B5", 0, "NS") if False else None
    b.tokens[("B3", 0)] = ["A"]
    b.lay_tile("B7", "14", 1)
    b.place_token("B7", 0, "NS")
    b.place_token("B7", 0, "NS")
    run = RunContext((TrainSpec("5", 5, 5),))
    major = Operator("A", released=frozenset({"LR"}))
    local = Operator("A", released=frozenset({"LR"}), non_blocking=frozenset({"NS"}))
    assert best_routes(b, major, RULES, run).revenue == 30 + 20 + 10 + 30  # ends in B7
    assert best_routes(b, local, RULES, run).revenue == 30 + 20 + 10 + 30 + 40 - 40  # no off
