"""The search's first descent (``search.first_descent``), where it answers, answers exactly
what the branch-and-bound leaves (value, picks and what each pick adds), on the route
questions of seeded random games of both titles with the companies' own trains and with
sets of equal and unequal trains."""

from __future__ import annotations

from collections import Counter

import pytest
from route_questions import TRAIN_SETS, seeded_questions

from railhouse.map.search import first_descent


@pytest.mark.parametrize(("title", "every"), [("soh", 12), ("1839", 40)])
def test_first_descent_answers_as_the_search(title: str, every: int) -> None:
    tally: Counter[str] = Counter()
    for q in seeded_questions(title, every, TRAIN_SETS):
        found = first_descent(q.graph, q.kinds, q.cands)
        if found is None:
            tally["searched"] += 1
            continue
        assert found == q.branch_and_bound(), (q.company, q.trains)
        tally["descent"] += 1
    assert tally["descent"] > 50 and tally["searched"] > 10, tally
