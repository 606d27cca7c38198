"""Branch-and-bound over train -> route assignments (used by ``optimize`` and ``multisets``).

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
trains after it adds at most ``x``.  The train with the best route goes first, then the
shortest candidate lists (a long list late is mostly asked for its best free route).

Before building a child, a pick is skipped when its value plus, for each later train, its
best route avoiding any one unit of the pick (a table per unit) cannot beat the
incumbent; and when its value plus the exact optimum of the later trains with only the
"hub" units of the picks so far taken away (the token-city links and the units most later
candidates use: the track every good route needs) cannot beat it -- those relaxed optima
are few and memoised (:meth:`BranchAndBound._tok_bound`).  A caller that knows a solution
worth ``lower`` starts the incumbent just below it (the search then only looks for
solutions worth at least that; ``best_pick`` stays empty if it finds none).
"""

from __future__ import annotations

from functools import lru_cache

from railhouse.map.graph import TrackGraph
from railhouse.map.search_tables import (
    Cand,
    best_avoiding,
    centre_values,
    hub_units,
    subset_tables,
    top_sum,
    unit_bitsets,
)
from railhouse.map.trains import RouteRules, TrainSpec

NONE = -1


class _Stop(Exception):
    pass


HUB_UNITS = 16
"""Besides the token-city links, the units most candidates of later trains use."""

RELAX_NODES = 20_000
"""Search nodes one token-link bound (:meth:`BranchAndBound._tok_bound`) may take."""


def search_order(trains: tuple[TrainSpec, ...], cands: list[list[Cand]],
                 active: tuple[int, ...] | None = None) -> list[int]:
    """The trains (indices, ``active`` ones only if given) in the order the search picks
    their routes: the best train first (its list is walked at the root); then the
    shortest lists, so that a long list comes late, where it is mostly asked for its best
    free route."""
    chosen = range(len(trains)) if active is None else active
    by_value = sorted(chosen, key=lambda i: -(cands[i][0].value if cands[i] else 0))
    rest = by_value[1:]
    keys: dict[int, tuple[int | str, ...]] = {
        i: (len(cands[i]), -(cands[i][0].value if cands[i] else 0)) for i in rest}
    if len(set(keys.values())) < len(keys):  # ties: the trains' spelling decides
        keys = {i: (*keys[i], spelling(trains[i])) for i in rest}
    return by_value[:1] + sorted(rest, key=keys.__getitem__)


@lru_cache(maxsize=256)
def spelling(train: TrainSpec) -> str:
    """``repr(train)``, which orders tied trains (remembered: asked at every question of
    a company whose trains tie, and a frozen dataclass's repr is a Python call per field)."""
    return repr(train)


def previous_equal(trains: tuple[TrainSpec, ...], order: list[int]) -> list[int]:
    """Per position of ``order``, the last earlier position of a train equal to its train
    (-1 if none): equal trains pick in increasing candidate order."""
    return [max((q for q in range(pos) if _same(trains[order[q]], trains[order[pos]])),
                default=-1)
            for pos in range(len(order))]


def _same(a: TrainSpec, b: TrainSpec) -> bool:
    """Whether two trains are equal (equal kinds are one object after
    :func:`~railhouse.map.candidates.train_kinds`: the identity test answers most)."""
    return a is b or a == b


def picking_order(trains: tuple[TrainSpec, ...],
                  cands: list[list[Cand]]) -> tuple[list[int], list[int]]:
    """:func:`search_order` of all trains and its :func:`previous_equal` (what the first
    descent and the plain search walk; made once when a question asks both)."""
    n = len(trains)
    if n == 1:  # (most companies run one train)
        return [0], [-1]
    if _one_kind(trains, cands):
        # every key of :func:`search_order` ties (one list, one spelling) and its sorts
        # are stable: the trains in index order, each equal to the one before it
        return list(range(n)), list(range(-1, n - 1))
    order = search_order(trains, cands)
    return order, previous_equal(trains, order)


def _one_kind(trains: tuple[TrainSpec, ...], cands: list[list[Cand]]) -> bool:
    """Whether all ``trains`` are one object sharing one candidate list (a company's
    equal trains are, after :func:`~railhouse.map.candidates.train_kinds`)."""
    first, own = trains[0], cands[0]
    return all(t is first for t in trains) and all(c is own for c in cands)


