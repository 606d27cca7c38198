"""An operating turn's steps, made when the turn reaches them.

A title's ``railhouse_operating_steps`` may answer with step *factories* (a step class, or
any callable ``(game, entity) -> step`` that holds nothing mutable, such as a
``functools.partial`` of a class with fixed flags) instead of made steps.  The round then
keeps the factories as a :class:`StepPlan` and makes each step only when the turn reaches
it (``OperatingRound.current_step``).  That is what a clone pays for: every step made is
an object a clone copies, and a clone of a position early in a turn copies none of the
steps the turn has not reached yet (about a sixth of a late SOH clone was the steps);
a turn that ends early (1839: a company nationalised during its turn) never makes the rest.

A step's ``__init__`` must therefore read nothing of the game that changes during a turn
(the core's and the titles' steps only keep the game, the company and flags): made late,
a step is the step it would have been if made at the start of the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import repeat
from typing import TYPE_CHECKING, Any

from railhouse.engine.cloning import shared_on_copy
from railhouse.engine.rounds.base import Step

if TYPE_CHECKING:
    from railhouse.engine.game import Game

#: what makes one step of a turn: called with the game and the operating company's id
StepFactory = Callable[[Any, str], Step[Any]]


@shared_on_copy
class StepPlan(tuple[StepFactory, ...]):
    """The factories of a turn's steps, in turn order.  Immutable (a tuple of classes and
    callables holding nothing mutable), so a clone shares it with its original."""

    __slots__ = ()


#: the plan of a turn whose steps were all made at its start (or of no turn)
MADE_AT_START = StepPlan()


def plan_turn(game: Game, entity: str,
              answer: Sequence[Any]) -> tuple[StepPlan, list[Step[Any]]]:
    """The plan and the steps made now for ``railhouse_operating_steps``' ``answer``.

    Factories only: all of them planned, none made.  Any made step among them: every step
    is made now (a made step is an object of its own, which cannot wait in a shared plan),
    in order, and the plan is :data:`MADE_AT_START`."""
    if not any(map(isinstance, answer, repeat(Step))):
        return StepPlan(answer), []
    return MADE_AT_START, [item if isinstance(item, Step) else item(game, entity)
                           for item in answer]
