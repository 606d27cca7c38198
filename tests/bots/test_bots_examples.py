"""The example bots in other languages play full games through the referee, and pass the
compliance checker; the Node bot's own observation tracking matches the engine."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any, cast

import msgspec
import pytest

from railhouse.engine.api import GameAPI
from railhouse.protocol.check import check
from railhouse.protocol.drive import BotProcess, InProcess, play
from railhouse.protocol.referee import Referee, Send
from railhouse.testing.toy import new_game
from railhouse_bots.random_bot import RandomBot

EXAMPLES = Path(__file__).resolve().parents[2] / "bots" / "examples"
NODE = ["node", str(EXAMPLES / "node" / "bot.js")]
SHELL = ["sh", str(EXAMPLES / "shell" / "bot.sh")]

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
needs_jq = pytest.mark.skipif(shutil.which("jq") is None, reason="jq is not installed")


def toy(players: int, seed: int, pile: int = 40) -> GameAPI:
    return cast(GameAPI, new_game([f"n{i}" for i in range(players)], {"pile": pile}, seed))


class Truth:
    """Wraps a process seat; remembers the engine's observation at every request."""

    def __init__(self, inner: BotProcess, game: GameAPI) -> None:
        self.inner, self.game = inner, game
        self.truth: dict[int, Any] = {}

    def deliver(self, send: Send) -> None:
        message = send.to_builtins()
        if message["type"] == "request":
            self.truth[message["seq"]] = msgspec.to_builtins(self.game.observation())
        self.inner.deliver(send)

    def answer(self, deadline: float) -> bytes | None:
        return self.inner.answer(deadline)


has_fast_json_patch = (EXAMPLES / "node" / "node_modules" / "fast-json-patch").is_dir()
needs_fast_json_patch = pytest.mark.skipif(
    not has_fast_json_patch,
    reason="fast-json-patch is not installed (npm install in bots/examples/node)",
)


def node_games(title: str, seeds: range) -> list[GameAPI]:
    if title == "toy":
        return [toy(3, seed) for seed in seeds]
    pytest.importorskip("railhouse_soh")
    from railhouse.engine.record import new_game as title_game

    return [cast(GameAPI, title_game(title, ["a", "b", "c"], None, seed)) for seed in seeds]


@needs_node
@pytest.mark.parametrize(
    "title, flags",
    [
        ("toy", []),
        pytest.param("toy", ["--rfc6902"], marks=needs_fast_json_patch),
        pytest.param("soh", [], marks=pytest.mark.slow),
        pytest.param("soh", ["--rfc6902"], marks=[pytest.mark.slow, needs_fast_json_patch]),
    ],
)
def test_node_bot_plays_full_games_and_tracks_the_observation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, title: str, flags: list[str]
) -> None:
    """The Node example tracks the observation from its deltas, in our patch format or, with
    ``--rfc6902``, as RFC 6902 patches applied by fast-json-patch (issue 19, item 10), on
    the toy title and on real Steam Over Holland games."""
    log = tmp_path / "states.jsonl"
    monkeypatch.setenv("RAILHOUSE_STATE_LOG", str(log))
    for game in node_games(title, range(3) if title == "toy" else range(1)):
        seat = game.seed % 3
        process = BotProcess([*NODE, *flags])
        truth = Truth(process, game)
        seats: list[Any] = [InProcess(RandomBot(i)) for i in range(3)]
        seats[seat] = truth
        transcript = play(Referee(game), seats)
        process.write(b'{"type":"bye"}\n')
        assert process.close() == 0
        assert transcript.result is not None and transcript.failures() == []
        sent = transcript.sent(seat)
        assert not [s for s in sent if s.message.__class__.__name__ == "Error"]
        ops = {op["op"] for s in sent if s.message.__class__.__name__ == "Request"
               for op in s.to_builtins()["delta"]["patch"]}  # fmt: skip
        assert ops <= ({"add", "replace", "remove"} if flags else {"set", "del"}) and ops
        states = [json.loads(line) for line in log.read_text().splitlines()]
        assert len(states) == len(truth.truth) > 3
        for entry in states:
            assert entry["state"] == truth.truth[entry["seq"]]
        log.unlink()


@needs_jq
def test_shell_bot_plays_a_full_game() -> None:
    game = toy(2, 5, pile=15)
    process = BotProcess(SHELL)
    transcript = play(Referee(game), [process, InProcess(RandomBot(1))])
    process.write(b'{"type":"bye"}\n')
    assert process.close() == 0
    assert transcript.result is not None and transcript.failures() == []


@pytest.mark.parametrize(
    "argv", [pytest.param(NODE, marks=needs_node), pytest.param(SHELL, marks=needs_jq)]
)
def test_examples_pass_the_compliance_checker(argv: list[str]) -> None:
    report = check(argv, lambda players, seed: toy(len(players), seed, 12), seats=3, games=3)
    assert report.ok, report.violations
    assert report.games == 3 and report.decisions > 6


