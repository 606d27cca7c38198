"""A hex's fragment is its tile's shape at that rotation (``graphbuild._shape``, cached per
map, tile and rotation) named on the hex: on every hex of both titles' maps, for the hex's
printed tile and the tiles of the supply at every rotation, it equals the fragment made
from the tile directly (the stops' and paths' names, kinds, cities, revenues and slots)."""

from __future__ import annotations

from typing import Any

import pytest

from railhouse.map.graphbuild import fragment
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import CITY, OFFBOARD, STOP_BASE, TileDef, orient


def _direct(mapdef: MapDef, coord: str, t: TileDef, rot: int) -> tuple[Any, ...]:
    off = mapdef.hexes[coord].offboard
    labels = [t.stop_name(i) for i in range(len(t.stops))]
    stops = []
    for i, stop in enumerate(t.stops):
        if stop.kind == OFFBOARD:
            name = off.location if off is not None else f"{coord}.{labels[i]}"
            stops.append((name, OFFBOARD, coord, -1, 0, 0, off, True))
            continue
        city = t.city_indices().index(i) if stop.kind == CITY else -1
        stops.append((f"{coord}.{labels[i]}", stop.kind, coord, city, stop.revenue,
                      stop.slots, None, False))
    o = orient(t, rot)
    paths = []
    for a, b in o.paths:
        la = labels[a - STOP_BASE] if a >= STOP_BASE else str(a)
        lb = labels[b - STOP_BASE] if b >= STOP_BASE else str(b)
        paths.append((a, b, f"{coord}:{'-'.join(sorted((la, lb)))}"))
    return o.edge_mask, tuple(stops), tuple(paths)


def _made(mapdef: MapDef, coord: str, t: TileDef, rot: int) -> tuple[Any, ...]:
    frag = fragment(mapdef, coord, t, rot)
    stops = tuple((n.name, n.kind, n.hex, n.city, n.revenue, n.slots, n.offboard, shared)
                  for n, shared in frag.stops)
    return frag.edge_mask, stops, frag.paths


def _map(title: str) -> MapDef:
    if title == "soh":
        from railhouse_soh.mapdata import build_map as soh_map
        return soh_map()
    from railhouse_m1839.mapdata import build_map as m1839_map
    return m1839_map()


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_every_fragment_is_the_one_made_from_its_tile(title: str) -> None:
    mapdef = _map(title)
    tiles = list(mapdef.tiles.values())
    checked = 0
    for coord, hexdef in mapdef.hexes.items():
        for t in [hexdef.printed, *tiles[:: max(1, len(tiles) // 12)]]:
            for rot in range(6):
                assert _made(mapdef, coord, t, rot) == _direct(mapdef, coord, t, rot)
                checked += 1
    assert checked > 1000
