"""The shortcuts of :class:`railhouse.map.restriction.Walk` give the plain walk's answers
(``plain_walk.py``, the walk before them) at every position of seeded
random SOH playouts under ``rules=18xx-games`` and of the real game 181446's replay:
the same paths walked and stops touched per token, the same ``route_available`` (which
stops at a token's second stop) and, for every upgrade the engine tests, the same
``adds_usable_track`` (which stops at the first new path walked)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from plain_walk import PlainWalk, plain_adds_usable_track, plain_route_available

import railhouse.engine.steps.claims as claims
import railhouse.engine.steps.track as track
from railhouse.engine.actions import from_builtins
from railhouse.engine.record import new_game
from railhouse.map.board import Board
from railhouse.map.graph import Operator
from railhouse.map.lays import TileLay
from railhouse.map.restriction import Walk, adds_usable_track, route_available
from railhouse.testing.conformance import choose
from railhouse_soh.importer import GAME_181446, import_18xx_games

SEEDS = range(4)
ACTIONS = 400


class Checked:
    """Counts of the comparisons made (so a test knows it compared something)."""

    def __init__(self) -> None:
        self.walks = self.lays = self.adding = 0


def check_position(game: Any, seen: Checked) -> None:
    """Every floated company's walk on ``game``'s board equals the plain walk."""
    board = game.board
    if board is None:
        return
    for company in game.operating_companies():
        op = game.route_operator(company)
        walk, plain = Walk(board, op), PlainWalk(board, op)
        assert walk.run() == plain.run()
        assert walk.stops == plain.stops
        assert Walk(board, op).touches_two_stops() == plain_route_available(board, op)
        seen.walks += 1


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Checked:
    """Every ``adds_usable_track`` / ``route_available`` the engine asks is compared with
    the plain answer (route_available without its board cache)."""
    seen = Checked()

    def adds(board: Board, op: Operator, lay: TileLay) -> bool:
        found = adds_usable_track(board, op, lay)
        assert found == plain_adds_usable_track(board, op, lay), lay
        seen.lays += 1
        seen.adding += found
        return found

    def available(board: Board, op: Operator) -> bool:
        found = route_available(board, op)
        assert found == plain_route_available(board, op)
        assert Walk(board, op).touches_two_stops() == found
        return found

    monkeypatch.setattr(track, "adds_usable_track", adds)
    monkeypatch.setattr(claims, "route_available", available)
    return seen


@pytest.mark.parametrize("seed", SEEDS)
def test_walk_shortcuts_match_the_plain_walk_in_random_playouts(
        seed: int, checked: Checked) -> None:
    game = new_game("soh", ["a", "b", "c"], {"rules": "18xx-games"}, seed)
    rng = random.Random(seed)
    for _ in range(ACTIONS):
        if game.over:
            break
        game.apply(choose(rng, game.cached_legal_actions()))
        check_position(game, checked)
    assert checked.walks > 0


def test_walk_shortcuts_match_the_plain_walk_in_game_181446(checked: Checked) -> None:
    record = import_18xx_games(GAME_181446)
    game = new_game(record["title"], list(record["players"]), record.get("options"),
                    int(record["seed"]))
    for raw in record["actions"]:
        game.apply(from_builtins(raw))
        check_position(game, checked)
    assert checked.walks > 100
    assert checked.lays > 10 and 0 < checked.adding < checked.lays  # both answers seen
