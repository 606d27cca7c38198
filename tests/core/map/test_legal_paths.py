"""One definition of a legal path (railhouse.map.legal) for connectivity, lays, tokens,
the optimiser, the validator and the reference, checked against an independent walker
over the tiles' own track (tile_walk).  SOH EN "Running trains" (a single continuous
route, no piece of track twice), "New tiles" (a continuous route from a station); 1839
R-16.2 (no hex edge twice, no track twice, enter a city and leave in another direction),
R-15.3.2 (lays), R-8.3.B (tokens)."""

from __future__ import annotations

import random

import pytest
from bruteforce import best_total
from dense_boards import named
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_routes_bruteforce import COORDS, MIXES, shuffled_cities
from tile_walk import Seg, Track, reachable, walk_route

from railhouse.map import (
    Board,
    HexDef,
    LayOptions,
    MapDef,
    Offboard,
    Operator,
    RunContext,
    TokenOptions,
    best_routes,
    legal_tile_lays,
    legal_token_placements,
    reach,
    tile,
    track_graph,
)
from railhouse.map.graph import EDGE
from railhouse.map.library import STANDARD
from railhouse.map.tiles import JUNCTION
from railhouse.map.validate import ClaimedRoute, IllegalRoute, check_routes

#: switches (two segments meeting at one hex side) and the SOH two-town tiles
SWITCHES = ["23", "24", "25", "26", "27", "28", "29", "30", "31", "43", "44", "45", "46",
            "47", "70", "80", "82", "7", "8", "9"]
TWO_TOWN = {
    "981": tile("981", "green", "t10:2,5 t10:2,4"),
    "991": tile("991", "green", "t10:2,5 t10:2,0"),
    "SOH2": tile("SOH2", "green", "t10:2,5 t10:2,1"),
    "SOH4": tile("SOH4", "green", "t10:2,0 t10:2,1"),
}
CITIES = ["57", "14", "15", "6", "619", "63", "448"]


def switch_board(seed: int) -> Board:
    """A small board dense in switches and two-town tiles, with company A's tokens and
    others' blocking ones; every hex tiled or an off-board."""
    rng = random.Random(f"switch:{seed}")
    hexes: dict[str, HexDef] = {}
    laid: dict[str, tuple[str, int]] = {}
    for coord in COORDS:
        roll = rng.random()
        if roll < 0.1:
            hexes[coord] = HexDef(
                coord, tile("", "red", f"o:{rng.randrange(6)},{rng.randrange(6)}"), fixed=True,
                offboard=Offboard(coord, (rng.choice((20, 30)),), rng.choice(("a", "b"))))
            continue
        hexes[coord] = HexDef(coord, tile("", "white"))
        pool = SWITCHES if roll < 0.55 else list(TWO_TOWN) if roll < 0.7 else CITIES
        laid[coord] = (rng.choice(pool), rng.randrange(6))
    board = Board(MapDef(hexes, dict(STANDARD) | TWO_TOWN, {t: None for t in STANDARD}))
    board.tiles = laid
    for n, (coord, k, slots) in enumerate(shuffled_cities(board, rng)):
        owners = ["A"] if n == 0 or rng.random() < 0.2 else []
        while len(owners) < slots and rng.random() < 0.4:
            owners.append("C")
        if owners:
            board.tokens[(coord, k)] = owners[:slots]
    return board


def engine_reach(board: Board, op: Operator) -> tuple[set[str], set[frozenset[tuple[str, int]]]]:
    """``reach`` as the walker names things: stops, and hex sides as their (hex, edge)s."""
    g = track_graph(board, op.released)
    keys: dict[int, set[tuple[str, int]]] = {}
    for key, u in g.side.items():
        keys.setdefault(u, set()).add(key)
    stops, sides = set(), set()
    for u in reach(board, op):
        node = g.nodes[u]
        if node.kind == EDGE:
            sides.add(frozenset(keys[u]))
        elif node.kind != JUNCTION:
            stops.add(node.name)
    return stops, sides


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**9))
def test_reach_is_exactly_what_legal_paths_reach(seed: int) -> None:
    board = switch_board(seed)
    op = Operator("A")
    stops, sides, _ = reachable(Track(board, "A"))
    assert engine_reach(board, op) == (stops, sides)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**9))
