"""Answers its first request with a 10 MB line, then plays properly."""

from typing import Any

from _common import Reply, first_legal, play

sent = False


def decide(message: dict[str, Any]) -> Reply:
    global sent
    if not sent:
        sent = True
        return b'{"type": "action", "comment": "' + b"x" * (10 * 1024 * 1024) + b'"}'
    return first_legal(message)


play(decide)
