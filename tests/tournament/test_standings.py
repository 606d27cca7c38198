from __future__ import annotations

from typing import Any

from railhouse_tournament.standings import compute, standing_ranks


def entry(index: int, seats: list[str], ranks: list[int], **kw: Any) -> dict[str, Any]:
    base = {
        "game": f"g{index}",
        "index": index,
        "seats": seats,
        "ranks": ranks,
        "scores": [10 - r for r in ranks],
        "status": "ok",
        "forfeits": [],
        "failures": [],
    }
    return base | kw


def test_forfeiters_rank_below_everyone() -> None:
    assert standing_ranks([1, 2, 3], []) == [1, 2, 3]
    assert standing_ranks([1, 2, 3], [0]) == [3, 1, 2]
    assert standing_ranks([2, 1, 1], [1, 2]) == [1, 2, 2]
    assert standing_ranks([1, 1, 3], [2]) == [1, 1, 3]


def test_standings_count_games_wins_ranks_and_failures() -> None:
    entries = [
        entry(0, ["a", "b"], [1, 2]),
        entry(1, ["b", "a"], [1, 1]),  # shared win
        entry(
            2,
            ["a", "b"],
            [2, 1],
            status="forfeit",
            forfeits=[1],
            failures=[
                {"seat": 1, "entrant": "b", "reason": "timeout", "action": "forfeit"},
                {"seat": 1, "entrant": "b", "reason": "illegal_action", "action": "retry"},
            ],
        ),
        entry(
            3,
            ["a", "b"],
            [1, 1],
            status="aborted",
            failures=[{"seat": 0, "entrant": "a", "reason": "crash", "action": "abort"}],
        ),
        entry(
            4,
            ["a", "b"],
            [1, 2],
            failures=[
                {"seat": 1, "entrant": "b", "reason": "crash", "action": "restart"},
                {"seat": None, "entrant": None, "reason": "internal_error", "action": "abort"},
            ],
        ),
    ]
    table = {s.name: s for s in compute(["a", "b"], entries)}
    a, b = table["a"], table["b"]
    assert (a.games, b.games) == (4, 4)  # the aborted game is not rated
    assert a.wins == 3.5 and b.wins == 0.5
    assert a.avg_rank == (1 + 1 + 1 + 1) / 4 and b.avg_rank == (2 + 1 + 2 + 2) / 4
    assert b.counters == {
        "crashes": 0,
        "timeouts": 1,
        "illegal": 1,
        "protocol": 0,
        "limits": 0,
        "forfeits": 1,
        "aborts": 0,
        "restarts": 1,
    }
    assert a.counters["crashes"] == 1 and a.counters["aborts"] == 1
    assert a.mu > b.mu and a.sigma < 25 / 3
    assert compute(["a", "b"], entries)[0].name == "a"


def test_ratings_do_not_depend_on_completion_order() -> None:
    entries = [
        entry(i, ["a", "b", "c"][i % 3 :] + ["a", "b", "c"][: i % 3], [1, 2, 3]) for i in range(9)
    ]
    forward = compute(["a", "b", "c"], entries)
    backward = compute(["a", "b", "c"], list(reversed(entries)))
    assert [(s.name, s.mu, s.sigma) for s in forward] == [(s.name, s.mu, s.sigma) for s in backward]
