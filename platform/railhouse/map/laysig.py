"""What a tile lay is physically: its track and where a hex's tokens end up, compared
across rotations of a tile (a symmetric tile turned half way lays the same track), and a
lay spelled with another turn of such a tile mapped to the listed one."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

import msgspec

from railhouse.engine.actions import LayTile
from railhouse.map.tiles import STOP_BASE, Oriented, TileDef, orient


def track_sig(o: Oriented) -> tuple[str, frozenset[frozenset[tuple[int, int]]]]:
    """The tile and its track as laid: a stop is named by the edges it reaches, so turns
    of a symmetric tile that look the same compare equal."""

    def end(x: int) -> tuple[int, int]:
        return (
            (x, -1)
            if x < STOP_BASE
            else (o.stop_edges[x - STOP_BASE], o.tile.stops[x - STOP_BASE].slots)
        )

    return o.tile.id, frozenset(frozenset((end(a), end(b))) for a, b in o.paths)


def city_sig(o: Oriented, cities: tuple[int, ...]) -> frozenset[tuple[int, tuple[int, ...]]]:
    """Where the old cities go, by the edges of the new city (its physical place)."""
    new_cities = o.tile.city_indices()
    return frozenset(
        (o.stop_edges[i], tuple(k for k, t in enumerate(cities) if t == j))
        for j, i in enumerate(new_cities)
    )


def same_lay(t: TileDef, rotation: int, other: int) -> bool:
    """Whether ``t`` turned ``rotation`` and turned ``other`` lay the same thing: the same
    track (:func:`track_sig`) with every stop on the same edges, so that markers and a
    director's allocation by city index land alike (e.g. a straight turned half way)."""
    a, b = orient(t, rotation), orient(t, other)
    return a.stop_edges == b.stop_edges and track_sig(a) == track_sig(b)


L = TypeVar("L", bound=LayTile)


def listed_turn(action: L, listed: Iterable[LayTile], tiles: Mapping[str, TileDef]) -> L:
    """``action`` as the first of ``listed`` that differs from it only in a rotation that
    lays the same track (:func:`same_lay`): the legal set lists each physical lay once, at
    one rotation, and a lay spelled with another turn of a symmetric tile is that lay.
    ``action`` itself when it is listed or has no such twin (or a rotation outside 0-5)."""
    t = tiles.get(action.tile)
    if t is None or not 0 <= action.rotation < 6:
        return action
    for lay in listed:
        if type(lay) is not type(action) or lay.rotation == action.rotation:
            continue
        if (msgspec.structs.replace(lay, rotation=action.rotation) == action
                and same_lay(t, lay.rotation, action.rotation)):
            return msgspec.structs.replace(action, rotation=lay.rotation)
    return action