def first_descent(
    g: TrackGraph, trains: tuple[TrainSpec, ...], cands: list[list[Cand]],
    plan: tuple[list[int], list[int]] | None = None,
) -> tuple[int, list[int], list[int]] | None:
    """The search's answer without the search, where its first descent gives it:
    ``(best, best_pick, best_values)`` as :class:`BranchAndBound` would leave them, or
    None.

    The first descent of :meth:`BranchAndBound._rec` gives every train, in
    :func:`search_order`, its first candidate sharing no unit with the picks before it
    (and coming after an equal train's pick): with the incumbent no better than the
    picks so far, no bound cuts a pick worth something.  When those picks add up to
    :func:`descent_bound`, a bound on every solution, they are optimal;
    the search keeps the first optimum it meets (an incumbent is replaced only by a
    better one), and it meets the descent's first, so it answers the same.  ``plan``:
    :func:`picking_order`, if the caller made it."""
    n = len(trains)
    order, prev = picking_order(trains, cands) if plan is None else plan
    pick, values = [NONE] * n, [0] * n
    used: set[int] = set()
    total = counted = 0
    for pos, i in enumerate(order):
        if prev[pos] < 0:
            start = 0
        else:
            earlier = pick[order[prev[pos]]]
            start = len(cands[i]) if earlier == NONE else earlier + 1
        own = cands[i]
        for k in range(start, len(own)):
            c = own[k]
            if used.isdisjoint(c.units):
                gain = c.value
                if c.centre_mask:
                    gain = c.fixed + centre_values(g, c.centre_mask & ~counted)
                    counted |= c.centre_mask
                pick[i], values[i] = k, gain
                total += gain
                used.update(c.units)
                break
    if total != descent_bound(cands):
        return None
    return total, pick, values


