"""Stock markets: 1-D and 2-D grids, moves, ledges, par spaces, stacks, operating order."""

from __future__ import annotations

import pytest
from minititle import CONFIG, LOCAL, MAIN

from railhouse.engine.config import MarketCell, MarketSpec
from railhouse.engine.market import StockMarket
from railhouse.engine.record import new_game


def test_moves_in_four_directions_on_a_2d_market_stop_at_borders() -> None:
    market = StockMarket(MAIN)
    market.place("A", (1, 1))
    assert market.move("A", "right") == 1 and market.positions["A"] == (1, 2)
    assert market.move("A", "up") == 1 and market.positions["A"] == (0, 2)
    assert market.move("A", "up") == 0 and market.positions["A"] == (0, 2)  # top border
    assert market.move("A", "left", 5) == 2 and market.positions["A"] == (0, 0)
    assert market.move("A", "down", 5) == 2 and market.positions["A"] == (2, 0)
    market.place("B", (0, 3))
    assert market.move("B", "down", 2) == 1 and market.positions["B"] == (1, 3)  # no cell below


def test_on_a_1d_market_up_is_right_and_down_is_left() -> None:
    market = StockMarket(LOCAL)
    market.place("L", (0, 2))
    market.move("L", "up", 2)
    assert market.price("L") == 60
    market.move("L", "down", 10)
    assert market.price("L") == 10


def test_a_ledge_stops_a_downward_move_only_when_asked() -> None:
    market = StockMarket(MAIN)
    market.place("A", (1, 2))  # 70, ledge below
    assert market.move("A", "down", ledges=True) == 0
    assert market.move("A", "down") == 1 and market.price("A") == 60


def test_par_cells_depend_on_the_phase() -> None:
    market = StockMarket(MAIN)
    assert [c.price for _, c in market.par_cells("2")] == [70, 60]
    assert [c.price for _, c in market.par_cells("3")] == [70, 100, 60]
    assert market.find_par(100, "4") == (0, 3)


def test_new_arrivals_stack_after_existing_tokens_and_operate_after_them() -> None:
    market = StockMarket(MAIN)
    market.place("A", (0, 2))
    market.place("B", (0, 1))
    market.move("B", "right")  # B arrives on A's cell
    market.place("C", (0, 3))
    assert market.stacks[(0, 2)] == ("A", "B")
    assert market.order() == ["C", "A", "B"]
    market.move("A", "left")
    market.move("A", "right")  # leaving and coming back puts A under B
    assert market.order() == ["C", "B", "A"]


def test_a_move_that_goes_nowhere_keeps_the_stack_order() -> None:
    market = StockMarket(MAIN)
    market.place("A", (0, 4))
    market.place("B", (0, 4))
    assert market.move("A", "right") == 0
    assert market.stacks[(0, 4)] == ("A", "B")


def test_several_markets_are_independent() -> None:
    main, local = StockMarket(MAIN), StockMarket(LOCAL)
    main.place("A", (0, 1))
    local.place("L", (0, 2))
    local.move("L", "up")
    assert main.price("A") == 70 and local.price("L") == 40
    assert main.order() == ["A"] and local.order() == ["L"]
    assert {m.id for m in CONFIG.markets} == {"main", "local"}


def test_a_missing_cell_is_an_error() -> None:
    spec = MarketSpec("x", ((MarketCell(10), None),))
    with pytest.raises(ValueError, match="no market cell"):
        StockMarket(spec).place("A", (0, 1))


def stepwise_move(market: StockMarket, pos: tuple[int, int], direction: str, steps: int,
                  ledges: bool) -> tuple[int, int]:
    """Where ``move`` ends, worked out one ``neighbour`` at a time (as it was written
    before it walked the grid in place)."""
    for _ in range(steps):
        target = market.neighbour(pos, direction)
        if target == pos:
            break
        if ledges and direction in ("down", "left") and market.cell(pos).ledge_below:
            break
        pos = target
    return pos


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_a_move_ends_where_stepping_neighbour_by_neighbour_ends(title: str) -> None:
    """On every market of both titles, from every cell, in every direction, 0-4 steps,
    with and without ledges: ``move`` ends where the step-by-step walk does, reports
    the cells moved, and stacks the marker there."""
    game = new_game(title, ["A", "B", "C", "D"], None, 1)
    moves = 0
    for spec in game.config.markets:
        cells = [(r, c) for r, row in enumerate(spec.rows)
                 for c, cell in enumerate(row) if cell is not None]
        for pos in cells:
            for direction in ("up", "down", "left", "right"):
                for steps in range(5):
                    for ledges in (False, True):
                        market = StockMarket(spec)
                        market.place("X", pos)
                        expected = stepwise_move(market, pos, direction, steps, ledges)
                        moved = market.move("X", direction, steps, ledges=ledges)
                        assert market.positions["X"] == expected
                        assert moved == abs(expected[0] - pos[0]) + abs(expected[1] - pos[1])
                        assert market.stacks[expected] == ("X",)
                        moves += 1
    assert moves > 500
