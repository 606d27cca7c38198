"""Stock markets: 1-D or 2-D grids of prices, token stacks, moves and ledges.

A stack is ordered: index 0 operates first.  New arrivals go to the end ("to the right of
any tokens already there" in Steam Over Holland; "under" in 1839).  A market whose spec says
``operated_face_down`` (1839 R-8.2.4) stacks the move that ends a company's operating turn
differently: the marker is turned face down (:attr:`StockMarket.face_down`), moves, even to
the same space, and goes in at the depth of the face-up markers' count there (below them
when they are on top, as they are unless a sale put one under a face-down marker); at the
end of the operating round (:meth:`StockMarket.turn_face_up`) the face-down markers turn
face up in reverse order below the rest.  Net effect: companies sharing a space operate in
arrival order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from railhouse.engine.config import MARKET_STEPS, MARKET_STEPS_1D, MarketCell, MarketSpec
from railhouse.engine.fastcopy import takes_remember


@dataclass
class StockMarket:
    """Where each company's marker is (``positions``), the price of the space it is on
    (``prices``: kept by every move of a marker, :meth:`place`, :meth:`move` and
    :meth:`remove`, so a reader asking a price per company per decision makes one dict
    look-up instead of reading the grid at the position) and the order of the markers on
    each space (``stacks``: tuples, replaced on every change, so a copy of the market
    shares them).  ``memo``: answers worked out from the stacks alone and the key (1839's
    open par prices, R-7.5.3), immutable values kept until a stack changes (every writer
    of ``stacks`` replaces it; a copy starts with an empty one)."""

    spec: MarketSpec
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    stacks: dict[tuple[int, int], tuple[str, ...]] = field(default_factory=dict)
    face_down: set[str] = field(default_factory=set)
    prices: dict[str, int] = field(init=False, repr=False, compare=False)
    memo: dict[Any, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # (the markers a caller placed through ``positions``: their prices read once)
        self.prices = {company: self.cell(pos).price for company, pos in self.positions.items()}
        self.memo = {}

    @takes_remember
    def __deepcopy__(self, memo: dict[int, Any], remember: bool = True) -> StockMarket:
        # No __init__ (a clone is made often), and no attribute dict read or made: each
        # attribute stored in __init__'s order keeps both markets' attributes inline.
        twin = object.__new__(StockMarket)
        twin.spec = self.spec
        twin.positions = self.positions.copy()
        twin.stacks = self.stacks.copy()
        twin.face_down = self.face_down.copy()
        twin.prices = self.prices.copy()
        twin.memo = {}  # (its own, empty: a copy of the answers cost ~1k a market)
        if remember:  # (not for a market held once: railhouse.engine.heldonce)
            memo[id(self)] = twin
        return twin

    def cell(self, pos: tuple[int, int]) -> MarketCell:
        row, col = pos
        cell = self.spec.rows[row][col]
        if cell is None:
            raise ValueError(f"no market cell at {pos}")
        return cell

    def price(self, company: str) -> int:
        return self.cell(self.positions[company]).price

    def par_cells(self, phase: str | None = None) -> list[tuple[tuple[int, int], MarketCell]]:
        """Par cells; with ``phase``, only those open in that phase (``MarketCell.par_phases``,
        e.g. 1839's major pars that open with later phases)."""
        return [
            ((r, c), cell)
            for r, row in enumerate(self.spec.rows)
            for c, cell in enumerate(row)
            if cell is not None and cell.par
            and (phase is None or not cell.par_phases or phase in cell.par_phases)
        ]

    def find_par(self, price: int, phase: str | None = None) -> tuple[int, int]:
        if phase is None:  # (every par cell: the first of the price, found once)
            pos = self.spec.par_positions.get(price)
            if pos is not None:
                return pos
        else:
            for pos, cell in self.par_cells(phase):
                if cell.price == price:
                    return pos
        raise ValueError(f"{price} is not a par price on market {self.spec.id}")

    def place(self, company: str, pos: tuple[int, int]) -> None:
        """Put ``company`` on ``pos``, at the bottom of its stack."""
        self.prices[company] = self.cell(pos).price
        self.positions[company] = pos
        self.stacks[pos] = (*self.stacks.get(pos, ()), company)
        self.memo = {}

    def place_at_price(self, company: str, price: int) -> None:
        """A one-row market: put ``company`` on the space of ``price`` (bottom of its stack)."""
        self.place(company, (0, self.index_of(price)))

    def index_of(self, price: int) -> int:
        """A one-row market: the column of the space of ``price``."""
        col = self.spec.columns.get(price)
        if col is not None:
            return col
        raise ValueError(f"{price} is not a space of the {self.spec.id} market")

    def turn_face_up(self) -> None:
        """End of an operating round (1839 R-8.2.4): on every space the face-down markers
        turn face up in reverse order, below the face-up ones."""
        if not self.face_down:
            return
        for pos, stack in self.stacks.items():
            up = [c for c in stack if c not in self.face_down]
            down = [c for c in stack if c in self.face_down]
            self.stacks[pos] = (*up, *reversed(down))
        self.face_down.clear()
        self.memo = {}

    def remove(self, company: str) -> None:
        pos = self.positions.pop(company, None)
        self.prices.pop(company, None)
        if pos is not None:
            self.stacks[pos] = _without(self.stacks[pos], company)
            self.memo = {}
        self.face_down.discard(company)

    def _exists(self, pos: tuple[int, int]) -> bool:
        row, col = pos
        rows = self.spec.rows
        return 0 <= row < len(rows) and 0 <= col < len(rows[row]) and rows[row][col] is not None

    def neighbour(self, pos: tuple[int, int], direction: str) -> tuple[int, int]:
        """The cell one step in ``direction`` (up/down/left/right), or ``pos`` at a border.

        On a 1-D market ``up`` is right (higher price) and ``down`` is left.
        """
        row, col = pos
        step_row, step_col = (MARKET_STEPS_1D if self.spec.one_dimensional
                              else MARKET_STEPS)[direction]
        target = (row + step_row, col + step_col)
        return target if self._exists(target) else pos

    def move(self, company: str, direction: str, steps: int = 1, *, ledges: bool = False,
             operated: bool = False) -> int:
        """Move ``steps`` cells; with ``ledges`` a downward move stops at a ledge.  Returns
        the number of cells actually moved.  Only a real move changes stacking order, except
        an ``operated`` move (the end of the company's operating turn) on an
        ``operated_face_down`` market, which turns the marker face down and always re-stacks
        it, as 1839 R-8.2.4 turns the marker over "possibly on the same space"."""
        start = pos = self.positions[company]
        ahead = self.spec.steps[direction, ledges]  # (the grid's bounds and ledges, read)
        moved = 0
        while moved < steps:
            following = ahead.get(pos)
            if following is None:
                break
            pos = following
            moved += 1
        face_down = operated and self.spec.operated_face_down
        if moved or face_down:  # (a move in one direction never comes back to its start)
            stacks = self.stacks
            stack = stacks[start]
            at = stack.index(company)  # (_without, inlined: every sale and dividend moves)
            stacks[start] = stack[:at] + stack[at + 1 :]
            self.positions[company] = pos
            row, col = pos
            cell = self.spec.rows[row][col]
            assert cell is not None  # (the step tables lead to cells only)
            self.prices[company] = cell.price
            stack = stacks.get(pos, ())
            if face_down:
                self.face_down.add(company)
                depth = len([c for c in stack if c not in self.face_down])
                stack = (*stack[:depth], company, *stack[depth:])
            else:
                stack += (company,)
            stacks[pos] = stack
            self.memo = {}
        return moved

    def order(self, companies: Iterable[str] | None = None) -> list[str]:
        """Companies (of ``companies`` only, if given) by descending price, then by row;
        on one cell, stack order (index 0 first).  Asked at every operating turn's start:
        each stack's price is read once, and ``companies`` is searched as a set."""
        wanted = None if companies is None else set(companies)
        entries = []
        for pos, stack in self.stacks.items():
            if not stack:
                continue
            price = -self.cell(pos).price
            row = pos[0]
            for depth, company in enumerate(stack):
                if wanted is None or company in wanted:
                    entries.append((price, row, depth, company))
        entries.sort()
        return [e[3] for e in entries]

    def first(self, wanted: Iterable[str]) -> str | None:
        """``order(wanted)[0]``, or None where none of ``wanted`` is on this market,
        without ordering them nor reading every stack: the next company to operate is
        asked at every turn, of a few companies, and the stacks are many (a space a
        marker left keeps its empty stack).  Each wanted marker's place in the order is
        found from its position and its depth in the stack there."""
        positions, stacks, rows = self.positions, self.stacks, self.spec.rows
        best: tuple[int, int, int, str] | None = None
        for company in wanted:
            pos = positions.get(company)
            if pos is None:
                continue  # on another market
            row, col = pos
            cell = rows[row][col]
            assert cell is not None  # ``place`` and ``move`` put markers on cells only
            entry = (-cell.price, row, stacks[pos].index(company), company)
            if best is None or entry < best:
                best = entry
        return None if best is None else best[3]


def _without(stack: tuple[str, ...], company: str) -> tuple[str, ...]:
    """``stack`` less ``company`` (which must be on it, as ``list.remove`` demands)."""
    at = stack.index(company)
    return stack[:at] + stack[at + 1 :]
