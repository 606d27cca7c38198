"""Deterministic positions from seeded random playouts.

Every benchmark that needs "a late-game board" or "a full game" takes it from here, so two
runs of ``railhouse bench`` measure the same positions: the playouts choose uniformly among
the legal actions (ranges sampled uniformly) with ``random.Random(seed)``, as the
conformance suite does, without invariant checks -- except that a player never gives up
(concedes, declares bankruptcy or proposes a winner) while anything else is legal.
Uniform play concedes so often in 1839 that no game would reach the board positions the
map metrics are about.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import compress
from operator import attrgetter
from typing import Any

from railhouse.engine.actions import Action, Bankrupt, Concede, LegalAction, ProposeWinner
from railhouse.engine.record import new_game
from railhouse.testing.conformance import choose

GIVING_UP = (Concede, Bankrupt, ProposeWinner)

_action_of = attrgetter("action")

#: a playout longer than this is a bug in the title, not a long game
MAX_ACTIONS = 20_000


def choose_playing(rng: random.Random, legal: list[LegalAction]) -> Action:
    """A uniform legal choice, never conceding or going bankrupt while there is another.
    The choices that do not give up are picked out by iterators in C (a random playout
    filters every legal set, a track step's hundred lays among them): each choice's kind,
    whether that kind plays on (:data:`_PLAYS_ON`), and the choices it does for."""
    playing = list(compress(legal, map(_PLAYS_ON.__getitem__,
                                       map(type, map(_action_of, legal)))))
    return choose(rng, playing or legal)


class _KindsPlayingOn(dict[type, bool]):
    """Whether an action of a kind plays on (is no way of giving up, :data:`GIVING_UP`),
    decided on a kind's first sight (``__missing__``) and kept."""

    def __missing__(self, kind: type) -> bool:
        plays_on = self[kind] = not issubclass(kind, GIVING_UP)
        return plays_on


_PLAYS_ON = _KindsPlayingOn()


def seat_names(players: int) -> list[str]:
    return [f"P{i}" for i in range(players)]


def playout(
    title_id: str,
    players: int,
    seed: int,
    *,
    visit: Callable[[Any, list[Any]], None] | None = None,
) -> Any:
    """Play one seeded random game to its end; ``visit(game, legal)`` is called before each
    action (it must not change the game; it sees the game settled).  Returns the finished
    game.  The game looks ahead (``Game.looking_ahead_in``): it only lists and applies, so
    settling leaves the track step's "is there a lay?" to the listing that follows."""
    game = new_game(title_id, seat_names(players), None, seed)
    rng = random.Random(seed)
    with game.looking_ahead_in():
        while not game.over:
            legal = game.legal_actions()
            if visit is not None:
                visit(game, legal)
            game.apply(choose_playing(rng, legal))
            if game.action_count > MAX_ACTIONS:
                raise RuntimeError(
                    f"{title_id} seed {seed}: no game end after {MAX_ACTIONS} actions")
    return game


@dataclass(frozen=True)
class Snapshot:
    """A copy of a game at action ``index`` of a playout ``length`` actions long."""

    seed: int
    index: int
    length: int
    game: Any


def late_snapshots(
    title_id: str, players: int, seeds: range, *, every: int = 25, late: float = 0.6
) -> Iterator[Snapshot]:
    """Copies of each seeded playout every ``every`` actions, keeping those in the last
    ``1 - late`` of the game (late-game boards: most track laid, most trains bought)."""
    for seed in seeds:
        copies: list[tuple[int, Any]] = []
        finished = playout(title_id, players, seed, visit=partial(_keep, copies, every))
        length = finished.action_count
        for index, game in copies:
            if index >= late * length:
                yield Snapshot(seed, index, length, game)


def _keep(copies: list[tuple[int, Any]], every: int, game: Any, _legal: list[Any]) -> None:
    if game.action_count % every == 0:
        copies.append((game.action_count, game.clone()))
