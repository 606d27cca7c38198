"""Branch-and-bound over train -> route assignments (used by ``optimize``).

Two routes conflict exactly when they share a *unit* (a compressed link, or a branching
hex side when sides are exclusive).  For every train, candidates are sorted best first and
each unit maps to the bitset of candidate indices using it; a search node keeps, per
remaining train, the bitset of candidates already forbidden.  So "best compatible route of
train t" is the lowest clear bit - no scanning of conflicting routes.  The bound at a node
is the sum of those best compatible values over the remaining trains (a valid upper bound:
it ignores conflicts among them).  Identical trains choose in increasing index order.
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
    ):
        self.g, self.trains, self.cands, self.rules = g, trains, cands, rules
        n = len(trains)
        self.order = sorted(range(n), key=lambda i: -(cands[i][0].value if cands[i] else 0))
        self.same_prev = [
            pos > 0 and trains[self.order[pos - 1]] == trains[self.order[pos]] for pos in range(n)
        ]
        shared: dict[int, dict[int, int]] = {}
        self.using = []
        for i in self.order:
            key = id(cands[i])
            if key not in shared:
                shared[key] = _unit_bitsets(cands[i])
            self.using.append(shared[key])
        self.full = [(1 << len(cands[i])) - 1 for i in self.order]
        self.best = 0
        self.best_pick = [NONE] * n
        self.best_values = [0] * n
        self.pick = [NONE] * n
        self.values = [0] * n
        self.nodes = 0

    def solve(self) -> bool:
        """Run the search; False if ``RouteRules.max_search_nodes`` stopped it."""
        try:
            self._rec(0, [0] * len(self.order), 0, 0)
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

    def _rec(self, pos: int, forb: list[int], counted: int, total: int) -> None:
        self.nodes += 1
        if self.nodes > self.rules.max_search_nodes:
            raise _Stop
        if total > self.best:
            self.best, self.best_pick, self.best_values = total, list(self.pick), list(self.values)
        n = len(self.order)
        if pos == n:
            return
        bests = [self._best_free(p, forb[p]) for p in range(pos, n)]
        if total + sum(bests) <= self.best:
            return
        i, rest, cands = self.order[pos], sum(bests[1:]), self.cands[self.order[pos]]
        first = self._first(pos)
        free = (self.full[pos] & ~forb[pos]) >> first << first
        while free:
            low = free & -free
            free ^= low
            k = low.bit_length() - 1
            c = cands[k]
            if total + c.value + rest <= self.best:
                break
            gain = c.value
            if c.centre_mask:
                gain = c.fixed + centre_values(self.g, c.centre_mask & ~counted)
            self.pick[i], self.values[i] = k, gain
            self._rec(pos + 1, self._child(pos, forb, c), counted | c.centre_mask, total + gain)
        self.pick[i], self.values[i] = NONE, 0
        self._rec(pos + 1, forb, counted, total)

    def _child(self, pos: int, forb: list[int], c: Cand) -> list[int]:
        out = list(forb)
        for p in range(pos + 1, len(self.order)):
            using, f = self.using[p], out[p]
            for u in c.units:
                f |= using.get(u, 0)
            out[p] = f
        return out
