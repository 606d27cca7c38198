"""``greedy``: a heuristic 18xx player built for Steam Over Holland, sane in any title.

It reads only the protocol: the tracked observation, the request's legal choices and the
action log.  Each request is routed by the kinds of choice it offers to one policy
(:mod:`railhouse_bots.greedy_stock` as a player, :mod:`railhouse_bots.greedy_operate` as a
company president).  A policy may decline; then, and for any decision kind the bot does not
know (another title's special actions), simple fallback rules decide: the only choice if
there is one, else ``pass``, else the first choice that is neither a bankruptcy nor a sale,
ranged fields at their minimum.

Strength (tests/bots/test_greedy.py): in one seat against three ``random`` bots it ranks
first, alone, in at least 90% of seeded 4-player Steam Over Holland games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from railhouse_bots import greedy_operate as operate
from railhouse_bots import greedy_stock as stock
from railhouse_bots.base import Bot, concrete
from railhouse_bots.greedy_track import TrackModel, model_for
from railhouse_bots.greedy_view import Memory, View

Policy = Callable[[View], "dict[str, Any] | None"]

#: Choice kinds a fallback avoids while anything else is legal.
LAST_RESORTS = ("bankrupt", "sell_shares")


class GreedyBot(Bot):
    name = "greedy"
    version = "1"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.memory = Memory()
        self.track: TrackModel | None = None

    def on_game_start(self, message: dict[str, Any]) -> None:
        self.memory = Memory()
        self.track = model_for(str(message.get("title")), dict(message.get("options") or {}))

    def choose(self, request: dict[str, Any]) -> dict[str, Any]:
        self.memory.learn(request["legal"])
        view = View(self.state, request, self.tracker.actions, self.memory)
        action = self.decide(view)
        return {"action": action}

    def decide(self, view: View) -> dict[str, Any]:
        """The action object for ``view``: the first routed policy's answer, else the
        fallback's."""
        legal = view.request["legal"]
        if len(legal) == 1:
            return concrete(legal[0])
        for kind, policy in self._routes():
            if view.choices(kind):
                action = policy(view)
                if action is not None:
                    return action
        return fallback(view)

    def _routes(self) -> list[tuple[str, Policy]]:
        """Which policy answers a request offering a kind of choice, first match wins."""
        return [
            ("respond", operate.respond),
            ("bid", stock.auction),
            ("dividend", operate.dividend),
            ("par", stock.stock),
            ("buy_shares", stock.stock),
            ("buy_train", operate.buy_train),
            ("lay_tile", lambda v: operate.lay_tile(v, self.rng, self.track)),
            ("place_token", operate.place_token),
            ("issue_shares", operate.issue_shares),
            ("buy_private", operate.buy_private),
            ("sell_shares", _sell_or_pass),
        ]


def _sell_or_pass(view: View) -> dict[str, Any] | None:
    """A sale is only made when it is forced (no ``pass`` among the choices)."""
    passes = view.choices("pass")
    if passes:
        return concrete(passes[0])
    return stock.emergency_sale(view)


def fallback(view: View) -> dict[str, Any]:
    """Simple rules for a decision no policy claimed (see the module docstring)."""
    legal = view.request["legal"]
    passes = view.choices("pass")
    if passes:
        return concrete(passes[0])
    for choice in legal:
        if choice.get("type") not in LAST_RESORTS:
            return concrete(choice)
    sale = stock.emergency_sale(view)
    return sale if sale is not None else concrete(legal[0])
