"""The core asks ``railhouse_check_game_end`` at every moment the hook spec names."""

from __future__ import annotations

import random
from typing import Any

from minititle import MiniGame, MiniRules

from railhouse.gamehooks import GameHooks
from railhouse.hookspecs import END_MOMENTS, hookimpl
from railhouse.testing.conformance import choose


class Moments:
    def __init__(self) -> None:
        self.seen: list[str] = []

    @hookimpl
    def railhouse_check_game_end(self, game: Any, moment: str) -> None:
        self.seen.append(moment)


def test_every_end_moment_is_asked_by_the_core() -> None:
    moments = Moments()
    game = MiniGame(["a", "b", "c"], seed=0, hooks=GameHooks(MiniRules(), observers=[moments]))
    rng = random.Random(0)  # a seed in which companies operate
    while not game.over:
        game.apply(choose(rng, game.legal_actions()))
    assert set(moments.seen) == set(END_MOMENTS)
    assert moments.seen.count("end_of_or_set") <= moments.seen.count("end_of_or")
