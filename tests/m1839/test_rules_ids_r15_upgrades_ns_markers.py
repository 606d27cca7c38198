"""Upgrade and NS-marker rule IDs, one test per ID (digest /work/shared/facts/1839.md,
authority rules/1839/rules.md §14.4, §15): R-15.4 upgrades (by phase, keeping every
connection, markers moving to the matching circles) and R-14.6.3/R-14.6.4 NS markers
(replaced by home and placed stations, never blocking a lay, discarded to make room).
Driven through ``game.legal_actions()``/``game.apply`` on built positions of the real game
(``m1839_tile_positions``): tiles and markers put on the board by hand, then the company's
operating turn waits at its track or station step."""

from __future__ import annotations

import dataclasses

import pytest
from conftest_map import PHASES
from m1839_positions import float_company, operating_turn
from m1839_tile_positions import COLOUR_FROM, at_step, lays, position, rich

from railhouse.engine.actions import LayTile, PlaceToken
from railhouse.engine.errors import IllegalAction
from railhouse.engine.invariants import check_invariants
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.engine.shares import start_company
from railhouse.map.board import Board
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import orient, tile
from railhouse.map.upgrades import connections
from railhouse_m1839.actions import ReserveHome
from railhouse_m1839.closures import HomeDecider
from railhouse_m1839.game import M1839
from railhouse_m1839.homes import set_homes
from railhouse_m1839.mapdata import NS, build_map
from railhouse_m1839.stations import HomeStationStep, StationStep
from railhouse_m1839.tiledata import TILES


# ------------------------------------------------------------------------------
@pytest.mark.parametrize("phase", PHASES)
def test_R_15_4_1_upgrades_by_phase(phase: str) -> None:
    """A yellow tile is upgraded from light green, a green one from light brown, a brown
    one from gray phase (and never before)."""
    game = rich(phase)
    now = PHASES.index(phase)
    upgraded = {a.hex for a in lays(game) if a.hex in ("J13", "L11", "K12")}
    expected = {
        h
        for h, colour in (("J13", "green"), ("L11", "brown"), ("K12", "gray"))
        if PHASES.index(COLOUR_FROM[colour]) <= now
    }
    assert upgraded == expected


def _old_connections(game: M1839, coord: str) -> tuple[frozenset[tuple[int, int]], int]:
    old, rot = game.board.tile_at(coord)
    pairs, stops = connections(old, rot)
    return pairs, (stops[0] if old.stops else 0)


def test_R_15_4_2_upgrades_keep_every_edge_and_city_connection() -> None:
    """Every offered upgrade of Eindhoven K12 (#57: city to W and E) keeps the city joined
    to W and E; a green city tile turned so that it drops one of them is refused."""
    game = at_step(
        position("MSS", "LG", markers=(("K12", 0, "MSS"),), tiles=(("K12", "57", 1),)), "MSS"
    )
    old_pairs, old_city = _old_connections(game, "K12")
    assert old_city == 1 << 1 | 1 << 4
    ups = lays(game, "K12")
    assert ups
    for a in ups:
        pairs, stops = connections(TILES[a.tile], a.rotation)
        assert old_pairs <= pairs and old_city & ~stops[0] == 0, (a.tile, a.rotation)
    dropping = [
        (t.id, r)
        for t in TILES.values()
        if t.color == "green" and len(t.city_indices()) == 1 and t.label is None
        for r in range(6)
        if orient(t, r).edge_mask & old_city != old_city
    ]
    assert dropping
    for tile_id, rot in dropping[:3]:
        with pytest.raises(IllegalAction):
            game.apply(LayTile(entity="MSS", hex="K12", tile=tile_id, rotation=rot))


