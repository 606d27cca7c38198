"""Frozen title configuration: everything a title is, as data.

A title is mostly tables (market, phases, trains, companies, privates, limits) plus narrow
subclasses of the core's rounds and steps.  Knobs that differ between titles live here,
never in ``if title == ...`` branches in the core.  Every class here is immutable and
shared, not copied, by ``Game.clone()`` (:mod:`railhouse.engine.cloning`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from railhouse.engine.cloning import shared_on_copy

UNLIMITED = None


@shared_on_copy
@dataclass(frozen=True)
class CompanySpec:
    """A public company.  ``shares`` lists certificate sizes in percent, president's first."""

    id: str
    name: str
    home: tuple[str, ...]
    color: str = "#888888"
    text_color: str = "#000000"
    home_city: int | None = None  # city index on a multi-city home hex
    token_costs: tuple[int, ...] = (0, 40, 100, 100)
    shares: tuple[int, ...] = (20, 10, 10, 10, 10, 10, 10, 10, 10)
    market: str = "main"
    kind: str = "major"
    float_percent: int = 60  # players must own this much (sold from IPO/treasury) to float
    extra: Mapping[str, Any] = field(default_factory=dict)


@shared_on_copy
@dataclass(frozen=True)
class PrivateSpec:
    id: str
    number: int
    name: str
    value: int
    revenue: int  # may be negative: the owner pays the bank (e.g. 1839 RH, R-8.1.2)
    abilities: tuple[str, ...] = ()
    revenue_by_phase: Mapping[str, int] = field(default_factory=dict)  # growing revenue
    text: str = ""
    closes_on_phase: str | None = None  # the core closes it when this phase starts
    extra: Mapping[str, Any] = field(default_factory=dict)


@shared_on_copy
@dataclass(frozen=True)
class TrainSpec:
    """A train type.  ``kind``: ``N`` (every stop counts), ``N+``, ``N+1``, ``E`` (express:
    only cities/off-boards count and the revenue is multiplied by ``multiplier``).

    ``counts`` by player count (``None`` = unlimited); ``rusts_on``: the phase whose start
    removes this type; ``group``: types in one group are on sale together.
    """

    name: str
    distance: int
    price: int
    counts: Mapping[int, int | None]
    kind: str = "N"
    multiplier: int = 1
    rusts_on: str | None = None
    rust_after_run: bool = False
    group: int = 0

    def count_for(self, players: int) -> int | None:
        return self.counts[players]


@shared_on_copy
@dataclass(frozen=True)
class PhaseSpec:
    """A phase.  ``on_trains``: the types whose first purchase starts it (empty: the first
    phase)."""

    name: str
    on_trains: tuple[str, ...]
    tiles: tuple[str, ...]
    train_limit: int
    operating_rounds: int = 2
    events: tuple[str, ...] = ()
    offboard_column: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)


@shared_on_copy
@dataclass(frozen=True)
class MarketCell:
    price: int
    par: bool = False
    ledge_below: bool = False  # a non-president sale cannot pass below this cell
    end_game: bool = False
    kind: str = ""
    par_phases: tuple[str, ...] = ()  # a par cell usable only in these phases (empty: always)


