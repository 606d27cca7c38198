"""The search bot's lookahead: greedy rollouts on copies of the game, judged in stages.

A rollout applies one candidate action to a copy of the game and lets every seat play
greedy from there (:class:`Model`: the policy the opponents of the strength measurement
play, fed the rollout's own action log and events).  It stops at
a *stage* boundary and the position reached is scored by :meth:`Lookahead.value`.  The
stages deepen while the budget lasts:

``round``  the end of the current round: for a stock-round or auction decision a dozen
           cheap actions, the only stage that completes for every candidate within a
           second on a loaded machine (an operating-round action costs the engine three
           times a stock-round one); its set's operating rounds are credited as
           :data:`INCOME_RUNS` runs of income;
``set``    the start of the next stock round after an operating round (the rest of this
           set, or the next one when the decision is in an auction);
``end``    the end of the game.

The caller names the stages (the bot skips ``round`` for an operating-round decision,
whose round is long).

A candidate's rollout is kept through the decision: a deeper stage goes on from where the
last one stopped, so reaching the end of the game costs one rollout, not one per stage.
Each stage is also capped in actions (:data:`STAGE_CAPS`), so a stage that would run away
(a stalled game) still ends.  After each stage only greedy's choice and the :data:`KEEP`
best others go deeper (successive narrowing: the deeper stage is the costlier and the more
exact one, so it is spent on the contenders; a 4-player SOH game from its start is about
250 greedy actions, a third of a second of CPU, so the end is within reach of a few
candidates in the second half of a game).  The answer is the best candidate of the deepest
stage every remaining candidate completed; short of the game's end another candidate must
beat the first (greedy's own choice) by :data:`MARGIN` to be chosen, ties go to the first.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import msgspec
from msgspec import to_builtins

from railhouse.engine.actions import Action, from_builtins
from railhouse.protocol.simulate import scores_now
from railhouse_bots.base import concrete
from railhouse_bots.greedy import GreedyBot
from railhouse_bots.greedy_view import Memory, View

#: the stages in order, each with its cap in rollout actions after the candidate
STAGES = ("set", "end")
STAGE_CAPS = {"round": 250, "set": 600, "end": 3000}
#: runs of income a position short of the game's end is credited with, by stage: the end of
#: a stock round is followed by its set's operating rounds (two in SOH, one to three in
#: 1839), the start of the next stock round by at least one
INCOME_RUNS = {"round": 2, "set": 1}

#: candidates besides greedy's choice a stage passes on to the next one
KEEP = 2

#: how much better (in money) than greedy's choice another candidate must look at a stage
#: short of the game's end to replace it
MARGIN = 20

Clock = Callable[[], float]


class OutOfTime(Exception):
    """The decision's budget ran out during a rollout."""


