"""The ``search`` bot: candidates, the replica, the budget, and full games in both titles."""

from __future__ import annotations

import time
from typing import Any

import pytest

from railhouse.engine.record import new_game
from railhouse.protocol.drive import InProcess, play
from railhouse.protocol.messages import TimeControl
from railhouse.protocol.referee import Referee
from railhouse_bots.greedy import GreedyBot
from railhouse_bots.search import Lookahead, SearchBot, variants


def test_variants_take_min_max_and_greedys_value() -> None:
    choice = {"type": "bid", "target": "X", "price": 20, "entity": "p0",
              "ranges": {"price": {"min": 20, "max": 300, "step": 5}}}
    greedy = {"type": "bid", "target": "X", "price": 45, "entity": "p0"}
    assert [a["price"] for a in variants(choice, greedy)] == [20, 45, 300]
    other = {"type": "bid", "target": "Y", "price": 45, "entity": "p0"}
    assert [a["price"] for a in variants(choice, other)] == [20, 300]
    plain = {"type": "pass", "entity": "p0"}
    assert list(variants(plain, greedy)) == [plain]


def test_candidates_put_greedys_choice_first_and_respect_the_width() -> None:
    bot = SearchBot(1, ms=10, width=3)
    legal = [{"type": "pass", "entity": "p0"}] + [
        {"type": "par", "company": c, "price": 70, "entity": "p0"} for c in "ABCDE"]
    base = legal[3]
    candidates = bot._candidates({"legal": legal}, base)
    assert candidates[0] == base and len(candidates) == 3
    assert all(c in legal for c in candidates) and len({str(c) for c in candidates}) == 3


def test_the_lookahead_keeps_greedys_choice_when_out_of_time() -> None:
    game = new_game("soh", ["a", "b", "c"], None, 2)
    seat = game.acting_seat()
    assert seat is not None
    bot = GreedyBot(1)
    lookahead = Lookahead(game, seat, bot, deadline=time.perf_counter() - 1)
    first = {"type": "pass", "entity": game.acting_entity()}
    chosen, info = lookahead.best([first, {"type": "other"}])
    assert chosen == first and info["horizon"] == 0


def test_the_horizon_doubles_while_time_is_left() -> None:
    game = new_game("soh", ["a", "b", "c"], None, 2)
    seat = game.acting_seat()
    assert seat is not None
    legal = [c.to_builtins() for c in game.legal_actions()]
    candidates = [{k: v for k, v in c.items() if k != "ranges"} for c in legal[:2]]
    lookahead = Lookahead(game, seat, GreedyBot(1), time.perf_counter() + 600, max_horizon=32)
    chosen, info = lookahead.best(candidates)
    assert info["horizon"] == 32 and chosen in candidates
    assert info["rollouts"] == 2 * 3  # horizons 8, 16, 32 for each candidate


def test_value_is_own_score_minus_the_best_other() -> None:
    game = new_game("soh", ["a", "b", "c"], None, 2)
    lookahead = Lookahead(game, 0, GreedyBot(1), deadline=time.perf_counter() + 5)
    scores = list(game.hooks.final_scores(game))
    assert lookahead.value(game) == scores[0] - max(scores[1:])


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_search_plays_a_full_game_on_its_replica(title: str) -> None:
    """In-process, seated with greedy: no failure, the replica follows the whole game, and
    decisions with a choice are searched (how deep depends on the machine's speed)."""
    players = 3
    game = new_game(title, [f"P{i}" for i in range(players)], None, 4)
    search = SearchBot(4, ms=40)
    searched: list[dict[str, Any]] = []

    class Watch(InProcess):
        def answer(self, deadline: float) -> Any:
            reply = super().answer(deadline)
            searched.append(dict(search.last))
            return reply

    seats = [Watch(search), InProcess(GreedyBot(5)), InProcess(GreedyBot(6))]
    clock = TimeControl(decision_ms=5000, bank_ms=10**7, hello_ms=10_000)
    transcript = play(Referee(game, time=clock), seats)
    assert transcript.result is not None and not transcript.failures()
    assert search.replica is not None
    assert len(search.replica.actions) == search.applied  # in step until the last request
    assert any(s.get("searched") for s in searched)
