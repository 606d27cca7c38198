"""Branch-and-bound over train -> route assignments (used by ``optimize``).

Two routes conflict exactly when they share a *unit* (a compressed link, or a branching
hex side when sides are exclusive).  For every train, candidates are sorted best first and
each unit maps to the bitset of candidate indices using it; a search node keeps, per
remaining train, the bitset of candidates already forbidden.  So "best compatible route of
train t" is the lowest clear bit - no scanning of conflicting routes.  The bound at a node
is the sum of those best compatible values over the remaining trains (a valid upper bound:
it ignores conflicts among them), limited to the ``m`` largest when only ``m`` links at the
company's token cities are still free: every route contains a token city of the company,
so it uses one of those links, and no link serves two routes.  Identical trains choose in
increasing index order, so after one of them picks a route worth ``x`` each of the equal
trains after it adds at most ``x``.  Before building a child, a pick is also skipped when
its value plus, for each later train, its best route avoiding any one unit of the pick
(a table per unit) cannot beat the incumbent.  A caller that knows a solution worth
``lower`` starts the incumbent just below it (the search then only looks for solutions
worth at least that; ``best_pick`` stays empty if it finds none).
"""

from __future__ import annotations

from dataclasses import dataclass

from railhouse.map.graph import TrackGraph
from railhouse.map.trains import RouteRules, TrainSpec

NONE = -1


@dataclass(frozen=True, slots=True)
class Cand:
    """A route as a candidate for one train: stand-alone ``value``; ``fixed`` the part not
    from shared centres; ``centre_mask`` the centres counted once (1839), else 0."""

    value: int
    fixed: int
    units: tuple[int, ...]
    centre_mask: int
    index: int
    token_units: int = 0


def centre_values(g: TrackGraph, mask: int) -> int:
    """Sum of the revenue of the nodes whose bits are set in ``mask``."""
    total = 0
    while mask:
        low = mask & -mask
        total += g.nodes[low.bit_length() - 1].revenue
        mask ^= low
    return total


def _unit_bitsets(cands: list[Cand]) -> dict[int, int]:
    """unit -> bitset of the indices of the candidates using it (built via bytes: linear)."""
    lists: dict[int, list[int]] = {}
    for k, c in enumerate(cands):
        for u in c.units:
            lists.setdefault(u, []).append(k)
    n_bytes = (len(cands) + 8) // 8
    out = {}
    for u, ks in lists.items():
        buf = bytearray(n_bytes)
        for k in ks:
            buf[k >> 3] |= 1 << (k & 7)
        out[u] = int.from_bytes(buf, "little")
    return out


def _best_avoiding(cands: list[Cand], using: dict[int, int]) -> dict[int, int]:
    """unit -> value of the best candidate not using it (0 if all use it); ``cands``
    best first, ``using`` from :func:`_unit_bitsets`."""
    full = (1 << len(cands)) - 1
    out = {}
    for u, mask in using.items():
        free = full & ~mask
        out[u] = cands[(free & -free).bit_length() - 1].value if free else 0
    return out


class _Stop(Exception):
    pass


