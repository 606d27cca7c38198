"""The shortcuts for a company whose trains are all one kind (one object sharing one
candidate list): ``search.picking_order`` gives the trains in index order, each after the
one before, and ``search.descent_bound`` sums the list's best values; both answer as the
general computation does (``search_order`` and ``previous_equal``; the best values of each
list, as many as the trains sharing it), on the route questions of seeded random games of
both titles with the companies' own trains and with sets of equal and unequal trains."""

from __future__ import annotations

from collections import Counter

import pytest
from route_questions import TRAIN_SETS, seeded_questions

from railhouse.map.search import descent_bound, picking_order, previous_equal, search_order
from railhouse.map.search_tables import Cand


def _bound_in_general(cands: list[list[Cand]]) -> int:
    """The best ``m`` values of every distinct list, ``m`` the trains sharing it."""
    sharing: Counter[int] = Counter(id(own) for own in cands)
    lists = {id(own): own for own in cands}
    return sum(c.value for key, own in lists.items() for c in own[:sharing[key]])


@pytest.mark.parametrize(("title", "every"), [("soh", 12), ("1839", 40)])
def test_one_kind_orders_and_bounds_as_in_general(title: str, every: int) -> None:
    tally: Counter[str] = Counter()
    for q in seeded_questions(title, every, TRAIN_SETS):
        if len(q.kinds) < 2:
            continue
        order = search_order(q.kinds, q.cands)
        assert picking_order(q.kinds, q.cands) == (order, previous_equal(q.kinds, order)), (
            q.company, q.trains)
        assert descent_bound(q.cands) == _bound_in_general(q.cands), (q.company, q.trains)
        one = all(t is q.kinds[0] for t in q.kinds)
        tally["one kind" if one else "several kinds"] += 1
    assert tally["one kind"] > 20 and tally["several kinds"] > 20, tally
