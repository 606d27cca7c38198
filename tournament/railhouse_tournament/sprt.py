"""Sequential probability ratio test (SPRT) for a gauntlet: stop as soon as the games played
decide whether the challenger is at least ``elo1`` stronger than the field (H1) or at most
``elo0`` (H0), with error rates ``alpha`` (accepting H1 when H0 holds) and ``beta``.

The model (explained for users in tournament/README.md):

* Each rated game gives the challenger one *score* ``x`` in [0, 1]: the mean of its pairwise
  results against the other seats (1 finished ahead, 1/2 level, 0 behind; forfeits as in the
  standings).  In a 2-player game that is the chess score (win 1, draw 1/2, loss 0).  Taking
  the game, not the pair, as the observation keeps the pairs of one game (which share a deal
  and a table) from counting as independent evidence.
* Elo is logistic: an entrant ``e`` Elo stronger than its opponent expects the pairwise score
  ``s(e) = 1 / (1 + 10^(-e/400))``.
* The log-likelihood ratio is the generalised SPRT's normal approximation used by fishtest
  and fastchess: with ``N`` games, mean score ``m`` and variance ``v`` (``mean(x^2) - m^2``),
  ``LLR = (s1 - s0) (2m - s0 - s1) / (2 v / N)`` where ``s0 = s(elo0)``, ``s1 = s(elo1)``.
  For 2-player games it is exactly their trinomial (win/draw/loss) formula.
* Wald's bounds: stop with H1 when ``LLR >= log((1 - beta) / alpha)``, with H0 when
  ``LLR <= log(beta / (1 - alpha))``.  The test is run after every finished game, in the
  order games finished (the journal's order).
* While every score is the same ``x`` (say the challenger won every game) the variance is
  0 and the approximation undefined; the LLR is then Wald's exact one for those games as
  Bernoulli trials, ``N (x log(s1/s0) + (1 - x) log((1 - s1)/(1 - s0)))``: a challenger that
  wins everything reaches H1 after as many wins as the classical binomial SPRT needs
  (22 for elo0 = 0, elo1 = 50, alpha = beta = 0.05), not after one.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from railhouse_tournament.errors import ConfigError
from railhouse_tournament.standings import standing_ranks
from railhouse_tournament.values import number, reject_unknown, table


@dataclass(frozen=True)
class SprtSettings:
    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05


@dataclass(frozen=True)
class StopRules:
    """``[stop]``: when a tournament may end before its schedule does."""

    sprt: SprtSettings | None = None


def parse_stop(raw: Mapping[str, Any]) -> StopRules:
    """``[stop]`` / ``[stop.sprt]`` -> :class:`StopRules` (one-line ``ConfigError``)."""
    reject_unknown(raw, {"sprt"}, "stop.")
    if raw.get("sprt") is None:
        return StopRules()
    sprt = table(raw, "sprt", "stop.")
    prefix = "stop.sprt."
    reject_unknown(sprt, {"elo0", "elo1", "alpha", "beta"}, prefix)
    for key in ("elo0", "elo1"):
        value = sprt.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ConfigError(prefix + key, f"expected a number (Elo), got {value!r}")
    settings = SprtSettings(
        elo0=float(sprt["elo0"]),
        elo1=float(sprt["elo1"]),
        alpha=number(sprt, "alpha", 0.05, prefix, positive=True),
        beta=number(sprt, "beta", 0.05, prefix, positive=True),
    )
    if settings.elo1 <= settings.elo0:
        raise ConfigError(prefix + "elo1", f"must be greater than elo0 ({settings.elo0:g})")
    if settings.alpha + settings.beta >= 1:
        raise ConfigError(prefix + "beta", "alpha + beta must be below 1")
    return StopRules(settings)


def expected_score(elo: float) -> float:
    """The logistic Elo model's expected score of an entrant ``elo`` stronger."""
    return 1 / (1 + 10 ** (-elo / 400))


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's (lower, upper) LLR bounds: accept H0 at or below, H1 at or above."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def llr(scores: Sequence[float], elo0: float, elo1: float) -> float:
    """The generalised SPRT's log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``)
    for the challenger's per-game ``scores`` (see the module docstring)."""
    n = len(scores)
    if n == 0:
        return 0.0
    mean = math.fsum(scores) / n
    variance = math.fsum(x * x for x in scores) / n - mean * mean
    s0, s1 = expected_score(elo0), expected_score(elo1)
    if variance <= 1e-12:  # every score equal: Wald's exact LLR for Bernoulli trials
        return n * (mean * math.log(s1 / s0) + (1 - mean) * math.log((1 - s1) / (1 - s0)))
    return (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance / n)


def challenger_score(entry: Mapping[str, Any], challenger: str) -> float | None:
    """The challenger's score in one journal entry, ``None`` when it does not count (an
    aborted game, or one the challenger did not play)."""
    seats: Sequence[str] = entry["seats"]
    if entry["status"] == "aborted" or challenger not in seats or len(seats) < 2:
        return None
    ranks = standing_ranks(entry["ranks"], entry.get("forfeits", ()))
    mine = ranks[seats.index(challenger)]
    others = [r for seat, r in enumerate(ranks) if seats[seat] != challenger]
    return math.fsum(1.0 if mine < r else 0.5 if mine == r else 0.0 for r in others) / len(
        others
    )


@dataclass
class Sprt:
    """The running test: feed journal entries in the order games finished."""

    settings: SprtSettings
    challenger: str
    scores: list[float] = field(default_factory=list)
    #: (games counted, LLR) after each counted game
    history: list[tuple[int, float]] = field(default_factory=list)
    verdict: str | None = None  # "H0" or "H1" once decided

    def add(self, entry: Mapping[str, Any]) -> str | None:
        """Count one finished game; the verdict (once reached it never changes)."""
        score = challenger_score(entry, self.challenger)
        if score is None or self.verdict is not None:
            return self.verdict
        self.scores.append(score)
        value = llr(self.scores, self.settings.elo0, self.settings.elo1)
        self.history.append((len(self.scores), value))
        lower, upper = bounds(self.settings.alpha, self.settings.beta)
        if value >= upper:
            self.verdict = "H1"
        elif value <= lower:
            self.verdict = "H0"
        return self.verdict

    @property
    def llr(self) -> float:
        return self.history[-1][1] if self.history else 0.0

    def to_dict(self) -> dict[str, Any]:
        lower, upper = bounds(self.settings.alpha, self.settings.beta)
        n = len(self.scores)
        return {
            "challenger": self.challenger,
            "elo0": self.settings.elo0, "elo1": self.settings.elo1,
            "alpha": self.settings.alpha, "beta": self.settings.beta,
            "lower": lower, "upper": upper,
            "games": n, "mean_score": math.fsum(self.scores) / n if n else None,
            "llr": self.llr, "verdict": self.verdict,
            "history": [[games, round(value, 4)] for games, value in self.history],
        }  # fmt: skip


def replay(
    settings: SprtSettings | None, challenger: str | None, entries: Iterable[Mapping[str, Any]]
) -> Sprt | None:
    """The test after ``entries`` (journal order); ``None`` when the tournament has none."""
    if settings is None or challenger is None:
        return None
    test = Sprt(settings, challenger)
    for entry in entries:
        if test.add(entry) is not None:
            break
    return test