def test_R_15_4_2_plain_upgrade_keeps_edge_to_edge_lines() -> None:
    """A green plain #24 (lines W-E and W-NE on L11) is upgraded only to brown tiles
    that join W-E and W-NE again; a brown tile covering those sides without both lines is
    refused."""
    game = rich("LBr")
    old_pairs, _ = _old_connections(game, "L11")
    assert old_pairs == {(1, 4), (1, 3)}
    ups = lays(game, "L11")
    assert ups and all(old_pairs <= connections(TILES[a.tile], a.rotation)[0] for a in ups)
    open_mask = game.board.map.open_edges["L11"]
    same_sides = [
        (t.id, r)
        for t in TILES.values()
        if t.color == "brown" and not t.stops
        for r in range(6)
        if orient(t, r).edge_mask & ~open_mask == 0
        and orient(t, r).edge_mask & 0b11010 == 0b11010
        and not old_pairs <= connections(t, r)[0]
    ]
    assert same_sides, "some brown plain tile covers the sides but not the lines"
    tile_id, rot = same_sides[0]
    with pytest.raises(IllegalAction):
        game.apply(LayTile(entity="MSS", hex="L11", tile=tile_id, rotation=rot))


def test_R_15_4_3_markers_move_to_the_corresponding_circles() -> None:
    """Dordrecht J9 (yellow OO-Y1: city 0 on SW, city 1 on NE) holds MSS in city 0 and an
    NS marker in city 1: after every offered green upgrade each marker sits in the new
    city that carries its old city's track."""
    base = at_step(
        position(
            "MSS", "LG", markers=(("K10", 0, "MSS"),), tiles=(("K10", "57", 2), ("J9", "OO-Y1", 5))
        ),
        "MSS",
    )
    base.board.place_token("J9", 0, "MSS")
    base.board.place_token("J9", 1, NS)
    old, old_rot = base.board.tile_at("J9")
    _, old_masks = connections(old, old_rot)
    ups = lays(base, "J9")
    assert ups
    moved_index = False
    for a in ups:
        game: M1839 = base.clone()  # type: ignore[assignment]
        game.apply(a)
        new, rot = game.board.tile_at("J9")
        _, masks = connections(new, rot)
        for k, owner in ((0, "MSS"), (1, NS)):
            where = [j for j in range(2) if owner in game.board.city_tokens("J9", j)]
            assert len(where) == 1, (a, owner)
            new_stop = new.city_indices()[where[0]]
            assert old_masks[old.city_indices()[k]] & ~masks[new_stop] == 0, (a, owner)
            moved_index |= where[0] != k
    assert moved_index, "some upgrade renumbers the cities"


# ------------------------------------------------------------------------------
def test_R_14_6_3_a_home_station_replaces_an_NS_marker() -> None:
    """R-8.3.1: ZHESM's first run puts its Hoorn home over the NS marker in E10's only
    circle (the NS marker leaves)."""
    game = position("MSS", markers=(("E10", 0, NS),))
    zhesm = float_company(game, "ZHESM", "p1", cash=0)
    zhesm.operated_count = 0
    operating_turn(game, "ZHESM", at=HomeStationStep)
    assert isinstance(game.round, OperatingRound)
    step = next(s for s in game.round.steps if isinstance(s, HomeStationStep))
    assert step.auto()
    assert game.board.city_tokens("E10", 0) == ["ZHESM"]
    assert game.board.city_tokens("H5", 0) == ["ZHESM"]


def _station_game(reserved_by_local: bool) -> M1839:
    """MSS at Eindhoven K12 with track W to Tilburg K10 (#57), whose only circle holds an
    NS marker; optionally L1 (parred, unoperated) has reserved K10 through that circle."""
    game = position(
        "MSS",
        markers=(("K12", 0, "MSS"), ("K10", 0, NS)),
        tiles=(("K12", "57", 1), ("K10", "57", 1)),
    )
    if reserved_by_local:
        start_company(game, game.companies["L1"], "p1", 31)
        set_homes(game, "L1", ("K10", "F9"))
    return at_step(game, "MSS", StationStep)


def test_R_14_6_3_a_placed_marker_replaces_an_unreserved_NS_marker() -> None:
    """R-8.3.B.2: MSS places over the NS marker (f80), but not while a new Local has
    reserved that circle.  A record made before placements named what they replace says
    ``replaces`` "": in a city without an empty circle that is the same placement."""
    game = _station_game(reserved_by_local=False)
    place = PlaceToken(entity="MSS", hex="K10", city=0, replaces=NS)
    assert place in [a.action for a in game.legal_actions()]
    old_spelling: M1839 = game.clone()  # type: ignore[assignment]
    game.apply(place)
    assert game.board.city_tokens("K10", 0) == ["MSS"]
    assert game.companies["MSS"].cash == 1000 - 80
    old_spelling.apply(PlaceToken(entity="MSS", hex="K10", city=0))
    assert old_spelling.actions[-1] == place
    assert old_spelling.board.city_tokens("K10", 0) == ["MSS"]
    reserved = _station_game(reserved_by_local=True)
    assert not [
        a
        for a in reserved.legal_actions()
        if isinstance(a.action, PlaceToken) and a.action.hex == "K10"
    ]
    with pytest.raises(IllegalAction):
        reserved.apply(place)


