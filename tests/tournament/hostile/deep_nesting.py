"""Answers every request with a line of 100,000 ``[``: the decoder's recursion must not
turn its own bad line into a runner error that voids the game."""

from _attack import play

play(lambda message: b"[" * 100_000)
