"""The compliance checker finds violations in broken bots and none in a good one."""

from __future__ import annotations

import sys
from typing import cast

from railhouse.engine.api import GameAPI
from railhouse.protocol.bench import decision_overhead
from railhouse.protocol.check import check, describe
from railhouse.testing.toy import new_game


def toy(players: list[str], seed: int) -> GameAPI:
    return cast(GameAPI, new_game(players, {"pile": 10}, seed))


def python_bot(source: str) -> list[str]:
    return [sys.executable, "-c", source]


GOOD = (
    "from railhouse_bots.stdio import serve; from railhouse_bots.random_bot import RandomBot;"
    "serve(RandomBot(1))"
)

# answers with a wrong seq and never exits on bye
BAD = """
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "bad"}), flush=True)
    elif m["type"] == "request":
        print(json.dumps({"type": "action", "seq": m["seq"] + 1, "index": 0}), flush=True)
import time
time.sleep(30)
"""


def test_a_good_bot_has_no_violations() -> None:
    report = check(python_bot(GOOD), toy, seats=2, games=3)
    assert report.ok and report.games == 3, report.violations
    assert describe(report)[-1] == "no protocol violations found"


def test_a_bad_bot_gets_every_violation_listed() -> None:
    report = check(python_bot(BAD), toy, seats=2, games=2)
    text = "\n".join(describe(report))
    assert "wrong_seq" in text and "seat failed" in text
    assert "did not exit within 3 s of 'bye'" in text
    assert "did not exit within 3 s of EOF" in text


def test_decision_overhead_is_measured() -> None:
    result = decision_overhead(games=3)
    assert result.decisions > 50
    assert 0 < result.in_process_us < result.subprocess_us
    assert result.as_dict()["overhead_us"] == round(result.overhead_us, 1)
