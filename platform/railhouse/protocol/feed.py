"""Observations and deltas: what each seat is told about the state of the game.

The feed computes the observation once per position (per action applied) and, at the same
time, the patch from the previous position to it (:class:`~railhouse.protocol.steps.Stepper`)
and the engine's events since.  A seat's delta is then only a concatenation: the actions,
events and patches of the positions since the one that seat saw last.  Nothing is diffed
per seat, so a delta costs the same however large the observation is, and every position
is compared once however many seats there are.

Patches are applied in order, so the concatenation of the steps from a seat's last
position to now turns its observation into the current one, exactly as one diff would;
:func:`~railhouse.protocol.patch.compact` then drops the ``set`` operations that a later
one overwrites (a value that changed twice is sent once), so that the patch stays about
as short as a diff.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from railhouse.engine.api import GameAPI
from railhouse.protocol import rfc6902
from railhouse.protocol.messages import Applied, Delta, PatchOp, Rfc6902Op, SetOp
from railhouse.protocol.patch import compact
from railhouse.protocol.steps import Stepper

__all__ = ["COMPACT_FROM", "ObservationFeed", "Seen"]

#: Joined patches of at most this many operations are sent as they are: compacting them
#: would save a few bytes for more time than it takes to send them.
COMPACT_FROM = 12


@dataclass(slots=True)
class Seen:
    """What one seat was last told: the action count of that position (-1: nothing yet)."""

    version: int = -1


@dataclass(frozen=True, eq=False, slots=True)
class _Step:
    """How the position at ``version`` differs from the one computed before it (``rfc``:
    the same patch in RFC 6902 form, once a seat reads that format).  A record of the
    feed's, never compared: identity (``eq=False``), as its lists give no hash."""

    version: int
    patch: list[PatchOp]
    events: list[dict[str, Any]]
    rfc: list[Rfc6902Op] | None = None


class ObservationFeed:
    """The current observation and per-seat deltas of one game.

    ``applied`` is the referee's action log in protocol form; the feed reads it, never
    writes it.
    """

    def __init__(self, game: GameAPI, applied: list[Applied]) -> None:
        self.game = game
        self.applied = applied
        self.version = -1
        self._obs: dict[str, Any] = {}
        self._stepper = Stepper()
        self._steps: list[_Step] = []
        self._step_at: dict[int, int] = {}  # version -> index in _steps
        self._fresh = _fresh_observations(game)
        #: Set when a seat reads RFC 6902 patches: each step is then translated as well.
        self.rfc6902 = False

    def current(self) -> dict[str, Any]:
        """The observation of the current position in canonical JSON form.  Callers must
        not change it (unchanged parts are shared with earlier positions)."""
        version = self.game.action_count
        if version != self.version:
            obs = self.game.observation()
            if not self._fresh:
                # a copy: another GameAPI may hand out (and later change) its own containers
                obs = msgspec.to_builtins(obs)
            patch = self._stepper.step(obs)
            events = self._events_since(self.version) if self._steps else []
            rfc = rfc6902.translate(patch, self._obs) if self.rfc6902 else None
            self._step_at[version] = len(self._steps)
            self._steps.append(_Step(version, patch, events, rfc))
            self._obs, self.version = obs, version
        return self._obs

    def delta(self, seen: Seen, *, patch: bool, rfc: bool = False) -> Delta:
        """What changed since ``seen`` (then updated to now); ``patch=False`` leaves the
        patch empty, for seats that receive the full observation anyway; ``rfc`` gives it
        as RFC 6902 operations (:mod:`railhouse.protocol.rfc6902`; set :attr:`rfc6902`
        first).  A seat that saw nothing yet gets a patch that sets every key of the
        observation."""
        obs = self.current()
        start = self._step_at.get(seen.version)
        base = max(seen.version, 0)
        actions = self.applied[base : self.version]
        ops: list[PatchOp | Rfc6902Op] = []
        if start is None:
            if patch:
                ops = list(rfc6902.whole(obs)) if rfc else [SetOp([k], v) for k, v in obs.items()]
            events = self._events_since(base) if actions else []
        else:
            steps = self._steps[start + 1 :]
            if patch and rfc:
                ops = [op for step in steps for op in _rfc_of(step)]
            elif patch:
                ours = [op for step in steps for op in step.patch]
                if len(steps) > 1 and len(ours) > COMPACT_FROM:
                    ours = compact(ours)
                ops = list(ours)
            events = [event for step in steps for event in step.events]
        seen.version = self.version
        return Delta(actions, events, ops)

    def _events_since(self, base: int) -> list[dict[str, Any]]:
        """The engine's events from action ``base`` on, in protocol form, without its
        ``action`` events: the delta's ``actions`` carry those, with the seat."""
        events = self.game.events_since(base)
        return [msgspec.to_builtins(e) for e in events if e.kind != "action"]


def _rfc_of(step: _Step) -> list[Rfc6902Op]:
    if step.rfc is None:
        if not step.patch:
            return []
        raise RuntimeError("an RFC 6902 delta was asked of a feed not set to rfc6902")
    return step.rfc


def _fresh_observations(game: GameAPI) -> bool:
    """Whether ``game.observation()`` is the core's ``observe``, which returns new builtin
    containers that the engine never touches again (no copy needed)."""
    from railhouse.engine.game import Game

    return isinstance(game, Game) and type(game).observation is Game.observation
