"""The SOH map in the core engine: home lays, Amsterdam's stations through upgrades,
river costs and the ferry (facts §8.3-§8.5)."""

from __future__ import annotations

from soh_mapfacts import (
    edges_of,
)

from railhouse.map.board import Board
from railhouse.map.graph import Operator, track_graph
from railhouse.map.lays import LayOptions, legal_tile_lays
from railhouse.map.tiles import orient
from railhouse_soh.mapdata import build_map

# --------------------------------------------------------------------------- core engine


def test_home_first_lay_in_amsterdam_facts_8_5() -> None:
    """§8.5/§10: NRS's first lay on F9 (home token in city 0) is SOH1 at rotation 0 only,
    and it costs nothing."""
    board = Board(build_map())
    board.place_token("F9", 0, "NRS")
    lays = legal_tile_lays(board, Operator("NRS"), LayOptions(only_hexes=frozenset({"F9"})))
    assert [(lay.tile, lay.rotation, lay.cost) for lay in lays] == [("SOH1", 0, 0)]


def test_amsterdam_tokens_follow_upgrades_facts_8_5() -> None:
    """§8.5: NRS in city 0 and HYSM in city 1 stay in their stations through SOH1 and
    SOH6 and share the single 2-slot city of SOH7."""
    board = Board(build_map())
    board.place_token("F9", 0, "NRS")
    board.place_token("F9", 1, "HYSM")
    for tid in ("SOH1", "SOH6"):
        board.lay_tile("F9", tid, 0)
        assert board.city_tokens("F9", 0) == ["NRS"] and board.city_tokens("F9", 1) == ["HYSM"]
    board.lay_tile("F9", "SOH7", 0)
    assert sorted(board.city_tokens("F9", 0)) == ["HYSM", "NRS"]


def test_amsterdam_reservations_follow_merge_facts_8_5() -> None:
    """§8.5/§5: a reservation still names an existing city after the brown merge."""
    board = Board(build_map())
    for tid in ("SOH1", "SOH6", "SOH7"):
        board.lay_tile("F9", tid, 0)
    t, _ = board.tile_at("F9")
    amsterdam = [r for r in board.reservations if r.hex == "F9"]
    assert sorted(r.company for r in amsterdam) == ["HYSM", "NRS"]  # none is lost
    for r in amsterdam:
        assert r.city is not None and r.city < len(t.city_indices()), r


def test_river_crossing_costs_50_facts_8_3() -> None:
    """§8.3: track completing a connection across a river costs 50; track that ends at a
    river with nothing facing it is free."""
    board = Board(build_map())
    board.place_token("E14", 0, "OSM")
    board.lay_tile("E14", "57", 0)  # Zwolle: city on edges 0 (SW -> F13, river) and 3
    lays = legal_tile_lays(board, Operator("OSM"), LayOptions(only_hexes=frozenset({"F13"})))
    got = {
        (
            lay.tile,
            frozenset(edges_of(orient(board.map.tiles[lay.tile], lay.rotation).edge_mask)),
        ): lay.cost
        for lay in lays
    }
    # F13's open sides are 0, 3, 4, 5; every lay must use side 3 (toward Zwolle, river, 50).
    # 7 on 3-4 also ends at the F13|F15 river, free because F15 has no track.
    assert got == {
        ("7", frozenset({3, 4})): 50,
        ("8", frozenset({3, 5})): 50,
        ("9", frozenset({0, 3})): 50,
    }


def test_ferry_is_one_connection_facts_8_4() -> None:
    """§8.4: E8 - D9 Enkhuizen (town 10) - D11 - C12 forms one line in the track graph."""
    board = Board(build_map())
    board.lay_tile("E8", "9", 0)  # 0-3: SW -> F7, NE -> D9
    board.lay_tile("C12", "9", 0)  # 0-3: SW -> D11, NE -> B13
    g = track_graph(board)
    town = g.index["D9.t0"]
    assert g.nodes[town].revenue == 10
    assert g.side[("E8", 3)] == g.side[("D9", 0)]
    assert g.side[("C12", 0)] == g.side[("D11", 3)]
    seen = {town}
    todo = [town]
    while todo:
        for v, _ in g.adj[todo.pop()]:
            if v not in seen:
                seen.add(v)
                todo.append(v)
    assert g.side[("E8", 0)] in seen and g.side[("C12", 3)] in seen
