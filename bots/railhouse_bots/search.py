"""``search``: the greedy policy improved by lookahead (a rollout algorithm).

Most of an 18xx game is routine (tile lays, token placements, the passes of an operating
turn); what decides it is where the money goes.  So the bot plays greedy's own choice
except at a *money decision* -- a request offering one of :data:`STOCK_ROUND` (bids, pars,
share buys and sales, private purchases, 1839's discounts) or a train greedy would buy --
and there it lists candidate actions: greedy's choice first, then ``pass`` when legal, then
other choices (ranged fields at greedy's value, their minimum and their maximum) sampled
down to ``width``.  Each candidate is judged on a private copy of the game by greedy
rollouts in stages (:mod:`railhouse_bots.search_rollout`: for a stock-round or auction
decision first to the end of its round, then to the next stock round after an operating
round, then to the end of the game; each candidate's rollout goes on from stage to stage,
and only greedy's choice and the two best others go deeper) scored by the title's own
scoring -- net worth -- plus the income the seat's shares and privates earn in the
operating rounds ahead, as this seat's worth minus the best other seat's.  The answer is
the best candidate of the deepest stage every remaining candidate completed; short of the
game's end it must beat greedy's choice by a margin, and ties go to greedy's choice:
because the base policy's own choice is always a candidate, a search to the end is never
worse than greedy on its own model of the game (Bertsekas' cost-improvement property).

The forward model is a replica of the game built in-process with the engine
(``clone``/``apply``): ``game_start`` carries the ``game_seed`` (every title's randomness is
spent at setup, so the seed reveals nothing that the opening observation does not show), and
the action log of each request is replayed onto it.  Without a seed (a title that draws
randomness later) or when the replica cannot follow, the bot plays plain greedy.

Budget: ``ms`` per decision (``railhouse bot search --ms 500``), never more than 80% of the
request's own ``time.decision_ms`` (the bank is left alone), counted from the request's
arrival; the clock is read before every rollout action and the search stops at the
deadline, with the garbage collector paused meanwhile (:func:`collector_paused`).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from railhouse.engine.actions import from_builtins
from railhouse.engine.record import new_game
from railhouse_bots.base import concrete
from railhouse_bots.greedy import GreedyBot
from railhouse_bots.greedy_view import View
from railhouse_bots.search_rollout import STAGES, Clock, Lookahead, Model

#: default time per decision, milliseconds
DEFAULT_MS = 500
#: candidates judged per decision (greedy's choice included)
DEFAULT_WIDTH = 5
#: choice kinds that make a request a stock-round money decision, searched
STOCK_ROUND = frozenset({"bid", "par", "buy_shares", "sell_shares", "buy_private", "discount"})
#: share of the budget the rollouts may use (the rest covers the step under way)
BUDGET_SHARE = 0.75


class SearchBot(GreedyBot):
    name = "search"
    version = "6"

    def __init__(self, seed: int | None = None, ms: int | None = None,
                 width: int = DEFAULT_WIDTH, clock: Clock = time.perf_counter) -> None:
        super().__init__(seed)
        self.ms = DEFAULT_MS if ms is None else ms
        self.width = width
        self.clock = clock
        self.replica: Any = None
        self.received = float("inf")
        self.applied = 0
        self.model = Model(GreedyBot(seed))
        #: what the last decision did (for tests and the strength script)
        self.last: dict[str, Any] = {}

    def on_game_start(self, message: dict[str, Any]) -> None:
        super().on_game_start(message)
        self.replica, self.applied = None, 0
        rollout_bot = GreedyBot()
        rollout_bot.rng.seed(self.rng.random())
        rollout_bot.on_game_start(message)
        rollout_bot.track = None  # rollouts lay tiles by greedy's geometric rule: cheap
        self.model = Model(rollout_bot)
        seed = message.get("game_seed")
        if seed is None:
            return
        try:
            self.replica = new_game(str(message["title"]), list(message["players"]),
                                    dict(message.get("options") or {}), int(seed))
        except Exception:  # a title this process does not have: play greedy
            self.replica = None

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        self.received = self.clock()  # the budget runs from the request's arrival
        return super().handle(message)

    def choose(self, request: dict[str, Any]) -> dict[str, Any]:
        started = min(self.received, self.clock())
        self.memory.learn(request["legal"])
        view = View(self.state, request, self.tracker.actions, self.memory, self.tracker.events)
        base = self.decide(view)
        self.last = {"searched": False}
        if not worth_searching(request["legal"], base):
            return {"action": base}
        game = self._synced()
        if game is None:
            return {"action": base}
        budget = min(self.ms, 0.8 * int(request.get("time", {}).get("decision_ms", self.ms)))
        deadline = started + BUDGET_SHARE * budget / 1e3
        self.model.memory.learn(request["legal"])
        lookahead = Lookahead(game, int(request["seat"]), self.model, deadline,
                              actions=self.tracker.actions, events=self.tracker.events,
                              clock=self.clock, stages=stages_for(game))
        with collector_paused():
            best, searched = lookahead.best(self._candidates(request, base))
        self.last = {"searched": True, **searched}
        return {"action": best}

    # --- the replica ------------------------------------------------------------------
    def _synced(self) -> Any:
        """The replica with every logged action applied, or None if it cannot follow."""
        if self.replica is None:
            return None
        log = self.tracker.actions
        try:
            for applied in log[self.applied:]:
                self.replica.apply(from_builtins(applied["action"]))
        except Exception:
            self.replica = None
            return None
        self.applied = len(log)
        return self.replica

    # --- candidates -------------------------------------------------------------------
    def _candidates(self, request: dict[str, Any], base: dict[str, Any]) -> list[dict[str, Any]]:
        """Greedy's choice first, then ``pass`` if legal, then distinct others sampled down
        to ``width``."""
        others: list[dict[str, Any]] = []
        for choice in request["legal"]:
            others.extend(variants(choice, base))
        unique = [a for i, a in enumerate(others) if a != base and a not in others[:i]]
        passes = [a for a in unique if a.get("type") == "pass"][:1]
        rest = [a for a in unique if a not in passes]
        room = max(0, self.width - 1 - len(passes))
        if len(rest) > room:
            rest = self.rng.sample(rest, room)
        return [base, *passes, *rest][:max(1, self.width)]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector held off during a search: the rollouts' game
    copies are many objects, and a full collection among them takes 130-210 ms of CPU
    (measured on an idle machine), longer than many rollout actions and unannounced, so the
    deadline check before each action could not keep the budget.  Afterwards every object
    the search made is still in the youngest generation, so collecting that one generation
    frees the rollouts' cycles without walking the rest of the heap."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
            gc.collect(0)


def stages_for(game: Any) -> tuple[str, ...]:
    """A stock-round (or auction) decision is judged first at the end of its round -- a
    dozen cheap actions, its set's operating rounds credited as income -- then deeper."""
    if getattr(game.round, "kind", "") == "operating":
        return STAGES
    return ("round", *STAGES)


def worth_searching(legal: list[dict[str, Any]], base: dict[str, Any]) -> bool:
    """A money decision with a choice (module docstring); a train purchase only when greedy
    would buy one (else the company's turn at its train step is routine)."""
    if len(legal) < 2:
        return False
    kinds = {choice.get("type") for choice in legal}
    if kinds & STOCK_ROUND:
        return True
    return "buy_train" in kinds and base.get("type") == "buy_train"


def variants(choice: dict[str, Any], base: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Concrete actions of one legal choice: each ranged field at its minimum, its maximum
    and (when greedy chose this kind of action) greedy's value."""
    ranges: dict[str, dict[str, int]] = choice.get("ranges") or {}
    if not ranges:
        yield concrete(choice)
        return
    same = all(base.get(k) == v for k, v in choice.items() if k != "ranges" and k not in ranges)
    for name, bounds in ranges.items():
        values = {bounds["min"], bounds["max"]}
        if same and isinstance(base.get(name), int):
            values.add(int(base[name]))
        for value in sorted(values):
            yield concrete(choice, {name: value})
