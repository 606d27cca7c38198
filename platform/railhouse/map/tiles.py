"""Tile definitions: stops (cities, towns, junctions, off-board stops) and the track paths
between edges and stops.

A path endpoint is an ``int``: ``0..5`` is a hex edge (at rotation 0), ``6 + i`` is
``stops[i]``.  Paths that cross without sharing an endpoint do not connect (bridges, e.g.
#16); a ``junction`` stop joins every path that ends at it without being a revenue centre.

Tiles are written with a tiny spec language (:func:`tile`), one token per element::

    "0-3"            plain track from edge 0 to edge 3
    "c20x2:0,1,3,4"  a city worth 20 with 2 token slots, track to edges 0, 1, 3, 4
    "t10:0,3"        a town worth 10 on a line from edge 0 to edge 3
    "j:0,1,2"        a junction joining edges 0, 1, 2
    "o:0"            an off-board stop (value comes from the map) with an exit at edge 0
    "c0-t0"          track between two stops already declared (by kind and index)

>>> t = tile("57", "yellow", "c20x1:0,3")
>>> t.stops[0].slots, t.paths
(1, ((6, 0), (6, 3)))
>>> orient(t, 1).paths
((6, 1), (6, 4))
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

CITY = "city"
TOWN = "town"
JUNCTION = "junction"
OFFBOARD = "offboard"
KIND_LETTER = {CITY: "c", TOWN: "t", JUNCTION: "j", OFFBOARD: "o"}
_LETTER_KIND = {v: k for k, v in KIND_LETTER.items()}
STOP_BASE = 6


@dataclass(frozen=True, slots=True)
class Stop:
    """A place on a tile: ``kind`` is city/town/junction/offboard; ``slots`` token circles."""

    kind: str
    revenue: int = 0
    slots: int = 0


@dataclass(frozen=True)
class TileDef:
    """An immutable tile (or the printed content of a map hex).

    ``color`` is a name from the map's colour order (``white`` for an empty printed hex);
    ``label`` must match the hex's label for the tile to be laid there (None matches None).
    """

    id: str
    color: str
    stops: tuple[Stop, ...] = ()
    paths: tuple[tuple[int, int], ...] = ()
    label: str | None = None
    _orients: list[Oriented | None] = field(
        default_factory=list, init=False, repr=False, compare=False, hash=False
    )
    _cities: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False,
                                     hash=False)
    _category: tuple[str, ...] = field(default=(), init=False, repr=False, compare=False,
                                       hash=False)

    def __post_init__(self) -> None:
        cities = tuple(i for i, s in enumerate(self.stops) if s.kind == CITY)
        object.__setattr__(self, "_cities", cities)
        category = tuple(sorted(s.kind for s in self.stops if s.kind in (CITY, TOWN)))
        object.__setattr__(self, "_category", category)

    def category(self) -> tuple[str, ...]:
        """Sorted kinds of the revenue stops, e.g. ``("city", "city")`` for an OO tile."""
        return self._category

    def stop_name(self, index: int) -> str:
        """``"c0"``, ``"t1"`` ...: the kind letter and the index among stops of that kind."""
        kind = self.stops[index].kind
        nth = sum(1 for s in self.stops[:index] if s.kind == kind)
        return f"{KIND_LETTER[kind]}{nth}"

    def city_indices(self) -> tuple[int, ...]:
        """Indices in ``stops`` of the cities, in order (city ``k`` is ``stops[result[k]]``)."""
        return self._cities

    def with_(self, **changes: Any) -> TileDef:
        """A copy with fields replaced (e.g. a title's own revenue or id for a library tile)."""
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Oriented:
    """A tile at one rotation: rotated paths, a bit mask of edges with track, and for each
    stop the bit mask of edges with a path directly to it."""

    tile: TileDef
    rotation: int
    paths: tuple[tuple[int, int], ...]
    edge_mask: int
    stop_edges: tuple[int, ...]


def _turn(end: int, rotation: int) -> int:
    return (end + rotation) % 6 if end < STOP_BASE else end


def orient(t: TileDef, rotation: int) -> Oriented:
    """The tile turned ``rotation`` steps clockwise (cached on the tile turn by turn: many
    tiles are asked at few of their turns, e.g. every tile's connections at turn 0)."""
    orients = t._orients
    if not orients:
        orients.extend([None] * 6)
    turn = rotation % 6
    found = orients[turn]
    if found is None:
        found = orients[turn] = _make_orient(t, turn)
    return found


def _make_orient(t: TileDef, rotation: int) -> Oriented:
    paths = tuple((_turn(a, rotation), _turn(b, rotation)) for a, b in t.paths)
    edge_mask = 0
    stop_edges = [0] * len(t.stops)
    for a, b in paths:
        for x, y in ((a, b), (b, a)):
            if x < STOP_BASE:
                edge_mask |= 1 << x
                if y >= STOP_BASE:
                    stop_edges[y - STOP_BASE] |= 1 << x
    return Oriented(t, rotation, paths, edge_mask, tuple(stop_edges))


def tile(tile_id: str, color: str, spec: str = "", label: str | None = None) -> TileDef:
    """Build a :class:`TileDef` from the spec language in the module docstring."""
    stops: list[Stop] = []
    paths: list[tuple[int, int]] = []
    for token in spec.split():
        if "-" in token and ":" not in token:
            a, b = token.split("-")
            paths.append((_endpoint(a, stops), _endpoint(b, stops)))
            continue
        head, _, edges = token.partition(":")
        stops.append(_parse_stop(head, tile_id))
        index = STOP_BASE + len(stops) - 1
        paths.extend((index, int(e)) for e in edges.split(",") if e)
    return TileDef(tile_id, color, tuple(stops), tuple(paths), label)


def _parse_stop(head: str, tile_id: str) -> Stop:
    kind = _LETTER_KIND.get(head[0])
    if kind is None:
        raise ValueError(f"tile {tile_id}: unknown stop {head!r}")
    body = head[1:]
    value, _, slots = body.partition("x")
    revenue = int(value) if value else 0
    n_slots = int(slots) if slots else (1 if kind == CITY else 0)
    return Stop(kind, revenue, n_slots)


def _endpoint(text: str, stops: list[Stop]) -> int:
    if text.isdigit():
        return int(text)
    kind = _LETTER_KIND[text[0]]
    nth = int(text[1:])
    matching = [i for i, s in enumerate(stops) if s.kind == kind]
    return STOP_BASE + matching[nth]
