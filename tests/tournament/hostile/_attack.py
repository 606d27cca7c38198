"""Shared loop of the hostile bots: the misbehaving bots' ``_common`` (plain ``json``, fast
start), found next door in ``tests/tournament/bots``."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bots"))

from _common import Reply, first_legal, play, send

__all__ = ["Reply", "first_legal", "play", "send"]
