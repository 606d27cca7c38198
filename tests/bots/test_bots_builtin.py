"""The Bot interface, the random bot, the stdio loop and ``python -m railhouse_bots``."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from collections import Counter
from typing import Any, cast

import msgspec

from railhouse.engine.api import GameAPI
from railhouse.protocol.drive import BotProcess, InProcess, play
from railhouse.protocol.referee import Referee
from railhouse.testing.toy import new_game
from railhouse_bots.base import Bot, concrete
from railhouse_bots.random_bot import RandomBot, UniformRandomBot, sample_range
from railhouse_bots.stdio import serve


def toy(players: int, seed: int = 0, pile: int = 21) -> GameAPI:
    return cast(GameAPI, new_game([f"n{i}" for i in range(players)], {"pile": pile}, seed))


def test_random_bot_plays_many_games_without_an_error() -> None:
    for seed in range(30):
        game = toy(2 + seed % 5, seed)
        bots = [InProcess(RandomBot(seed + i)) for i in range(len(game.players))]
        transcript = play(Referee(game), bots)
        assert transcript.result is not None and transcript.failures() == []
        assert not any(o.message.__class__.__name__ == "Error" for o in transcript.sent())


def test_wide_ranges_are_mostly_near_the_minimum_small_ones_uniform() -> None:
    rng = random.Random(1)
    wide = [sample_range({"min": 100, "max": 400, "step": 5}, rng) for _ in range(4000)]
    assert all(100 <= v <= 400 and v % 5 == 0 for v in wide)
    assert sum(v <= 110 for v in wide) / len(wide) > 0.7
    assert max(wide) > 300  # the whole range stays reachable
    small = Counter(sample_range({"min": 1, "max": 3, "step": 1}, rng) for _ in range(3000))
    assert set(small) == {1, 2, 3} and min(small.values()) > 800


def test_handle_answers_hello_and_requests_only() -> None:
    bot = RandomBot(0)
    ready = bot.handle({"type": "hello", "seat": 1})
    assert ready == {"type": "ready", "name": "random", "version": "2",
                     "observation": "delta", "protocol": "railhouse/1"}  # fmt: skip
    assert bot.handle({"type": "game_start", "game": "g", "seat": 1,
                       "observation": {"x": 1}}) is None  # fmt: skip
    assert bot.seat == 1 and bot.state == {"x": 1}
    legal = [{"type": "toy_take", "entity": "p1", "count": 1,
              "ranges": {"count": {"min": 1, "max": 3, "step": 1}}}]  # fmt: skip
    reply = bot.handle({"type": "request", "game": "g", "seq": 5, "legal": legal,
                        "delta": {"actions": [], "events": [], "patch": []}})  # fmt: skip
    assert reply is not None and reply["seq"] == 5 and reply["type"] == "action"
    assert reply["action"]["type"] == "toy_take" and 1 <= reply["action"]["count"] <= 3
    assert "ranges" not in reply["action"]
    assert bot.handle({"type": "error", "reason": "timeout"}) is None
    assert bot.handle({"type": "bye"}) is None


def test_concrete_drops_ranges_and_sets_values() -> None:
    choice = {"type": "bid", "entity": "p0", "price": 80, "ranges": {"price": {}}}
    assert concrete(choice, {"price": 95}) == {"type": "bid", "entity": "p0", "price": 95}


def test_base_bot_must_choose() -> None:
    bot = Bot()
    bot.handle({"type": "game_start", "game": "g", "observation": {}})
    try:
        bot.handle({"type": "request", "game": "g", "seq": 1, "legal": [],
                    "delta": {"actions": [], "events": [], "patch": []}})  # fmt: skip
    except NotImplementedError:
        pass
    else:  # pragma: no cover
        raise AssertionError("Bot.choose must be overridden")


def test_stdio_loop_replies_line_by_line_and_stops_at_bye() -> None:
    lines = [
        {"type": "hello", "seat": 0},
        {"type": "game_start", "game": "g", "seat": 0, "observation": {}},
        {"type": "request", "game": "g", "seq": 1, "legal": [{"type": "pass", "entity": "p0"}],
         "delta": {"actions": [], "events": [], "patch": []}},
        {"type": "bye"},
        {"type": "request", "game": "g", "seq": 2, "legal": []},  # never read
    ]
    stdin = io.BytesIO(b"".join(msgspec.json.encode(m) + b"\n" for m in lines) + b"not json\n")
    stdout = io.BytesIO()
    assert serve(RandomBot(0), stdin, stdout) == 0
    replies = [msgspec.json.decode(line) for line in stdout.getvalue().splitlines()]
    assert [r["type"] for r in replies] == ["ready", "action"]
    assert replies[1] == {"type": "action", "seq": 1,
                          "action": {"type": "pass", "entity": "p0"}}  # fmt: skip


def test_stdio_loop_skips_garbage_and_exits_on_eof() -> None:
    stdout = io.BytesIO()
    assert serve(RandomBot(0), io.BytesIO(b"nope\n[1]\n"), stdout) == 0
    assert stdout.getvalue() == b""


def test_python_m_railhouse_bots_plays_several_games_in_one_process() -> None:
    process = BotProcess([sys.executable, "-m", "railhouse_bots", "random", "3"])
    from railhouse.protocol.referee import SeatSetup

    for number in range(3):
        game = toy(3, number)
        setups = [SeatSetup(handshake=number == 0 or i != 1) for i in range(3)]
        seats: list[Any] = [InProcess(RandomBot(i)) for i in range(3)]
        seats[1] = process
        transcript = play(Referee(game, game_id=f"g{number}", seats=setups), seats)
        assert transcript.result is not None and transcript.failures() == []
    process.write(b'{"type":"bye"}\n')
    assert process.close() == 0


def test_python_m_railhouse_bots_usage() -> None:
    done = subprocess.run([sys.executable, "-m", "railhouse_bots", "nobody"],
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 2 and "usage" in done.stderr


def test_random_never_gives_up_while_anything_else_is_legal() -> None:
    legal = [{"type": "concede", "entity": "p0"}, {"type": "bankrupt", "entity": "p0"},
             {"type": "propose_winner", "entity": "p0", "winner": "p1"},
             {"type": "pass", "entity": "p0"}]  # fmt: skip
    request = {"legal": legal}
    assert {RandomBot(seed).choose(request)["action"]["type"] for seed in range(50)} == {"pass"}
    chosen = {UniformRandomBot(seed).choose(request)["action"]["type"] for seed in range(50)}
    assert chosen == {"concede", "bankrupt", "propose_winner", "pass"}  # random-any: uniform
    alone = {"legal": legal[:1]}
    assert RandomBot(0).choose(alone)["action"]["type"] == "concede"  # nothing else legal


def test_game_start_seed_makes_the_bot_reproducible() -> None:
    """The runner's per-game, per-seat seed reseeds the bot: two bots built with different
    seeds choose alike once told the same game seed (issue 19, item 6)."""
    legal = [{"type": "pick", "entity": "p0", "n": i} for i in range(100)]

    def picks(bot: RandomBot) -> list[int]:
        bot.handle({"type": "game_start", "game": "g", "seat": 0, "seed": 77,
                    "observation": {}})  # fmt: skip
        return [bot.choose({"legal": legal})["action"]["n"] for _ in range(20)]

    assert picks(RandomBot(1)) == picks(RandomBot(2))
    assert picks(RandomBot(1)) != [RandomBot(1).choose({"legal": legal})["action"]["n"]
                                   for _ in range(20)]  # fmt: skip
