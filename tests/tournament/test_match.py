"""Matches with in-process bots, and reproducibility of whole tournaments."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import trio

from railhouse.protocol.messages import TimeControl
from railhouse.testing.toy import new_game
from railhouse_bots.random_bot import RandomBot
from railhouse_tournament import runner
from railhouse_tournament.config import Entrant, TournamentConfig
from railhouse_tournament.match import Match, SeatPlayer

from .conftest import trio_test


class Explodes(RandomBot):
    """Plays two decisions, then raises."""

    def __init__(self) -> None:
        super().__init__(seed=1)
        self.requests = 0

    def choose(self, request: dict[str, Any]) -> dict[str, Any]:
        self.requests += 1
        if self.requests > 2:
            raise RuntimeError("boom")
        return super().choose(request)


def match(bots: list[Any], seed: int = 4) -> Match:
    seats = [SeatPlayer(f"b{i}", bot=bot) for i, bot in enumerate(bots)]
    return Match(new_game([s.entrant for s in seats], {}, seed), "g1", seats,
                 time=TimeControl(), retries=1, max_line_bytes=4096, on_failure="forfeit",
                 flush_timeout=1.0)  # fmt: skip


@trio_test
async def test_a_raising_in_process_bot_forfeits_and_the_stand_in_finishes() -> None:
    outcome = await match([RandomBot(seed=2), Explodes()]).play()
    assert outcome.status == "forfeit" and outcome.result.forfeits == (1,)
    assert outcome.result.reason == "pile_empty" and outcome.decisions > 4
    [failure] = outcome.failures
    assert failure["reason"] == "crash" and "boom" in failure["detail"]
    assert failure["action"] == "forfeit" and failure["seat"] == 1


@trio_test
async def test_the_same_seeds_give_the_same_game() -> None:
    first = match([RandomBot(seed=2), Explodes()])
    second = match([RandomBot(seed=2), Explodes()])
    await first.play()
    await second.play()
    assert first.game.to_record() == second.game.to_record()


def test_in_process_tournaments_are_reproducible(tmp_path: Path) -> None:
    config = TournamentConfig(
        "toy", tuple(Entrant(n, bot="random") for n in "abcd"), players=3, seed_blocks=2, seed=3
    )

    def play(name: str) -> list[dict[str, Any]]:
        directory = runner.create(config, tmp_path / name)
        trio.run(runner.Runner(directory).run)
        entries = sorted(directory.entries(), key=lambda e: e["index"])
        return [{k: v for k, v in e.items() if k != "duration"} for e in entries]

    first, second = play("one"), play("two")
    assert first == second and len(first) == 2 * 4 * 3
    record = json.loads((tmp_path / "one" / first[0]["record"]).read_text())
    assert record["seed"] == first[0]["seed"] and record["players"] == first[0]["seats"]
