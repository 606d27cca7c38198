"""``greedy``: a heuristic 18xx player built for Steam Over Holland, sane in any title.

It reads only the protocol: the tracked observation, the request's legal choices and the
action log.  Each request is routed by the kinds of choice it offers to one policy
(:mod:`railhouse_bots.greedy_stock` as a player, :mod:`railhouse_bots.greedy_operate` as a
company president).  A policy may decline; then, and for any decision kind the bot does not
know (another title's special actions), simple fallback rules decide: the only choice if
there is one, else ``pass``, else the first choice that is neither a bankruptcy nor a sale,
ranged fields at their minimum.

For a title with :class:`~railhouse_bots.greedy_facts.TitleFacts` (1839) the policies of
:mod:`railhouse_bots.greedy_1839` come first: they keep the player's companies able to pay
for the trains they will be forced to buy.

Strength (tests/bots/test_greedy.py): in one seat against three ``random`` bots it ranks
first, alone, in at least 90% of seeded 4-player Steam Over Holland games; in 1839
(tests/bots/test_greedy_1839.py) it beats random bots, and four greedy bots play to the
game's own ends with few bankruptcies (bots/scripts/greedy_1839_report.py measures it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from railhouse_bots import greedy_1839 as m1839
from railhouse_bots import greedy_operate as operate
from railhouse_bots import greedy_stock as stock
from railhouse_bots.base import Bot, concrete
from railhouse_bots.greedy_facts import TitleFacts, facts_for
from railhouse_bots.greedy_track import TrackModel, model_for
from railhouse_bots.greedy_view import Memory, View

Policy = Callable[[View], "dict[str, Any] | None"]

#: Choice kinds a fallback avoids while anything else is legal.
LAST_RESORTS = ("bankrupt", "concede", "nationalise", "sell_shares")


class GreedyBot(Bot):
    name = "greedy"
    version = "1"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.memory = Memory()
        self.track: TrackModel | None = None
        self.facts: TitleFacts | None = None

    def on_game_start(self, message: dict[str, Any]) -> None:
        self.memory = Memory()
        self.track = model_for(str(message.get("title")), dict(message.get("options") or {}))
        self.facts = facts_for(str(message.get("title")))

    def choose(self, request: dict[str, Any]) -> dict[str, Any]:
        self.memory.learn(request["legal"])
        view = View(self.state, request, self.tracker.actions, self.memory, self.tracker.events)
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
        if self.facts is not None:
            return self._solvent_routes(self.facts)
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


    def _solvent_routes(self, facts: TitleFacts) -> list[tuple[str, Policy]]:
        """The routes for a title with facts (module docstring)."""

        def lay(view: View) -> dict[str, Any] | None:
            affordable = m1839.lay_tile_affordable(facts, view)
            if not affordable:
                return None  # the fallback passes
            rest = [c for c in view.request["legal"] if c.get("type") != "lay_tile"]
            narrowed = View(view.state, {**view.request, "legal": affordable + rest},
                            view.actions, view.memory, view.events)
            return operate.lay_tile(narrowed, self.rng, self.track)

        def sell(view: View) -> dict[str, Any] | None:
            if not view.choices("pass"):
                return m1839.emergency_sale(view)
            if (view.state.get("round") or {}).get("kind") == "stock":
                return m1839.stock(facts, view)
            return None

        return [
            ("give_dru_train", lambda v: m1839.give_dru_train(facts, v)),
            ("nationalise", lambda v: m1839.nationalise(facts, v)),
            ("respond", lambda v: m1839.respond(facts, v)),
            ("respond", operate.respond),
            ("discount", lambda v: m1839.auction(facts, v)),
            ("dividend", lambda v: m1839.dividend(facts, v)),
            ("par", lambda v: m1839.stock(facts, v)),
            ("buy_shares", lambda v: m1839.stock(facts, v)),
            ("buy_train", lambda v: m1839.buy_train(facts, v)),
            ("lay_tile", lay),
            ("place_token", lambda v: m1839.place_token(facts, v)),
            ("buy_private", lambda v: m1839.buy_private(facts, v)),
            ("sell_shares", sell),
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
