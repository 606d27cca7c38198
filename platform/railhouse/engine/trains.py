"""The train depot, phases, rusting and train limits.

Availability: trains are sold in ``group`` order; a group is on sale only when every train
of the groups before it is sold (SOH EN "Available trains"; 1839 R-8.3.D.3).  The first
purchase of a type that starts a phase changes the phase, either at once or, where the
title says so (SOH EN "Phases"), at the end of the buying company's turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from railhouse.engine.config import PhaseSpec, TrainSpec
from railhouse.engine.entities import Train

if TYPE_CHECKING:
    from railhouse.engine.game import Game


@dataclass
class Depot:
    trains: list[Train] = field(default_factory=list)  # unsold, in order
    unlimited: dict[str, TrainSpec] = field(default_factory=dict)
    discarded: list[Train] = field(default_factory=list)
    serial: dict[str, int] = field(default_factory=dict)

    def current_group(self) -> int | None:
        groups = [t.spec.group for t in self.trains]
        groups += [s.group for s in self.unlimited.values()]
        return min(groups) if groups else None

    def available(self) -> list[Train]:
        """One purchasable train per type currently on sale (the next of each stack)."""
        group = self.current_group()
        seen: dict[str, Train] = {}
        for train in self.trains:
            if train.spec.group == group and train.name not in seen:
                seen[train.name] = train
        for name, spec in self.unlimited.items():
            if spec.group == group and name not in seen:
                seen[name] = self.mint(spec)
        return list(seen.values())

    def mint(self, spec: TrainSpec) -> Train:
        number = self.serial.get(spec.name, 0)
        return Train(id=f"{spec.name}-{number}", spec=spec)

    def take(self, train_id: str) -> Train:
        for i, train in enumerate(self.trains):
            if train.id == train_id:
                return self.trains.pop(i)
        for spec in self.unlimited.values():
            candidate = self.mint(spec)
            if candidate.id == train_id:
                self.serial[spec.name] = self.serial.get(spec.name, 0) + 1
                return candidate
        raise KeyError(train_id)


def build_depot(specs: tuple[TrainSpec, ...], players: int) -> Depot:
    depot = Depot()
    for spec in specs:
        count = spec.count_for(players)
        if count is None:
            depot.unlimited[spec.name] = spec
            continue
        for number in range(count):
            depot.trains.append(Train(id=f"{spec.name}-{number}", spec=spec))
        depot.serial[spec.name] = count
    return depot


def phase_for_train(phases: tuple[PhaseSpec, ...], train_name: str) -> int | None:
    for index, phase in enumerate(phases):
        if train_name in phase.on_trains:
            return index
    return None


def rust_trains(game: Game, phase_name: str) -> list[str]:
    """Remove every train whose ``rusts_on`` is the phase ``phase_name``.  R-trains that rust
    "after their next run" are only marked unless they already ran (1839 R-16.5.2)."""
    removed: list[str] = []
    for company in game.companies.values():
        for train in list(company.trains):
            if train.spec.rusts_on != phase_name:
                continue
            if train.spec.rust_after_run and not train.ran:
                train.rusted = True
                continue
            company.trains.remove(train)
            train.owner = None
            game.depot.discarded.append(train)
            removed.append(train.id)
    if removed:
        game.event("rust", {"phase": phase_name, "trains": removed})
    return removed
