"""Settling that looks ahead to the next action (a mixin of :class:`~railhouse.engine.game.Game`).

After each action a game settles: steps that need no decision resolve themselves, each
``Step.auto()`` asking whether the step has a choice.  The track step answers with a search
for a legal lay (``TrackStep.any_lay``), and the next thing a driver does often answers it
too: in a replay the next action is often a lay, and a random playout or a search bot's
rollout lists the legal set next.  Within :meth:`LookAhead.looking_ahead_in` (the game
changed through ``apply`` alone, action after action) settling stops before a step that is
:attr:`~railhouse.engine.rounds.base.Step.open_if_chosen` and leaves it to what comes next:

- ``apply`` (:meth:`LookAhead.resume`): a choice the step validates proves it open,
  anything else has its ``auto()`` asked first and settling goes on;
- any read of the game (``legal_actions``, ``decider``, ``over``, ``observation``,
  ``events_since``, ...: :meth:`LookAhead.settle_deferred`): the step's listing, which
  the reader (a driver that lists and applies) asks for next anyway, is computed and
  kept for the decision; a listing with a choice proves the step open, an empty one has
  its ``auto()`` asked and settling goes on.

Both rest on the contract of ``open_if_chosen``: the step's ``auto()`` leaves it open,
changing nothing, exactly when its listing is not empty.  The states, actions and events
are those of settling at once; only the searches the next action or listing answers are
left out.  The game's attributes (``round``, ``companies``, ...) show the settled state
once one of those reads (``over``, say) or ``apply`` came after the last action.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

from railhouse.engine.invariants import checking

if TYPE_CHECKING:
    from railhouse.engine.actions import Action, LegalAction
    from railhouse.engine.rounds.base import Decider, Step


class LookAhead:
    """``looking_ahead`` is True within :meth:`looking_ahead_in` (the class default False
    outside it, so a game keeps no attribute of it); ``deferred`` is the step settling
    stopped before, None outside it.  ``deferred`` is the game's own attribute from
    :meth:`init_look_ahead` on: every apply and every read of the game asks it, and an
    attribute of the instance is read several times faster than a class default."""

    looking_ahead: bool = False
    deferred: Step[Any] | None
    hooks: Any

    def init_look_ahead(self) -> None:
        self.deferred = None

    if TYPE_CHECKING:
        def _settle(self) -> None: ...  # Game's

        def legal_for(self, decider: Decider[Any]) -> list[LegalAction]: ...  # LegalSetCache's

    @contextmanager
    def looking_ahead_in(self) -> Iterator[None]:
        """Within it the game changes through ``apply`` alone, action after action (so the
        legal sets computed since the last action are current: ``legal_actions`` serves
        them from the cache); between an action and the next read or action the game may
        be unsettled (a deferred step); it is settled on leaving.  No look ahead where
        something looks at the game after each action (observers of
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
        self.deferred = None

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

    def settle_deferred(self) -> None:
        """Finish the settling that stopped before ``deferred`` by the step's listing (a
        read of the game calls this first, where ``deferred`` is set): the listing,
        computed where settling stopped, is kept for the decision (``legal_for``); if it
        shows a choice, ``auto()`` would leave the step open and change nothing
        (``Step.open_if_chosen``), so the game is settled; else ``auto()`` is asked and
        settling goes on (and may stop again before a later step, listed the same way)."""
        while (step := self.deferred) is not None:
            self.deferred = None
            if self.legal_for(step):
                return
            if step.auto():
                self._settle()

    def detach_clone(self, twin: LookAhead) -> None:
        """Make ``twin``, a copy of this game made within :meth:`looking_ahead_in` (after
        :meth:`settle_deferred`), a game of its own outside it: nobody's loop of applies
        runs on it, so it settles at once.  Its attributes are laid out afresh without
        ``looking_ahead`` (a dict with deleted entries is copied entry by entry, a compact
        one at once: the copy may be cloned many times, as a bench snapshot)."""
        state = vars(twin)
        kept = {name: value for name, value in state.items() if name != "looking_ahead"}
        state.clear()
        state.update(kept)
        twin.deferred = None
