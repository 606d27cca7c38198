"""Upper bounds on what a partial route can still collect (value pruning in :mod:`routes`).

A route extended from node ``v`` by at most ``s`` more "big" stops (cities, and off-boards
when they count toward a train's length) visits them in some order; the ``j``-th of them
is at most ``j`` big stops away from ``v`` along the track (fewest big stops entered on
any way there, passing only nodes a route may pass).  So the ``s`` stops are distinct
stops that can be placed in positions ``1..s`` with each stop's distance at most its
position; the best such placement (a scheduling matroid: take values best first while a
placement exists) bounds their value.  Towns collected on the way are preceded by at most
``s`` big stops, so the towns at distance ``<= s`` bound the towns.  Revisiting, other
trains and token rules are ignored: the bounds only over-estimate.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from railhouse.map.trains import RunContext, TrainSpec

Memo = dict[int, tuple[list[int], list[int]]]
"""Reach bounds by node (see :class:`ReachBound`), shared by the searches of one question."""


@dataclass
class ValueFloor:
    """Value pruning for :func:`routes.enumerate_routes`: a partial route is dropped unless
    some train could still reach its floor with it.  ``trains`` holds, per train kind,
    ``[cities, towns_pay, multiplier, floor, centres, off-boards]`` (:func:`floor_row`);
    ``bonus`` bounds what bonuses add to one route; ``forbidden`` is a resource mask no
    route may use; ``accept`` (max mode) replaces collecting: it gets each route passing
    the bound and returns the new floor of the (single) train.  ``max_slots`` and
    ``memo`` let several searches on one board share their :class:`ReachBound` tables."""

    trains: list[list[int]]
    bonus: int = 0
    forbidden: int = 0
    accept: Callable[[Any], int] | None = None
    max_slots: int = 0
    memo: Memo = field(default_factory=dict)
    off_extra: int = 0


NO_LIMIT = 1 << 30


def floor_row(train: TrainSpec, least: int) -> list[int]:
    """``train``'s row of :attr:`ValueFloor.trains` with floor ``least``: cities, towns
    pay (0/1), multiplier, floor, then centres and off-boards allowed (``NO_LIMIT``)."""
    return [train.cities, int(train.towns_pay), train.multiplier, least,
            NO_LIMIT if train.centres is None else train.centres,
            NO_LIMIT if train.max_offboards is None else train.max_offboards]


def bonus_bound(run: RunContext) -> int:
    """What visit bonuses can add to one route at most (:attr:`ValueFloor.bonus`)."""
    return sum(max(bonus, 0) for bonus in run.visit_bonuses.values())


def max_slots(run: RunContext) -> int:
    """The most big stops a train of ``run`` may visit (:attr:`ValueFloor.max_slots`)."""
    return max((t.cities for t in run.trains), default=0)


class ReachBound:
    """Per node and number ``s`` of big stops still allowed: bounds on the big-stop values
    and the town values a route continuing from there can add (module docstring).

    ``big_value[u]``: value of a big stop, None for other nodes; ``town_value[u]``: value
    of a town node (0 otherwise); ``link_towns[li]``: towns folded into link ``li``;
    ``passable[u]``: a route may pass through ``u``; ``allowed[u]``: a route may use it."""

    def __init__(
        self,
        adj: dict[int, list[tuple[int, int]]],
        link_towns: Sequence[int],
        big_value: Sequence[int | None],
        town_value: Sequence[int],
        passable: Sequence[bool],
        allowed: Sequence[bool],
        max_slots: int,
        memo: Memo,
    ):
        self.adj, self.link_towns = adj, link_towns
        self.big_value, self.town_value = big_value, town_value
        self.passable, self.allowed = passable, allowed
        self.max_slots, self.memo = max_slots, memo

    def at(self, v: int) -> tuple[list[int], list[int]]:
        """(big bound per ``s``, town bound per ``s``) for ``s`` in ``0..max_slots``."""
        hit = self.memo.get(v)
        if hit is None:
            hit = self.memo[v] = self._compute(v)
        return hit

    def _compute(self, v: int) -> tuple[list[int], list[int]]:
        dist, link_dist = self._distances(v)
        bigs = []
        towns = [0] * (self.max_slots + 1)
        for u, d in dist.items():
            if u == v:
                continue
            value = self.big_value[u]
            if value is not None:
                bigs.append((max(value, 0), d))
            elif self.town_value[u] > 0:
                towns[d] += self.town_value[u]
        for li, d in link_dist.items():
            towns[d] += max(self.link_towns[li], 0)
        for s in range(1, len(towns)):
            towns[s] += towns[s - 1]
        return [_placed(bigs, s) for s in range(self.max_slots + 1)], towns

    def _distances(self, v: int) -> tuple[dict[int, int], dict[int, int]]:
        """Fewest big stops entered to reach each node (and each link's towns) from
        ``v``, up to ``max_slots``: a 0-1 breadth-first search."""
        dist = {v: 0}
        link_dist: dict[int, int] = {}
        queue = deque([v])
        while queue:
            u = queue.popleft()
            d = dist[u]
            if u != v and not self.passable[u]:
                continue
            for w, li in self.adj.get(u, ()):
                if not self.allowed[w]:
                    continue
                if self.link_towns[li] and d < link_dist.get(li, self.max_slots + 1):
                    link_dist[li] = d
                nd = d + (self.big_value[w] is not None)
                if nd <= self.max_slots and nd < dist.get(w, self.max_slots + 1):
                    dist[w] = nd
                    if nd == d:
                        queue.appendleft(w)
                    else:
                        queue.append(w)
        return dist, link_dist


def _placed(bigs: list[tuple[int, int]], s: int) -> int:
    """Best total of stops placed in positions ``1..s``, each at a position no smaller
    than its distance: best values first, kept while every suffix of positions
    ``t..s`` holds at most ``s - t + 1`` of the kept stops."""
    if s <= 0:
        return 0
    at_least = [0] * (s + 2)  # at_least[t]: kept stops with distance >= t
    total, kept = 0, 0
    for value, d in sorted(bigs, reverse=True):
        if d > s or value <= 0:
            continue
        if all(at_least[t] + 1 <= s - t + 1 for t in range(1, d + 1)):
            for t in range(1, d + 1):
                at_least[t] += 1
            total, kept = total + value, kept + 1
            if kept == s:
                break
    return total
