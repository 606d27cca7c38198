"""Settling that looks ahead to the next action (a mixin of :class:`~railhouse.engine.game.Game`).

After each action a game settles: steps that need no decision resolve themselves, each
``Step.auto()`` asking whether the step has a choice.  The track step answers with a search
for a legal lay (``TrackStep.any_lay``), and in a replay the next action often is one: a
lay the step validates shows that it has a choice, so the search tells nothing the action
does not.  Within :meth:`LookAhead.looking_ahead_in` (only ``apply`` called, action after
action, as :func:`railhouse.engine.record.replay` does) settling stops before a step that is
:attr:`~railhouse.engine.rounds.base.Step.open_if_chosen` and leaves it to the next action
(:meth:`LookAhead.resume`): a choice the step validates proves it open, anything else has
its ``auto()`` asked first and settling goes on.  The states, actions and events are those
of settling at once; only the searches the next action answers are left out.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

from railhouse.engine.invariants import checking

if TYPE_CHECKING:
    from railhouse.engine.actions import Action
    from railhouse.engine.rounds.base import Step


class LookAhead:
    """``looking_ahead`` is True within :meth:`looking_ahead_in`; ``deferred`` is the step
    settling stopped before (both class defaults outside it, so a game keeps neither)."""

    looking_ahead: bool = False
    deferred: Step[Any] | None = None
    hooks: Any

    if TYPE_CHECKING:
        def _settle(self) -> None: ...  # Game's

    @contextmanager
    def looking_ahead_in(self) -> Iterator[None]:
        """Within it only ``apply`` is called, action after action: between two applies
        the game may be unsettled (a deferred step); it is settled on leaving.  No look
        ahead where something looks at the game after each action (observers of
        ``railhouse_action_applied``, invariant checks), nor anew inside itself."""
        if self.looking_ahead or self.hooks.hears_actions or checking():
            yield
            return
        self.looking_ahead = True
        try:
            yield
        except BaseException:
            with suppress(Exception):  # the error that left the loop is the one to report
                self._stop_looking_ahead()
            raise
        self._stop_looking_ahead()

    def _stop_looking_ahead(self) -> None:
        del self.looking_ahead  # the class's False again
        self.resume(None)
        vars(self).pop("deferred", None)

    def resume(self, action: Action | None) -> tuple[Step[Any], Action] | None:
        """Finish the settling that stopped before ``deferred`` (``apply`` calls this
        first): unless ``action`` proves that step open (``Step.open_choice``), ask its
        ``auto()`` and, if that finishes it, settle on (which may stop again before a later
        step, asked the same way).  Returns the step ``action`` proved open and the action
        as that step normalised and validated it (``apply`` need not do it again), or None."""
        while (step := self.deferred) is not None:
            self.deferred = None
            if action is not None:
                chosen = step.open_choice(action)
                if chosen is not None:
                    return step, chosen
            if step.auto():
                self._settle()
        return None
