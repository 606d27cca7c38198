"""Before anything is scheduled the runner starts and greets every command entrant, all at
once: a tournament's start waits for its slowest bot, not for the sum of them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from railhouse.cli.main import main

from .conftest import bot_command

TOY = {"title": "toy", "players": 2, "seed_blocks": 1,
       "time": {"handshake": 5.0, "per_decision": 5.0, "bank": 5.0, "grace": 0.3}}  # fmt: skip


def test_entrants_are_greeted_at_the_same_time(
    config_file: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # each says ready only once the other has started: one at a time, the first greeted
    # would wait for the second until its handshake time ran out
    meeting = tmp_path / "meeting"
    meeting.mkdir()
    entrants = [{"name": name, "command": bot_command("rendezvous.py", str(meeting), name, other)}
                for name, other in (("a", "b"), ("b", "a"))]  # fmt: skip
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as caught:
        main(["tournament", "run", str(config_file(TOY, entrants)), "--out", str(out), "--quiet"])
    assert caught.value.code in (0, None), capsys.readouterr().err
    assert sorted(p.name for p in meeting.iterdir()) == ["a", "b"]
    games = [json.loads(line) for line in (out / "journal.jsonl").read_text().splitlines()]
    assert [game["status"] for game in games] == ["ok", "ok"]