def test_R_14_6_3_a_new_local_may_reserve_a_home_through_an_NS_circle() -> None:
    """R-7.5.5: Tilburg K10 (its only circle an NS marker) can be a new Local's home;
    with a company marker there it cannot, nor once another Local reserved the NS circle."""

    def first_choices(k10_owner: str, other_local: bool) -> set[str]:
        game = position("MSS", markers=(("K10", 0, k10_owner),))
        if other_local:
            start_company(game, game.companies["L1"], "p1", 31)
            set_homes(game, "L1", ("K10", "F9"))
        local = game.companies["L2"]
        start_company(game, local, "p2", 31)
        game.pending.append(HomeDecider(game, local))
        return {a.action.hex for a in game.legal_actions() if isinstance(a.action, ReserveHome)}

    assert "K10" in first_choices(NS, other_local=False)
    assert "K10" not in first_choices("AMS", other_local=False)
    assert "K10" not in first_choices(NS, other_local=True)


def _reserved_ns_city(phase: str, tiles: tuple[tuple[str, str, int], ...]) -> M1839:
    """MSS at Eindhoven K12 (#57: W to Tilburg K10); K10's only circle holds an NS marker
    and L1 (parred, unoperated) reserved K10 through it (R-7.5.5)."""
    game = position(
        "MSS", phase, markers=(("K12", 0, "MSS"), ("K10", 0, NS)), tiles=(("K12", "57", 1), *tiles)
    )
    start_company(game, game.companies["L1"], "p1", 31)
    set_homes(game, "L1", ("K10", "F9"))
    return at_step(game, "MSS")


def test_R_14_6_4_an_NS_marker_never_blocks_a_lay_or_upgrade() -> None:
    """Only company markers and reservations must fit after a lay (R-15.4.4): an NS marker
    sharing K10's one circle with L1's reservation does not make the yellow lay, or the
    green upgrade, illegal; as the circles are not fewer, the NS marker stays."""
    for phase, tiles, colour in (("LY", (), "yellow"), ("LG", (("K10", "57", 1),), "green")):
        game = _reserved_ns_city(phase, tiles)
        assert any(r.company == "L1" and r.hex == "K10" for r in game.board.reservations)
        k10 = lays(game, "K10")
        assert k10 and {TILES[a.tile].color for a in k10} == {colour}, phase
        start = len(game.actions)
        game.apply(k10[0])
        assert game.board.tile_at("K10")[0].id == k10[0].tile
        assert game.board.city_tokens("K10", 0) == [NS]
        assert not [e for e in game.events_since(start) if e.kind == "ns_marker_discarded"]
        check_invariants(game)


#: A brown one-circle city with #15's track (0-1-2-3): an upgrade with FEWER circles than
#: the green #15 (two).  The 1839 manifest has none (every upgrade keeps or adds circles),
#: so the rule is tested on the real map with this one extra tile.
FEWER = tile("X-FEWER", "brown", "c50x1:0,1,2,3")


def _fewer_map() -> MapDef:
    m = build_map()
    return dataclasses.replace(
        m, tiles={**m.tiles, FEWER.id: FEWER}, supply={**m.supply, FEWER.id: 1}, _cache={}
    )


def _fewer_game(*second: str, reserve: bool = False) -> M1839:
    """MSS at Tilburg K10 under a green #15 whose other circle holds ``second`` (placed
    first), brown phase; optionally L2 (parred, unoperated) reserved K10."""
    markers = (*(("K10", 0, o) for o in second), ("K10", 0, "MSS"))
    game = position(
        "MSS",
        "LBr",
        board=Board(_fewer_map()),
        markers=(),
        tiles=(("K10", "57", 0), ("K10", "15", 0)),
    )
    for coord, city, owner in markers:
        game.board.place_token(coord, city, owner)
    if reserve:
        start_company(game, game.companies["L2"], "p1", 31)
        set_homes(game, "L2", ("K10", "F9"))
    return at_step(game, "MSS")


