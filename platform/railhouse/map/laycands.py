"""The tiles that may replace a hex's tile, turned and signed (:mod:`railhouse.map.lays`
lists the legal lays from them): the next colour's shapes over the old tile
(:func:`next_tiles`), each at its rotation with its track and city signatures, and those
fitting a hex's open sides without physical duplicates (:func:`static_candidates`).
Everything here depends on the map alone and is cached on it."""

from __future__ import annotations

from typing import NamedTuple

from railhouse.map.laysig import city_sig, track_sig
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import Oriented, TileDef, orient
from railhouse.map.upgrades import UpgradeShape, cached_shapes, kind_compatible


def next_tiles(mapdef: MapDef, old: TileDef) -> list[UpgradeShape]:
    """Tiles of the next colour that can replace ``old`` (shape, kind, label), cached."""
    key = ("next", id(old))
    hit = mapdef._cache.get(key)
    if hit is None:
        rank = mapdef.color_rank(old.color) + 1
        hit = [
            shape
            for new in _tiles_by_rank(mapdef).get(rank, ())
            if kind_compatible(old, new, mapdef.town_to_double_town)
            for shape in cached_shapes(mapdef._cache, old, new)
        ]
        mapdef._cache[key] = hit
    return hit


def _tiles_by_rank(mapdef: MapDef) -> dict[int, list[TileDef]]:
    """The map's tiles of its colours per colour rank, in tile order (cached per map:
    :func:`next_tiles` asks once per old tile)."""
    hit: dict[int, list[TileDef]] | None = mapdef._cache.get("tiles_by_rank")
    if hit is None:
        hit = {}
        for new in mapdef.tiles.values():
            if new.color in mapdef.colors:
                hit.setdefault(mapdef.color_rank(new.color), []).append(new)
        mapdef._cache["tiles_by_rank"] = hit
    return hit


class Candidate(NamedTuple):
    """A tile at a rotation over a hex's current tile: ``default`` is True for the shape
    ``Board.lay_tile`` uses when no token allocation is given; ``track`` and ``cities``
    are its :func:`~railhouse.map.laysig.track_sig` and
    :func:`~railhouse.map.laysig.city_sig` (computed once)."""

    shape: UpgradeShape
    rotation: int
    edge_mask: int
    default: bool
    track: tuple[str, frozenset[frozenset[tuple[int, int]]]]
    cities: frozenset[tuple[int, tuple[int, ...]]]


def static_candidates(mapdef: MapDef, coord: str, old: TileDef, old_rot: int) -> list[Candidate]:
    """Candidates that fit the hex's open sides, without physical duplicates (same tile,
    same track, same old cities carried to the same new-city places); only default
    allocations unless the map lets the director choose (``choose_token_cities``).
    Cached per map on the mask of the hex's open sides (``MapDef.open_edges``), the old
    tile and its turn: the hex matters through its open sides alone, so hexes alike
    share one list (most of a map's hexes have all six sides open)."""
    open_mask = mapdef.open_edges[coord]
    key = ("cand", open_mask, id(old), old_rot)
    hit = mapdef._cache.get(key)
    if hit is None:
        seen: set[tuple[object, ...]] = set()
        hit = []
        for cand in _turned_shapes(mapdef, old, old_rot):
            if cand.edge_mask & ~open_mask or (cand.track, cand.cities) in seen:
                continue
            if not cand.default and not mapdef.choose_token_cities:
                continue
            seen.add((cand.track, cand.cities))
            hit.append(cand)
        mapdef._cache[key] = hit
    return hit


def _turned_shapes(mapdef: MapDef, old: TileDef, old_rot: int) -> list[Candidate]:
    """Every shape of :func:`next_tiles` over ``old`` at ``old_rot``, in order, as a
    :class:`Candidate` (``default``: the first shape of its tile and turn), before any
    hex's open sides or duplicates are considered: what :func:`static_candidates`
    filters per hex.  Cached per map, old tile and rotation; the signatures, the costly
    part, depend only on the new tile, its turn and the city map (:func:`_signs`), so
    the old tiles under which a tile turns alike share them."""
    key = ("turned", id(old), old_rot)
    hit: list[Candidate] | None = mapdef._cache.get(key)
    if hit is None:
        defaults: set[tuple[str, int]] = set()
        hit = []
        for shape in next_tiles(mapdef, old):
            rot = (old_rot + shape.delta) % 6
            default = (shape.new.id, shape.delta) not in defaults
            defaults.add((shape.new.id, shape.delta))
            o, track, cities = _signs(mapdef, shape, rot)
            hit.append(Candidate(shape, rot, o.edge_mask, default, track, cities))
        mapdef._cache[key] = hit
    return hit


#: a new tile turned, with its track and city signatures (:func:`_signs`)
_Signs = tuple[Oriented, tuple[str, frozenset[frozenset[tuple[int, int]]]],
               frozenset[tuple[int, tuple[int, ...]]]]


def _signs(mapdef: MapDef, shape: UpgradeShape, rot: int) -> _Signs:
    """``shape``'s new tile turned ``rot``, its :func:`~railhouse.map.laysig.track_sig`
    and its :func:`~railhouse.map.laysig.city_sig` under ``shape.city_map``: all three
    depend on nothing else, so they are cached per map on the tile, the turn and the
    city map."""
    key = ("signs", id(shape.new), rot, shape.city_map)
    hit: _Signs | None = mapdef._cache.get(key)
    if hit is None:
        o = orient(shape.new, rot)
        hit = mapdef._cache[key] = (o, track_sig(o), city_sig(o, shape.city_map))
    return hit


def candidate_ids(mapdef: MapDef, coord: str, old: TileDef, old_rot: int) -> frozenset[str]:
    """The ids of the tiles that may replace ``old`` on ``coord`` (cached per map, on
    the hex's open sides as :func:`static_candidates` is)."""
    key = ("cand_ids", mapdef.open_edges[coord], id(old), old_rot)
    hit: frozenset[str] | None = mapdef._cache.get(key)
    if hit is None:
        hit = mapdef._cache[key] = frozenset(
            c.shape.new.id for c in static_candidates(mapdef, coord, old, old_rot))
    return hit
