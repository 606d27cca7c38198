"""Says ``ready`` only once its partner process has started: ``rendezvous.py DIR ME OTHER``
marks ``DIR/ME`` and waits (at most 20 s) for ``DIR/OTHER``.  Two entrants like this start
only if the runner greets them at the same time."""

import sys
import time
from pathlib import Path

from _common import play

if __name__ == "__main__":
    folder, me, other = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    (folder / me).touch()
    deadline = time.monotonic() + 20
    while not (folder / other).exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    play()
