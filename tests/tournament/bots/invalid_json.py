"""Answers every request with a line that is not JSON."""

from _common import play

play(lambda message: b'{"type": "action", "seq": ')
