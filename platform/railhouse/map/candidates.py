"""Routes valued per train and made into the candidates of the search (:mod:`search`).

Every route from :mod:`routes` is valued per train (length limits, towns paying or not,
multiplier, off-board limit, bonuses); detours are dropped (:func:`undominated`), and each
train gets its routes best first as :class:`~railhouse.map.search_tables.Cand`.  Trains equal but
for their name (titles name trains by id) are one kind (:func:`train_kinds`): they share a
candidate list and sub-problems, and a ``route_bonus`` hook sees the first one's name.
"""

from __future__ import annotations

from dataclasses import fields
from operator import itemgetter

from railhouse.map.board import Board
from railhouse.map.compress import Compressed
from railhouse.map.graph import Operator, TrackGraph
from railhouse.map.routes import RawRoute
from railhouse.map.search_tables import Cand, centre_values, unit_mask
from railhouse.map.trains import RouteRules, RouteView, RunContext, TrainSpec


def route_value(
    g: TrackGraph,
    r: RawRoute,
    train: TrainSpec,
    rules: RouteRules,
    run: RunContext,
    stop_names: tuple[str, ...] | None = None,
) -> int | None:
    """Stand-alone revenue of ``r`` for ``train`` (None if the train cannot run it)."""
    big = r.big
    if big > train.cities or (train.centres is not None and r.centres > train.centres):
        return None
    if train.max_offboards is not None and r.offboards > train.max_offboards:
        return None
    towns = r.town_value if train.towns_pay else 0
    value = (r.city_value + towns + r.off_value) * train.multiplier
    for name, bonus in run.visit_bonuses.items():
        u = g.index.get(name)
        if u is not None and r.stop_mask >> u & 1:
            value += bonus
    if run.route_bonus is not None and stop_names is not None:
        value += run.route_bonus(route_view(g, stop_names, train))
    return value


def route_view(g: TrackGraph, stops: tuple[str, ...], train: TrainSpec) -> RouteView:
    """What a ``route_bonus`` hook sees of a route of ``train`` through ``stops``."""
    nodes = [g.nodes[g.index[s]] for s in stops]
    return RouteView(stops, tuple(n.revenue for n in nodes), tuple(n.kind for n in nodes), train)


def train_kinds(trains: tuple[TrainSpec, ...]) -> tuple[TrainSpec, ...]:
    """``trains`` with every train replaced by the first one equal to it but for the name
    (titles name trains by their ids): equal trains are interchangeable, so they share
    candidate lists and solved sub-problems, and the search orders them."""
    if len(trains) < 2:
        return trains
    first: dict[tuple[object, ...], TrainSpec] = {}
    return tuple(first.setdefault(kind_key(t), t) for t in trains)


def kind_key(train: TrainSpec) -> tuple[object, ...]:
    """A plain tuple equal for two trains exactly when they are equal but for the name
    (their class and every other field, as the dataclass compares them), remembered per
    train object: a company's trains are asked again at every run, and hashing a frozen
    dataclass is a Python call over its fields, a tuple of plain values is not.  Keyed on
    the train's identity; the value holds the train, so the identity stays its own while
    the entry lasts (and a train is frozen: its key never changes)."""
    hit = _KIND_KEYS.get(id(train))
    if hit is None or hit[0] is not train:
        if len(_KIND_KEYS) >= _KIND_KEYS_KEPT:
            _KIND_KEYS.clear()
        key = (type(train), *(getattr(train, f.name) for f in fields(train) if f.name != "name"))
        hit = _KIND_KEYS[id(train)] = (train, key)
    return hit[1]


_KIND_KEYS: dict[int, tuple[TrainSpec, tuple[object, ...]]] = {}
_KIND_KEYS_KEPT = 4096


def undominated(routes: list[RawRoute]) -> list[RawRoute]:
    """Drop routes that visit the same stops between the same ends as another route using
    a subset of its track (a detour can never beat the shorter way: same value, fewer
    resources used)."""
    groups: dict[tuple[int, int, int], list[RawRoute]] = {}
    for r in routes:
        groups.setdefault((r.stop_mask, r.start, r.end), []).append(r)
    out: list[RawRoute] = []
    for group in groups.values():
        if len(group) == 1:
            out.extend(group)
            continue
        kept: list[RawRoute] = []
        for r in sorted(group, key=lambda x: x.res.bit_count()):
            if not any(k.res & r.res == k.res for k in kept):
                kept.append(r)
        out.extend(kept)
    return out


