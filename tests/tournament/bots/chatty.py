"""Plays the first legal action and writes one stderr line per finished game (its id), so
tests can check that bot logs reach the tournament directory."""

import sys
from typing import Any

from _common import play


def over(message: dict[str, Any]) -> None:
    sys.stderr.write(f"finished {message.get('game')}\n")
    sys.stderr.flush()


play(on_game_over=over)
