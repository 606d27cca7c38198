"""The per-hex memo of legal lays (railhouse.map.laymemo): a lay elsewhere reuses a hex's
answer, and a change of anything a hex's lays depend on (its tile, a token or reservation
on it, the supply, what the company reaches) gives the answer of a cold map."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from minimap import mini_map

from railhouse.bench.positions import playout
from railhouse.engine.steps.tokens import places_left
from railhouse.map import Board, LayOptions, Operator, legal_tile_lays
from railhouse.map import lays as lays_module
from railhouse.map.lays import first_tile_lay
from railhouse.map.mapdef import MapDef, Reservation

YELLOW_GREEN = LayOptions(colors=frozenset({"yellow", "green"}))


def _cold(board: Board) -> list[object]:
    """The listing on a copy of the board over a fresh copy of the map (no memo)."""
    fresh = Board.from_dict(mini_map(), board.to_dict())
    return list(legal_tile_lays(fresh, Operator("A"), YELLOW_GREEN))


def _board(mapdef: MapDef) -> Board:
    board = Board(mapdef)
    board.lay_tile("D5", "57", 1)
    board.place_token("D5", 0, "A")
    return board


def test_a_lay_elsewhere_recomputes_only_the_hexes_it_changed(monkeypatch: object) -> None:
    board = _board(mini_map())
    first = legal_tile_lays(board, Operator("A"), YELLOW_GREEN)
    computed: list[str] = []
    original = lays_module._fitting

    def counting(*args: object) -> object:
        computed.append(str(args[3]))
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(lays_module, "_fitting", counting)  # type: ignore[attr-defined]
    board.lay_tile("E8", "9", 0)  # far from the network: no input of D5's lays changes
    again = legal_tile_lays(board, Operator("A"), YELLOW_GREEN)
    assert "D5" not in computed
    assert again == first == _cold(board)


def test_each_input_of_a_hex_changes_its_answer_like_a_cold_map() -> None:
    board = _board(mini_map())
    legal_tile_lays(board, Operator("A"), YELLOW_GREEN)
    board.lay_tile("D3", "57", 1)  # the hex's tile and what A reaches
    assert legal_tile_lays(board, Operator("A"), YELLOW_GREEN) == _cold(board)
    board.place_token("D3", 0, "B")  # a token on a hex
    assert legal_tile_lays(board, Operator("A"), YELLOW_GREEN) == _cold(board)
    board.add_reservation(Reservation("C", "D9", 0))  # a reservation
    assert legal_tile_lays(board, Operator("A"), YELLOW_GREEN) == _cold(board)
    board.supply["15"] = 0  # the supply (as a lay elsewhere would leave it)
    board.track_version += 1
    board.laid += ("D3",)
    assert legal_tile_lays(board, Operator("A"), YELLOW_GREEN) == _cold(board)


def test_places_left_follows_each_token_and_reservation_change() -> None:
    board = _board(mini_map())
    assert places_left(board, "D9", "B") == 0  # D's home reservation keeps the one circle
    board.drop_reservations("D")
    assert places_left(board, "D9", "B") == 1
    board.place_token("D9", 0, "C")
    assert places_left(board, "D9", "B") == 0
    clone = board.clone()
    clone.remove_token("D9", 0, "C")
    assert places_left(clone, "D9", "B") == 1 and places_left(board, "D9", "B") == 0


def test_a_reservation_added_on_a_hex_withdraws_an_upgrade_it_no_longer_fits_R_15_4_4() -> None:
    board = Board(mini_map())
    board.lay_tile("C6", "TWY", 0)
    board.place_token("C6", 0, "B")
    board.place_token("C6", 1, "C")
    board.lay_tile("C6", "TWG", 0)
    brown = LayOptions(colors=frozenset({"brown"}))
    assert [lay.tile for lay in legal_tile_lays(board, Operator("B"), brown)] == ["TWB"]
    board.add_reservation(Reservation("E", "C6", None))  # three markers for two circles
    assert legal_tile_lays(board, Operator("B"), brown) == []


def _cold_title_listing(board: Board, op: Operator, opts: LayOptions) -> list[object]:
    """The listing on a copy of ``board`` over a copy of its map with nothing memoised."""
    fresh = Board.from_dict(dataclasses.replace(board.map, _cache={}), board.to_dict())
    return list(legal_tile_lays(fresh, op, opts))


@pytest.mark.parametrize(("title", "seed"), [("soh", 5), ("1839", 2)])
def test_listings_and_first_lays_at_every_position_equal_a_cold_map(title: str,
                                                                   seed: int) -> None:
    """At every board revision of a seeded playout, the memoised answers (per map and per
    revision, asked in the order a track step asks: "is there a lay?", the listing, other
    options) equal those of a cold copy of the map and board."""
    revisions: set[tuple[int, int]] = set()
    checked = 0

    def visit(game: Any, _legal: list[Any]) -> None:
        nonlocal checked
        board = game.board
        if (board.track_version, board.token_version) in revisions:
            return
        revisions.add((board.track_version, board.token_version))
        colors = frozenset(game.phase.tiles)
        for company in sorted({o for owners in board.tokens.values() for o in owners}):
            op = Operator(company, column=game.phase.offboard_column)
            for opts in (LayOptions(colors=colors), LayOptions(colors=colors, extra_cost=20),
                         LayOptions(colors=colors, budget=40, new_tiles=False)):
                first = first_tile_lay(board, op, opts)
                listed = legal_tile_lays(board, op, opts)
                assert listed == _cold_title_listing(board, op, opts)
                assert (first is None) == (not listed)
                checked += 1

    playout(title, 4, seed, visit=visit)
    assert checked > 50