def _fewer(game: M1839) -> list[LayTile]:
    return [a for a in lays(game, "K10") if a.tile == FEWER.id]


def test_R_14_6_4_NS_markers_are_discarded_to_make_room() -> None:
    """R-15.4.4: K10 holds MSS and an NS marker in #15's two circles; the one-circle
    upgrade is legal (MSS fits) and laying it discards the NS marker, with an event."""
    game = _fewer_game(NS)
    assert game.board.city_tokens("K10", 0) == [NS, "MSS"]
    fewer = _fewer(game)
    assert fewer
    start = len(game.actions)
    game.apply(fewer[0])
    assert game.board.tile_at("K10")[0] is FEWER
    assert game.board.city_tokens("K10", 0) == ["MSS"]
    discarded = [e.data for e in game.events_since(start) if e.kind == "ns_marker_discarded"]
    assert discarded == [{"company": "MSS", "hex": "K10", "city": 0, "owner": NS}]
    check_invariants(game)


def test_R_14_6_4_company_markers_and_reservations_are_never_discarded() -> None:
    """The same upgrade is refused when the second circle holds another company's marker,
    or when a Local's reservation on K10 would no longer fit; other brown upgrades stay."""
    for game in (_fewer_game("AMS"), _fewer_game(NS, reserve=True)):
        assert not _fewer(game)
        assert lays(game, "K10")  # two-circle brown tiles are fine
        with pytest.raises(IllegalAction):
            game.apply(LayTile(entity="MSS", hex="K10", tile=FEWER.id, rotation=0))


def _ns_beside_an_empty_circle(company: str = "MSS") -> M1839:
    """Tilburg K10 upgraded to the two-circle #14 (light green), one circle holding an NS
    marker and one empty; MSS at Eindhoven K12 (#57) connects to it."""
    return position("MSS", "LG", markers=(("K12", 0, "MSS"), ("K10", 0, NS)),
                    tiles=(("K12", "57", 1), ("K10", "57", 1), ("K10", "14", 1)))


def _placements(game: M1839, coord: str) -> list[PlaceToken]:
    return [a.action for a in game.legal_actions()
            if isinstance(a.action, PlaceToken) and a.action.hex == coord]


@pytest.mark.parametrize("replaces", ["", NS])
def test_R_8_3_B_2_the_director_chooses_an_empty_circle_or_the_NS_marker(replaces: str) -> None:
    """§8.3.2.2: a marker goes "in an empty city circle, or in place of a government station
    marker": where a city has both, both placements are offered (``replaces`` says which)
    and the NS marker leaves only when replaced."""
    game = at_step(_ns_beside_an_empty_circle(), "MSS", StationStep)
    assert sorted(p.replaces for p in _placements(game, "K10")) == ["", NS]
    game.apply(PlaceToken(entity="MSS", hex="K10", city=0, replaces=replaces))
    expected = ["MSS"] if replaces else [NS, "MSS"]
    assert sorted(game.board.city_tokens("K10", 0)) == sorted(expected)
    assert game.companies["MSS"].cash == 1000 - 80
    check_invariants(game)


@pytest.mark.parametrize("replaces", ["", NS])
def test_R_8_3_1_a_home_goes_in_an_empty_circle_or_over_the_NS_marker(replaces: str) -> None:
    """§8.3 step 1: home markers go "either in empty city circles or replacing a government
    station marker ..., at the director's choice": L1's first run offers both in Tilburg
    K10 (an NS marker beside an empty circle)."""
    game = _ns_beside_an_empty_circle()
    local = float_company(game, "L1", "p1", price=31, cash=0)
    set_homes(game, "L1", ("K10", "F9"))
    local.operated_count = 0
    operating_turn(game, "L1", at=HomeStationStep)
    assert sorted(p.replaces for p in _placements(game, "K10")) == ["", NS]
    game.apply(PlaceToken(entity="L1", hex="K10", city=0, replaces=replaces))
    expected = ["L1"] if replaces else [NS, "L1"]
    assert sorted(game.board.city_tokens("K10", 0)) == sorted(expected)
    assert game.board.city_tokens("F9", 0) == ["L1"]  # the other home, one place only
