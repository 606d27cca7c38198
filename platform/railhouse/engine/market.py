"""Stock markets: 1-D or 2-D grids of prices, token stacks, moves and ledges.

A stack is ordered: index 0 operates first.  New arrivals go to the end ("to the right of
any tokens already there" in Steam Over Holland; "under" in 1839).  Where a title places an
arrival elsewhere (1839 R-8.2.4: a company that just operated goes face down, below the
face-up markers and above the face-down ones), the game's ``railhouse_stack_arrival`` hook
answers through :attr:`StockMarket.arrival`; :attr:`StockMarket.face_down` holds the markers
turned face down, and :meth:`StockMarket.turn_face_up` ends an operating round for them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from railhouse.engine.config import MarketCell, MarketSpec

#: ``arrival(market, company, stack, operated)`` -> index in ``stack`` to insert at.
ArrivalRule = Callable[["StockMarket", str, list[str], bool], int]


@dataclass
class StockMarket:
    spec: MarketSpec
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    stacks: dict[tuple[int, int], list[str]] = field(default_factory=dict)
    face_down: set[str] = field(default_factory=set)
    arrival: ArrivalRule | None = None

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
        for pos, cell in self.par_cells(phase):
            if cell.price == price:
                return pos
        raise ValueError(f"{price} is not a par price on market {self.spec.id}")

    def place(self, company: str, pos: tuple[int, int]) -> None:
        self.cell(pos)
        self.positions[company] = pos
        self.arrive(company, pos)

    def arrive(self, company: str, pos: tuple[int, int], *, operated: bool = False) -> None:
        """Put ``company`` into the stack at ``pos``: at the end, unless :attr:`arrival`
        says otherwise.  ``operated``: the move that ends the company's operating turn."""
        stack = self.stacks.setdefault(pos, [])
        index = len(stack) if self.arrival is None else self.arrival(self, company, stack,
                                                                    operated)
        if not 0 <= index <= len(stack):
            raise ValueError(f"stack position {index} for {company} outside 0..{len(stack)}")
        stack.insert(index, company)

    def turn_face_up(self) -> None:
        """End of an operating round (1839 R-8.2.4): on every cell the face-down markers are
        turned face up in reverse order, keeping the slots they occupy in the stack."""
        if not self.face_down:
            return
        for stack in self.stacks.values():
            slots = [i for i, company in enumerate(stack) if company in self.face_down]
            flipped = [stack[i] for i in reversed(slots)]
            for slot, company in zip(slots, flipped, strict=True):
                stack[slot] = company
        self.face_down.clear()

    def remove(self, company: str) -> None:
        pos = self.positions.pop(company, None)
        if pos is not None:
            self.stacks[pos].remove(company)

    def _exists(self, pos: tuple[int, int]) -> bool:
        row, col = pos
        rows = self.spec.rows
        return 0 <= row < len(rows) and 0 <= col < len(rows[row]) and rows[row][col] is not None

    def neighbour(self, pos: tuple[int, int], direction: str) -> tuple[int, int]:
        """The cell one step in ``direction`` (up/down/left/right), or ``pos`` at a border.

        On a 1-D market ``up`` is right (higher price) and ``down`` is left.
        """
        row, col = pos
        if self.spec.one_dimensional:
            direction = {"up": "right", "down": "left"}.get(direction, direction)
        step = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[direction]
        target = (row + step[0], col + step[1])
        return target if self._exists(target) else pos

    def move(self, company: str, direction: str, steps: int = 1, *, ledges: bool = False,
             operated: bool = False) -> int:
        """Move ``steps`` cells; with ``ledges`` a downward move stops at a ledge.  Returns
        the number of cells actually moved.  Only a real move changes stacking order, except
        an ``operated`` move (the end of the company's operating turn), which always
        re-stacks the company, as 1839 R-8.2.4 turns the marker over "possibly on the same
        space"."""
        pos = self.positions[company]
        start = pos
        moved = 0
        for _ in range(steps):
            target = self.neighbour(pos, direction)
            if target == pos:
                break
            if ledges and _is_down(direction) and self.cell(pos).ledge_below:
                break
            pos = target
            moved += 1
        if pos != start or (operated and self.arrival is not None):
            self.stacks[start].remove(company)
            self.positions[company] = pos
            self.arrive(company, pos, operated=operated)
        return moved

    def order(self, companies: list[str] | None = None) -> list[str]:
        """Companies by descending price; on one cell, stack order (index 0 first)."""
        entries = []
        for pos, stack in self.stacks.items():
            for depth, company in enumerate(stack):
                if companies is None or company in companies:
                    entries.append((-self.cell(pos).price, pos[0], depth, company))
        entries.sort()
        return [e[3] for e in entries]


def _is_down(direction: str) -> bool:
    return direction in ("down", "left")
