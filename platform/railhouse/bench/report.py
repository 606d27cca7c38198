"""Printing a bench run: one rich table, or one JSON object."""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from typing import Any

from railhouse.bench.metric import Metric


def number_text(value: float | None) -> str:
    if value is None:
        return "-"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}" if abs(value) < 10 else f"{value:.1f}"


def as_json(metrics: list[Metric], *, title: str, quick: bool, seconds: float) -> str:
    from railhouse import __version__

    document: dict[str, Any] = {
        "railhouse": __version__,
        "title": title,
        "quick": quick,
        "seconds": round(seconds, 1),
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "platform": sys.platform},
        "metrics": {m.name: m.as_dict() for m in metrics},
    }
    return json.dumps(document, indent=2)


def print_table(metrics: list[Metric], *, title: str, quick: bool, seconds: float) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"railhouse bench ({'quick, ' if quick else ''}{title}, "
                        f"{seconds:.0f} s)")
    for header in ("metric", "median", "p95", "spread", "repeats", "unit", "note"):
        table.add_column(header, justify="right" if header in {"median", "p95", "spread",
                                                               "repeats"} else "left")
    for m in metrics:
        note = m.note if m.status == "ok" else f"{m.status.upper()}: {m.note}"
        table.add_row(m.name, number_text(m.median), number_text(m.p95), number_text(m.spread),
                      str(m.repeats), m.unit, note)
    console = Console()
    if not console.is_terminal:  # a pipe or CI log: do not squeeze the table into 80 columns
        console = Console(width=160)
    console.print(table)
