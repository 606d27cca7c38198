"""The base of every operating-turn step: the acting company and the turn's state."""

from __future__ import annotations

from typing import Generic, TypeVar

from railhouse.engine.entities import Company
from railhouse.engine.rounds.base import G, Step
from railhouse.engine.turnstate import TurnState

#: the title's turn state (:class:`~railhouse.engine.turnstate.TurnState` or a subclass)
T = TypeVar("T", bound=TurnState)


class TurnStep(Step[G], Generic[G, T]):
    """A step of a company's operating turn (``entity`` is the company), generic in the
    title's game and turn-state classes: ``TurnStep["SteamOverHolland", SohTurn]``."""

    @property
    def company(self) -> Company:
        return self.game.companies[self.entity]

    @property
    def turn(self) -> T:
        """The state of the current turn, shared by its steps: the operating round's
        ``turn`` (read with ``getattr``: steps ask it often, and ``typing.cast`` of the
        round's generic type cost three calls at run time)."""
        turn: T = getattr(self.game.round, "turn")  # noqa: B009
        return turn
