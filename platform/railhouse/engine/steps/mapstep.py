"""The base of the steps that act on the map: the board and the company as a map operator."""

from __future__ import annotations

from railhouse.engine.rounds.base import G
from railhouse.engine.steps.base import T, TurnStep
from railhouse.map.board import Board
from railhouse.map.graph import Operator


class MapStep(TurnStep[G, T]):
    """A turn step on the map.  Override :meth:`operator` where the company's view of the
    map depends on more than the phase's off-board column (released barriers, tokens
    that do not block it)."""

    @property
    def board(self) -> Board:
        board = self.game.board
        assert board is not None, "a map step needs a title with a board"
        return board

    def operator(self) -> Operator:
        """The acting company on the map now."""
        return Operator(self.entity, column=self.game.phase.offboard_column)
