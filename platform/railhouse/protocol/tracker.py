"""The reference state tracker: rebuilds the full observation from protocol messages.

A bot that keeps the default ``"observation": "delta"`` receives the full observation once
(``game_start``) and afterwards only what changed.  Feed every message to
:meth:`StateTracker.update` and :attr:`StateTracker.state` is, after each ``request`` and
``game_over``, equal to the engine's observation at that moment.  It needs no rules
engine: this is the algorithm every bot in another language implements.

>>> tracker = StateTracker()
>>> tracker.update({"type": "game_start", "game": "g1", "observation": {"pile": 21}})
>>> tracker.update({"type": "request", "game": "g1", "seq": 1, "delta": {"actions": [],
...     "events": [], "patch": [{"op": "set", "path": ["pile"], "value": 18}]}})
>>> tracker.state
{'pile': 18}
"""

from __future__ import annotations

import copy
from typing import Any

from railhouse.protocol.patch import PatchError, apply_patch


class StateTracker:
    """Follows one seat's messages of one game at a time (a new ``game_start`` resets)."""

    def __init__(self) -> None:
        self.game: str | None = None
        self.state: dict[str, Any] = {}
        #: every action applied so far, as ``{"index", "seat", "action"}`` dicts
        self.actions: list[dict[str, Any]] = []
        #: every event received so far, as ``{"index", "kind", "data"}`` dicts
        self.events: list[dict[str, Any]] = []

    def update(self, message: dict[str, Any]) -> None:
        """Take one runner message (dict form); messages without state are ignored."""
        kind = message.get("type")
        if kind == "game_start":
            self.game = message.get("game")
            self.state = copy.deepcopy(message["observation"])
            self.actions, self.events = [], []
        elif kind in ("request", "game_over"):
            if message.get("game") != self.game:
                raise PatchError(f"{kind} for game {message.get('game')!r} before its game_start")
            delta = message["delta"]
            full = message.get("observation")
            if full is not None:
                self.state = full
            else:
                apply_patch(self.state, delta["patch"])
            self.actions.extend(delta["actions"])
            self.events.extend(delta["events"])