class BranchAndBound:
    """Exact search; ``solve()`` then read ``best``, ``best_pick``, ``best_values``."""

    def __init__(
        self,
        g: TrackGraph,
        trains: tuple[TrainSpec, ...],
        cands: list[list[Cand]],
        rules: RouteRules,
        token_units: int = 0,
        active: tuple[int, ...] | None = None,
        subset_opt: dict[frozenset[int], int] | None = None,
        bitsets: dict[int, dict[int, int]] | None = None,
        lower: int = 0,
    ):
        self.g, self.trains, self.cands, self.rules = g, trains, cands, rules
        self.token_units = token_units
        n = len(trains)
        chosen = range(n) if active is None else active
        self.order = sorted(chosen, key=lambda i: -(cands[i][0].value if cands[i] else 0))
        self.same_prev = [
            pos > 0 and trains[self.order[pos - 1]] == trains[self.order[pos]]
            for pos in range(len(self.order))
        ]
        self.suffix_opt, self.drop_opt = _subset_tables(self.order, subset_opt or {})
        # twins[pos]: how many positions right after pos hold trains equal to its train
        self.twins = [0] * len(self.order)
        for pos in range(len(self.order) - 2, -1, -1):
            if self.same_prev[pos + 1]:
                self.twins[pos] = self.twins[pos + 1] + 1
        shared: dict[int, dict[int, int]] = bitsets if bitsets is not None else {}
        self.using = []
        for i in self.order:
            key = id(cands[i])
            if key not in shared:
                shared[key] = _unit_bitsets(cands[i])
            self.using.append(shared[key])
        self.full = [(1 << len(cands[i])) - 1 for i in self.order]
        avoid_cache: dict[int, dict[int, int]] = {}
        self.avoid = []
        for pos, i in enumerate(self.order):
            if id(cands[i]) not in avoid_cache:
                avoid_cache[id(cands[i])] = _best_avoiding(cands[i], self.using[pos])
            self.avoid.append(avoid_cache[id(cands[i])])
        self.best = max(lower - 1, 0)  # a solution worth ``lower`` is known to exist
        self.best_pick = [NONE] * n
        self.best_values = [0] * n
        self.pick = [NONE] * n
        self.values = [0] * n
        self.nodes = 0

    def solve(self) -> bool:
        """Run the search; False if ``RouteRules.max_search_nodes`` stopped it."""
        try:
            self._rec(0, [0] * len(self.order), 0, 0, self.token_units)
        except _Stop:
            return False
        return True

    def _best_free(self, pos: int, forbidden: int) -> int:
        free = self.full[pos] & ~forbidden
        if not free:
            return 0
        return self.cands[self.order[pos]][(free & -free).bit_length() - 1].value

    def _first(self, pos: int) -> int:
        if not self.same_prev[pos]:
            return 0
        prev = self.order[pos - 1]
        p = self.pick[prev]
        return len(self.cands[prev]) if p == NONE else p + 1

    def _rec(self, pos: int, forb: list[int], counted: int, total: int, free_tok: int) -> None:
        self.nodes += 1
        if self.nodes > self.rules.max_search_nodes:
            raise _Stop
        if total > self.best:
            self.best, self.best_pick, self.best_values = total, list(self.pick), list(self.values)
        n = len(self.order)
        if pos == n:
            return
        bests = [self._best_free(p, forb[p]) for p in range(pos, n)]
        capacity = free_tok.bit_count() if self.token_units else n
        if total + self._bound(pos, bests, capacity) <= self.best:
            return
        # every route uses a free link at a token city of its own: after one more pick at
        # most capacity - 1 later trains can still run
        rest = self._bound(pos + 1, bests[1:], capacity - 1)
        i, cands = self.order[pos], self.cands[self.order[pos]]
        first = self._first(pos)
        free = (self.full[pos] & ~forb[pos]) >> first << first
        while free:
            low = free & -free
            free ^= low
            k = low.bit_length() - 1
            c = cands[k]
            if total + c.value + rest <= self.best:
                break
            if self.twins[pos] and total + c.value + self._twin_rest(
                pos, bests, capacity, c.value
            ) <= self.best:
                break  # the twin-capped bound only falls as c.value falls
            if total + c.value + self._capped(pos, bests, capacity, c) <= self.best:
                continue
            gain = c.value
            if c.centre_mask:
                gain = c.fixed + centre_values(self.g, c.centre_mask & ~counted)
            self.pick[i], self.values[i] = k, gain
            child = self._child(pos, forb, c)
            self._rec(
                pos + 1, child, counted | c.centre_mask, total + gain, free_tok & ~c.token_units
            )
        self.pick[i], self.values[i] = NONE, 0
        self._rec(pos + 1, forb, counted, total, free_tok)

    def _bound(self, pos: int, bests: list[int], capacity: int) -> int:
        """Upper bound on what the trains from ``pos`` on can still add: the best free
        values (at most ``capacity`` of them), the exact optimum of that set of trains
        alone, or one train's best free value plus the optimum of the others."""
        bound = _top(bests, capacity)
        if pos < len(self.order):
            opt = self.suffix_opt[pos]
            if opt is not None and opt < bound:
                bound = opt
            for j, others in self.drop_opt[pos]:
                bound = min(bound, bests[j] + others)
        return bound

    def _twin_rest(self, pos: int, bests: list[int], capacity: int, value: int) -> int:
        """The bound after a pick worth ``value`` with only the equal-trains cap of
        :meth:`_capped`; non-increasing in ``value``."""
        later = list(bests[1:])
        for j in range(self.twins[pos]):
            later[j] = min(later[j], value)
        return self._bound(pos + 1, later, capacity - 1)

    def _capped(self, pos: int, bests: list[int], capacity: int, c: Cand) -> int:
        """The bound after picking ``c`` at ``pos``, cheaper than the child's own: a
        later train's best free route avoids every unit of ``c``, so it is worth at most
        its best route avoiding any one of them; and equal trains right after ``pos``
        choose later (so no better) candidates, so each adds at most ``c.value``."""
        later = list(bests[1:])
        for j in range(len(later)):
            avoid = self.avoid[pos + 1 + j]
            for u in c.units:
                worth = avoid.get(u)
                if worth is not None and worth < later[j]:
                    later[j] = worth
            if j < self.twins[pos] and c.value < later[j]:
                later[j] = c.value
        return self._bound(pos + 1, later, capacity - 1)

    def _child(self, pos: int, forb: list[int], c: Cand) -> list[int]:
        out = list(forb)
        for p in range(pos + 1, len(self.order)):
            using, f = self.using[p], out[p]
            for u in c.units:
                f |= using.get(u, 0)
            out[p] = f
        return out


def _subset_tables(
    order: list[int], subset_opt: dict[frozenset[int], int]
) -> tuple[list[int | None], list[list[tuple[int, int]]]]:
    """Per position of ``order``: the known optimum of the trains from there on, and for
    each of them (by offset) the optimum of the others."""
    suffix: list[int | None] = []
    drops: list[list[tuple[int, int]]] = []
    for pos in range(len(order)):
        rest = frozenset(order[pos:])
        suffix.append(subset_opt.get(rest))
        drop = []
        for j, t in enumerate(order[pos:]):
            others = subset_opt.get(rest - {t})
            if others is not None:
                drop.append((j, others))
        drops.append(drop)
    return suffix, drops


def _top(values: list[int], k: int) -> int:
    """Sum of the ``k`` largest of ``values`` (all of them when ``k >= len(values)``)."""
    if k >= len(values):
        return sum(values)
    if k <= 0:
        return 0
    return sum(sorted(values, reverse=True)[:k])