@shared_on_copy
@dataclass(frozen=True)
class MarketSpec:
    """A stock market: ``rows`` of cells (one row for a 1-D market); ``None`` is no cell.
    ``operated_face_down``: the move ending a company's operating turn turns its marker
    face down (1839 R-8.2.4; :mod:`railhouse.engine.market`)."""

    id: str
    rows: tuple[tuple[MarketCell | None, ...], ...]
    one_dimensional: bool = True
    operated_face_down: bool = False

    @cached_property
    def columns(self) -> Mapping[int, int]:
        """A one-row market: the column of each price's (first) space, made once."""
        columns: dict[int, int] = {}
        for col, cell in enumerate(self.rows[0]):
            if cell is not None:
                columns.setdefault(cell.price, col)
        return columns

    @cached_property
    def steps(self) -> Mapping[tuple[str, bool], Mapping[tuple[int, int], tuple[int, int]]]:
        """Where one step of a move goes, made once: by (direction, whether the move
        stops at ledges), the cell reached from each cell, and no entry where the move
        stops (a border; for a downward move that stops at ledges, a cell with a ledge
        below).  A marker's moves (``StockMarket.move``: every sale and dividend) read
        their way here instead of testing the grid's bounds at every step."""
        rows = self.rows
        cells = [(row, col) for row, cells in enumerate(rows)
                 for col, cell in enumerate(cells) if cell is not None]
        steps: dict[tuple[str, bool], dict[tuple[int, int], tuple[int, int]]] = {}
        for direction, (step_row, step_col) in (
                MARKET_STEPS_1D if self.one_dimensional else MARKET_STEPS).items():
            ahead = {}
            for row, col in cells:
                to_row, to_col = row + step_row, col + step_col
                if (0 <= to_row < len(rows) and 0 <= to_col < len(rows[to_row])
                        and rows[to_row][to_col] is not None):
                    ahead[row, col] = (to_row, to_col)
            steps[direction, False] = ahead
            steps[direction, True] = (
                {pos: to for pos, to in ahead.items()
                 if not rows[pos[0]][pos[1]].ledge_below}  # type: ignore[union-attr]
                if direction in MARKET_DOWNWARD else ahead)
        return steps

    @cached_property
    def par_positions(self) -> Mapping[int, tuple[int, int]]:
        """The first par cell (row by row) of each par price, made once: a par finds its
        cell here (``StockMarket.find_par``)."""
        positions: dict[int, tuple[int, int]] = {}
        for row, cells in enumerate(self.rows):
            for col, cell in enumerate(cells):
                if cell is not None and cell.par:
                    positions.setdefault(cell.price, (row, col))
        return positions


#: (row, column) steps of a market move in each direction
MARKET_STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
#: the same on a 1-D market, where ``up`` is right (a higher price) and ``down`` is left
MARKET_STEPS_1D = {**MARKET_STEPS, "up": MARKET_STEPS["right"], "down": MARKET_STEPS["left"]}
#: the directions of a market move that a ledge stops (``MarketCell.ledge_below``)
MARKET_DOWNWARD = ("down", "left")


@shared_on_copy
@dataclass(frozen=True)
class TitleConfig:
    starting_cash: Mapping[int, int]
    certificate_limit: Mapping[int, int | None]
    companies: tuple[CompanySpec, ...]
    privates: tuple[PrivateSpec, ...]
    trains: tuple[TrainSpec, ...]
    phases: tuple[PhaseSpec, ...]
    markets: tuple[MarketSpec, ...]
    bank_cash: int | None = UNLIMITED
    max_holding_percent: int = 60
    pool_limit_percent: int | None = 50
    unsold_shares_at: str = "treasury"  # where certificates start: "treasury" or "ipo"
    phase_change_at_end_of_turn: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)

    @cached_property
    def phase_index(self) -> Mapping[str, int]:
        """:func:`phase_index_of` the phases, made once: ``Game.phase_reached`` asks it at
        every map question of 1839."""
        return phase_index_of(self.phases)

    @cached_property
    def phase_on_train(self) -> Mapping[str, int]:
        """:func:`phase_on_train_of` the phases, made once (``trains.phase_for_train``)."""
        return phase_on_train_of(self.phases)

    def company(self, company_id: str) -> CompanySpec:
        for spec in self.companies:
            if spec.id == company_id:
                return spec
        raise KeyError(company_id)

    def train(self, name: str) -> TrainSpec:
        for spec in self.trains:
            if spec.name == name:
                return spec
        raise KeyError(name)


def phase_index_of(phases: tuple[PhaseSpec, ...]) -> dict[str, int]:
    """Each phase's index by name (the first of a repeated name)."""
    index: dict[str, int] = {}
    for number, phase in enumerate(phases):
        index.setdefault(phase.name, number)
    return index


def phase_on_train_of(phases: tuple[PhaseSpec, ...]) -> dict[str, int]:
    """The index of the first phase whose ``on_trains`` names each train type: the phase
    the first purchase of that type starts."""
    index: dict[str, int] = {}
    for number, phase in enumerate(phases):
        for name in phase.on_trains:
            index.setdefault(name, number)
    return index