@needs_node
def test_node_lookahead_simulates_every_choice_and_plays_full_games() -> None:
    """``bot.js --lookahead``: one simulate per candidate while the request is pending (a
    ranged choice at a sampled value, its minimum and its maximum), the answer after the
    simulations, a full game with no failure."""
    from railhouse.protocol.messages import Simulation

    game = toy(3, 5)
    process = BotProcess([*NODE, "--lookahead"])
    simulations: list[int] = []

    class Counting:
        def deliver(self, send: Send) -> None:
            if isinstance(send.message, Simulation):
                simulations.append(send.message.seq)
            process.deliver(send)

        def answer(self, deadline: float) -> bytes | None:
            return process.answer(deadline)

    try:
        transcript = play(Referee(game), [Counting(), InProcess(RandomBot(1)),
                                          InProcess(RandomBot(2))])
    finally:
        process.close()
    assert transcript.result is not None and not transcript.failures()
    # take (sampled, at least 1, at most 3 or the pile: duplicates dropped) or pass
    per_decision = Counter(simulations)
    assert len(per_decision) > 3 and all(2 <= n <= 4 for n in per_decision.values())


@needs_node
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_node_lookahead_plays_the_choice_the_simulated_scores_prefer(seed: int) -> None:
    """The toy's rules (railhouse.testing.toy): taking the last token scores 5 more.  With
    3 tokens left, only taking all 3 -- the top of the ranged choice, which a one-ply
    lookahead must try, not only a sampled count -- wins at once."""
    game = toy(3, seed, pile=3)
    seat = game.acting_seat()
    assert seat is not None
    process = BotProcess([*NODE, "--lookahead"])
    seats: list[Any] = [InProcess(RandomBot(i)) for i in range(3)]
    seats[seat] = process
    try:
        transcript = play(Referee(game), seats)
    finally:
        process.close()
    assert transcript.result is not None and not transcript.failures()
    assert [a.count for a in game.actions] == [3]  # type: ignore[attr-defined]
    assert transcript.result.ranks[seat] == 1


@needs_node
def test_node_lookahead_answers_within_its_clock_when_simulations_are_slow() -> None:
    """The clock runs while the runner simulates (docs/protocol.md): a runner that never
    answers the simulations still gets an action, after about 80% of ``decision_ms``."""
    import subprocess
    import threading
    import time

    hello = {"type": "hello", "title": "toy", "title_version": "1", "options": {},
             "seats": 2, "seat": 0, "player": "p0", "retries": 1, "max_line_bytes": 65536,
             "time": {"decision_ms": 300, "bank_ms": 0, "hello_ms": 1000},
             "protocol": "railhouse/1", "simulate": {"max_per_decision": 10, "max_actions": 1}}
    start = {"type": "game_start", "game": "g", "title": "toy", "title_version": "1",
             "options": {}, "seats": 2, "seat": 0, "player": "p0", "players": ["a", "b"],
             "observation": {"pile": 9}, "seed": 1}
    legal = [{"type": "toy_take", "entity": "p0", "count": 1,
              "ranges": {"count": {"min": 1, "max": 3, "step": 1}}},
             {"type": "pass", "entity": "p0"}]
    request = {"type": "request", "game": "g", "seq": 1, "seat": 0, "player": "p0",
               "entity": "p0", "legal": legal, "time": {"decision_ms": 300, "bank_ms": 0},
               "delta": {"from_version": 0, "to_version": 0, "actions": [], "patch": []}}
    process = subprocess.Popen([*NODE, "--lookahead"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdin is not None and process.stdout is not None
    watchdog = threading.Timer(20, process.kill)  # a bot that never answers fails the test
    watchdog.start()
    try:
        for message in (hello, start, request):
            process.stdin.write(json.dumps(message) + "\n")
        process.stdin.flush()
        sent = time.monotonic()
        replies = [json.loads(process.stdout.readline())]
        while replies[-1]["type"] != "action" and len(replies) < 10:
            replies.append(json.loads(process.stdout.readline()))
        waited = time.monotonic() - sent
    finally:
        watchdog.cancel()
        process.kill()
        process.wait()
    # ready, then take 1, 3 and maybe a sampled 2, and pass: 3 or 4 simulations
    assert replies[0]["type"] == "ready" and {r["type"] for r in replies[1:-1]} == {"simulate"}
    assert 3 <= len(replies[1:-1]) <= 4
    assert replies[-1]["type"] == "action" and replies[-1]["seq"] == 1
    assert waited >= 0.2  # it waited for the simulations, then answered on its own


@needs_node
@needs_fast_json_patch
def test_a_reused_node_process_keeps_its_rfc6902_choice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot process plays many games after one ready: the runner keeps its patch format."""
    from railhouse.cli.main import main

    out = tmp_path / "t"
    args = ["tournament", "run", "--title", "toy", "--players", "2", "--seed-blocks", "3",
            "--concurrency", "1", "--entrant", f"node={' '.join(NODE)} --rfc6902",
            "--entrant", "random", "--out", str(out), "--quiet"]  # fmt: skip
    with pytest.raises(SystemExit) as done:
        main(args)
    assert done.value.code == 0, capsys.readouterr().err
    entries = [json.loads(line) for line in (out / "journal.jsonl").read_text().splitlines()]
    assert len(entries) == 6 and all(e["failures"] == [] for e in entries)
    assert len(list((out / "logs").glob("node-*.log"))) == 1  # one process, six games
