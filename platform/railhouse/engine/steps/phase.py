"""The turn's last step: a phase triggered during the turn begins."""

from __future__ import annotations

from railhouse.engine.phases import apply_pending_phase
from railhouse.engine.rounds.base import G
from railhouse.engine.steps.base import T, TurnStep


class PhaseChangeStep(TurnStep[G, T]):
    """The last step of a turn where a phase begins at the end of the turn in which the
    first train of a new type was bought (SOH EN "Phases";
    ``Game.phase_change_at_end_of_turn``): the pending phase is entered with its events
    (:func:`railhouse.engine.phases.apply_pending_phase`), and every company over the train
    limit is asked to discard before the next company operates.  The map's record of hexes
    laid this turn is cleared.  A title whose phases begin at once may leave it out."""

    rule = "phase change at the end of the turn"

    def auto(self) -> bool:
        game = self.game
        apply_pending_phase(game)
        if game.board is not None:
            game.board.new_turn()
        self.done = True
        return True
