"""Answers its first request, then repeats that answer (to a closed seq, which costs
nothing) ``argv[1]`` times: the runner must bound what it keeps, then fail the seat."""

import json
import sys

from _attack import play

COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 500_000
flooded = False


def decide(message: dict[str, object]) -> bytes | None:
    global flooded
    answer = json.dumps({"type": "action", "seq": message["seq"], "index": 0}).encode()
    if flooded:
        return answer
    flooded = True
    sys.stdout.buffer.write(answer + b"\n")
    sys.stdout.buffer.write((answer + b"\n") * COUNT)
    sys.stdout.buffer.flush()
    return None


play(decide)
