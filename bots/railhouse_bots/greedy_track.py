"""Track lookahead for the greedy bot: which legal tile lay raises the company's revenue most.

The bot rebuilds the board from the observation's ``board`` (``Board.from_dict``) over the
title's published map definition, tries each legal lay on a copy, and prices the company's
best routes with the core's route optimiser (``railhouse.map``).  This is the same public
data any bot author has -- the observation, the title's map and the map library -- not the
rules engine: no ``Game`` object is built or consulted.

Only titles with a :class:`TrackModel` get the lookahead (Steam Over Holland today); others
fall back to the geometric preference of :mod:`railhouse_bots.greedy_operate`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from railhouse.map.board import Board
from railhouse.map.graph import Operator
from railhouse.map.mapdef import MapDef
from railhouse.map.optimize import best_routes
from railhouse.map.trains import RouteRules, RunContext, TrainSpec
from railhouse_bots.greedy_view import train_name


@dataclass(frozen=True)
class TrackModel:
    """A title's map and route rules as a bot sees them."""

    mapdef: MapDef
    rules: RouteRules
    column_of: Callable[[str], int]  # phase name -> off-board value column
    train_of: Callable[[str], TrainSpec]  # train name -> its route-running spec

    def revenue(self, board: Board, company: str, phase: str, trains: list[str]) -> int:
        """The company's best revenue on ``board`` with trains named ``trains``."""
        if not trains:
            return 0
        run = RunContext(trains=tuple(self.train_of(name) for name in trains))
        operator = Operator(company, column=self.column_of(phase))
        return best_routes(board, operator, self.rules, run).revenue


def _soh_train(name: str) -> TrainSpec:
    """SOH trains: ``N`` runs N cities; ``3E`` skips towns and doubles (EN "Running
    trains")."""
    express = name.endswith("E")
    distance = int(name.rstrip("E") or 2)
    return TrainSpec(name, cities=distance, towns_pay=not express,
                     multiplier=2 if express else 1)


@functools.lru_cache(maxsize=8)
def _soh_model(antwerpen_brown: int) -> TrackModel:
    from railhouse_soh.data import PHASES
    from railhouse_soh.mapdata import build_map

    columns = {phase.name: phase.offboard_column for phase in PHASES}
    return TrackModel(build_map(antwerpen_brown=antwerpen_brown), RouteRules(),
                      lambda phase: columns.get(phase, 0), _soh_train)


def model_for(title: str, options: dict[str, Any]) -> TrackModel | None:
    """The track model of ``title``, or None when the bot knows no map for it."""
    if title != "soh":
        return None
    try:
        return _soh_model(int(options.get("antwerpen_brown", 50)))
    except ImportError:  # the title plugin is not installed alongside the bot
        return None


def best_lays(
    model: TrackModel, state: dict[str, Any], company: str, lays: list[dict[str, Any]],
    default_trains: list[str],
) -> list[dict[str, Any]]:
    """The lays of ``lays`` that give ``company`` the highest revenue (all of them if none
    raises it).  A company without trains is priced as if it ran ``default_trains``."""
    base = Board.from_dict(model.mapdef, state["board"])
    trains = [train_name(t) for t in state["companies"][company].get("trains") or []]
    trains = trains or default_trains
    phase = str(state.get("phase", ""))
    scored: list[tuple[int, dict[str, Any]]] = []
    for lay in lays:
        board = base.clone()
        try:
            board.lay_tile(str(lay["hex"]), str(lay["tile"]), int(lay["rotation"]))
        except (KeyError, ValueError):
            continue
        scored.append((model.revenue(board, company, phase, trains), lay))
    if not scored:
        return lays
    top = max(value for value, _ in scored)
    return [lay for value, lay in scored if value == top]
