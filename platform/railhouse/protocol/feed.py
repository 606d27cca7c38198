"""Observations and deltas: what each seat is told about the state of the game.

The observation is computed once per position (per action applied).  Consecutive
positions share every sub-object whose JSON is unchanged (:func:`share`), so that the diff
of a seat's last-seen observation against the current one skips unchanged sections by
identity instead of walking them: most decisions change a few numbers, while the board
and the companies make up most of the observation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from railhouse.engine.api import GameAPI
from railhouse.protocol.messages import Applied, Delta
from railhouse.protocol.patch import diff

__all__ = ["ObservationFeed", "Seen", "share"]

_encode = msgspec.json.Encoder().encode

#: Levels of nested objects below the root that :func:`share` compares.
SHARE_DEPTH = 2


@dataclass(slots=True)
class Seen:
    """What one seat was last told: the action count and the observation at that point."""

    version: int = 0
    obs: dict[str, Any] = field(default_factory=dict)


def share(old: dict[str, Any], new: dict[str, Any], depth: int = SHARE_DEPTH) -> None:
    """Replace, in place, each value of ``new`` (and of its nested objects, ``depth`` levels
    down) whose JSON equals the value at the same key in ``old`` by ``old``'s object.

    ``new`` stays equal to what it was; afterwards ``old[k] is new[k]`` exactly where the
    two agree.  JSON equality tells ``1``, ``1.0`` and ``true`` apart, as the diff must.

    >>> old = {"a": {"x": [1]}, "b": {"y": 2, "z": [3]}}
    >>> new = {"a": {"x": [1]}, "b": {"y": 5, "z": [3]}}
    >>> share(old, new)
    >>> new["a"] is old["a"], new["b"] is old["b"], new["b"]["z"] is old["b"]["z"]
    (True, False, True)
    """
    for key, value in new.items():
        if key not in old:
            continue
        before = old[key]
        if before is value:
            continue
        if _encode(before) == _encode(value):
            new[key] = before
        elif depth > 1 and type(before) is dict and type(value) is dict:
            share(before, value, depth - 1)


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

    def current(self) -> dict[str, Any]:
        """The observation of the current position in canonical JSON form."""
        version = len(self.game.actions)
        if version != self.version:
            # to_builtins copies deeply, so the engine may reuse its own containers.
            obs: dict[str, Any] = msgspec.to_builtins(self.game.observation())
            if self._obs:
                share(self._obs, obs)
            self._obs, self.version = obs, version
        return self._obs

    def delta(self, seen: Seen, *, patch: bool) -> Delta:
        """What changed since ``seen`` (then updated to now); ``patch=False`` leaves the
        patch empty, for seats that receive the full observation anyway."""
        base = seen.version
        obs = self.current()
        actions = self.applied[base : self.version]
        events = []
        if actions:
            events = [msgspec.to_builtins(e) for e in self.game.events_since(base)]
        ops = diff(seen.obs, obs) if patch and seen.obs is not obs else []
        seen.version, seen.obs = self.version, obs
        return Delta(actions, events, ops)
