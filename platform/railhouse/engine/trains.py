"""The train depot, phases, rusting and train limits.

Availability: trains are sold in ``group`` order; a group is on sale only when every train
of the groups before it is sold (SOH EN "Available trains"; 1839 R-8.3.D.3).  The first
purchase of a type that starts a phase changes the phase, either at once or, where the
title says so (SOH EN "Phases"), at the end of the buying company's turn.

Two train mechanisms of the 18xx.games engine are depot data a title switches on (SOH's
18xx-games rule set, facts §11.2): ``Depot.returned``, trains discarded over the limit and
for sale again until their type rusts (``DISCARDED_TRAINS = :discard``; a title's
``Game.discards_for_sale``), and ``Depot.twins``, two types printed on one stack of cards,
each card bought as either (a train's ``variants``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from railhouse.engine.cloning import flat_except
from railhouse.engine.config import TitleConfig, TrainSpec
from railhouse.engine.entities import Train

if TYPE_CHECKING:
    from railhouse.engine.game import Game


@flat_except(shallow=("trains", "unlimited", "discarded", "serial", "returned", "twins"))
@dataclass
class Depot:
    """The trains not held by a company.  Every attribute is a container of immutable
    values (train values, specs, names, counts), so a clone copies the six containers and
    shares their items (:func:`~railhouse.engine.cloning.flat_except`)."""

    #: unsold, in group order (:func:`build_depot`; taking trains out keeps the order)
    trains: list[Train] = field(default_factory=list)
    unlimited: dict[str, TrainSpec] = field(default_factory=dict)
    discarded: list[Train] = field(default_factory=list)
    serial: dict[str, int] = field(default_factory=dict)
    #: discarded trains for sale again, in discard order (each is also in ``discarded``)
    returned: list[Train] = field(default_factory=list)
    #: types sharing one stack of cards: buying one takes the next of its twin away
    twins: dict[str, str] = field(default_factory=dict)

    def current_group(self) -> int | None:
        """The lowest group with a train left (``trains`` is in group order)."""
        group = self.trains[0].spec.group if self.trains else None
        for spec in self.unlimited.values():
            if group is None or spec.group < group:
                group = spec.group
        return group

    def available(self) -> list[Train]:
        """One purchasable train per type currently on sale (the next of each stack)."""
        group = self.current_group()
        seen: dict[str, Train] = {}
        for train in self.trains:
            spec = train.spec
            if spec.group != group:
                break  # group order: the rest are of later groups
            seen.setdefault(spec.name, train)  # the first of its type
        for name, spec in self.unlimited.items():
            if spec.group == group and name not in seen:
                seen[name] = self.mint(spec)
        return list(seen.values())

    def for_sale(self) -> list[Train]:
        """The trains a company may buy: :meth:`available` and the discards returned."""
        return self.available() + self.returned if self.returned else self.available()

    def take_for_sale(self, train_id: str) -> Train:
        """Take a bought train out of the depot, or out of the discards returned."""
        for train in self.returned:
            if train.id == train_id:
                self.returned.remove(train)
                self.discarded.remove(train)
                return train
        return self.take(train_id)

    def take_twin(self, bought: str) -> str | None:
        """After a purchase of ``bought``: the next unsold train of its twin type leaves
        the game (one card, two types); its id, or None."""
        twin = self.twins.get(bought)
        if twin is None:
            return None
        for train in self.trains:
            if train.name == twin:
                self.trains.remove(train)
                return train.id
        return None

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
    for spec in sorted(specs, key=_group):  # stable: the title's order within a group
        count = spec.count_for(players)
        if count is None:
            depot.unlimited[spec.name] = spec
            continue
        for number in range(count):
            depot.trains.append(Train(id=f"{spec.name}-{number}", spec=spec))
        depot.serial[spec.name] = count
    return depot


def _group(spec: TrainSpec) -> int:
    return spec.group


def phase_for_train(config: TitleConfig, train_name: str) -> int | None:
    """The index of the phase the first ``train_name`` bought starts (the first phase
    whose ``on_trains`` names it), or None (``TitleConfig.phase_on_train``)."""
    return config.phase_on_train.get(train_name)


def rust_trains(game: Game, phase_name: str) -> list[str]:
    """Remove every train whose ``rusts_on`` is the phase ``phase_name``.  R-trains that rust
    "after their next run" are only marked unless they already ran (1839 R-16.5.2)."""
    removed: list[str] = []
    for company in game.companies.values():
        trains = company.trains
        for train in list(trains):
            if train.spec.rusts_on != phase_name:
                continue
            if train.spec.rust_after_run and not train.ran:
                trains[trains.index(train)] = train.marked_rusted()
                continue
            trains.remove(train)
            game.depot.discarded.append(train.to(None))
            removed.append(train.id)
    depot = game.depot
    if depot.returned:  # discards for sale again rust with their type
        depot.returned = [t for t in depot.returned if t.spec.rusts_on != phase_name]
    if removed:
        game.event("rust", {"phase": phase_name, "trains": removed})
    return removed
