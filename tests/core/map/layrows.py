"""A check that what a lay listing keeps across board revisions besides the lays
themselves (railhouse.map.layhexes, laymemo, layalloc) equals what a board with nothing
cached works out: the open hexes of every company with a token (its reached side masks,
kept while its network reach is the same set or grows, ``layhexes._reached_masks``) and
each hex's row alone (``open_hex_now``, what a lay's validation reads), the markers per
hex, and the lays of a hex at a fee or within a budget (kept with the plain
ones, ``HexLays.priced_at``).  ``test_lay_carry`` asks it at every revision of seeded
random games of both titles, and on clones that go their own way from the original."""

from __future__ import annotations

from typing import Any

from railhouse.map import Board, LayOptions, Operator, legal_tile_lays
from railhouse.map.layhexes import open_hex_now, open_hexes_now
from railhouse.map.laymemo import hex_markers
from railhouse.map.lays import hex_listings
from railhouse.map.mapdef import WHITE
from railhouse.map.network import network_reach


def _rows_afresh(board: Board, op: Operator) -> list[tuple[str, int, bool, bool]]:
    """The open hexes of ``op`` worked out side by side from its reach on a copy of the
    board with an empty cache (nothing reused from an earlier revision)."""
    fresh = board.clone()
    fresh.cache = {}
    g, reached = network_reach(fresh, op)
    masks: dict[str, int] = {}
    for coord, edge in g.side:
        if g.side[coord, edge] in reached:
            masks[coord] = masks.get(coord, 0) | 1 << edge
    homes = {coord for (coord, _), owners in fresh.tokens.items() if op.company in owners}
    rows = []
    for coord in fresh.map.hexes:  # (map order)
        hexdef = fresh.map.hexes[coord]
        if (coord not in masks and coord not in homes) or hexdef.fixed:
            continue
        if hexdef.blocked_until is not None and hexdef.blocked_until not in op.released:
            continue
        rows.append((coord, masks.get(coord, 0), coord in homes,
                     fresh.tile_at(coord)[0].color != WHITE))
    return rows


def _markers_afresh(board: Board) -> dict[str, tuple[object, ...]]:
    out: dict[str, list[object]] = {}
    for coord, city in sorted(board.tokens):
        out.setdefault(coord, []).append((city, tuple(board.tokens[coord, city])))
    for r in board.reservations:
        out.setdefault(r.hex, []).append(("reserved", r.company, r.city))
    return {coord: tuple(found) for coord, found in out.items()}


def check_kept(game: Any) -> None:
    """Asserts what the module docstring says at ``game``'s position."""
    board = game.board
    assert hex_markers(board) == _markers_afresh(board)
    colors = frozenset(game.phase.tiles)
    for company in sorted({o for owners in board.tokens.values() for o in owners}):
        op = Operator(company, column=game.phase.offboard_column)
        rows = _rows_afresh(board, op)
        assert open_hexes_now(board, op) == rows, (
            company, board.track_version, board.token_version)
        # one hex's row, asked without the others on a board with nothing cached, and
        # read from them where they are
        alone, by_hex = board.clone(), {row[0]: row for row in rows}
        alone.cache = {}
        for coord in board.map.hexes:
            assert open_hex_now(alone, op, coord) == by_hex.get(coord), coord
            assert open_hex_now(board, op, coord) == by_hex.get(coord), coord
        for opts in (LayOptions(colors=colors, extra_cost=20),
                     LayOptions(colors=colors, budget=60)):
            priced = [found.listed(board) for found in hex_listings(board, op, opts)]
            fresh = board.clone()
            fresh.cache = {}
            assert [lay for lays in priced for lay in lays] == legal_tile_lays(fresh, op, opts)
