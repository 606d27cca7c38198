"""The claims tracer of :mod:`railhouse.map.validate` reads a path's hex by its map-order
number and a side's hexes from ``g.side`` instead of indexes of its own: at every track
version of seeded ``rules=18xx-games`` SOH playouts (and of 1839's opening board) and of
game 181446, these answer as the indexes it used to build (the hex in the path's name,
the inverse of ``g.side``, the stops per hex with multi-hex off-boards on every hex, in
the same order: :meth:`_Tracer.starts`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.engine.actions import from_builtins
from railhouse.engine.record import new_game
from railhouse.map.graph import track_graph
from railhouse.map.graphbuild import TrackGraph
from railhouse.map.tiles import CITY, OFFBOARD, TOWN
from railhouse.map.validate import _Tracer
from railhouse.testing.conformance import choose
from railhouse_soh.importer import GAME_181446, import_18xx_games


def old_indexes(g: TrackGraph) -> tuple[list[str], dict[int, set[str]], dict[str, list[int]]]:
    """The tracer's indexes as it built them before (path hex, side hexes, stops)."""
    path_hex = [name.split(":", 1)[0] for name in g.path_names]
    side_hexes: dict[int, set[str]] = {}
    for (coord, _edge), side in g.side.items():
        side_hexes.setdefault(side, set()).add(coord)
    stops_by_hex: dict[str, list[int]] = {}
    for u, node in enumerate(g.nodes):
        if node.kind in (CITY, TOWN, OFFBOARD):
            stops_by_hex.setdefault(node.hex, []).append(u)
    for pid in range(len(g.path_names)):
        coord = path_hex[pid]
        for u in g.path_ends[pid]:
            if g.nodes[u].kind == OFFBOARD and u not in stops_by_hex.get(coord, []):
                stops_by_hex.setdefault(coord, []).append(u)
    return path_hex, side_hexes, stops_by_hex


def check_board(game: Any, seen: set[int]) -> None:
    board = game.board
    if board is None or board.track_version in seen:
        return
    seen.add(board.track_version)
    g = track_graph(board)
    tracer = _Tracer(board, g)
    path_hex, side_hexes, stops_by_hex = old_indexes(g)
    assert {c: tracer.starts(c) for c in stops_by_hex} == stops_by_hex
    assert not any(tracer.starts(c) for c in board.map.hexes if c not in stops_by_hex)
    assert [tracer.number[h] for h in path_hex] == g.path_hex
    coords = list(board.map.hexes)
    for side, hexes in side_hexes.items():
        near = {n for h in hexes for n in board.map.neighbours[h] if n is not None}
        for coord in hexes | near:
            assert tracer.on_hex(side, coord) == (coord in hexes)
        assert not tracer.on_hex(side, coords[0]) or coords[0] in hexes


GAMES = [("soh", {"rules": "18xx-games"}, seed) for seed in range(3)] + [
    ("1839", {}, 0)]  # 1839: off-boards over several hexes


@pytest.mark.parametrize(("title", "options", "seed"), GAMES)
def test_tracer_indexes_in_random_playouts(title: str, options: dict[str, str],
                                           seed: int) -> None:
    game = new_game(title, ["a", "b", "c"], options, seed)
    rng = random.Random(seed)
    seen: set[int] = set()
    for _ in range(400):
        if game.over:
            break
        game.apply(choose(rng, game.cached_legal_actions()))
        check_board(game, seen)
    assert len(seen) > (5 if title == "soh" else 0)  # 1839: lays come late


def test_tracer_indexes_in_game_181446() -> None:
    record = import_18xx_games(GAME_181446)
    game = new_game(record["title"], list(record["players"]), record.get("options"),
                    int(record["seed"]))
    seen: set[int] = set()
    for raw in record["actions"]:
        game.apply(from_builtins(raw))
        check_board(game, seen)
    assert len(seen) > 20
