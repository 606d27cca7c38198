"""The per-hex memo of legal lays (railhouse.map.laymemo): a lay elsewhere reuses a hex's
answer, and a change of anything a hex's lays depend on (its tile, a token or reservation
on it, the supply, what the company reaches) gives the answer of a cold map."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from minimap import mini_map

from railhouse.bench.positions import playout
from railhouse.engine.steps.tokens import places_left
from railhouse.map import Board, LayOptions, Operator, legal_tile_lays
from railhouse.map import lays as lays_module
from railhouse.map.laycands import Candidate, candidate_ids, next_tiles, static_candidates
from railhouse.map.layhexes import open_hexes_now
from railhouse.map.laymemo import facing_track, listing_inputs, ruled_edges
from railhouse.map.lays import first_tile_lay
from railhouse.map.laysig import city_sig, track_sig
from railhouse.map.mapdef import MapDef, Reservation
from railhouse.map.tiles import TileDef, orient

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


def _reference_candidates(mapdef: MapDef, coord: str, old: TileDef, old_rot: int) -> list[Any]:
    """The candidates as first written: every shape oriented and signed per hex."""
    open_mask = mapdef.open_edges[coord]
    seen: set[tuple[object, ...]] = set()
    defaults: set[tuple[str, int]] = set()
    out = []
    for shape in next_tiles(mapdef, old):
        rot = (old_rot + shape.delta) % 6
        o = orient(shape.new, rot)
        default = (shape.new.id, shape.delta) not in defaults
        defaults.add((shape.new.id, shape.delta))
        sig = (track_sig(o), city_sig(o, shape.city_map))
        if o.edge_mask & ~open_mask or sig in seen:
            continue
        if not default and not mapdef.choose_token_cities:
            continue
        seen.add(sig)
        out.append(Candidate(shape, rot, o.edge_mask, default, *sig))
    return out


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_static_candidates_equal_the_per_hex_reference(title: str) -> None:
    """The candidates filtered per hex from the per-tile list (``_turned_shapes``) equal
    those oriented and signed per hex, for every tile at every rotation on one hex of
    each mask of open sides (a hex matters only through that mask)."""
    if title == "soh":
        from railhouse_soh.mapdata import build_map as soh_map
        mapdef = soh_map()
    else:
        from railhouse_m1839.mapdata import build_map as m1839_map
        mapdef = m1839_map()
    by_mask = {mask: coord for coord, mask in sorted(mapdef.open_edges.items())}
    olds = {id(t): t for t in [*mapdef.tiles.values(),
                               *(h.printed for h in mapdef.hexes.values())]
            if t.color in mapdef.colors}  # fixed hexes (off-boards, water) take no tile
    checked = 0
    for coord in by_mask.values():
        for old in olds.values():
            for rot in range(6):
                assert (static_candidates(mapdef, coord, old, rot)
                        == _reference_candidates(mapdef, coord, old, rot)), (coord, old.id, rot)
                checked += 1
    assert checked > 500


def _at_each_revision(title: str, seed: int,
                      check: Callable[[Any, Board, Operator], None]) -> None:
    """Play a seeded game and call ``check(game, board, op)`` once per board revision
    for every company with a token there."""
    revisions: set[tuple[int, int]] = set()

    def visit(game: Any, _legal: list[Any]) -> None:
        board = game.board
        if (board.track_version, board.token_version) in revisions:
            return
        revisions.add((board.track_version, board.token_version))
        for company in sorted({o for owners in board.tokens.values() for o in owners}):
            check(game, board, Operator(company, column=game.phase.offboard_column))

    playout(title, 4, seed, visit=visit)


def _searched(board: Board, op: Operator, colors: frozenset[str], coord: str,
              reached: int, has_token: bool) -> list[Any]:
    """The lays of ``coord`` the search of its candidates finds (``_fitting``)."""
    inputs = listing_inputs(board)
    facing = facing_track(board, coord, ruled_edges(board.map).get(coord, 0))
    return list(lays_module._fitting(board, op, colors, coord, reached, has_token,
                                     inputs.markers, inputs.out, facing))


@pytest.mark.parametrize(("title", "seed"), [("soh", 7), ("1839", 8)])
def test_a_hex_left_unsearched_for_its_next_colour_has_no_lay_a_search_finds(
        title: str, seed: int) -> None:
    """A hex whose next colour is not allowed is not searched (``next_colour_allowed``):
    at every board revision of a seeded playout, for every company with a token, every
    open hex and the phase's colours and each colour alone, its lays are those the search
    of its candidates finds (``_fitting``, asked directly), and its candidates those of
    its tile (``candidate_ids``, which ``carried`` reads when the supply changes)."""
    skipped = searched = 0

    def check(game: Any, board: Board, op: Operator) -> None:
        nonlocal skipped, searched
        inputs = listing_inputs(board)
        phase = frozenset(game.phase.tiles)
        for coord, reached, has_token, upgrade in open_hexes_now(board, op):
            old, old_rot = board.tile_at(coord)
            for colors in (phase, *(frozenset({c}) for c in board.map.colors)):
                found = lays_module._memo_hex_lays(board, op, colors, inputs, coord,
                                                   reached, has_token, upgrade)
                assert found.fitting == _searched(board, op, colors, coord, reached,
                                                  has_token), (coord, colors)
                assert found.candidates == candidate_ids(board.map, coord, old, old_rot)
                if lays_module.next_colour_allowed(board.map, old, colors):
                    searched += 1
                else:
                    skipped += 1

    _at_each_revision(title, seed, check)
    assert skipped > 500 and searched > 500, (skipped, searched)


@pytest.mark.parametrize(("title", "seed"), [("soh", 9), ("1839", 10)])
def test_hexes_a_listing_leaves_out_for_the_colours_have_no_lay_a_search_finds(
        title: str, seed: int) -> None:
    """``colour_allows`` leaves out every white hex, or every other one, where no tile
    of the listing's colours may go: at every board revision of a seeded playout, for
    every company with a token and every set of the map's colours, each open hex it
    leaves out has no lay the search of its candidates finds (``_fitting``)."""
    left_out = kept = 0

    def check(game: Any, board: Board, op: Operator) -> None:
        nonlocal left_out, kept
        colours = board.map.colors
        choices = {frozenset(game.phase.tiles), *(frozenset(colours[i:j])
                                                  for i in range(len(colours))
                                                  for j in range(i + 1, len(colours) + 1))}
        for colors in choices:
            allows = lays_module.colour_allows(board.map, LayOptions(colors=colors))
            for coord, reached, has_token, upgrade in open_hexes_now(board, op):
                if allows[upgrade]:
                    kept += 1
                else:
                    left_out += 1
                    assert not _searched(board, op, colors, coord, reached, has_token), (
                        coord, colors)

    _at_each_revision(title, seed, check)
    assert left_out > 500 and kept > 500, (left_out, kept)
