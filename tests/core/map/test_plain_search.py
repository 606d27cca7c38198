"""The plain search (``plain_search.plain_search``), where it answers, answers exactly what
the branch-and-bound leaves (value, picks and what each pick adds) on the route questions
of seeded random games of both titles (SOH under both rule sets), with the companies' own
trains and with sets of equal and unequal trains, wherever the first descent does not
already answer."""

from __future__ import annotations

from collections import Counter

import pytest
from route_questions import TRAIN_SETS, seeded_questions

from railhouse.map import TrainSpec
from railhouse.map.plain_search import plain_search
from railhouse.map.search import first_descent

SETS = (*TRAIN_SETS,
        (TrainSpec("a", 3, towns_pay=False, multiplier=2), TrainSpec("b", 3), TrainSpec("c", 3)))


@pytest.mark.parametrize(("title", "every", "options"),
                         [("soh", 12, None), ("soh", 12, {"rules": "18xx-games"}),
                          ("1839", 40, None)])
def test_plain_search_answers_as_the_branch_and_bound(
    title: str, every: int, options: dict[str, str] | None
) -> None:
    tally: Counter[str] = Counter()
    for q in seeded_questions(title, every, SETS, options):
        if first_descent(q.graph, q.kinds, q.cands) is not None:
            continue
        found = plain_search(q.graph, q.kinds, q.cands)
        if found is None:
            tally["too big"] += 1
            continue
        assert found == q.branch_and_bound(), (q.company, q.trains)
        tally["plain"] += 1
    assert tally["plain"] > 50, tally