class Lookahead:
    """Judges candidate actions of ``seat`` on copies of ``game`` until ``deadline``
    (read from ``clock``, :func:`time.perf_counter` unless a test passes its own).

    ``model`` plays every seat in the rollouts (greedy, with a memory and a cache that
    outlive one decision); ``actions``/``events`` are the real game's log and events so far,
    in protocol form."""

    def __init__(self, game: Any, seat: int, model: Model, deadline: float, *,
                 actions: list[dict[str, Any]] | None = None,
                 events: list[dict[str, Any]] | None = None, clock: Clock = time.perf_counter,
                 stages: tuple[str, ...] = STAGES) -> None:
        self.game = game
        self.seat = seat
        self.model = model
        self.deadline = deadline
        self.clock = clock
        self.stages = stages
        self.base_actions = list(actions or [])
        self.base_events = list(events or [])
        self.base_revenues = revenues(self.base_events)
        self.rollouts = 0
        self.steps = 0
        #: each candidate's rollout during :meth:`best`, by the candidate's JSON
        self.lines: dict[bytes, Rollout] = {}

    def best(self, candidates: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The chosen candidate and what the search did (``stage`` reached, counts).  Before
        the game's end a short stage only guesses, so another candidate replaces greedy's
        choice only when it is better by :data:`MARGIN` of the estimate.  When the deadline
        cuts the first stage, the candidates it judged (greedy's choice first) still decide:
        on a loaded machine that is often all the search has (``stage`` then names it with
        a ``~``); a deeper stage cut short leaves the last complete one's answer."""
        chosen, reached, listed = candidates[0], "", len(candidates)
        self.lines = {}
        for stage in self.stages:
            values: list[int] = []
            try:
                for action in candidates:
                    values.append(self.judge(action, stage))
            except OutOfTime:
                if reached or len(values) < 2:
                    break
                reached = f"~{stage}"
            else:
                reached = stage
            top = max(values)
            margin = 0 if stage == "end" else MARGIN
            better = top > values[0] + margin
            chosen = candidates[values.index(top)] if better else candidates[0]
            if reached.startswith("~"):
                break
            candidates = narrowed(candidates, values)
        self.lines = {}
        return chosen, {"stage": reached, "candidates": listed,
                        "rollouts": self.rollouts, "steps": self.steps}

    def judge(self, action: dict[str, Any], stage: str) -> int:
        """``action`` applied, then greedy for everyone to the end of ``stage``: the value.
        A candidate's rollout is kept for the decision: a deeper stage continues it where
        the last one stopped (the policies are deterministic, so replaying would only
        repeat it)."""
        key = msgspec.json.encode(action)
        rollout = self.lines.get(key)
        fresh = rollout is None
        if rollout is None:
            rollout = Rollout(self, self.game.clone())
        game = rollout.game
        # the rollout lists and applies, reading the game through its API (``over``, the
        # events, the observation) before its attributes: it may look ahead, so settling
        # leaves the track step's "is there a lay?" to the listing that follows
        with game.looking_ahead_in():
            if fresh:
                rollout.apply(from_builtins(action))
                self.rollouts += 1
                self.lines[key] = rollout
            while rollout.steps < STAGE_CAPS[stage]:
                if game.over or reached(game, stage, self.game.round_number,
                                        rollout.operated):
                    break
                rollout.operated |= getattr(game.round, "kind", "") == "operating"
                if self.clock() > self.deadline:
                    raise OutOfTime
                rollout.apply(rollout.greedy_action())
                rollout.steps += 1
                self.steps += 1
        return self.value(game, rollout.revenues, INCOME_RUNS.get(stage, 1))

    def value(self, game: Any, last_revenues: dict[str, int] | None = None,
              runs: int = 1) -> int:
        """This seat's worth minus the best other seat's.  A seat's worth is its final score
        when the game is over; before, the title's scoring of the position (net worth) plus
        ``runs`` times its *income*: one run of every open company at its latest revenue
        (``last_revenues``), shared by share percentage, and its privates' revenue -- what
        its holdings earn next."""
        scores = scores_now(game)
        if not game.over:
            for seat, income in enumerate(incomes(game, last_revenues or {})):
                scores[seat] += runs * income
        mine = scores.pop(self.seat)
        return mine - max(scores, default=0)


def narrowed(candidates: list[dict[str, Any]], values: list[int]) -> list[dict[str, Any]]:
    """The candidates a deeper stage judges: greedy's choice and the :data:`KEEP` best others
    of the stage just completed (successive narrowing: the deeper stage is the costlier and
    the more exact, so it is spent on the contenders)."""
    order = sorted(range(1, len(candidates)), key=lambda i: -values[i])
    return [candidates[0], *(candidates[i] for i in sorted(order[:KEEP]))]


def revenues(events: list[dict[str, Any]]) -> dict[str, int]:
    """Each company's latest revenue, from the ``routes`` events."""
    latest: dict[str, int] = {}
    for event in events:
        track(latest, event)
    return latest


def track(latest: dict[str, int], event: dict[str, Any]) -> None:
    if event.get("kind") == "routes":
        data = event.get("data") or {}
        latest[str(data.get("company"))] = int(data.get("revenue") or 0)


def incomes(game: Any, last_revenues: dict[str, int]) -> list[int]:
    """What one run of every open company at its latest revenue pays each seat, plus the
    revenue of the privates the seat's player holds."""
    seat_of = {player.id: player.seat for player in game.seats}
    paid = [0] * len(game.seats)
    for private in game.privates.values():
        seat = seat_of.get(private.owner)
        if seat is not None and not private.closed:
            paid[seat] += int(private.spec.revenue)
    for company_id, company in game.companies.items():
        revenue = last_revenues.get(company_id, 0)
        if not revenue or getattr(company, "closed", False):
            continue
        for cert in company.certs:
            seat = seat_of.get(cert.owner)
            if seat is not None:
                paid[seat] += revenue * cert.percent // 100
    return paid


def reached(game: Any, stage: str, start_round: int, operated: bool) -> bool:
    """Whether a rollout begun in round ``start_round`` has reached the end of ``stage``
    (``operated``: it has played through an operating round)."""
    if stage == "round":
        return bool(game.round_number != start_round)
    if stage == "set":
        return operated and getattr(game.round, "kind", "") == "stock"
    return False


class Rollout:
    """One copy of the game played on by greedy, with its own log and events in protocol
    form appended to the real game's (the greedy policies read both)."""

    def __init__(self, owner: Lookahead, game: Any) -> None:
        self.owner = owner
        self.game = game
        self.actions = list(owner.base_actions)
        self.events = list(owner.base_events)
        self.revenues = dict(owner.base_revenues)
        #: rollout actions since the candidate, and whether an operating round was played
        self.steps = 0
        self.operated = False

    def apply(self, action: Action) -> None:
        index = self.game.action_count
        self.game.apply(action)
        self.actions.append({"action": to_builtins(action)})
        for event in self.game.events_since(index):
            if event.kind != "action":
                self.events.append({"kind": event.kind, "data": event.data})
                track(self.revenues, self.events[-1])

    def greedy_action(self) -> Action:
        game = self.game
        legal = [choice.to_builtins() for choice in game.legal_actions()]
        if len(legal) == 1:
            return from_builtins(concrete(legal[0]))
        seat = game.acting_seat()
        request = {"legal": legal, "player": game.seats[seat].id,
                   "entity": game.acting_entity(), "seat": seat}
        return from_builtins(self.owner.model.decide(game.observation(), request,
                                                      self.actions, self.events))


class Model:
    """Greedy as the rollouts play it, for every seat: a :class:`GreedyBot` of its own (its
    random tie-breaks never disturb the searching bot's), one memory of depot prices for
    all seats (prices are public), and a cache of tile-lay answers, met again and again by
    rollouts that differ only in who holds which shares.  A lay answer depends on the
    board, the company, the phase, the depot and the lays offered, which make its key.
    The searching bot gives its model no track model, so rollouts lay tiles by greedy's
    geometric rule instead of pricing every lay by its routes (greedy's costliest decision,
    ten times a rollout step): a cheaper, rougher model of the track, the same for every
    candidate."""

    def __init__(self, bot: GreedyBot, cache_size: int = 4096) -> None:
        self.bot = bot
        self.memory = Memory()
        self.lays: OrderedDict[bytes, dict[str, Any]] = OrderedDict()
        self.cache_size = cache_size

    def decide(self, state: dict[str, Any], request: dict[str, Any],
               actions: list[dict[str, Any]], events: list[dict[str, Any]]) -> dict[str, Any]:
        legal = request["legal"]
        self.memory.learn(legal)
        key = self._lay_key(state, request) if self._lays_only(legal) else None
        if key is not None and key in self.lays:
            self.lays.move_to_end(key)
            return self.lays[key]
        action = self.bot.decide(View(state, request, actions, self.memory, events))
        if key is not None:
            self.lays[key] = action
            if len(self.lays) > self.cache_size:
                self.lays.popitem(last=False)
        return action

    @staticmethod
    def _lays_only(legal: list[dict[str, Any]]) -> bool:
        kinds = {choice.get("type") for choice in legal}
        return "lay_tile" in kinds and kinds <= {"lay_tile", "pass"}

    @staticmethod
    def _lay_key(state: dict[str, Any], request: dict[str, Any]) -> bytes:
        entity = request["entity"]
        return msgspec.json.encode([
            entity, request["legal"], state.get("board"), state.get("phase"),
            (state.get("companies") or {}).get(entity),
            (state.get("depot") or {}).get("available"),
        ])
