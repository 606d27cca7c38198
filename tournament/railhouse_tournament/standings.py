"""Standings from a journal: games, wins, average rank and score, OpenSkill, failure counters.

Computed from the journal alone, in schedule order (not completion order), so the same
journal always gives the same table however many games ran at once.

A seat that forfeited is ranked below every seat that did not (forfeiters share the last
rank) for wins, average rank and rating; its score is the stand-in bot's and is reported
as recorded.  Aborted games count only in the failure counters.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from openskill.models import PlackettLuce

#: failure reasons counted under "illegal" (the rest have their own column)
PROTOCOL_REASONS = frozenset(
    {"invalid_json", "invalid_message", "unknown_type", "unexpected", "wrong_seq", "too_long",
     "flood"}
)


@dataclass
class Standing:
    name: str
    games: int = 0
    wins: float = 0.0  # a shared first place counts 1/n
    rank_sum: int = 0
    score_sum: int = 0
    mu: float = 0.0
    sigma: float = 0.0
    counters: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(
            ("crashes", "timeouts", "illegal", "protocol", "limits", "forfeits", "aborts",
             "restarts"), 0
        )
    )

    @property
    def avg_rank(self) -> float:
        return self.rank_sum / self.games if self.games else 0.0

    @property
    def avg_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def ordinal(self) -> float:
        """Conservative skill estimate (mu - 3 sigma), the sort key of the table."""
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data.update(avg_rank=self.avg_rank, avg_score=self.avg_score, ordinal=self.ordinal)
        return data


def standing_ranks(ranks: Sequence[int], forfeits: Iterable[int]) -> list[int]:
    """Ranks with forfeiting seats moved below everyone else.

    >>> standing_ranks([1, 2, 3], [0])
    [3, 1, 2]
    """
    lost = set(forfeits)
    kept = [r for seat, r in enumerate(ranks) if seat not in lost]
    result = []
    for seat, rank in enumerate(ranks):
        if seat in lost:
            result.append(len(kept) + 1)
        else:
            result.append(1 + sum(1 for other in kept if other < rank))
    return result


def _count_failure(standing: Standing, failure: Mapping[str, Any]) -> None:
    if failure.get("action") == "summary":  # failures counted, not recorded one by one
        for kind, count in failure.get("counts", {}).items():
            _count(standing, kind.partition("/")[0], kind.partition("/")[2], count)
    else:
        _count(standing, failure.get("reason", ""), failure.get("action", ""), 1)


def _count(standing: Standing, reason: str, action: str, count: int) -> None:
    counters = standing.counters
    if action == "restart":
        counters["restarts"] += count
    elif reason == "crash":
        counters["crashes"] += count
    elif reason == "timeout":
        counters["timeouts"] += count
    elif reason == "illegal_action":
        counters["illegal"] += count
    elif reason == "resource_limit":
        counters["limits"] += count
    elif reason in PROTOCOL_REASONS:
        counters["protocol"] += count


def compute(entrants: Sequence[str], entries: Iterable[Mapping[str, Any]]) -> list[Standing]:
    """Standings sorted best first (by rating ordinal, then average rank)."""
    model = PlackettLuce()
    table = {name: Standing(name) for name in entrants}
    ratings = {name: model.rating(name=name) for name in entrants}
    for entry in sorted(entries, key=lambda e: e["index"]):
        seats: list[str] = entry["seats"]
        for failure in entry.get("failures", ()):
            if failure.get("entrant") in table:
                _count_failure(table[failure["entrant"]], failure)
        if entry["status"] == "aborted":
            for failure in entry.get("failures", ()):
                if failure["action"] == "abort" and failure.get("entrant") in table:
                    table[failure["entrant"]].counters["aborts"] += 1
            continue
        ranks = standing_ranks(entry["ranks"], entry.get("forfeits", ()))
        winners = ranks.count(1)
        for seat, name in enumerate(seats):
            standing = table[name]
            standing.games += 1
            standing.rank_sum += ranks[seat]
            standing.score_sum += entry["scores"][seat]
            standing.wins += 1 / winners if ranks[seat] == 1 else 0
            if seat in entry.get("forfeits", ()):
                standing.counters["forfeits"] += 1
        rated = model.rate([[ratings[name]] for name in seats], ranks=[float(r) for r in ranks])
        for name, team in zip(seats, rated, strict=True):
            ratings[name] = team[0]
    for name, standing in table.items():
        standing.mu, standing.sigma = ratings[name].mu, ratings[name].sigma
    return sorted(table.values(), key=lambda s: (-s.ordinal, s.avg_rank, s.name))
