"""The referee's bookkeeping of one seat: what it owes, its clock, its errors."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from railhouse.protocol.feed import Seen
from railhouse.protocol.messages import ObservationMode, PatchFormat, Ready, TimeControl

__all__ = ["SeatState"]


@dataclass(slots=True)
class SeatState:
    """One seat.  ``waiting`` says what it owes (``ready`` or an ``action`` for ``seq``);
    its clock runs from ``sent_at`` (the question's creation, or when the caller reported
    it written, see :meth:`mark_sent`) until ``deadline``."""

    index: int
    player: str
    mode: ObservationMode
    bank_ms: float
    patch: PatchFormat = "railhouse"
    ready: Ready | None = None
    dead: bool = False
    waiting: Literal["ready", "action"] | None = None
    seq: int | None = None
    sent_at: float = 0.0
    deadline: float = math.inf
    retries_left: int = 0
    stale: set[int] = field(default_factory=set)
    seen: Seen = field(default_factory=Seen)
    #: ``simulate`` messages answered for the pending decision (limit: SimulateLimits)
    simulations: int = 0
    errors: int = 0  # every error sent to this seat
    notices: int = 0  # of which cost nothing (see ``Referee._notice``)
    timeouts: int = 0  # deadlines it missed: a late answer may still be on its way

    def ask(self, what: Literal["ready", "action"], now: float, time: TimeControl) -> None:
        """A question was just put to this seat; its clock starts at ``now``."""
        self.waiting = what
        self.simulations = 0
        self.start_clock(now, time)

    def start_clock(self, now: float, time: TimeControl) -> None:
        self.sent_at = now
        if self.waiting == "ready":
            self.deadline = now + time.hello_ms / 1000
        elif self.waiting == "action":
            self.deadline = now + (time.decision_ms + self.bank_ms) / 1000

    def charge(self, now: float, time: TimeControl) -> None:
        """Take the time used beyond ``decision_ms`` since ``sent_at`` from the bank."""
        used_ms = (now - self.sent_at) * 1000
        self.bank_ms = max(0.0, self.bank_ms - max(0.0, used_ms - time.decision_ms))

    def settle(self) -> None:
        """Nothing is owed any more."""
        self.waiting, self.deadline = None, math.inf
