"""Fixed set-up choices, for games imported from elsewhere (options ``privates`` and
``start_seat``): the random draw still happens, so seeded games are unchanged, but the
named privates and start seat replace its outcome."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def forced_draw(options: Mapping[str, Any], drawn: list[str], known: set[str]) -> list[str]:
    """``drawn`` reordered so the privates named in ``options["privates"]`` (comma-separated
    ids) come first, in their given order; unchanged when the option is empty."""
    wanted = [p.strip() for p in str(options.get("privates") or "").split(",") if p.strip()]
    if not wanted:
        return drawn
    unknown = [p for p in wanted if p not in known]
    if unknown or len(set(wanted)) != len(wanted):
        raise ValueError(f"option 'privates' names unknown or repeated privates: {wanted}")
    return wanted + [p for p in drawn if p not in wanted]


def forced_start_seat(options: Mapping[str, Any], drawn: int, seats: int) -> int:
    """The start card's first holder: ``options["start_seat"]`` if set (>= 0), else ``drawn``."""
    seat = int(options.get("start_seat", -1))
    if seat < 0:
        return drawn
    if seat >= seats:
        raise ValueError(f"option 'start_seat' must be below {seats}, not {seat}")
    return seat
