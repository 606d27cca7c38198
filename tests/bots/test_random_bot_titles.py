"""The built-in ``random`` bot plays real games of both titles: it never concedes or goes
bankrupt by choice while anything else is legal (issue 19, item 3: in 1839 ``concede`` is
legal at almost every decision, and a uniform bot ended every game in the private auction)."""

from __future__ import annotations

from typing import Any

import pytest

from railhouse.engine.actions import from_builtins
from railhouse.engine.record import new_game
from railhouse.protocol.drive import InProcess, play
from railhouse.protocol.referee import Referee
from railhouse_bots.random_bot import GIVING_UP, RandomBot, UniformRandomBot

pytest.importorskip("railhouse_m1839")


def first_actions(bots: list[Any], count: int, seed: int) -> tuple[Any, list[str]]:
    """The 1839 game after ``count`` decisions of ``bots`` (or its end), and the types of
    the choices made while something else that keeps playing was legal."""
    game = new_game("1839", [f"P{i}" for i in range(len(bots))], None, seed)
    gave_up: list[str] = []
    while not game.over and len(game.actions) < count:
        legal = [choice.to_builtins() for choice in game.legal_actions()]
        seat = game.acting_seat()
        reply = bots[seat].choose({"legal": legal})
        kind = reply["action"]["type"]
        if kind in GIVING_UP and any(c["type"] not in GIVING_UP for c in legal):
            gave_up.append(kind)
        game.apply(from_builtins(reply["action"]))
    return game, gave_up


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_plays_1839_past_the_private_auction_without_giving_up(seed: int) -> None:
    game, gave_up = first_actions([RandomBot(seed * 4 + i) for i in range(4)], 150, seed)
    assert gave_up == [] and not game.over


def test_random_any_is_the_uniform_bot_that_concedes_early() -> None:
    ended = 0
    for seed in range(4):
        game, gave_up = first_actions([UniformRandomBot(seed * 4 + i) for i in range(4)], 150, seed)
        ended += game.over and bool(gave_up)
    assert ended >= 3


@pytest.mark.slow
@pytest.mark.parametrize("title", ["1839", "soh"])
def test_random_finishes_real_games_through_the_referee(title: str) -> None:
    pytest.importorskip("railhouse_soh")
    players = 4 if title == "1839" else 3
    game = new_game(title, [f"P{i}" for i in range(players)], None, 2)
    transcript = play(Referee(game), [InProcess(RandomBot(i)) for i in range(players)])
    assert transcript.result is not None and transcript.failures() == []
    assert len(game.actions) > 150  # well past the private auction
    assert not any(type(a).__name__ == "Concede" for a in game.actions)
