"""``random``: a uniformly random legal choice, with sensible values for ranged fields.

Every legal choice is equally likely.  A ranged field with at most :data:`SMALL` values is
drawn uniformly (take 1, 2 or 3; a rotation); a wide one -- a bid, a par price, a purchase
price -- is drawn near its minimum most of the time, because uniformly random bids over a
wide range make a random player absurdly generous and the games degenerate.
"""

from __future__ import annotations

import random
from typing import Any

from railhouse_bots.base import Bot, concrete

SMALL = 8
NEAR_MIN = 0.8  # chance that a wide range is drawn from its lowest few steps


def sample_range(bounds: dict[str, int], rng: random.Random) -> int:
    """One value of ``{"min", "max", "step"}``: uniform if small, else mostly near min."""
    low, high, step = bounds["min"], bounds["max"], max(1, bounds.get("step", 1))
    count = (high - low) // step + 1
    if count <= SMALL or rng.random() >= NEAR_MIN:
        return low + step * rng.randrange(count)
    # geometric-ish: mostly the minimum, sometimes one to a few steps above it
    k = min(count - 1, int(rng.expovariate(1.0)))
    return low + step * k


class RandomBot(Bot):
    name = "random"
    version = "1"

    def choose(self, request: dict[str, Any]) -> dict[str, Any]:
        legal = request["legal"]
        choice = legal[self.rng.randrange(len(legal))]
        ranges: dict[str, dict[str, int]] = choice.get("ranges") or {}
        if not ranges:
            return {"action": concrete(choice)}
        values = {field: sample_range(bounds, self.rng) for field, bounds in ranges.items()}
        return {"action": concrete(choice, values)}
