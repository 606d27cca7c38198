"""Spawns a child that inherits stdout and sleeps, plays two decisions, then exits.

The child keeps the pipe open, so the runner never sees end-of-file: it must time the seat
out and kill the whole process group, child included.
"""

import subprocess
import sys
from typing import Any

from _common import Reply, first_legal, play

subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
count = 0


def decide(message: dict[str, Any]) -> Reply:
    global count
    count += 1
    if count > 2:
        sys.exit(0)  # stdout stays open in the child
    return first_legal(message)


play(decide)
