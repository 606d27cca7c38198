"""Answers every request with an index outside the legal list."""

from _common import play

play(lambda message: {"type": "action", "seq": message["seq"], "index": 9999})
