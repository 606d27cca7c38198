"""Built positions for the 1839 tile and track rule tests (R-12.3, R-14.6, R-15): one
company floated in a chosen phase on a board arranged by laying tiles and placing markers by
hand (``conftest_map.lay`` checks that every tile fits the one below it), its operating turn
waiting at its track or station step; and the lays offered there."""

from __future__ import annotations

from functools import cache
from typing import Any

from conftest_map import lay
from m1839_positions import cleared, float_company, operating_turn, to_phase

from railhouse.engine.actions import LayTile
from railhouse.engine.rounds.base import Step
from railhouse.map.board import Board
from railhouse.map.tiles import orient
from railhouse_m1839.game import M1839
from railhouse_m1839.stations import sync_reservations
from railhouse_m1839.tiledata import TILES
from railhouse_m1839.track import TrackStep

COLOURS = ("yellow", "green", "brown", "gray")
#: R-15.1.1 / R-15.4.1: the first phase of each tile colour.
COLOUR_FROM = {"yellow": "LY", "green": "LG", "brown": "LBr", "gray": "GR"}


@cache
def _cleared_once() -> M1839:
    """After the auction, with nobody holding any company or private (built once)."""
    return cleared()


def position(
    company: str = "MSS",
    phase: str = "LY",
    markers: tuple[tuple[str, int, str], ...] = (),
    tiles: tuple[tuple[str, str, int], ...] = (),
    board: Board | None = None,
) -> M1839:
    """``company`` floated (an operated Major, or a Local at f31) with f1000 from the bank,
    in ``phase``; ``markers`` ``(hex, city, owner)`` and ``tiles`` ``(hex, tile, rotation)``
    put on the board (``board`` replaces the game's first); reservations re-derived."""
    game: M1839 = _cleared_once().clone()  # type: ignore[assignment]
    if phase != "LY":
        to_phase(game, phase)
    if board is not None:
        game.board = board
    local = company.startswith("L")
    me = float_company(game, company, "p0", price=31 if local else 67, cash=0)
    game.pay(game.bank, me, 1000)
    me.operated_count = 1
    for coord, city, owner in markers:
        game.board.place_token(coord, city, owner)
    lay(game.board, *tiles)
    sync_reservations(game)
    return game


def at_step(game: M1839, company: str, step: type[Step[Any]] = TrackStep) -> M1839:
    operating_turn(game, company, at=step)
    sync_reservations(game)
    return game


def lays(game: M1839, coord: str | None = None) -> list[LayTile]:
    return [
        a.action
        for a in game.legal_actions()
        if isinstance(a.action, LayTile) and (coord is None or a.action.hex == coord)
    ]


def edges(action: LayTile) -> int:
    return orient(TILES[action.tile], action.rotation).edge_mask


def rich(phase: str) -> M1839:
    """MSS at Eindhoven K12 under a brown #448 (W, NW, NE, SW); a yellow #4 on the town
    Oss J13 (NE of K12); a green #24 on the rural L11 (SW of K12); Tilburg K10 (W) bare."""
    game = position(
        "MSS",
        phase,
        markers=(("K12", 0, "MSS"),),
        tiles=(
            ("K12", "57", 0),
            ("K12", "15", 0),
            ("K12", "448", 0),
            ("J13", "4", 0),
            ("L11", "9", 1),
            ("L11", "24", 1),
        ),
    )
    return at_step(game, "MSS")


def colours_by_hex(game: M1839) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for a in lays(game):
        out.setdefault(a.hex, set()).add(TILES[a.tile].color)
    return out
