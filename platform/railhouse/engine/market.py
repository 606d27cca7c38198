"""Stock markets: 1-D or 2-D grids of prices, token stacks, moves and ledges.

A stack is ordered: index 0 operates first.  New arrivals go to the end ("to the right of
any tokens already there" in Steam Over Holland; "under" in 1839); titles needing the 1839
face-up/face-down nuance override :meth:`StockMarket.arrive`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from railhouse.engine.config import MarketCell, MarketSpec


@dataclass
class StockMarket:
    spec: MarketSpec
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    stacks: dict[tuple[int, int], list[str]] = field(default_factory=dict)

    def cell(self, pos: tuple[int, int]) -> MarketCell:
        row, col = pos
        cell = self.spec.rows[row][col]
        if cell is None:
            raise ValueError(f"no market cell at {pos}")
        return cell

    def price(self, company: str) -> int:
        return self.cell(self.positions[company]).price

    def par_cells(self) -> list[tuple[tuple[int, int], MarketCell]]:
        return [
            ((r, c), cell)
            for r, row in enumerate(self.spec.rows)
            for c, cell in enumerate(row)
            if cell is not None and cell.par
        ]

    def find_par(self, price: int) -> tuple[int, int]:
        for pos, cell in self.par_cells():
            if cell.price == price:
                return pos
        raise ValueError(f"{price} is not a par price on market {self.spec.id}")

    def place(self, company: str, pos: tuple[int, int]) -> None:
        self.cell(pos)
        self.positions[company] = pos
        self.arrive(company, pos)

    def arrive(self, company: str, pos: tuple[int, int]) -> None:
        self.stacks.setdefault(pos, []).append(company)

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

    def move(self, company: str, direction: str, steps: int = 1, *, ledges: bool = False) -> int:
        """Move ``steps`` cells; with ``ledges`` a downward move stops at a ledge.  Returns
        the number of cells actually moved.  Only a real move changes stacking order."""
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
        if pos != start:
            self.stacks[start].remove(company)
            self.positions[company] = pos
            self.arrive(company, pos)
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
