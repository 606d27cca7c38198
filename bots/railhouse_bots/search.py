"""``search``: the greedy policy improved by lookahead (a rollout algorithm).

At a decision with more than one choice the bot lists candidate actions -- greedy's own
choice first, then the other choices (ranged fields at greedy's value, their minimum and
their maximum), sampled down to ``width`` -- and judges each on a private copy of the game:
apply it, let every seat play greedy for ``horizon`` actions, and score the position reached
with the title's own scoring (:meth:`Lookahead.value`: this seat's score minus the best other
seat's).  The horizon doubles while the time budget lasts (iterative deepening); the answer
is the best candidate of the deepest horizon every candidate reached, ties going to greedy's
choice.  Because the base policy's own choice is always a candidate, the rollout algorithm is
never worse than greedy on its own model of the game (Bertsekas' cost-improvement property).

The forward model is a replica of the game built in-process with the engine
(``clone``/``apply``): ``game_start`` carries the ``game_seed`` (every title's randomness is
spent at setup, so the seed reveals nothing that the opening observation does not show), and
the action log of each request is replayed onto it.  Without a seed (a title that draws
randomness later) or when the replica cannot follow, the bot plays plain greedy.

Budget: ``ms`` per decision (``railhouse bot search --ms 500``), never more than 80% of the
request's own ``time.decision_ms`` (the bank is left alone).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from railhouse.engine.actions import Action, from_builtins
from railhouse.engine.record import new_game
from railhouse.protocol.simulate import scores_now
from railhouse_bots.base import concrete
from railhouse_bots.greedy import GreedyBot
from railhouse_bots.greedy_view import Memory, View

#: default time per decision, milliseconds
DEFAULT_MS = 500
#: candidates judged per decision (greedy's choice included)
DEFAULT_WIDTH = 6
#: first horizon in actions; it doubles while time is left
FIRST_HORIZON = 8
MAX_HORIZON = 512


class OutOfTime(Exception):
    """The decision's budget ran out during a rollout."""


class SearchBot(GreedyBot):
    name = "search"
    version = "1"

    def __init__(self, seed: int | None = None, ms: int | None = None,
                 width: int = DEFAULT_WIDTH) -> None:
        super().__init__(seed)
        self.ms = DEFAULT_MS if ms is None else ms
        self.width = width
        self.replica: Any = None
        self.applied = 0
        #: what the last decision did (for tests and the strength script)
        self.last: dict[str, Any] = {}

    def on_game_start(self, message: dict[str, Any]) -> None:
        super().on_game_start(message)
        self.replica, self.applied = None, 0
        seed = message.get("game_seed")
        if seed is None:
            return
        try:
            self.replica = new_game(str(message["title"]), list(message["players"]),
                                    dict(message.get("options") or {}), int(seed))
        except Exception:  # a title this process does not have: play greedy
            self.replica = None

    def choose(self, request: dict[str, Any]) -> dict[str, Any]:
        self.memory.learn(request["legal"])
        view = View(self.state, request, self.tracker.actions, self.memory, self.tracker.events)
        base = self.decide(view)
        game = self._synced()
        if game is None or len(request["legal"]) < 2:
            self.last = {"searched": False}
            return {"action": base}
        budget = min(self.ms, 0.8 * int(request.get("time", {}).get("decision_ms", self.ms)))
        deadline = time.perf_counter() + budget / 1e3
        lookahead = Lookahead(game, int(request["seat"]), self, deadline)
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
        """Greedy's choice first, then distinct others, sampled down to ``width``."""
        others: list[dict[str, Any]] = []
        for choice in request["legal"]:
            others.extend(variants(choice, base))
        unique = [a for i, a in enumerate(others) if a != base and a not in others[:i]]
        if len(unique) > self.width - 1:
            unique = self.rng.sample(unique, self.width - 1)
        return [base, *unique]


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


class Lookahead:
    """Judges candidate actions of ``seat`` on copies of ``game`` until ``deadline``."""

    def __init__(self, game: Any, seat: int, bot: GreedyBot, deadline: float,
                 max_horizon: int = MAX_HORIZON) -> None:
        self.game = game
        self.max_horizon = max_horizon
        self.seat = seat
        self.deadline = deadline
        self.bot = bot
        self.memories = {i: Memory() for i in range(len(game.players))}
        self.rollouts = 0

    def best(self, candidates: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
        chosen, horizon, reached = candidates[0], FIRST_HORIZON, 0
        while horizon <= self.max_horizon:
            try:
                values = [self.judge(action, horizon) for action in candidates]
            except OutOfTime:
                break
            reached = horizon
            top = max(values)
            chosen = candidates[values.index(top)]  # first best: greedy's on ties
            horizon *= 2
        return chosen, {"horizon": reached, "candidates": len(candidates),
                        "rollouts": self.rollouts}

    def judge(self, action: dict[str, Any], horizon: int) -> int:
        game = self.game.clone()
        game.apply(from_builtins(action))
        self.rollouts += 1
        for _ in range(horizon):
            if game.over:
                return self.value(game)
            self.check_time()
            game.apply(self.greedy_action(game))
        return self.value(game)

    def check_time(self) -> None:
        if time.perf_counter() > self.deadline:
            raise OutOfTime

    def greedy_action(self, game: Any) -> Action:
        seat = game.acting_seat()
        legal = [choice.to_builtins() for choice in game.legal_actions()]
        if len(legal) == 1:
            return from_builtins(concrete(legal[0]))
        request = {"legal": legal, "player": game.seats[seat].id,
                   "entity": game.acting_entity(), "seat": seat}
        memory = self.memories[seat]
        memory.learn(legal)
        view = View(game.observation(), request, self.bot.tracker.actions, memory, [])
        return from_builtins(self.bot.decide(view))

    def value(self, game: Any) -> int:
        """This seat's score minus the best other seat's, by the title's scoring (final
        scores when the game is over, else the same scoring applied to the position)."""
        scores = scores_now(game)
        mine = scores.pop(self.seat)
        return mine - max(scores, default=0)
