"""The report's statistics: cross table, Student-t intervals, likelihood of superiority."""

from __future__ import annotations

import math
from typing import Any

import pytest

from railhouse_tournament.stats import (
    compute,
    cross_table,
    likelihood_of_superiority,
    mean_interval,
    t975,
)


def entry(index: int, seats: list[str], ranks: list[int], **kw: Any) -> dict[str, Any]:
    base = {"game": f"g{index}", "index": index, "seats": seats, "ranks": ranks,
            "scores": [10 * (len(ranks) - r) for r in ranks], "status": "ok",
            "forfeits": [], "failures": []}  # fmt: skip
    return base | kw


def test_t_quantiles_match_the_published_table() -> None:
    # Student's t, two-sided 95%: df 1 -> 12.706, 10 -> 2.228, 30 -> 2.042, infinity -> 1.960
    assert t975(1) == 12.706 and t975(10) == 2.228 and t975(30) == 2.042
    assert t975(10_000) == pytest.approx(1.960, abs=1e-3)
    # between table rows: t(0.975, 50) = 2.009 (interpolated in 1/df: 2.008)
    assert t975(50) == pytest.approx(2.009, abs=2e-3)
    assert t975(100) == pytest.approx(1.984, abs=2e-3)


def test_mean_interval_by_hand() -> None:
    # values 1, 2, 3, 4: mean 2.5, sample sd sqrt(5/3), t(0.975, 3) = 3.182
    found = mean_interval([1, 2, 3, 4])
    half = 3.182 * math.sqrt(5 / 3) / 2
    assert found.mean == 2.5
    assert (found.low, found.high) == pytest.approx((2.5 - half, 2.5 + half))
    single = mean_interval([3.0]).to_dict()
    assert single == {"mean": 3.0, "low": None, "high": None, "n": 1}


def test_likelihood_of_superiority_chess_convention() -> None:
    # LOS = 1/2 (1 + erf((W - L) / sqrt(2 (W + L)))): 60 wins, 40 losses -> Phi(2) = 0.97725
    assert likelihood_of_superiority(60, 40) == pytest.approx(0.97725, abs=1e-5)
    assert likelihood_of_superiority(40, 60) == pytest.approx(0.02275, abs=1e-5)
    assert likelihood_of_superiority(5, 5) == 0.5
    assert likelihood_of_superiority(0, 0) == 0.5


def test_cross_table_counts_ahead_behind_level_and_forfeits() -> None:
    entries = [
        entry(0, ["a", "b", "c"], [1, 2, 3]),
        entry(1, ["b", "c", "a"], [1, 1, 3]),  # b and c level
        entry(2, ["c", "a", "b"], [1, 2, 3], status="forfeit", forfeits=[0]),  # c last
        entry(3, ["a", "b", "c"], [1, 2, 3], status="aborted"),  # not counted
    ]
    table = cross_table(["a", "b", "c"], entries)
    assert table["a"]["b"] == {"ahead": 2, "behind": 1, "level": 0, "games": 3}
    assert table["b"]["c"] == {"ahead": 2, "behind": 0, "level": 1, "games": 3}
    assert table["c"]["b"] == {"ahead": 0, "behind": 2, "level": 1, "games": 3}
    assert table["a"]["c"] == {"ahead": 2, "behind": 1, "level": 0, "games": 3}


def test_compute_intervals_shares_and_los() -> None:
    entries = [entry(i, ["a", "b"], [1, 2] if i % 4 else [2, 1]) for i in range(8)]
    found = compute(["a", "b"], entries, {"a": (27.0, 2.0), "b": (23.0, 2.0)})
    a = found["entrants"]["a"]
    # a: ranks 2,1,1,1 twice -> mean 1.25; shares 0/10, 10/10 ... -> mean 0.75
    assert a["rank"]["mean"] == 1.25 and a["rank"]["n"] == 8
    assert a["score_share"]["mean"] == pytest.approx(0.75)
    assert a["rank"]["low"] < 1.25 < a["rank"]["high"]
    assert a["rating"]["low"] == pytest.approx(27 - 1.959964 * 2)
    assert found["los"]["a"]["b"] == pytest.approx(likelihood_of_superiority(6, 2))
    assert found["los"]["a"]["b"] + found["los"]["b"]["a"] == pytest.approx(1)
    # all-zero scores share equally
    zero = compute(["a", "b"], [entry(0, ["a", "b"], [1, 1], scores=[0, 0])],
                   {"a": (25.0, 8.0), "b": (25.0, 8.0)})  # fmt: skip
    assert zero["entrants"]["b"]["score_share"]["mean"] == 0.5


def test_a_gauntlets_field_never_meets() -> None:
    entries = [entry(0, ["c", "x"], [1, 2]), entry(1, ["y", "c"], [1, 2])]
    found = compute(["c", "x", "y"], entries, dict.fromkeys("cxy", (25.0, 8.0)))
    assert found["cross"]["x"]["y"]["games"] == 0
    assert found["los"]["x"]["y"] is None and found["los"]["c"]["x"] is not None
