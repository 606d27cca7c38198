"""The search's first descent (``search.first_descent``), where it answers, answers exactly
what the branch-and-bound leaves (value, picks and what each pick adds), on the route
questions of seeded random games of both titles with the companies' own trains and with
sets of equal and unequal trains; its bound (``search.descent_bound``) bounds every
answer, and lets it answer questions of several trains; the deviation bound
(``search.deviation_bound``) bounds every answer better than the descent, and lets it
answer questions the descent bound leaves to the search."""

from __future__ import annotations

from collections import Counter

import pytest
from route_questions import TRAIN_SETS, seeded_questions

from railhouse.map import TrainSpec
from railhouse.map.graph import TrackGraph
from railhouse.map.plain_search import plain_search
from railhouse.map.search import (
    NONE,
    descend,
    descent_bound,
    deviation_bound,
    first_descent,
    picking_order,
)
from railhouse.map.search_tables import Cand


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


#: equal trains (one candidate list, picking in its order) besides the unequal sets
TWINS = (
    (TrainSpec("a", 2), TrainSpec("a", 2)),
    (TrainSpec("a", 3), TrainSpec("a", 3), TrainSpec("b", 2)),
    (TrainSpec("a", 2), TrainSpec("a", 2), TrainSpec("a", 2), TrainSpec("b", 4)),
)


@pytest.mark.parametrize(("title", "every"), [("soh", 12), ("1839", 40)])
def test_the_deviation_bound_bounds_every_better_answer(title: str, every: int) -> None:
    tally: Counter[str] = Counter()
    for q in seeded_questions(title, every, TRAIN_SETS + TWINS):
        if len(q.trains) < 2:
            continue
        order, prev = picking_order(q.kinds, q.cands)
        total, pick, values = descend(q.graph, q.cands, order, prev)
        bound = deviation_bound(q.cands, order, prev, pick, values)
        best = q.branch_and_bound()
        if best[0] > total:  # a solution other than the descent's beats it
            assert best[0] <= bound, (q.company, q.trains)
            tally["beaten"] += 1
        elif total != descent_bound(q.cands) and total >= bound:
            # answered by this bound alone: exactly as the search
            assert (total, pick, values) == best, (q.company, q.trains)
            assert first_descent(q.graph, q.kinds, q.cands) == best
            tally["proved"] += 1
            tally["proved with equal trains"] += len(set(q.kinds)) < len(q.kinds)
    assert tally["beaten"] > 10 and tally["proved with equal trains"] > 10, tally


def test_equal_trains_after_a_deviation_count_in_its_bound() -> None:
    """Two equal trains: the best route (100) shares a link with both the next ones (90
    and 80), which share none with each other.  The descent runs only the best (100);
    a solution differing from it first at the first train runs the next two (170), so
    the bound must count the second train's pick after the first's."""
    own = [Cand(100, 100, (0, 1), 0, 0, 0), Cand(90, 90, (0,), 0, 1, 0),
           Cand(80, 80, (1,), 0, 2, 0)]
    train = TrainSpec("a", 2)
    trains, cands = (train, train), [own, own]
    order, prev = picking_order(trains, cands)
    g = TrackGraph([], [], [], [], [], {})
    assert descend(g, cands, order, prev)[0] == 100
    assert deviation_bound(cands, order, prev, [0, NONE], [100, 0]) == 170
    assert first_descent(g, trains, cands) is None
    assert plain_search(g, trains, cands) == (170, [1, 2], [90, 80])
