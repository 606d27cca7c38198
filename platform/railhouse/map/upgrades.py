"""Upgrade legality between tile shapes, independent of the board.

An upgrade from ``old`` (at rotation 0) to ``new`` at rotation ``d`` is shape-legal when
(R-15.4.2 / SOH "Replacing tiles": all tracks and stations must be replicated):

* every edge-to-edge connection of ``old`` (through plain track and junctions, never
  through a city or town) exists in ``new``;
* there is a map ``m`` from old cities/towns to new stops of the same kind such that every
  edge connected to an old stop is connected to ``m(stop)``; ``m`` is one-to-one unless the
  new tile has fewer stops of that kind (merging, e.g. SOH brown Amsterdam, 1839 A-Gr).

Because the relation is invariant under turning both tiles, the rotations for an old tile
lying at rotation ``r`` are ``(r + d) % 6``.  Colour, label and kind rules are checked by
:func:`kind_compatible`; board-dependent rules (edges, tokens) live in ``lays``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

from railhouse.map.tiles import JUNCTION, STOP_BASE, TileDef, orient


@dataclass(frozen=True, slots=True)
class UpgradeShape:
    """``new`` fits over ``old`` when turned ``delta`` more; ``stop_map[i]`` is the index in
    ``new.stops`` that ``old.stops[i]`` becomes (-1 for junctions); ``city_map[k]`` is the
    new city index that old city ``k`` (and its tokens) becomes."""

    new: TileDef
    delta: int
    stop_map: tuple[int, ...]
    city_map: tuple[int, ...] = ()


def connections(t: TileDef, rotation: int) -> tuple[frozenset[tuple[int, int]], tuple[int, ...]]:
    """(edge pairs joined by plain track/junctions, per-stop mask of reachable edges)."""
    o = orient(t, rotation)
    if all(stop.kind != JUNCTION for stop in t.stops):
        # nothing to pass through: an edge reaches the edges its own paths join it to,
        # and a stop the edges of its own paths (the turned tile's ``stop_edges``)
        return (frozenset([(a, b) if a < b else (b, a) for a, b in o.paths
                           if a < STOP_BASE and b < STOP_BASE and a != b]),
                o.stop_edges)
    return walked_connections(t, rotation)


def walked_connections(t: TileDef, rotation: int
                       ) -> tuple[frozenset[tuple[int, int]], tuple[int, ...]]:
    """:func:`connections` found by walking from every edge and stop through junctions
    (what a tile with junction stops needs; any tile's answer)."""
    o = orient(t, rotation)
    adj: dict[int, list[int]] = {}
    for a, b in o.paths:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    pairs: set[tuple[int, int]] = set()
    for edge in range(6):
        for other in _through_junctions(t, adj, edge):
            if other < STOP_BASE and other != edge:
                pairs.add((min(edge, other), max(edge, other)))
    stop_masks = []
    for i, stop in enumerate(t.stops):
        mask = 0
        if stop.kind != JUNCTION:
            for other in _through_junctions(t, adj, STOP_BASE + i):
                if other < STOP_BASE:
                    mask |= 1 << other
        stop_masks.append(mask)
    return frozenset(pairs), tuple(stop_masks)


def _through_junctions(t: TileDef, adj: dict[int, list[int]], start: int) -> set[int]:
    """Endpoints reachable from ``start`` passing only through junction stops."""
    seen = {start}
    todo = [start]
    while todo:
        node = todo.pop()
        for nxt in adj.get(node, ()):
            if nxt in seen:
                continue
            seen.add(nxt)
            if nxt >= STOP_BASE and t.stops[nxt - STOP_BASE].kind == JUNCTION:
                todo.append(nxt)
    seen.discard(start)
    return seen


TOWN_CATEGORY = ("town",)
DOUBLE_TOWN_CATEGORY = ("town", "town")


def kind_compatible(old: TileDef, new: TileDef, town_to_double_town: bool = False) -> bool:
    """Labels equal, and the same kinds of revenue stops (1839 R-15.2: a tile type never
    changes, so R-15.2.4 forbids a town becoming a double town); a labelled tile may merge
    stops (fewer cities), never add a kind.  With ``town_to_double_town`` (a
    :class:`~railhouse.map.mapdef.MapDef` knob; SOH facts §9.2/§9.3: yellow 3/4/58 become
    the green double towns 981, 991, SOH2-SOH5) one town may become two."""
    if old.label != new.label:
        return False
    if old.category() == new.category():
        return True
    if (
        town_to_double_town
        and old.category() == TOWN_CATEGORY
        and new.category() == DOUBLE_TOWN_CATEGORY
    ):
        return True
    return old.label is not None and set(new.category()) == set(old.category())


def shape_upgrades(old: TileDef, new: TileDef,
                   cache: dict[Any, Any] | None = None) -> list[UpgradeShape]:
    """Every rotation delta at which ``new`` preserves ``old`` (see module docstring), with
    one shape per distinct way of carrying the old cities to new ones (``city_map``); for a
    delta the first shape is the default (cities in order where the track allows).
    ``cache``: a map's ``_cache``, where the tiles' :func:`connections` are kept."""
    old_pairs, old_stops = _connections(cache, old, 0)
    distinct = _distinct_stops(old, new) if old.stops else ()
    out = []
    for delta, (pairs, stops) in enumerate(_turns(cache, new)):
        if not old_pairs <= pairs:
            continue
        if not old.stops:  # plain track: one way to keep it, no stop to carry
            out.append(UpgradeShape(new, delta, (), ()))
            continue
        seen: set[tuple[int, ...]] = set()
        for stop_map in _stop_maps(old, new, old_stops, stops, distinct):
            cities = city_map(old, new, stop_map)
            if cities not in seen:
                seen.add(cities)
                out.append(UpgradeShape(new, delta, stop_map, cities))
    return out


def _connections(cache: dict[Any, Any] | None, t: TileDef,
                 rotation: int) -> tuple[frozenset[tuple[int, int]], tuple[int, ...]]:
    """:func:`connections`, memoised in ``cache`` by tile identity and rotation (a tile
    is compared with every tile of the colours around it).  A turn of the tile is its
    connections at rotation 0 turned (:func:`_turned`): what joins what does not change
    when the tile turns, only which edges the ends are."""
    if cache is None:
        return connections(t, rotation)
    key = ("connections", id(t), rotation)
    hit: tuple[frozenset[tuple[int, int]], tuple[int, ...]] | None = cache.get(key)
    if hit is None:
        hit = cache[key] = (connections(t, 0) if rotation == 0 else
                            _turned(_connections(cache, t, 0), rotation))
    return hit


def _turns(cache: dict[Any, Any] | None, t: TileDef
           ) -> tuple[tuple[frozenset[tuple[int, int]], tuple[int, ...]], ...]:
    """:func:`_connections` of ``t`` at each rotation 0-5, kept together in ``cache``
    per tile (:func:`shape_upgrades` tries every turn of a new tile over each old one
    it may replace: one look-up, not six)."""
    if cache is None:
        return tuple(connections(t, rotation) for rotation in range(6))
    key = ("turns", id(t))
    hit: tuple[tuple[frozenset[tuple[int, int]], tuple[int, ...]], ...] | None = cache.get(key)
    if hit is None:
        hit = cache[key] = tuple(_connections(cache, t, rotation) for rotation in range(6))
    return hit


def _turned(found: tuple[frozenset[tuple[int, int]], tuple[int, ...]],
            rotation: int) -> tuple[frozenset[tuple[int, int]], tuple[int, ...]]:
    """:func:`connections` at rotation 0 (``found``) turned ``rotation`` steps."""
    pairs, stop_masks = found
    turned = set()
    for a, b in pairs:
        a, b = (a + rotation) % 6, (b + rotation) % 6
        turned.add((a, b) if a < b else (b, a))
    return frozenset(turned), tuple(_turn_mask(mask, rotation) for mask in stop_masks)


def _turn_mask(mask: int, rotation: int) -> int:
    """A mask of hex edges turned ``rotation`` steps (edge ``e`` becomes ``e + rotation``)."""
    return ((mask << rotation) | (mask >> (6 - rotation))) & 0b111111


def city_map(old: TileDef, new: TileDef, stop_map: tuple[int, ...]) -> tuple[int, ...]:
    """For every city ``k`` of ``old``, the index among ``new``'s cities it becomes."""
    new_cities = new.city_indices()
    return tuple(new_cities.index(stop_map[i]) for i in old.city_indices())


def _stop_maps(
    old: TileDef, new: TileDef, old_masks: tuple[int, ...], new_masks: tuple[int, ...],
    distinct: tuple[int, ...],
) -> list[tuple[int, ...]]:
    """Every admissible stop map, in lexicographic order (identity-like first);
    ``distinct``: :func:`_distinct_stops` of the two tiles."""
    choices: list[list[int]] = []
    for i, stop in enumerate(old.stops):
        if stop.kind == JUNCTION:
            choices.append([-1])
            continue
        fits = [
            j
            for j, s in enumerate(new.stops)
            if s.kind == stop.kind and old_masks[i] & ~new_masks[j] == 0
        ]
        if not fits:
            return []
        choices.append(fits)
    if len(distinct) < 2:
        return list(product(*choices))
    return [combo for combo in product(*choices)
            if len({combo[i] for i in distinct}) == len(distinct)]


def _distinct_stops(old: TileDef, new: TileDef) -> tuple[int, ...]:
    """The old stops that must become distinct new ones: those of every kind (but
    junctions) of which ``new`` has at least as many as ``old`` (the map is one-to-one
    there; a kind with fewer new stops may merge).  Stops of different kinds never
    share a new stop, so one test over all of them is that of every kind alone."""
    def count(t: TileDef, kind: str) -> int:
        return sum(1 for s in t.stops if s.kind == kind)

    return tuple(i for i, s in enumerate(old.stops)
                 if s.kind != JUNCTION and count(new, s.kind) >= count(old, s.kind))


def cached_shapes(cache: dict[Any, Any], old: TileDef, new: TileDef) -> list[UpgradeShape]:
    """:func:`shape_upgrades` memoised in ``cache`` (a map's ``_cache``) by tile identity."""
    key = ("shapes", id(old), id(new))
    hit = cache.get(key)
    if hit is None:
        hit = shape_upgrades(old, new, cache)
        cache[key] = hit
    return hit
