"""The search's first descent (``search.first_descent``), where it answers, answers exactly
what the branch-and-bound leaves (value, picks and what each pick adds), on the route
questions of seeded random games of both titles with the companies' own trains and with
sets of equal and unequal trains; its bound (``search.descent_bound``) bounds every
answer, and lets it answer questions of several trains."""

from __future__ import annotations

from collections import Counter

import pytest
from route_questions import TRAIN_SETS, seeded_questions

from railhouse.map.search import descent_bound, first_descent


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
        tally["several trains"] += len(q.trains) > 1
    assert tally["descent"] > 50 and tally["searched"] > 10, tally
    assert tally["several trains"] > 10, tally


@pytest.mark.parametrize(("title", "every"), [("soh", 30), ("1839", 60)])
def test_the_descent_bound_bounds_every_answer(title: str, every: int) -> None:
    asked = 0
    for q in seeded_questions(title, every, TRAIN_SETS):
        best = q.branch_and_bound()[0]
        assert best <= descent_bound(q.cands), (q.company, q.trains)
        # never looser than every train's best value (the bound it replaces)
        assert descent_bound(q.cands) <= sum(own[0].value for own in q.cands if own)
        asked += 1
    assert asked > 20