def descent_bound(cands: list[list[Cand]]) -> int:
    """A bound on the value of every solution: per candidate list, the stand-alone values
    of its best ``m`` candidates, ``m`` the number of trains it is shared by (equal
    trains share one list).  A train earns at most the stand-alone value of its pick,
    and two trains never run one route (a route has track, and trains share none), so
    the trains of one list earn at most its ``m`` best values.  (Tighter than every
    train's best value where equal trains' best routes overlap: then the descent that
    reaches it answers without the search.)"""
    if len(cands) == 1:  # (most companies run one train)
        return cands[0][0].value if cands[0] else 0
    own = cands[0]
    if all(c is own for c in cands):  # one list shared by every train
        return sum([c.value for c in own[:len(cands)]])
    sharing: dict[int, list[Cand]] = {}
    trains_of: dict[int, int] = {}
    for own in cands:
        sharing[id(own)] = own
        trains_of[id(own)] = trains_of.get(id(own), 0) + 1
    return sum(c.value for key, own in sharing.items() for c in own[:trains_of[key]])


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
        self.order = search_order(trains, cands, active)
        m = len(self.order)
        # equal trains pick in increasing candidate order: prev_equal[pos] is the last
        # earlier position holding a train equal to pos's, equal_after[pos] the offsets
        # (after pos) of the later ones, whose picks are then worth no more than pos's
        self.prev_equal = previous_equal(trains, self.order)
        self.same_prev = [pos > 0 and self.prev_equal[pos] == pos - 1 for pos in range(m)]
        self.equal_after = [
            frozenset(q - pos - 1 for q in range(pos + 1, m)
                      if _same(trains[self.order[q]], trains[self.order[pos]]))
            for pos in range(m)
        ]
        self.suffix_opt, self.drop_opt = subset_tables(self.order, subset_opt or {})
        shared: dict[int, dict[int, int]] = bitsets if bitsets is not None else {}
        # the unit tables of a list serve the positions after the first only (a pick
        # forbids candidates of later trains): the first train's list, often the longest,
        # needs none unless a later train shares it
        later = {id(cands[i]) for i in self.order[1:]}
        self.using = []
        for i in self.order:
            key = id(cands[i])
            if key not in shared and key in later:
                shared[key] = unit_bitsets(cands[i])
            self.using.append(shared.get(key, {}))
        self.full = [(1 << len(cands[i])) - 1 for i in self.order]
        avoid_cache: dict[int, dict[int, int]] = {}
        self.avoid = []
        for pos, i in enumerate(self.order):
            if id(cands[i]) not in avoid_cache and id(cands[i]) in later:
                avoid_cache[id(cands[i])] = best_avoiding(cands[i], self.using[pos])
            self.avoid.append(avoid_cache.get(id(cands[i]), {}))
        self.hubs = hub_units(self.token_units, self.using[1:], HUB_UNITS)
        self.hub_memo: dict[int, int] = {}
        self.tok_memo: dict[tuple[int, int], int | None] = {}
        self.relax_left = 0
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
        q = self.prev_equal[pos]
        if q < 0:
            return 0
        prev = self.order[q]
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
            if self.equal_after[pos] and total + c.value + self._twin_rest(
                pos, bests, capacity, c.value
            ) <= self.best:
                break  # the twin-capped bound only falls as c.value falls
            if total + c.value + self._capped(pos, bests, capacity, c) <= self.best:
                continue
            if self.hubs and pos + 1 < n:
                taken = self._hub_mask(c)
                for p in range(pos):
                    if self.pick[self.order[p]] != NONE:
                        taken |= self._hub_mask(self.cands[self.order[p]][self.pick[self.order[p]]])
                rest_tok = self._tok_bound(pos + 1, taken)
                if rest_tok is not None and total + c.value + rest_tok <= self.best:
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

    def _tok_bound(self, pos: int, used: int) -> int | None:
        """The exact optimum of the trains from ``pos`` on when the earlier picks take
        only the token-city links ``used`` (the rest of their track is ignored): a bound
        on what those trains add after picks using those links.  Every route needs a
        token-city link of its own, and on a dense board those few links are what trains
        fight over.  Memoised per ``(pos, used)``; None if :data:`RELAX_NODES` ran out."""
        key = (pos, used)
        if key in self.tok_memo:
            return self.tok_memo[key]
        forb = [0] * len(self.order)
        for p in range(pos, len(self.order)):
            using, bits, f = self.using[p], used, 0
            while bits:
                low = bits & -bits
                bits ^= low
                f |= using.get(low.bit_length() - 1, 0)
            forb[p] = f
        self.relax_left = RELAX_NODES
        value: int | None
        try:
            value = self._relax(pos, pos, forb, NONE)
        except _Stop:
            value = None
        self.tok_memo[key] = value
        return value

    def _hub_mask(self, c: Cand) -> int:
        key = id(c)
        hit = self.hub_memo.get(key)
        if hit is None:
            hit = 0
            for u in c.units:
                if self.hubs >> u & 1:
                    hit |= 1 << u
            self.hub_memo[key] = hit
        return hit

    def _relax(self, start: int, pos: int, forb: list[int], prev: int) -> int:
        """Best total of the trains from ``pos`` on avoiding ``forb`` (stand-alone values;
        equal trains after ``start`` pick in index order, ``prev`` the previous pick)."""
        self.relax_left -= 1
        if self.relax_left < 0:
            raise _Stop
        n = len(self.order)
        if pos == n:
            return 0
        best = self._relax(start, pos + 1, forb, NONE)
        first = 0
        if pos > start and self.same_prev[pos]:
            if prev == NONE:
                return best
            first = prev + 1
        rest = sum(self._best_free(p, forb[p]) for p in range(pos + 1, n))
        cands = self.cands[self.order[pos]]
        free = (self.full[pos] & ~forb[pos]) >> first << first
        while free:
            low = free & -free
            free ^= low
            k = low.bit_length() - 1
            c = cands[k]
            if c.value + rest <= best:
                break
            child = self._child(pos, forb, c) if pos + 1 < n else forb
            best = max(best, c.value + self._relax(start, pos + 1, child, k))
        return best

    def _bound(self, pos: int, bests: list[int], capacity: int) -> int:
        """Upper bound on what the trains from ``pos`` on can still add: the best free
        values (at most ``capacity`` of them), the exact optimum of that set of trains
        alone, or one train's best free value plus the optimum of the others."""
        bound = top_sum(bests, capacity)
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
        for j in self.equal_after[pos]:
            later[j] = min(later[j], value)
        return self._bound(pos + 1, later, capacity - 1)

    def _capped(self, pos: int, bests: list[int], capacity: int, c: Cand) -> int:
        """The bound after picking ``c`` at ``pos``, cheaper than the child's own: a
        later train's best free route avoids every unit of ``c``, so it is worth at most
        its best route avoiding any one of them; and equal trains right after ``pos``
        choose later (so no better) candidates, so each adds at most ``c.value``."""
        later = list(bests[1:])
        seen: dict[int, int] = {}  # equal trains share one table
        for j in range(len(later)):
            avoid = self.avoid[pos + 1 + j]
            low = seen.get(id(avoid))
            if low is None:
                low = later[j]  # (tables are shared by equal trains, whose bests agree)
                for u in c.units:
                    worth = avoid.get(u)
                    if worth is not None and worth < low:
                        low = worth
                seen[id(avoid)] = low
            if low < later[j]:
                later[j] = low
            if j in self.equal_after[pos] and c.value < later[j]:
                later[j] = c.value
        return self._bound(pos + 1, later, capacity - 1)

    def _child(self, pos: int, forb: list[int], c: Cand) -> list[int]:
        out = list(forb)
        seen: dict[int, int] = {}  # equal trains share one candidate list
        for p in range(pos + 1, len(self.order)):
            using = self.using[p]
            add = seen.get(id(using))
            if add is None:
                add = 0
                for u in c.units:
                    add |= using.get(u, 0)
                seen[id(using)] = add
            out[p] |= add
        return out

