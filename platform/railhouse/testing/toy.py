"""A tiny, complete title for testing the protocol, bots and the tournament runner.

"Take-away race": a pile of ``pile`` tokens; seats take 1..3 tokens in turn (a ranged
choice) or, once per game each, pass.  When the pile is empty the game ends; a seat's
score is the number of tokens it took plus 5 for taking the last one.  It implements
:class:`railhouse.engine.api.GameAPI` exactly as a real title does, so code tested against
it works against real titles.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from railhouse.engine.actions import (
    Action,
    LegalAction,
    Pass,
    Range,
    register_action,
    to_builtins,
)
from railhouse.engine.api import Event, GameResult
from railhouse.engine.errors import IllegalAction
from railhouse.titles import OptionSpec, TitleInfo


class Take(Action, frozen=True, tag="toy_take"):
    count: int


register_action(Take)

TOY_TITLE = TitleInfo(
    id="toy",
    name="Take-away race (test title)",
    designer="railhouse",
    min_players=2,
    max_players=6,
    version="1",
    rules_source="railhouse.testing.toy module docstring",
    game_factory="railhouse.testing.toy:new_game",
    options=(OptionSpec("pile", 21, "tokens in the pile at the start"),),
    distribution="railhouse",
)


def ranks_for(scores: Sequence[int]) -> tuple[int, ...]:
    """Competition ranks (1 = best); equal scores share a rank."""
    return tuple(1 + sum(1 for other in scores if other > s) for s in scores)


class ToyGame:
    title_id = "toy"

    def __init__(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> None:
        self.players = list(players)
        self.options = TOY_TITLE.resolve_options(options)
        self.seed = seed
        self._rng = random.Random(seed)
        self._actions: list[Action] = []
        self._events: list[Event] = []
        self.pile: int = self.options["pile"]
        self.taken = [0] * len(players)
        self.passed = [False] * len(players)
        self.turn = self._rng.randrange(len(players))  # seeded start player
        self.last_taker: int | None = None
        self._events.append(Event(-1, "start", {"start_seat": self.turn, "pile": self.pile}))

    @property
    def over(self) -> bool:
        return self.pile == 0

    @property
    def actions(self) -> Sequence[Action]:
        return tuple(self._actions)

    @property
    def action_count(self) -> int:
        return len(self._actions)

    def acting_seat(self) -> int | None:
        return None if self.over else self.turn

    def acting_entity(self) -> str | None:
        return None if self.over else f"p{self.turn}"

    def legal_actions(self) -> list[LegalAction]:
        if self.over:
            return []
        me = f"p{self.turn}"
        top = min(3, self.pile)
        legal = [LegalAction(Take(entity=me, count=1), {"count": Range(1, top)})]
        if not self.passed[self.turn]:
            legal.append(LegalAction(Pass(entity=me)))
        return legal

    def apply(self, action: Action) -> None:
        if not any(choice.admits(action) for choice in self.legal_actions()):
            raise IllegalAction(f"{action!r} is not legal now", "toy rules")
        seat = self.turn
        if isinstance(action, Take):
            self.pile -= action.count
            self.taken[seat] += action.count
            self.last_taker = seat
        else:
            self.passed[seat] = True
        self._events.append(Event(len(self._actions), "action", {"seat": seat}))
        self._actions.append(action)
        self.turn = (self.turn + 1) % len(self.players)

    def events_since(self, index: int) -> list[Event]:
        return [e for e in self._events if e.index >= index]

    def observation(self) -> dict[str, Any]:
        return {
            "pile": self.pile,
            "taken": list(self.taken),
            "passed": list(self.passed),
            "turn": self.turn,
            "players": [{"id": f"p{i}", "name": n} for i, n in enumerate(self.players)],
        }

    def result(self) -> GameResult:
        if not self.over:
            raise ValueError("the game is not over")
        scores = [t + (5 if i == self.last_taker else 0) for i, t in enumerate(self.taken)]
        return GameResult(tuple(scores), ranks_for(scores), "pile_empty")

    def to_record(self) -> dict[str, Any]:
        return {
            "title": self.title_id,
            "title_version": TOY_TITLE.version,
            "options": dict(self.options),
            "seed": self.seed,
            "players": list(self.players),
            "actions": [to_builtins(a) for a in self._actions],
            "result": None if not self.over else {"scores": list(self.result().scores)},
        }

    def clone(self) -> ToyGame:
        copy = ToyGame(self.players, self.options, self.seed)
        for action in self._actions:
            copy.apply(action)
        return copy


def new_game(
    players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
) -> ToyGame:
    return ToyGame(players, options, seed)
