"""``random``: a random legal choice, with sensible values for ranged fields.

Every legal choice is equally likely, except that ``random`` never gives up -- concedes,
declares bankruptcy by choice or proposes another player as the winner -- while anything
else is legal: in 1839 ``concede`` is legal at almost every decision, so a uniform bot
ends nearly every game inside the private auction.  ``random-any``
(:class:`UniformRandomBot`) is the truly uniform bot.

A ranged field with at most :data:`SMALL` values is drawn uniformly (take 1, 2 or 3; a
rotation); a wide one -- a bid, a par price, a purchase price -- is drawn near its minimum
most of the time, because uniformly random bids over a wide range make a random player
absurdly generous and the games degenerate.
"""

from __future__ import annotations

import random
from typing import Any

from railhouse_bots.base import Bot, concrete

SMALL = 8
NEAR_MIN = 0.8  # chance that a wide range is drawn from its lowest few steps
#: Choice types that end a player's game by their own decision.
GIVING_UP = frozenset({"concede", "bankrupt", "propose_winner"})


def sample_range(bounds: dict[str, int], rng: random.Random) -> int:
    """One value of ``{"min", "max", "step"}``: uniform if small, else mostly near min."""
    low, high, step = bounds["min"], bounds["max"], max(1, bounds.get("step", 1))
    count = (high - low) // step + 1
    if count <= SMALL or rng.random() >= NEAR_MIN:
        return low + step * rng.randrange(count)
    # geometric-ish: mostly the minimum, sometimes one to a few steps above it
    k = min(count - 1, int(rng.expovariate(1.0)))
    return low + step * k


def playing_choices(legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``legal`` without the choices that give up, unless nothing else is legal."""
    playing = [choice for choice in legal if choice.get("type") not in GIVING_UP]
    return playing or legal


class UniformRandomBot(Bot):
    """``random-any``: every legal choice equally likely, giving up included."""

    name = "random-any"
    version = "1"

    def candidates(self, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return legal

    def choose(self, request: dict[str, Any]) -> dict[str, Any]:
        legal = self.candidates(request["legal"])
        choice = legal[self.rng.randrange(len(legal))]
        ranges: dict[str, dict[str, int]] = choice.get("ranges") or {}
        if not ranges:
            return {"action": concrete(choice)}
        values = {field: sample_range(bounds, self.rng) for field, bounds in ranges.items()}
        return {"action": concrete(choice, values)}


class RandomBot(UniformRandomBot):
    """``random``: a random choice among those that keep playing (see the module doc)."""

    name = "random"
    version = "2"

    def candidates(self, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return playing_choices(legal)
