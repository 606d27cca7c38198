"""The effective action list of an 18xx.games export: undo/redo resolved, programs expanded.

18xx.games records every click, including ``undo`` (without ``action_id``: take back the
last effective action; with it: take back everything after that action), ``redo`` (restore
the action most recently taken back), ``program_*`` actions (auto-play settings, which do
not change the game themselves) and ``auto_actions`` (the moves a program made right after
an action, stored on that action).  :func:`effective_actions` returns what really happened,
in order, each entry tagged with the id of the recorded action it came from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from railhouse.engine.errors import RecordError

PROGRAM_PREFIX = "program_"
IGNORED = frozenset({"message"})


@dataclass(frozen=True)
class Step:
    """One effective move: ``data`` is the 18xx.games action (auto actions included),
    ``source_id`` the id of the recorded action that carried it."""

    data: Mapping[str, Any]
    source_id: int


def resolve_undo(actions: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The recorded actions still in effect after every undo and redo, in order."""
    active: list[Mapping[str, Any]] = []
    undone: list[list[Mapping[str, Any]]] = []
    for action in actions:
        kind = action.get("type")
        if kind == "undo":
            target = action.get("action_id")
            if target is None:
                cut = len(active) - 1
            else:
                cut = next((i + 1 for i in range(len(active) - 1, -1, -1)
                            if active[i].get("id") == target), -1)
            if cut < 0:
                raise RecordError(f"action {action.get('id')}: undo has nothing to take back")
            undone.append(active[cut:])
            del active[cut:]
        elif kind == "redo":
            if not undone:
                raise RecordError(f"action {action.get('id')}: redo has nothing to restore")
            active.extend(undone.pop())
        elif kind not in IGNORED:
            if undone and kind is not None:
                undone.clear()  # a new action forgets what could have been redone
            active.append(action)
    return active


def effective_actions(actions: Sequence[Mapping[str, Any]]) -> list[Step]:
    """Every move in effect, programs dropped and auto actions inlined after their carrier."""
    steps: list[Step] = []
    for action in resolve_undo(actions):
        source = int(action.get("id", -1))
        if not str(action.get("type", "")).startswith(PROGRAM_PREFIX):
            steps.append(Step(action, source))
        for auto in action.get("auto_actions") or ():
            if not str(auto.get("type", "")).startswith(PROGRAM_PREFIX):
                steps.append(Step(auto, source))
    return steps
