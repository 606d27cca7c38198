"""Plays properly, but ignores SIGTERM and end of input: only SIGKILL stops it."""

import signal
import time

from _common import play

signal.signal(signal.SIGTERM, signal.SIG_IGN)
play()
while True:
    time.sleep(1)
