"""A minimal stand-in for the 1839 game, enough to drive the map steps (track, stations,
routes) on the real 1839 board: companies, privates, phases (contract ids and tile
colours, off-board columns), bank, ``pay``/``event``, ``seat_of``, ``round.turn`` and
``pending``."""

from __future__ import annotations

from collections.abc import Iterable
from types import SimpleNamespace
from typing import Any

from railhouse.engine.actions import LegalAction, PlaceToken
from railhouse.engine.config import (
    CompanySpec,
    PhaseSpec,
    PrivateSpec,
    TrainSpec,
    phase_index_of,
)
from railhouse.engine.entities import Bank, Company, Private, Train
from railhouse.engine.game import Game
from railhouse.engine.tokendeals import ReturnStation
from railhouse.gamehooks import GameHooks
from railhouse.map.board import Board
from railhouse_m1839.data import ABILITIES
from railhouse_m1839.game import M1839, M1839Rules
from railhouse_m1839.mapdata import MAJOR_HOMES, build_map
from railhouse_m1839.turn import M1839Turn

PHASES = ("LY", "DY", "LG", "DG", "BL", "LBr", "MBr", "DBr", "LR", "DR", "GR", "PU")
_TILES = {"LY": 1, "LG": 2, "LBr": 3, "GR": 4}
TRAINS = {  # name: (kind, distance, R train)
    "2": ("N", 2, False), "2+1": ("N+1", 2, False), "3": ("N", 3, False),
    "3+": ("N+", 3, False), "4+": ("N+", 4, False), "R5": ("N", 5, True),
    "R4+1": ("N+1", 4, True), "R4": ("N", 4, True), "PR2+": ("N+", 2, True),
    "PR3+1": ("N+1", 3, True), "4": ("N", 4, False), "7": ("N", 7, False),
}  # fmt: skip


def phases() -> tuple[PhaseSpec, ...]:
    out, n_colours = [], 1
    for number, name in enumerate(PHASES, start=1):
        n_colours = _TILES.get(name, n_colours)
        column = 0 if number <= 5 else (1 if number <= 10 else 2)
        tiles = ("yellow", "green", "brown", "gray")[:n_colours]
        out.append(PhaseSpec(name, (), tiles, 3, offboard_column=column))
    return tuple(out)


def majors() -> list[CompanySpec]:
    specs = []
    for cid, homes in MAJOR_HOMES.items():
        home = (*homes, "I16", "K16") if cid == "NRS" else homes
        specs.append(CompanySpec(cid, cid, home, kind="major", extra={"markers": 4}))
    return specs


class MapGame:
    """Duck-typed like ``railhouse_m1839.game.M1839`` for the map steps; its route
    question is 1839's (the game's route overrides and rules plugin)."""

    route_rules = M1839.route_rules
    route_problem = Game.route_problem
    phase_reached = Game.phase_reached
    route_operator = M1839.route_operator
    route_run = M1839.route_run
    route_train = M1839.route_train
    route_bonus_applies = M1839.route_bonus_applies

    def __init__(self, phase: str = "LY", options: dict[str, Any] | None = None) -> None:
        self.inner = self  # what the steps hold as their game (Game.inner)
        self.options = dict(options or {})
        self.board = Board(build_map(self.options))
        table = phases()  # and the name -> index table TitleConfig makes of them
        self.config = SimpleNamespace(phases=table, phase_index=phase_index_of(table))
        self.phase_index = PHASES.index(phase)
        self.bank = Bank(cash=10**9, limit=None)
        self.companies: dict[str, Company] = {}
        for spec in majors():
            self.add_company(spec)
        for i in (1, 2):
            self.add_company(CompanySpec(f"L{i}", f"L{i}", (), kind="local",
                                         market="local", extra={"markers": 3}))
        self.privates = {
            pid: Private(PrivateSpec(pid, n, pid, 100, 10, abilities=ABILITIES.get(pid, ())))
            for n, pid in enumerate(("LVG", "SRV", "KR"))
        }
        self.round = SimpleNamespace(turn=M1839Turn())
        self.hooks = GameHooks(rules=M1839Rules())
        self.pending: list[Any] = []
        self.events: list[tuple[str, dict[str, Any]]] = []

    def add_company(self, spec: CompanySpec, cash: int = 1000) -> Company:
        company = Company(spec=spec, certs=[], cash=cash, floated=True, started=True)
        self.companies[spec.id] = company
        return company

    @property
    def phase(self) -> PhaseSpec:
        return self.config.phases[self.phase_index]  # type: ignore[no-any-return]

    def pay(self, source: Any, target: Any, amount: int) -> None:
        assert amount >= 0 and (source is self.bank or source.cash >= amount)
        source.cash -= amount
        target.cash += amount

    def event(self, kind: str, data: dict[str, Any]) -> None:
        self.events.append((kind, data))

    def legal_for(self, decider: Any) -> list[Any]:
        """As ``Game.legal_for`` without its cache: the stand-in's state is changed by
        tests directly, so the legal set is always computed afresh."""
        return decider.legal_actions()  # type: ignore[no-any-return]

    def known_legal(self, decider: Any) -> None:
        """As ``Game.known_legal`` where no legal set is cached (see :meth:`legal_for`):
        a step validates by its own search."""
        return None

    def on_private_closed(self, private: Private, owner: str | None) -> None:
        """As ``Game.on_private_closed``: the map steps' privates (LVG, SRV, KR) do nothing
        more when they close."""

    def forget_legal_actions(self) -> None:
        """Nothing is cached (see :meth:`legal_for`)."""

    def seat_of(self, entity: str) -> int:
        """As ``Game.seat_of`` (the core's two-party agreements ask it)."""
        return Game.seat_of(self, entity)  # type: ignore[arg-type]

    def give_train(self, company: str, name: str) -> Train:
        kind, distance, r_train = TRAINS[name]
        spec = TrainSpec(name, distance, 0, {}, kind=kind, rust_after_run=r_train)
        owner = self.companies[company]
        train = Train(f"{name}-{len(owner.trains)}", spec, owner=company)
        owner.trains.append(train)
        return train

    def new_turn(self) -> None:
        self.round.turn = M1839Turn()

    def new_or(self) -> None:
        self.round = SimpleNamespace(turn=M1839Turn())


def token_spots(legal: Iterable[LegalAction]) -> set[tuple[str, int]]:
    """``(hex, city)`` of each legal choice, every one of which must be a ``PlaceToken``
    or (a director returning a marker, R-14.3.5) a ``ReturnStation``."""
    spots = set()
    for choice in legal:
        assert isinstance(choice.action, PlaceToken | ReturnStation), choice.action
        spots.add((choice.action.hex, choice.action.city))
    return spots


def lay(board: Board, *tiles: tuple[str, str, int]) -> None:
    """Lay ``(hex, tile, rotation)`` triples with no legality check (test set-up)."""
    for coord, tile_id, rotation in tiles:
        board.lay_tile(coord, tile_id, rotation)
