"""Plays one game properly, then exits without being told ``bye``."""

import sys
from typing import Any

from _common import play


def game_over(message: dict[str, Any]) -> None:
    sys.exit(0)


play(on_game_over=game_over)
