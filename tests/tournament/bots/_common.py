"""Shared loop of the misbehaving test bots: plain ``json``, no railhouse import (fast start).

``play(decide)`` answers ``hello`` with ``ready`` and each ``request`` with ``decide(msg)``
(a dict, a raw ``bytes`` line, or None for no answer); ``on_game_over`` runs after each game.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

Reply = dict[str, Any] | bytes | None


def first_legal(message: dict[str, Any]) -> dict[str, Any]:
    return {"type": "action", "seq": message["seq"], "index": 0}


def send(reply: Reply) -> None:
    if reply is None:
        return
    line = reply if isinstance(reply, bytes) else json.dumps(reply).encode()
    sys.stdout.buffer.write(line + b"\n")
    sys.stdout.buffer.flush()


def play(
    decide: Callable[[dict[str, Any]], Reply] = first_legal,
    on_game_over: Callable[[dict[str, Any]], None] | None = None,
) -> None:
    for raw in sys.stdin.buffer:
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "hello":
            send({"type": "ready", "name": "test-bot", "protocol": message["protocol"]})
        elif kind == "request":
            send(decide(message))
        elif kind == "game_over" and on_game_over is not None:
            on_game_over(message)
        elif kind == "bye":
            return
