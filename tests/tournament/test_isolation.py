"""Isolation between games and runs: a slow engine step of one game never costs another
game's bot anything, an action the engine refuses on apply is the sender's fault, and two
runs never share a directory."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import trio

from railhouse.engine.actions import Action
from railhouse.engine.errors import IllegalAction
from railhouse.protocol.messages import TimeControl as WireTime
from railhouse.testing.toy import Take, ToyGame
from railhouse_bots.random_bot import RandomBot
from railhouse_tournament import runner
from railhouse_tournament.config import Entrant, FailurePolicy, TimeControl, TournamentConfig
from railhouse_tournament.errors import JournalError
from railhouse_tournament.journal import TournamentDir
from railhouse_tournament.match import Match, MatchOutcome, SeatPlayer
from railhouse_tournament.pool import BotPool

from .conftest import bot_command, trio_test


class SlowSteps(ToyGame):
    """Every action takes ``seconds`` of pure-Python CPU work (holding the GIL as a real
    engine step does), like 1839's 20 s route step of seed 1078."""

    seconds = 0.6

    def apply(self, action: Action) -> None:
        end = time.monotonic() + self.seconds
        while time.monotonic() < end:
            pass
        super().apply(action)


class Picky(ToyGame):
    """Refuses on apply a choice its legal set admits (like a route claim 1839's route
    validation refuses after it matched a legal entry's shape)."""

    def apply(self, action: Action) -> None:
        if isinstance(action, Take) and action.count == 3:
            raise IllegalAction("three is refused on apply", "picky rule")
        super().apply(action)


class TakesThree(RandomBot):
    def choose(self, request: dict[str, Any]) -> dict[str, Any]:
        action = {"type": "toy_take", "entity": request["entity"], "count": 3}
        return {"type": "action", "seq": request["seq"], "action": action}


class TakesOne(RandomBot):
    def choose(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"type": "action", "seq": request["seq"], "index": 0}  # at its minimum: 1


def in_process_match(game: ToyGame, bots: list[Any], **kwargs: Any) -> Match:
    seats = [SeatPlayer(f"b{i}", bot=bot) for i, bot in enumerate(bots)]
    options: dict[str, Any] = {
        "time": WireTime(), "retries": 1, "max_line_bytes": 4096, "on_failure": "forfeit",
        "flush_timeout": 1.0, **kwargs,
    }  # fmt: skip
    return Match(game, "g1", seats, **options)


@trio_test
async def test_a_slow_step_in_one_game_costs_another_games_bots_nothing(tmp_path: Path) -> None:
    outcomes: dict[str, MatchOutcome] = {}

    async def play(name: str, match: Match) -> None:
        outcomes[name] = await match.play()

    async with trio.open_nursery() as nursery:
        pool = BotPool(nursery, lambda n, i: tmp_path / f"{n}-{i}.log", "token",
                       TimeControl(grace=0.3), FailurePolicy())  # fmt: skip
        players = []
        for seat in range(2):
            entrant = Entrant(f"honest{seat}", command=tuple(bot_command("good.py", str(seat))))
            players.append((await pool.acquire(entrant, seat))[0])
        honest = Match(
            ToyGame(["a", "b"], {"pile": 150}, seed=1), "honest", players,
            time=WireTime(decision_ms=400, bank_ms=0, hello_ms=10_000), retries=0,
            max_line_bytes=4096, on_failure="forfeit", flush_timeout=1.0,
        )  # fmt: skip
        slow = in_process_match(SlowSteps(["c", "d"], {"pile": 8}, seed=2),
                                [RandomBot(seed=1), RandomBot(seed=2)])  # fmt: skip
        started = time.monotonic()
        async with trio.open_nursery() as games:
            games.start_soon(play, "honest", honest)
            while len(honest.game.actions) < 5:  # the honest bots are playing now
                await trio.sleep(0.01)
            games.start_soon(play, "slow", slow)
        await pool.aclose()
    assert outcomes["slow"].decisions >= 3  # >= 1.8 s of engine work ...
    assert time.monotonic() - started > 1.8
    assert outcomes["honest"].failures == []  # ... and not one timeout for the honest bots
    assert outcomes["honest"].status == "ok" and outcomes["honest"].decisions > 50


@trio_test
async def test_an_action_the_engine_refuses_on_apply_is_the_senders_illegal_action() -> None:
    game = Picky(["a", "b"], {"pile": 12}, seed=3)
    outcome = await in_process_match(game, [TakesThree(seed=1), TakesOne(seed=2)]).play()
    assert outcome.status == "forfeit" and outcome.result.forfeits == (0,)
    reasons = [(f["seat"], f["reason"], f["action"]) for f in outcome.failures]
    assert reasons == [(0, "illegal_action", "retry"), (0, "illegal_action", "forfeit")]
    assert "three is refused" in outcome.failures[0]["detail"]
    assert game.over  # the stand-in finished the game with moves the engine accepts


def test_a_second_run_on_a_directory_in_use_stops_with_the_holder_named(tmp_path: Path) -> None:
    config = TournamentConfig("toy", (Entrant("a", bot="random"), Entrant("b", bot="random")))
    directory = runner.create(config, tmp_path / "t")
    first = TournamentDir.open(directory.path)
    first.hold()
    try:
        with pytest.raises(JournalError, match=r"in use by railhouse pid \d+ on .* since"):
            trio.run(runner.Runner(TournamentDir.open(directory.path)).run)
        assert directory.entries() == []  # the second run touched nothing
    finally:
        first.release()
    summary = trio.run(runner.Runner(TournamentDir.open(directory.path)).run)
    assert summary.played == summary.total == 2


def test_a_resumed_run_writes_new_log_files(tmp_path: Path) -> None:
    config = TournamentConfig(
        "toy",
        (Entrant("p", command=tuple(bot_command("good.py", "1"))), Entrant("r", bot="random")),
        seed_blocks=2, concurrency=1,
    )  # fmt: skip
    directory = runner.create(config, tmp_path / "t")
    (directory.path / "logs" / "p-0001.log").write_text("an earlier run's log\n")
    trio.run(runner.Runner(directory).run)
    assert (directory.path / "logs" / "p-0001.log").read_text() == "an earlier run's log\n"
    assert (directory.path / "logs" / "p-0002.log").exists()
