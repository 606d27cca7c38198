"""How the tournament report writes its statistics as text, shared by the terminal tables
(``railhouse_tournament.report_tables``) and the HTML page (``tournament_sections``).
Plain Python: importing it needs no ``render`` extra."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

VERDICTS = {"H1": "H1 accepted", "H0": "H0 accepted", None: "running"}


def interval(cell: Mapping[str, Any], digits: int) -> str:
    """``mean [low, high]``; an unknown bound (one game) is ``?``, no games ``-``."""
    if cell["mean"] is None:
        return "-"

    def show(value: float | None) -> str:
        return "?" if value is None else f"{value:.{digits}f}"

    return f"{cell['mean']:.{digits}f} [{show(cell['low'])}, {show(cell['high'])}]"


def pair_cell(cell: Mapping[str, int]) -> str:
    """``ahead-behind-level /games`` from the row entrant's side; ``-`` if they never met."""
    if not cell["games"]:
        return "-"
    return f"{cell['ahead']}-{cell['behind']}-{cell['level']} /{cell['games']}"


def chance(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def rating(entry: Mapping[str, Any]) -> str:
    """OpenSkill ``mu [mu - 1.96 sigma, mu + 1.96 sigma]``."""
    return f"{entry['mu']:.2f} [{entry['low']:.2f}, {entry['high']:.2f}]"
