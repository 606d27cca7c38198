"""A market move reads its way in ``MarketSpec.steps`` and a par its cell in
``MarketSpec.par_positions`` (tables made once per market).  Here both are compared with
the grid walked from scratch (:func:`walked_move`, the move before the tables, and a scan
of the par cells): for every cell, direction and ledge rule of both titles' markets and
the mini title's, and for every move and par of seeded playouts of both titles."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from itertools import groupby
from typing import Any

import pytest
from minititle import CONFIG

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.config import MarketSpec
from railhouse.engine.market import StockMarket
from railhouse.engine.record import new_game
from railhouse.engine.steps.dividend import move_after_operating

DIRECTIONS = ("up", "down", "left", "right")
ONE_D = {"up": (0, 1), "down": (0, -1), "left": (0, -1), "right": (0, 1)}
TWO_D = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def walked_move(market: StockMarket, company: str, direction: str, steps: int = 1, *,
                ledges: bool = False, operated: bool = False) -> int:
    """``StockMarket.move`` as it walked the grid: each step tests the bounds, the
    target cell and (a downward move stopping at ledges) the ledge below."""
    spec = market.spec
    start = market.positions[company]
    row, col = start
    step_row, step_col = (ONE_D if spec.one_dimensional else TWO_D)[direction]
    stops_at_ledges = ledges and direction in ("down", "left")
    rows = spec.rows
    moved = 0
    while moved < steps:
        to_row, to_col = row + step_row, col + step_col
        if not (0 <= to_row < len(rows) and 0 <= to_col < len(rows[to_row])
                and rows[to_row][to_col] is not None):
            break
        if stops_at_ledges and market.cell((row, col)).ledge_below:
            break
        row, col = to_row, to_col
        moved += 1
    pos = (row, col) if moved else start
    face_down = operated and spec.operated_face_down
    if pos != start or face_down:
        stack = market.stacks[start]
        market.stacks[start] = tuple(c for c in stack if c != company)
        market.positions[company] = pos
        market.prices[company] = market.cell(pos).price  # (the state a move keeps)
        stack = market.stacks.get(pos, ())
        if face_down:
            market.face_down.add(company)
            depth = len([c for c in stack if c not in market.face_down])
            stack = (*stack[:depth], company, *stack[depth:])
        else:
            stack = (*stack, company)
        market.stacks[pos] = stack
    return moved


def scanned_par(market: StockMarket, price: int) -> tuple[int, int] | None:
    for pos, cell in market.par_cells():
        if cell.price == price:
            return pos
    return None


def state(market: StockMarket) -> tuple[Any, ...]:
    return (market.positions, market.stacks, market.face_down)


def specs() -> Iterator[MarketSpec]:
    yield from CONFIG.markets
    for title in ("soh", "1839"):
        yield from new_game(title, seat_names(4), None, 0).config.markets


@pytest.mark.parametrize("spec", list(specs()), ids=lambda spec: spec.id)
def test_every_move_from_every_cell_reads_what_walking_the_grid_finds(
        spec: MarketSpec) -> None:
    """From each cell, in each direction, with and without ledges, operated or not, for
    0 to a whole row's steps: the same cells moved and the same markers and stacks."""
    cells = [(row, col) for row, cells in enumerate(spec.rows)
             for col, cell in enumerate(cells) if cell is not None]
    for pos in cells:
        market = StockMarket(spec)
        market.place("X", pos)
        market.place("Y", pos)
        for direction in DIRECTIONS:
            for ledges in (False, True):
                for operated in (False, True):
                    for steps in range(len(spec.rows[0]) + 2):
                        mine, theirs = copy.deepcopy(market), copy.deepcopy(market)
                        assert (mine.move("X", direction, steps, ledges=ledges,
                                          operated=operated)
                                == walked_move(theirs, "X", direction, steps, ledges=ledges,
                                               operated=operated))
                        assert state(mine) == state(theirs), (pos, direction, steps)
    for price in {cell.price for row in spec.rows for cell in row if cell is not None}:
        market = StockMarket(spec)
        found = scanned_par(market, price)
        if found is None:
            with pytest.raises(ValueError):
                market.find_par(price)
        else:
            assert market.find_par(price) == found


@pytest.mark.parametrize(("title", "seed"), [("soh", 1), ("soh", 2), ("1839", 1)])
def test_the_moves_and_pars_of_playouts_read_what_walking_the_grid_finds(
        title: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every move and par of a seeded playout, made on a copy of the market by walking
    the grid (and scanning the par cells) too: the same results and markets."""
    moving, finding = StockMarket.move, StockMarket.find_par
    counts = {"moves": 0, "pars": 0}

    def checked_move(market: StockMarket, company: str, direction: str, steps: int = 1,
                     **kwargs: bool) -> int:
        twin = copy.deepcopy(market)
        moved = moving(market, company, direction, steps, **kwargs)
        assert moved == walked_move(twin, company, direction, steps, **kwargs)
        assert state(market) == state(twin)
        counts["moves"] += 1
        return moved

    def checked_par(market: StockMarket, price: int, phase: str | None = None) -> Any:
        pos = finding(market, price, phase)
        assert phase is not None or pos == scanned_par(market, price)
        counts["pars"] += 1
        return pos

    monkeypatch.setattr(StockMarket, "move", checked_move)
    monkeypatch.setattr(StockMarket, "find_par", checked_par)
    game = new_game(title, seat_names(4), None, seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(choose_playing(rng, game.legal_actions()))
    assert counts["moves"] > 20 and counts["pars"] > 3


def walked_moves_after_operating(market: StockMarket, company: str,
                                 moves: tuple[str, ...]) -> None:
    """``move_after_operating``'s definition: runs of one direction move together, the
    last run (or a move of no cells) the operated one."""
    runs = [(direction, len(list(run))) for direction, run in groupby(moves)] or [("up", 0)]
    for index, (direction, steps) in enumerate(runs):
        walked_move(market, company, direction, steps, operated=index == len(runs) - 1)


@pytest.mark.parametrize("spec", list(specs()), ids=lambda spec: spec.id)
def test_the_moves_after_operating_make_what_their_runs_walk(spec: MarketSpec) -> None:
    """Every list of up to three moves (one move or none: made without the runs), from
    the middle of the market with another marker on the space: the same markets."""
    cells = [(row, col) for row, cells in enumerate(spec.rows)
             for col, cell in enumerate(cells) if cell is not None]
    market = StockMarket(spec)
    market.place("X", cells[len(cells) // 2])
    market.place("Y", cells[len(cells) // 2])
    market.face_down.add("Y")
    lists: list[tuple[str, ...]] = [()]
    for _ in range(3):
        lists += [(*moves, direction) for moves in lists for direction in DIRECTIONS
                  if len(moves) == len(lists[-1])]
    for moves in set(lists):
        mine, theirs = copy.deepcopy(market), copy.deepcopy(market)
        move_after_operating(mine, "X", list(moves))
        walked_moves_after_operating(theirs, "X", moves)
        assert state(mine) == state(theirs), moves
