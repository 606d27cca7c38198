"""The map-level caches behind the lay candidates (railhouse.map.laycands, upgrades,
tiles) answer as the computation they replace, for every tile of both titles: a turned
tile's connections are its connections at rotation 0 turned, the next colour's tiles
come from the per-rank index, and a tile's category is kept from its construction.
(``test_lay_memo.test_static_candidates_equal_the_per_hex_reference`` checks the
signatures shared per new tile, turn and city map.)"""

from __future__ import annotations

import dataclasses
from itertools import product

import pytest

from railhouse.map.laycands import next_tiles
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import CITY, JUNCTION, TOWN, TileDef
from railhouse.map.upgrades import (
    UpgradeShape,
    _connections,
    _distinct_stops,
    _stop_maps,
    city_map,
    connections,
    kind_compatible,
    shape_upgrades,
    walked_connections,
)


def _title_map(title: str) -> MapDef:
    if title == "soh":
        from railhouse_soh.mapdata import build_map as soh_map
        return soh_map()
    from railhouse_m1839.mapdata import build_map as m1839_map
    return m1839_map()


def _tiles(mapdef: MapDef) -> list[TileDef]:
    """Every tile of the map and every printed hex content, once each."""
    found = {id(t): t for t in [*mapdef.tiles.values(),
                                *(h.printed for h in mapdef.hexes.values())]}
    return list(found.values())


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_cached_connections_of_every_turn_equal_a_direct_computation(title: str) -> None:
    mapdef = _title_map(title)
    cache: dict[object, object] = {}
    checked = 0
    for t in _tiles(mapdef):
        for rotation in (3, 0, 1, 5, 2, 4):  # a turn asked before rotation 0, too
            assert _connections(cache, t, rotation) == connections(t, rotation), (t.id, rotation)
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_connections_without_junctions_equal_the_walk(title: str) -> None:
    """A tile without junction stops has its connections read off its turned paths
    (``connections``' short way): the same as the walk through junctions, for every
    tile and printed hex of the map at every turn (tiles with junctions among them, in
    1839)."""
    mapdef = _title_map(title)
    plain = junctions = 0
    for t in _tiles(mapdef):
        for rotation in range(6):
            assert connections(t, rotation) == walked_connections(t, rotation), (t.id, rotation)
        if any(stop.kind == JUNCTION for stop in t.stops):
            junctions += 1
        else:
            plain += 1
    assert plain > 40 and (junctions > 0 or title == "soh"), (plain, junctions)  # (SOH has none)


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_next_tiles_equal_a_scan_of_every_tile(title: str) -> None:
    mapdef = dataclasses.replace(_title_map(title), _cache={})
    checked = 0
    for old in _tiles(mapdef):
        if old.color not in mapdef.colors or old.color == mapdef.colors[-1]:
            continue
        rank = mapdef.color_rank(old.color) + 1
        expected = [shape for new in mapdef.tiles.values()
                    if new.color in mapdef.colors and mapdef.color_rank(new.color) == rank
                    and kind_compatible(old, new, mapdef.town_to_double_town)
                    for shape in shape_upgrades(old, new)]
        assert next_tiles(mapdef, old) == expected, old.id
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_a_tiles_category_is_its_sorted_revenue_stop_kinds(title: str) -> None:
    for t in _tiles(_title_map(title)):
        assert t.category() == tuple(sorted(s.kind for s in t.stops if s.kind in (CITY, TOWN)))
        assert t.with_(stops=()).category() == ()


def _one_to_one_enough(old: TileDef, new: TileDef, combo: tuple[int, ...]) -> bool:
    """The stop map rule kind by kind (the reference for ``_distinct_stops``): old stops
    of a kind of which ``new`` has at least as many go to distinct new stops."""
    for kind in {s.kind for s in old.stops if s.kind != JUNCTION}:
        n_old = sum(1 for s in old.stops if s.kind == kind)
        n_new = sum(1 for s in new.stops if s.kind == kind)
        targets = [j for i, j in enumerate(combo) if old.stops[i].kind == kind]
        if n_new >= n_old and len(set(targets)) != len(targets):
            return False
    return True


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_stop_maps_equal_the_kind_by_kind_rule(title: str) -> None:
    """Every pair of the map's tiles (any colours): the stop maps kept are the
    admissible ones of every kind alone, in lexicographic order."""
    mapdef = _title_map(title)
    cache: dict[object, object] = {}
    checked = 0
    for old in _tiles(mapdef):
        for new in mapdef.tiles.values():
            _, old_stops = _connections(cache, old, 0)
            for delta in range(6):
                _, stops = _connections(cache, new, delta)
                choices = [[-1] if s.kind == JUNCTION else
                           [j for j, n in enumerate(new.stops)
                            if n.kind == s.kind and old_stops[i] & ~stops[j] == 0]
                           for i, s in enumerate(old.stops)]
                expected = ([] if not all(choices) else
                            [c for c in product(*choices) if _one_to_one_enough(old, new, c)])
                found = _stop_maps(old, new, old_stops, stops, _distinct_stops(old, new))
                assert found == expected, (old.id, new.id, delta)
                checked += len(found)
    assert checked > 1000


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_shapes_equal_every_turn_and_stop_map_tried(title: str) -> None:
    """Every pair of the map's tiles (any colours): the shapes, with the turns of the
    new tile kept per tile and a tile without stops taken at once, are those of every
    turn whose connections hold the old ones, one per distinct city map of the stop
    maps (``_stop_maps``, which gives a stopless tile its one empty map), in order."""
    mapdef = _title_map(title)
    cache: dict[object, object] = {}
    checked = 0
    for old in _tiles(mapdef):
        old_pairs, old_stops = connections(old, 0)
        for new in mapdef.tiles.values():
            expected = []
            for delta in range(6):
                pairs, stops = connections(new, delta)
                if old_pairs <= pairs:
                    maps = _stop_maps(old, new, old_stops, stops, _distinct_stops(old, new))
                    first = {city_map(old, new, m): m for m in reversed(maps)}
                    expected += [UpgradeShape(new, delta, m, c) for c, m in first.items()]
            found = shape_upgrades(old, new, cache)
            assert sorted(found, key=_order) == sorted(expected, key=_order), (old.id, new.id)
            checked += len(found)
    assert checked > 900


def _order(shape: UpgradeShape) -> tuple[object, ...]:
    return shape.delta, shape.stop_map
