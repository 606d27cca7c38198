"""R-15.4.4 (1839): an upgrade must leave room for the hex's tokens and outstanding
reservations.  ``lays._tokens_fit`` reads the hex's markers once per hex and board
(``lays._held``, shared by the hex's candidates); at every check of seeded 1839 playouts its
answer must equal the plain computation below (the function as it was before the memo),
which rereads the board for every candidate."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from railhouse.bench.positions import playout, seat_names
from railhouse.engine.record import new_game
from railhouse.map import lays
from railhouse.map.board import Board
from railhouse.map.laycands import next_tiles, static_candidates
from railhouse.map.tiles import TileDef
from railhouse.map.upgrades import UpgradeShape


def _plain_tokens_fit(board: Board, coord: str, old: TileDef, new: TileDef,
                      shape: UpgradeShape) -> bool:
    old_cities, new_cities = old.city_indices(), new.city_indices()
    if not old_cities:
        return True
    load = [0] * len(new_cities)
    placed: set[str] = set()
    drop = board.map.discardable_tokens
    for k, target in enumerate(shape.city_map):
        owners = board.tokens.get((coord, k), ())
        placed.update(owners)
        load[target] += sum(1 for o in owners if o not in drop)
    hex_level = 0
    for r in board.reservations:
        if r.hex != coord or r.company in placed:
            continue
        if r.city is None:
            hex_level += 1
        else:
            load[shape.city_map[r.city]] += 1
    slots = [new.stops[i].slots for i in new_cities]
    return all(n <= s for n, s in zip(load, slots, strict=True)) and sum(load) + hex_level <= sum(
        slots
    )


def test_R_15_4_4_memoised_fit_equals_the_plain_check(monkeypatch: pytest.MonkeyPatch) -> None:
    memoised = lays._tokens_fit
    seen = {"fit": 0, "misfit": 0, "reused": 0}

    def checked(board: Board, coord: str, old: TileDef, new: TileDef, shape: UpgradeShape,
                memo: Any = None) -> bool:
        if memo:
            seen["reused"] += 1
        got = memoised(board, coord, old, new, shape, memo)
        assert got == _plain_tokens_fit(board, coord, old, new, shape), (coord, new.id, shape)
        seen["fit" if got else "misfit"] += 1
        return got

    monkeypatch.setattr(lays, "_tokens_fit", checked)
    # the per-map lay memo (railhouse.map.laymemo) outlives games: start it empty, so the
    # playouts check every hex's candidates whatever ran before in this process
    mapdef = new_game("1839", seat_names(4), None, 0).board.map
    monkeypatch.setitem(mapdef._cache, "lay_memo", {})
    for seed in (1000, 1001, 1002, 1003):
        playout("1839", 4, seed)
    # (asked once per new tile and city map of a hex: few misfits are left to ask)
    assert seen["fit"] > 500 and seen["misfit"] > 1 and seen["reused"] > 500, seen


def test_R_15_4_4_turns_of_a_shape_fit_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """``lays._fitting`` asks :func:`lays._tokens_fit` once per new tile and city map of
    a hex, whatever the turn: at every hex with markers it lists, the plain check gives
    one answer for all the candidates sharing those two."""
    fitting = lays._fitting
    checked = [0]

    def compared(board: Board, *args: Any) -> Any:
        coord, markers = args[2], args[5]  # (op, colours, hex, reached, token, markers, out)
        if coord not in markers:
            return fitting(board, *args)
        old, old_rot = board.tile_at(coord)
        answers: dict[tuple[str, tuple[int, ...]], list[bool]] = {}
        for cand in static_candidates(board.map, coord, old, old_rot):
            answers.setdefault((cand.shape.new.id, cand.shape.city_map), []).append(
                _plain_tokens_fit(board, coord, old, cand.shape.new, cand.shape))
        assert all(len(set(found)) == 1 for found in answers.values()), (coord, answers)
        checked[0] += any(len(found) > 1 for found in answers.values())  # turns shared
        return fitting(board, *args)

    monkeypatch.setattr(lays, "_fitting", compared)
    mapdef = new_game("1839", seat_names(4), None, 0).board.map
    monkeypatch.setitem(mapdef._cache, "lay_memo", {})
    for seed in (1000, 1001):
        playout("1839", 4, seed)
    assert checked[0] > 20, checked


@pytest.mark.parametrize("title", ["1839", "soh"])
def test_R_15_4_4_fits_kept_per_map_equal_the_worked_out_fit(title: str) -> None:
    """``lays._tokens_fit`` keeps its answers per map on the markers summary, the city
    map and the new tile: for every upgrade shape of every tile with cities on the map
    (several city maps of one new tile among them) and every summary of up to two tokens
    a city, a reservation per city and hex-level reservations, asked in turn through the
    one map's memo, each answer equals the fit worked out (``lays.summary_fits``)."""
    board = new_game(title, seat_names(4), None, 0).board
    mapdef = board.map
    asked = misfits = 0
    for old in mapdef.tiles.values():
        cities = len(old.city_indices())
        if not cities or old.color not in mapdef.colors:
            continue
        for shape in next_tiles(mapdef, old):
            for counts in product(range(3), repeat=cities):
                for reserved in ((), *((k,) for k in range(cities))):
                    for hex_level in (0, 1):
                        held = (counts, reserved, hex_level)
                        got = lays._tokens_fit(board, "", old, shape.new, shape,
                                               {cities: held})
                        assert got == lays.summary_fits(held, shape.city_map, shape.new), (
                            old.id, shape, held)
                        asked += 1
                        misfits += not got
    assert asked > 200 and misfits > 100, (asked, misfits)
