"""The failures of one game, as journaled: every failure a record, but at most
:data:`MAX_RECORDS` retries and notices per seat, so a flooding bot cannot grow the runner's
memory or the journal.  The rest are counted in one ``summary`` record per seat at the end
(``counts`` by ``reason/action``), which the standings add up like single records.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

#: retries and notices journaled one by one per seat and game
MAX_RECORDS = 10


class FailureLog:
    def __init__(self, entrants: Sequence[str]) -> None:
        self.entrants = list(entrants)
        self.records: list[dict[str, Any]] = []
        self._kept: Counter[int] = Counter()
        self._counted: dict[int, Counter[str]] = {}

    def add(self, seat: int, reason: str, detail: str, action: str, decision: int) -> None:
        """One failure of ``seat`` at the ``decision``-th action."""
        if action in ("retry", "notice"):
            self._kept[seat] += 1
            if self._kept[seat] > MAX_RECORDS:
                self._counted.setdefault(seat, Counter())[f"{reason}/{action}"] += 1
                return
        self.records.append(
            {
                "seat": seat,
                "entrant": self.entrants[seat],
                "reason": reason,
                "detail": detail[:300],
                "action": action,
                "decision": decision,
            }
        )

    def add_game(self, reason: str, detail: str, decision: int) -> None:
        """A failure of the game rather than of a seat (no ``seat`` or ``entrant``), which
        aborted it at the ``decision``-th action, e.g. the action cap."""
        self.records.append({"seat": None, "entrant": None, "reason": reason,
                             "detail": detail[:300], "action": "abort", "decision": decision})

    def close(self, decision: int) -> list[dict[str, Any]]:
        """Every record, with the summaries of what was only counted."""
        for seat, counts in sorted(self._counted.items()):
            text = ", ".join(f"{n} x {kind}" for kind, n in sorted(counts.items()))
            self.records.append(
                {
                    "seat": seat,
                    "entrant": self.entrants[seat],
                    "reason": "unrecorded",
                    "detail": f"not recorded one by one: {text}",
                    "action": "summary",
                    "decision": decision,
                    "counts": dict(counts),
                }
            )
        self._counted.clear()
        return self.records
