"""Phase changes and forced train discards, title-agnostic.

A phase starts when the first train of a type in its ``on_trains`` is bought (1839 R-5.3;
SOH EN "Phases").  :func:`train_bought` records that; titles whose phase changes at the end
of the buying company's turn (``TitleConfig.phase_change_at_end_of_turn``, SOH) call
:func:`apply_pending_phase` then, the others get the change at once.  A change walks every
phase up to the target (a skipped phase still fires, 1839 R-9.8), rusts trains, closes the
privates whose data says so (``PrivateSpec.closes_on_phase``), notifies
``railhouse_phase_changed`` and asks every company over the new train limit to discard
(:class:`DiscardDecider`; 1839 R-8.3.D.5, SOH EN "Number of trains per company").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import DiscardTrain, LegalAction
from railhouse.engine.entities import Company
from railhouse.engine.privates import close_private
from railhouse.engine.rounds.base import Decider
from railhouse.engine.trains import phase_for_train, rust_trains

if TYPE_CHECKING:
    from railhouse.engine.game import Game


def train_bought(game: Game, train_name: str) -> None:
    """Note the purchase of a ``train_name``; change the phase now or at the turn's end."""
    index = phase_for_train(game.config.phases, train_name)
    if index is None or index <= game.phase_index:
        return
    if game.pending_phase is None or index > game.pending_phase:
        game.pending_phase = index
    if not game.config.phase_change_at_end_of_turn:
        apply_pending_phase(game)


def apply_pending_phase(game: Game) -> None:
    """Enter every phase up to the pending one, then ask for forced discards."""
    target = game.pending_phase
    game.pending_phase = None
    while target is not None and game.phase_index < target:
        old = game.phase
        game.phase_index += 1
        new = game.phase
        game.event("phase", {"phase": new.name, "events": list(new.events)})
        rust_trains(game, new.name)
        close_privates_of_phase(game, new.name)
        game.hooks.phase_changed(game, old, new)
    request_discards(game)


def close_privates_of_phase(game: Game, phase: str) -> None:
    """Closing conditions as data: every private whose ``PrivateSpec.closes_on_phase`` is
    ``phase`` closes as the phase starts (e.g. SOH EN "Notes on private companies": all
    privates close at the start of phase 5), before the title's ``railhouse_phase_changed``
    hook, which handles any other condition (1839's yellow and brown privates, R-14.2.3)."""
    for private in game.privates.values():
        if private.spec.closes_on_phase == phase:
            close_private(game, private.id, f"phase {phase}")


def request_discards(game: Game) -> None:
    """Push a :class:`DiscardDecider` for every company over the current train limit."""
    limit = game.phase.train_limit
    for company in game.operating_companies():
        if len(company.trains) > limit:
            game.pending.append(DiscardDecider(game, company))


class DiscardDecider(Decider):
    """A company over its train limit discards trains of its president's choice, one at a
    time, until within the limit; discarded trains leave play (titles returning them to the
    depot override :meth:`discard`)."""

    rule = "train limit"

    def __init__(self, game: Game, company: Company) -> None:
        super().__init__(game)
        self.company = company

    def acting_entity(self) -> str | None:
        return self.company.id

    def legal_actions(self) -> list[LegalAction]:
        first_of_type: dict[str, str] = {}
        for train in self.company.trains:
            first_of_type.setdefault(train.name, train.id)
        return [LegalAction(DiscardTrain(entity=self.company.id, train=train_id))
                for train_id in first_of_type.values()]

    def process_discard_train(self, action: DiscardTrain) -> None:
        train = next(t for t in self.company.trains if t.id == action.train)
        self.discard(train.id)
        if len(self.company.trains) <= self.game.phase.train_limit:
            self.game.pending.remove(self)

    def discard(self, train_id: str) -> None:
        train = next(t for t in self.company.trains if t.id == train_id)
        self.company.trains.remove(train)
        train.owner = None
        self.game.depot.discarded.append(train)
        self.game.event("discard", {"company": self.company.id, "train": train.id})
