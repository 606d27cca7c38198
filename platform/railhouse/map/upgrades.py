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
    ``new.stops`` that ``old.stops[i]`` becomes (-1 for junctions)."""

    new: TileDef
    delta: int
    stop_map: tuple[int, ...]


def connections(t: TileDef, rotation: int) -> tuple[frozenset[tuple[int, int]], tuple[int, ...]]:
    """(edge pairs joined by plain track/junctions, per-stop mask of reachable edges)."""
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


def kind_compatible(old: TileDef, new: TileDef) -> bool:
    """Labels equal, and the same kinds of revenue stops (R-15.2: a tile type never changes);
    a labelled tile may merge stops (fewer cities), never add a kind."""
    if old.label != new.label:
        return False
    if old.category() == new.category():
        return True
    return old.label is not None and set(new.category()) == set(old.category())


def shape_upgrades(old: TileDef, new: TileDef) -> list[UpgradeShape]:
    """Every rotation delta at which ``new`` preserves ``old`` (see module docstring)."""
    old_pairs, old_stops = connections(old, 0)
    out = []
    for delta in range(6):
        pairs, stops = connections(new, delta)
        if not old_pairs <= pairs:
            continue
        stop_map = _stop_map(old, new, old_stops, stops)
        if stop_map is not None:
            out.append(UpgradeShape(new, delta, stop_map))
    return out


def _stop_map(
    old: TileDef, new: TileDef, old_masks: tuple[int, ...], new_masks: tuple[int, ...]
) -> tuple[int, ...] | None:
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
            return None
        choices.append(fits)
    for combo in product(*choices):
        if _injective_enough(old, new, combo):
            return tuple(combo)
    return None


def _injective_enough(old: TileDef, new: TileDef, combo: tuple[int, ...]) -> bool:
    for kind in {s.kind for s in old.stops if s.kind != JUNCTION}:
        n_old = sum(1 for s in old.stops if s.kind == kind)
        n_new = sum(1 for s in new.stops if s.kind == kind)
        targets = [j for i, j in enumerate(combo) if old.stops[i].kind == kind]
        if n_new >= n_old and len(set(targets)) != len(targets):
            return False
    return True


def cached_shapes(cache: dict[Any, Any], old: TileDef, new: TileDef) -> list[UpgradeShape]:
    """:func:`shape_upgrades` memoised in ``cache`` (a map's ``_cache``) by tile identity."""
    key = ("shapes", id(old), id(new))
    hit = cache.get(key)
    if hit is None:
        hit = shape_upgrades(old, new)
        cache[key] = hit
    return hit
