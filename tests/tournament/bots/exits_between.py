"""Plays one game properly, then exits without being told ``bye``."""

import sys

from _common import play


def game_over(message):
    sys.exit(0)


play(on_game_over=game_over)
