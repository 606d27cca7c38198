"""The statistics organisers expect beyond the standings: who finished ahead of whom, how
sure each average is, and how likely one entrant is stronger than another.

All of it is computed from the journal alone (rated games: aborted games are left out), with
the forfeit rule of :mod:`railhouse_tournament.standings` (a forfeiting seat finishes below
everyone who did not forfeit).

* **Cross table**: for each ordered pair (a, b), in the games where both sat, how often a
  finished ahead of b, behind b, or level (a shared rank), and the games they met in.
* **Intervals**: each entrant's mean rank and mean *score share* (its score divided by the
  sum of the table's scores in that game; 1/players when every score is 0) with a 95%
  Student-t interval, ``mean +- t(0.975, n-1) * sd / sqrt(n)``.  Games are independent
  draws (each game is seeded on its own), which is what the interval assumes.
* **OpenSkill**: ``mu +- 1.96 sigma`` (the model's own uncertainty; see ``standings``).
* **Likelihood of superiority** of a over b: ``LOS = Phi((W - L) / sqrt(W + L))`` over their
  pairwise results (levels carry no information about which is stronger and drop out): the
  chess-engine convention (cutechess, fastchess), the probability under a flat prior that a
  beats b more often than the reverse.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from railhouse_tournament.standings import standing_ranks

#: two-sided 95% quantiles of Student's t, t(0.975, df), for the tabulated degrees of freedom
T975 = {
    1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
    9: 2.262, 10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120,
    17: 2.110, 18: 2.101, 19: 2.093, 20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064,
    25: 2.060, 26: 2.056, 27: 2.052, 28: 2.048, 29: 2.045, 30: 2.042, 40: 2.021, 60: 2.000,
    120: 1.980,
}  # fmt: skip
Z975 = 1.959964


def t975(df: int) -> float:
    """t(0.975, df): tabulated, linear in 1/df between table rows, the normal beyond 120."""
    if df < 1:
        return math.inf
    if df in T975:
        return T975[df]
    if df > 120:
        low, high = 120, math.inf
    else:
        low = max(k for k in T975 if k < df)
        high = min(k for k in T975 if k > df)
    t_low, t_high = T975[low], (Z975 if high == math.inf else T975[int(high)])
    x, x_low, x_high = 1 / df, 1 / low, (0.0 if high == math.inf else 1 / high)
    return t_high + (t_low - t_high) * (x - x_high) / (x_low - x_high)


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float
    high: float
    n: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: an unknown bound (fewer than two values) is ``None``."""
        return {"mean": _finite(self.mean), "low": _finite(self.low),
                "high": _finite(self.high), "n": self.n}  # fmt: skip


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean and its 95% Student-t interval (infinite for fewer than two values)."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Interval(mean, -math.inf, math.inf, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t975(n - 1) * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half, n)


def likelihood_of_superiority(wins: float, losses: float) -> float:
    """P(a stronger than b) from a's wins and losses against b (0.5 without any)."""
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1 + math.erf((wins - losses) / math.sqrt(2 * (wins + losses))))


def rated(entries: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The games that count for results (not aborted), in schedule order."""
    return sorted((e for e in entries if e["status"] != "aborted"), key=lambda e: e["index"])


def pairwise(entry: Mapping[str, Any]) -> list[tuple[str, str, float]]:
    """Every ordered pair of seats of one rated game: (a, b, a's result against b: 1 ahead,
    0.5 level, 0 behind)."""
    ranks = standing_ranks(entry["ranks"], entry.get("forfeits", ()))
    seats: Sequence[str] = entry["seats"]
    out = []
    for i, a in enumerate(seats):
        for j, b in enumerate(seats):
            if i != j:
                result = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
                out.append((a, b, result))
    return out


def score_shares(entry: Mapping[str, Any]) -> list[float]:
    scores = [float(s) for s in entry["scores"]]
    total = math.fsum(scores)
    if total == 0:
        return [1 / len(scores)] * len(scores)
    return [s / total for s in scores]


def cross_table(
    names: Sequence[str], entries: Iterable[Mapping[str, Any]]
) -> dict[str, dict[str, dict[str, int]]]:
    """``table[a][b] = {"ahead", "behind", "level", "games"}`` for every a != b."""
    table = {a: {b: dict.fromkeys(("ahead", "behind", "level", "games"), 0)
                 for b in names if b != a} for a in names}  # fmt: skip
    for entry in rated(entries):
        for a, b, result in pairwise(entry):
            cell = table[a][b]
            cell["games"] += 1
            cell["ahead" if result == 1 else "level" if result == 0.5 else "behind"] += 1
    return table


def compute(
    names: Sequence[str],
    entries: Iterable[Mapping[str, Any]],
    ratings: Mapping[str, tuple[float, float]],
) -> dict[str, Any]:
    """JSON-ready statistics: ``entrants`` (intervals, rating interval), ``cross`` and
    ``los`` (``los[a][b]``: likelihood that a is stronger than b; ``None`` when they never
    met).  ``ratings`` maps each
    entrant to its OpenSkill ``(mu, sigma)``."""
    games = rated(entries)
    ranks: dict[str, list[float]] = {name: [] for name in names}
    shares: dict[str, list[float]] = {name: [] for name in names}
    for entry in games:
        standing = standing_ranks(entry["ranks"], entry.get("forfeits", ()))
        for seat, (name, share) in enumerate(zip(entry["seats"], score_shares(entry),
                                                 strict=True)):  # fmt: skip
            ranks[name].append(float(standing[seat]))
            shares[name].append(share)
    cross = cross_table(names, games)
    entrants = {}
    for name in names:
        mu, sigma = ratings[name]
        entrants[name] = {
            "rank": mean_interval(ranks[name]).to_dict(),
            "score_share": mean_interval(shares[name]).to_dict(),
            "rating": {"mu": mu, "sigma": sigma,
                       "low": mu - Z975 * sigma, "high": mu + Z975 * sigma},
        }  # fmt: skip
    los = {a: {b: likelihood_of_superiority(cell["ahead"], cell["behind"])
               if cell["games"] else None  # never met (a gauntlet's field)
               for b, cell in row.items()} for a, row in cross.items()}  # fmt: skip
    return {"entrants": entrants, "cross": cross, "los": los}