def candidates(
    comp: Compressed,
    routes: list[RawRoute],
    train: TrainSpec,
    rules: RouteRules,
    run: RunContext,
    tokens: int,
    least: int | None = None,
    names: list[tuple[str, ...] | None] | None = None,
) -> list[Cand]:
    """The routes ``train`` can run, best first; with ``least`` only those worth at least
    that much (a value floor of :mod:`multisets`).  ``names``: :func:`bonus_names`, when
    the caller made them once for several trains."""
    g = comp.graph
    dedup = not rules.shared_values and not train.recount
    least = max(least or 1, 1)
    bonus = run.route_bonus is not None
    if bonus and names is None:
        names = bonus_names(comp, routes, run)
    out = []
    for i, r in enumerate(routes):
        value = route_value(g, r, train, rules, run, names[i] if names is not None else None)
        if value is None or value < least:
            continue
        centre_mask = r.stop_mask & ~offboard_bits(g, r) if dedup else 0
        fixed = value - centre_values(g, centre_mask) if dedup else value
        out.append(Cand(value, fixed, r.units, centre_mask, i,
                        unit_mask(r.units) & tokens if tokens else 0))
    out.sort(key=_VALUE, reverse=True)  # (stable: equal values keep the routes' order)
    return out


_VALUE = itemgetter(0)  # ``Cand.value``


def token_links(board: Board, op: Operator, comp: Compressed, run: RunContext) -> int:
    """Bit mask of the units (links) that touch a city holding a counting token of ``op``;
    every route uses one of them (it must contain such a city)."""
    g = comp.graph
    homes = set()
    for coord, city in board.company_cities(op.company):
        name = f"{coord}.c{city}"
        if name in g.index and name not in run.ignore_tokens:
            homes.add(g.index[name])
    mask = 0
    for u in homes:
        for _, li in comp.adj.get(u, ()):
            mask |= 1 << li
    return mask


def offboard_bits(g: TrackGraph, r: RawRoute) -> int:
    """The node bits of the off-boards among ``r``'s ends."""
    bits = 0
    for u in (r.start, r.end):
        if g.nodes[u].kind == "offboard":
            bits |= 1 << u
    return bits


def describe(comp: Compressed, r: RawRoute) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(stop names, segment names) of a raw route, in travel order."""
    return stop_names(comp, r), segment_names(comp, r)


_STOP_KINDS = frozenset({"city", "town", "offboard"})


def stop_names(comp: Compressed, r: RawRoute) -> tuple[str, ...]:
    """The names of a raw route's stops in travel order (what a ``route_bonus`` reads)."""
    return all_stop_names(comp, [r])[0]


def all_stop_names(comp: Compressed, routes: list[RawRoute]) -> list[tuple[str, ...]]:
    """:func:`stop_names` of every route of ``routes``, each link's stops listed once."""
    nodes, links = comp.graph.nodes, comp.links
    inside: dict[int, tuple[str, ...]] = {}  # link -> the stops inside it, from its u
    out = []
    for r in routes:
        stops = [nodes[r.start].name]
        cur = r.start
        for li in r.units:
            if li >= len(links):
                continue
            link = links[li]
            within = inside.get(li)
            if within is None:
                within = inside[li] = tuple(
                    nodes[u].name for u in link.nodes[1:-1] if nodes[u].kind in _STOP_KINDS)
            if link.u == cur:
                stops.extend(within)
                cur = link.v
            else:
                stops.extend(reversed(within))
                cur = link.u
            end = nodes[cur]
            if end.kind in _STOP_KINDS:
                stops.append(end.name)
        out.append(tuple(stops))
    return out


def bonus_names(
    comp: Compressed, routes: list[RawRoute], run: RunContext
) -> list[tuple[str, ...] | None] | None:
    """Per route, its stop names (:func:`stop_names`) where ``run.route_bonus`` may add
    something to it, else None (the hook is not asked: the route visits none of
    ``run.bonus_stops``; a route's ``stop_mask`` holds every stop it visits); None
    without a bonus."""
    if run.route_bonus is None:
        return None
    if run.bonus_stops is None:
        return list(all_stop_names(comp, routes))
    index, mask = comp.graph.index, 0
    for name in run.bonus_stops:
        u = index.get(name)
        if u is not None:
            mask |= 1 << u
    if not mask:
        return [None] * len(routes)
    named = iter(all_stop_names(comp, [r for r in routes if r.stop_mask & mask]))
    return [next(named) if r.stop_mask & mask else None for r in routes]


def segment_names(comp: Compressed, r: RawRoute) -> tuple[str, ...]:
    """The names of a raw route's segments in travel order."""
    g = comp.graph
    names, links = g.path_names, comp.links
    segs: list[str] = []
    cur = r.start
    for li in r.units:
        if li >= len(links):
            continue
        link = links[li]
        if link.u == cur:
            segs.extend([names[p] for p in link.paths])
            cur = link.v
        else:
            segs.extend([names[p] for p in reversed(link.paths)])
            cur = link.u
    return tuple(segs)
