"""Answers every request with valid JSON that is not an object."""

from _common import play

play(lambda message: b"[1, 2, 3]")
