"""Phase changes, their events, and forced train discards: the one mechanism every title uses.

A phase starts when the first train of a type in its ``on_trains`` is acquired (1839 R-5.3; SOH
EN "Phases"). :func:`train_bought` records that; a game whose phase changes at the end of the
buying company's turn (:meth:`Game.phase_change_at_end_of_turn`, by default
``TitleConfig.phase_change_at_end_of_turn``; SOH) gets the change when its turn ends
(:func:`apply_pending_phase`, from the turn's last step, the core's
:class:`~railhouse.engine.steps.PhaseChangeStep`), the others at once. :func:`enter_phase`
walks every phase up to the target (a skipped phase still fires, 1839 R-9.8) and for each one:
records a ``phase`` event, rusts trains, runs the phase's ``events`` in table order -- each
dispatched to the handler the title registers in ``Game.phase_events`` or else to the core's
(:data:`CORE_PHASE_EVENTS`; an event with no handler is a marker the rules read, such as SOH's
``privates_buyable``) --, closes the privates whose ``PrivateSpec.closes_on_phase`` is the new
phase, and notifies ``railhouse_phase_changed``. Then every company over the train limit
(:meth:`Game.train_limit`) discards (:class:`DiscardDecider`; 1839 R-16.4.3, SOH EN "Number of
trains per company").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from railhouse.engine.actions import DiscardTrain, LegalAction
from railhouse.engine.config import PhaseSpec
from railhouse.engine.entities import Company, Train
from railhouse.engine.privates import close_all_privates, close_private
from railhouse.engine.rounds.base import Decider, G
from railhouse.engine.trains import phase_for_train, rust_trains

if TYPE_CHECKING:
    from railhouse.engine.game import Game

#: A phase event's handler: called with the game (already in the new phase) and the phase;
#: the game is typed ``Any`` so that a title's handler may take its own game class.
PhaseEvent = Callable[[Any, PhaseSpec], None]


def _close_privates(game: Game, phase: PhaseSpec) -> None:
    """``close_privates``: every private closes and leaves the game (SOH EN "Notes on
    private companies": "At the beginning of Phase 5 ... are removed from the game")."""
    close_all_privates(game, f"phase {phase.name}")


#: The events the core handles itself; a title's ``Game.phase_events`` may override them.
CORE_PHASE_EVENTS: Mapping[str, PhaseEvent] = {"close_privates": _close_privates}


def train_bought(game: Game, train_name: str) -> None:
    """Note the acquisition of a ``train_name``; change the phase now or at the turn's end."""
    index = phase_for_train(game.config, train_name)
    if index is None or index <= game.phase_index:
        return
    if game.pending_phase is None or index > game.pending_phase:
        game.pending_phase = index
    if not game.phase_change_at_end_of_turn():
        apply_pending_phase(game)


def apply_pending_phase(game: Game) -> None:
    """Enter every phase up to the pending one (if any), then ask for forced discards."""
    target = game.pending_phase
    game.pending_phase = None
    enter_phase(game, game.phase_index if target is None else target)


def enter_phase(game: Game, index: int) -> None:
    """Enter every phase up to ``index`` in order, each with its events (see the module
    doc), then ask every company over the new limit to discard."""
    while game.phase_index < index:
        old = game.phase
        game.phase_index += 1
        new = game.phase
        game.event("phase", {"phase": new.name})
        rust_trains(game, new.name)
        for name in new.events:
            handler = game.phase_events.get(name) or CORE_PHASE_EVENTS.get(name)
            if handler is not None:
                handler(game, new)
        close_privates_of_phase(game, new.name)
        game.hooks.phase_changed(game, old, new)
    request_discards(game)


def close_privates_of_phase(game: Game, phase: str) -> None:
    """Closing conditions as data: every private whose ``PrivateSpec.closes_on_phase`` is
    ``phase`` closes as the phase starts."""
    for private in game.privates.values():
        if private.spec.closes_on_phase == phase:
            close_private(game, private.id, f"phase {phase}")


def request_discards(game: Game) -> None:
    """Push a discard decision for every operating company over the train limit."""
    limit = game.train_limit()
    for company in game.operating_companies():
        if len(company.trains) > limit:
            game.pending.append(game.discard_decider(company))


def discard_train(game: Game, company: Company, train: Train) -> None:
    """``train`` leaves ``company`` and the game, or, where the title puts discards back on
    sale (``Game.discards_for_sale``), goes back to the depot (``Depot.returned``)."""
    company.trains.remove(train)
    gone = train.to(None)
    game.depot.discarded.append(gone)
    if game.discards_for_sale():
        game.depot.returned.append(gone)
    game.event("train_discarded", {"company": company.id, "train": train.id})


def leave_after_run(game: Game, company: Company) -> None:
    """Trains that rust "after their next run" (``TrainSpec.rust_after_run``; 1839 R-16.5.2)
    and were marked ``rusted`` by their rusting phase leave once they have run."""
    for train in list(company.trains):
        if train.rusted and train.ran:
            discard_train(game, company, train)


class DiscardDecider(Decider[G]):
    """A company over its train limit discards trains of its president's choice, one at a
    time, until within the limit (or closed); discarded trains leave play.  One choice per
    train type (identical trains are one choice), or per train with the title's
    ``Game.each_train_a_choice`` (1839 R-16.4.3)."""

    rule = "train limit"

    def __init__(self, game: G, company: Company) -> None:
        super().__init__(game)
        self.company = company

    def acting_entity(self) -> str | None:
        return self.company.id

    def legal_actions(self) -> list[LegalAction]:
        choices: dict[str, str] = {}
        each = self.game.each_train_a_choice
        for train in self.company.trains:
            choices.setdefault(train.id if each else train.name, train.id)
        return [LegalAction(DiscardTrain(entity=self.company.id, train=train_id))
                for train_id in choices.values()]

    def process_discard_train(self, action: DiscardTrain) -> None:
        train = next(t for t in self.company.trains if t.id == action.train)
        discard_train(self.game, self.company, train)
        if len(self.company.trains) <= self.game.train_limit() or self.company.closed:
            self.game.pending.remove(self)
