"""A plain depth-first search over train -> route assignments, for the small questions
most route steps ask: it answers exactly as :class:`~railhouse.map.search.BranchAndBound`
would, without building the branch-and-bound's tables (unit bitsets, best-avoiding
tables, hub units, the optima of every smaller set of trains), which cost more than the
search itself when each train has a few candidates.

Why the answers agree.  Both searches walk the same tree in the same order: the trains
in :func:`~railhouse.map.search.search_order`; at each train its candidates best first
(from after an equal train's pick, :func:`~railhouse.map.search.previous_equal`),
skipping those sharing a unit with an earlier pick, then "no route"; a node's partial
assignment is a solution, recorded when it is worth more than the incumbent (so the
first optimum met, in pre-order, is kept).  Each search cuts only subtrees that cannot
beat the incumbent (here: the picks so far plus every later train's best stand-alone
value, a bound no better than the branch-and-bound's), so neither cuts the first
optimum in pre-order: both keep it, with the same picks and the same values (centres
counted once as :func:`~railhouse.map.search.first_descent` does).

The search gives up (None) after :data:`PLAIN_NODES` nodes; the caller then runs the
branch-and-bound.
"""

from __future__ import annotations

from railhouse.map.graph import TrackGraph
from railhouse.map.search import NONE, picking_order
from railhouse.map.search_tables import Cand, centre_values, unit_mask
from railhouse.map.trains import TrainSpec

PLAIN_NODES = 3000
"""Search nodes the plain search may visit before it leaves the question to the
branch-and-bound (a few hundred answer nearly every route step)."""


class _TooBig(Exception):
    pass


def unit_masks(cands: list[Cand]) -> list[int]:
    """Per candidate, the bit mask of the units it uses."""
    return [unit_mask(c.units) for c in cands]


def plain_search(
    g: TrackGraph, trains: tuple[TrainSpec, ...], cands: list[list[Cand]],
    plan: tuple[list[int], list[int]] | None = None,
) -> tuple[int, list[int], list[int]] | None:
    """``(best, best_pick, best_values)`` as ``BranchAndBound(...).solve()`` leaves them
    (module docstring), or None if the search needs more than :data:`PLAIN_NODES`.
    ``plan``: :func:`~railhouse.map.search.picking_order`, if the caller made it."""
    n = len(trains)
    order, prev = picking_order(trains, cands) if plan is None else plan
    lists = [cands[i] for i in order]
    shared: dict[int, list[int]] = {}  # equal trains share one list
    masks = []
    for lst in lists:
        hit = shared.get(id(lst))
        if hit is None:
            hit = shared[id(lst)] = unit_masks(lst)
        masks.append(hit)
    rest = [0] * (n + 1)  # rest[p]: the best stand-alone values of the trains from p on
    for p in range(n - 1, -1, -1):
        rest[p] = rest[p + 1] + (lists[p][0].value if lists[p] else 0)
    picks = [NONE] * n  # by position
    values = [0] * n
    best: list[int] = [0]
    found: list[tuple[list[int], list[int]]] = []
    budget = [PLAIN_NODES]

    def rec(pos: int, used: int, counted: int, total: int) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _TooBig
        if total > best[0]:
            best[0] = total
            found.append((list(picks), list(values)))
        if pos == n or total + rest[pos] <= best[0]:
            return
        q = prev[pos]
        start = 0 if q < 0 else (len(lists[pos]) if picks[q] == NONE else picks[q] + 1)
        own, own_masks, later = lists[pos], masks[pos], rest[pos + 1]
        for k in range(start, len(own)):
            c = own[k]
            if total + c.value + later <= best[0]:
                break
            mask = own_masks[k]
            if mask & used:
                continue
            gain = c.value
            if c.centre_mask:
                gain = c.fixed + centre_values(g, c.centre_mask & ~counted)
            picks[pos], values[pos] = k, gain
            rec(pos + 1, used | mask, counted | c.centre_mask, total + gain)
        picks[pos], values[pos] = NONE, 0
        rec(pos + 1, used, counted, total)

    def unlink() -> None:
        nonlocal rec  # it calls itself through this cell: emptied, the cycle ends
        del rec

    try:
        rec(0, 0, 0, 0)
    except _TooBig:
        return None
    finally:
        unlink()  # (so the search is freed by reference counting, not by the collector)
    best_pick, best_values = [NONE] * n, [0] * n
    if found:
        by_pos, gains = found[-1]
        for pos, i in enumerate(order):
            best_pick[i], best_values[i] = by_pos[pos], gains[pos]
    return best[0], best_pick, best_values
