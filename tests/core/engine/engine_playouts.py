"""Seeded random playouts of the real titles for the engine's tests of kept answers: every
position of the game, and of clones taken along it and played on (a kept answer must
hold on a clone that went its own way too)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from railhouse.bench.positions import choose_playing
from railhouse.engine.game import Game


def positions_with_clones(game: Game, rng: random.Random,
                          clone_every: int) -> Iterator[tuple[Game, bool]]:
    """(position, whether it is ``game`` itself) before every action of ``game`` played
    on at random with ``rng`` and at its end; after each, the latest clone (taken at
    every ``clone_every``-th action) one action further on its own, while it lasts."""
    side: Game | None = None
    while not game.over:
        yield game, True
        if side is not None and not side.over:  # a clone that went its own way
            side.apply(choose_playing(rng, side.legal_actions()))
            yield side, False
        if len(game.actions) % clone_every == 0:
            side = game.clone()
        game.apply(choose_playing(rng, game.legal_actions()))
    yield game, True
