"""Plays properly, but first starts a child in a new session (outside its process group)
that would live forever: only the runner's per-bot sweep can find it."""

import subprocess
import sys

from _common import play

subprocess.Popen(
    [sys.executable, "-c", "import time; time.sleep(600)"],
    start_new_session=True,
    stdin=subprocess.DEVNULL,
    stdout=subprocess.DEVNULL,
    stderr=subprocess.DEVNULL,
)
play()
