"""The public contract of a game, as the protocol, the tournament runner and bots see it.

``railhouse.engine.game.Game`` implements it; tests may use any object that satisfies it.
A game is a pure function of (title, options, seed, players, action log).

Player ids are ``"p0" .. "p{n-1}"`` in seat order; seat ``i`` is player ``"p{i}"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import msgspec

from railhouse.engine.actions import Action, LegalAction
from railhouse.engine.cloning import shared_on_copy


@shared_on_copy
class GameResult(msgspec.Struct, frozen=True):
    """Final outcome. ``scores[i]`` and ``ranks[i]`` belong to seat ``i``; rank 1 is best,
    tied scores share a rank. ``reason`` says how the game ended (e.g. ``"market_top"``)."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str
    forfeits: tuple[int, ...] = ()


@shared_on_copy
class Event(msgspec.Struct, frozen=True, gc=False):
    """Something that happened, for observers and delta observations.

    ``index`` is the position of the action (in the log) that caused it, or -1 for setup.
    ``kind`` e.g. ``"action"``, ``"phase"``, ``"rust"``, ``"round"``; ``data`` is JSON-ready
    and must not be changed once the event is recorded (clones share events).

    Not tracked by the cyclic garbage collector (``gc=False``): a game records thousands
    of events, all alive until the game ends, and JSON-ready data cannot lead back to its
    event, so an event is never part of a reference cycle.
    """

    index: int
    kind: str
    data: dict[str, Any]


@runtime_checkable
class GameAPI(Protocol):
    title_id: str
    seed: int
    options: dict[str, Any]

    @property
    def players(self) -> Sequence[str]:
        """Display names, by seat (read-only here, so a game may hold them in a list)."""

    @property
    def over(self) -> bool: ...

    def acting_seat(self) -> int | None:
        """Seat that must decide now, or None when the game is over."""

    def acting_entity(self) -> str | None:
        """Entity on whose behalf that seat decides (a player id or a company id)."""

    def legal_actions(self) -> list[LegalAction]:
        """The complete legal set for the acting seat (empty only when over)."""

    def apply(self, action: Action) -> None:
        """Validate and apply; raises ``IllegalAction``/``InvalidAction`` and changes nothing."""

    @property
    def actions(self) -> Sequence[Action]:
        """The action log."""

    @property
    def action_count(self) -> int:
        """How many actions the log holds (``len(actions)`` without copying the log)."""

    def events_since(self, index: int) -> list[Event]:
        """Events caused by actions at log positions >= ``index`` (setup events use -1)."""

    def observation(self) -> dict[str, Any]:
        """The whole public state as a JSON-ready dict (documented in docs/observation.md)."""

    def result(self) -> GameResult:
        """Scores and ranks; raises if the game is not over."""

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready game record: title, title_version, options, seed, players, actions,
        result."""

    def clone(self) -> GameAPI: ...
