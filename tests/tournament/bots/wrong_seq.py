"""Answers every request with the wrong sequence number."""

from _common import play

play(lambda message: {"type": "action", "seq": message["seq"] + 1000, "index": 0})