def test_offered_lays_and_tokens_are_reached_by_legal_paths(seed: int) -> None:
    """R-15.3.2 / SOH "New tiles": after the lay, a legal path from a token reaches some
    track of the new tile (or the hex holds a token); R-8.3.B: a token spot is reached."""
    board = switch_board(seed)
    for coord in list(board.tiles)[::2]:  # open some hexes for new track
        del board.tiles[coord]
    op = Operator("A")
    homes = {c for (c, _), owners in board.tokens.items() if "A" in owners}
    opts = LayOptions(colors=frozenset({"yellow", "green", "brown"}))
    for lay in legal_tile_lays(board, op, opts):
        if lay.hex in homes:
            continue
        after = board.clone()
        after.lay_tile(lay.hex, lay.tile, lay.rotation, lay.tokens)
        _, _, segs = reachable(Track(after, "A"))
        assert any(s[0] == lay.hex for s in segs), lay
    stops, _, _ = reachable(Track(board, "A"))
    for spot in legal_token_placements(board, op, TokenOptions()):
        assert f"{spot.hex}.c{spot.city}" in stops, spot


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**9), mix=st.integers(0, len(MIXES) - 1))
def test_optimiser_routes_are_legal_and_no_reference_beats_them(seed: int, mix: int) -> None:
    """Every route of the optimiser walks legally over the tiles' track and passes the
    validator with the same revenue; the brute-force reference finds no better set."""
    board = switch_board(seed)
    rules, trains = MIXES[mix]
    op, run = Operator("A"), RunContext(named(trains))
    result = best_routes(board, op, rules, run)
    track, used = Track(board, "A"), set[Seg]()
    claimed = []
    for route in result.routes:
        stops, legs = walk_route(track, route.stops[0], list(route.segments), used)
        assert stops == list(route.stops)
        claimed.append(ClaimedRoute(route.train, tuple(legs)))
    checked = check_routes(board, op, rules, run, claimed)
    # legs name hexes only: on a two-town tile the validator may trace the other town
    # (then the trains' shared stops, and so the revenue, can differ)
    if [c.segments for c in checked] == [r.segments for r in result.routes]:
        assert sum(c.revenue for c in checked) == result.revenue
    assert result.revenue == best_total(board, op, rules, run)


# ----------------------------------------------------------------- a switch, by hand

def _y_board() -> tuple[Board, str, str]:
    """Switch 26 (branches 0-3 and 0-5) on D5, a city (57) at the end of each branch
    (edges 3 and 5), company A's token in the first: (board, home, other city's hex)."""
    around = ("B5", "C4", "C6", "D3", "D7", "E4", "E6", "F5")
    hexes = {c: HexDef(c, tile("", "white")) for c in ("D5", *around)}
    board = Board(MapDef(hexes, dict(STANDARD), {t: None for t in STANDARD}))
    nb = board.map.neighbours["D5"]
    home, other = nb[3], nb[5]
    assert home is not None and other is not None
    board.tiles = {"D5": ("26", 0), home: ("57", 0), other: ("57", 2)}
    board.tokens[(home, 0)] = ["A"]
    return board, home, other


def test_no_path_reverses_at_a_switch() -> None:
    """A train entering switch 26 by one branch leaves by the stem, never by the other
    branch (that would reverse at the stem's hex side): the other city is not reached, no
    token there, no route, the validator refuses the claim, the reference agrees."""
    board, home, other = _y_board()
    op = Operator("A")
    rules, trains = MIXES[0]
    run = RunContext(trains)
    assert f"{other}.c0" not in engine_reach(board, op)[0]
    assert f"{other}.c0" not in reachable(Track(board, "A"))[0]
    assert legal_token_placements(board, op, TokenOptions()) == []
    assert best_routes(board, op, rules, run).revenue == 0
    assert best_total(board, op, rules, run) == 0
    with pytest.raises(IllegalRoute):
        check_routes(board, op, rules, run, [ClaimedRoute("2", ((home, "D5", other),))])


def test_a_lay_offered_only_through_a_reversal_is_refused() -> None:
    """With the other city's hex empty, its side on the switch's branch is reached only
    by reversing at the stem: no lay there; the stem's neighbour is offered."""
    board, _, other = _y_board()
    del board.tiles[other]
    stem = board.map.neighbours["D5"][0]
    lays = {lay.hex for lay in legal_tile_lays(board, Operator("A"), LayOptions())}
    assert other not in lays
    assert stem in lays
