"""Sends every answer twice: the repeat answers a seq already answered, which costs nothing."""

import json

from _attack import play


def decide(message: dict[str, object]) -> bytes:
    answer = json.dumps({"type": "action", "seq": message["seq"], "index": 0}).encode()
    return answer + b"\n" + answer


play(decide)
