"""One measured metric: samples summarised as median, p95 and spread.

The machine is noisy, so every metric is a set of repeated samples, never one number:
``median`` is what to quote, ``p95`` (nearest rank) and ``spread`` (max - min) show the
noise.  A metric that could not be measured says why instead (``status``).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Any

OK = "ok"
SKIPPED = "skipped"  # the thing measured is not installed (e.g. a title plugin)
FAILED = "failed"  # the measurement raised; ``note`` holds the one-line reason
VIOLATED = "violated"  # measured, but a correctness bound failed (e.g. suboptimal routes)


def percentile(samples: list[float], fraction: float) -> float:
    """Nearest-rank percentile: the smallest sample with at least ``fraction`` of the
    samples at or below it.

    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.95)
    5.0
    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5)
    3.0
    """
    ordered = sorted(samples)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


@dataclass
class Metric:
    """``samples`` in ``unit``; ``extra`` holds related figures (inputs, ratios)."""

    name: str
    unit: str
    samples: list[float] = field(default_factory=list)
    status: str = OK
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def median(self) -> float | None:
        return statistics.median(self.samples) if self.samples else None

    @property
    def p95(self) -> float | None:
        return percentile(self.samples, 0.95) if self.samples else None

    @property
    def spread(self) -> float | None:
        return max(self.samples) - min(self.samples) if self.samples else None

    @property
    def repeats(self) -> int:
        return len(self.samples)

    def as_dict(self) -> dict[str, Any]:
        def rounded(value: float | None) -> float | None:
            return None if value is None else round(value, 3)

        out: dict[str, Any] = {
            "median": rounded(self.median),
            "p95": rounded(self.p95),
            "spread": rounded(self.spread),
            "repeats": self.repeats,
            "unit": self.unit,
            "status": self.status,
        }
        if self.note:
            out["note"] = self.note
        if self.extra:
            out["extra"] = self.extra
        return out


def skipped(name: str, unit: str, why: str) -> Metric:
    return Metric(name, unit, status=SKIPPED, note=why)
