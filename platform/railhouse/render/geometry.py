"""Pixel geometry of a hex map: hex centres, corners, edge midpoints and stop positions.

Screen coordinates (y grows downwards).  Follows the edge convention of
:mod:`railhouse.map.hexgrid`: ``pointy`` edges ``0=SW 1=W 2=NW 3=NE 4=E 5=SE``, ``flat``
edges ``0=S 1=SW 2=NW 3=N 4=NE 5=SE``; coordinates are "doubled" in both layouts.

>>> g = HexGeometry("pointy", radius=10)
>>> [round(v, 3) + 0.0 for v in g.edge_point(4)]
[8.66, 0.0]
>>> g.centre("A2")[0] - g.centre("A0")[0] == 2 * g.apothem
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from railhouse.map import hexgrid
from railhouse.map.tiles import CITY, JUNCTION, STOP_BASE, Oriented

Point = tuple[float, float]

#: Screen angle (degrees) of edge 0; edge e points at ``base + 60 * e``.
_EDGE0_ANGLE = {hexgrid.POINTY: 120.0, hexgrid.FLAT: 90.0}
#: Screen angle of the first corner; corners are 60 degrees apart.
_CORNER0_ANGLE = {hexgrid.POINTY: 30.0, hexgrid.FLAT: 0.0}


def polar(angle_degrees: float, distance: float) -> Point:
    rad = math.radians(angle_degrees)
    return distance * math.cos(rad), distance * math.sin(rad)


@dataclass(frozen=True)
class HexGeometry:
    """Where things are drawn for one map layout; ``radius`` is the centre-to-corner size."""

    layout: str
    radius: float = 40.0

    @property
    def apothem(self) -> float:
        """Centre-to-edge distance."""
        return self.radius * math.sqrt(3) / 2

    def centre(self, coord: str) -> Point:
        """Pixel centre of hex ``coord`` (before the map's margin is added)."""
        row, col = hexgrid.parse(coord)
        if self.layout == hexgrid.FLAT:
            return col * 1.5 * self.radius, row * self.apothem
        return col * self.apothem, row * 1.5 * self.radius

    def edge_angle(self, edge: int) -> float:
        return _EDGE0_ANGLE[self.layout] + 60.0 * edge

    def edge_point(self, edge: int, scale: float = 1.0) -> Point:
        """Midpoint of side ``edge`` relative to the hex centre (``scale`` shrinks it)."""
        return polar(self.edge_angle(edge), self.apothem * scale)

    def corners(self) -> list[Point]:
        """The six corners relative to the hex centre, clockwise."""
        base = _CORNER0_ANGLE[self.layout]
        return [polar(base + 60.0 * k, self.radius) for k in range(6)]

    def side(self, edge: int) -> tuple[Point, Point]:
        """The two corners bounding side ``edge`` (relative to the centre)."""
        angle = self.edge_angle(edge)
        return polar(angle - 30.0, self.radius), polar(angle + 30.0, self.radius)

    def bounds(self, coords: Iterable[str]) -> tuple[float, float, float, float]:
        """``(min_x, min_y, max_x, max_y)`` enclosing every hex of ``coords``."""
        xs, ys = [], []
        for coord in coords:
            x, y = self.centre(coord)
            xs.append(x)
            ys.append(y)
        if not xs:
            return 0.0, 0.0, 0.0, 0.0
        r = self.radius
        return min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r

    def stop_positions(self, oriented: Oriented) -> list[Point]:
        """Where each stop of a laid tile sits, relative to the centre.

        A lone revenue stop and every junction sit in the centre; with several stops each
        goes half way towards the mean direction of its exits, and stops without exits
        (printed cities before any track) are spread evenly around the centre.
        """
        stops = oriented.tile.stops
        centres = [i for i, s in enumerate(stops) if s.kind != JUNCTION]
        out: list[Point] = [(0.0, 0.0)] * len(stops)
        if len(centres) <= 1:
            return out
        spread = 0
        for i in centres:
            direction = self._exit_direction(oriented.stop_edges[i])
            if direction is None:
                angle = 180.0 + 360.0 * spread / len(centres)
                spread += 1
                out[i] = polar(angle, self.apothem * 0.45)
            else:
                out[i] = polar(direction, self.apothem * 0.5)
        out = _separate(out, centres, self.apothem * 0.45)
        return _widen(out, [(i, stops[i].slots) for i in centres if stops[i].kind == CITY],
                      self.radius * 0.2)

    def _exit_direction(self, edge_mask: int) -> float | None:
        x = y = 0.0
        for edge in range(6):
            if edge_mask >> edge & 1:
                dx, dy = polar(self.edge_angle(edge), 1.0)
                x, y = x + dx, y + dy
        if math.hypot(x, y) < 0.3:
            return None
        return math.degrees(math.atan2(y, x))

    def endpoint(self, end: int, stops: list[Point]) -> Point:
        """A path endpoint (edge ``0..5`` or ``STOP_BASE + i``) relative to the centre."""
        return stops[end - STOP_BASE] if end >= STOP_BASE else self.edge_point(end)


def _widen(points: list[Point], cities: list[tuple[int, int]], size: float) -> list[Point]:
    """Move cities (``(stop index, slots)``; a one-slot city is a circle of radius ``size``,
    a two-slot one a pill ``4 * size`` wide, a bigger one a circle of ``2.1 * size``) whose
    shapes would touch further from the centre until they are ``size / 4`` apart."""
    out = list(points)
    half = {1: (1.0, 1.0), 2: (2.0, 1.0)}
    for n, (i, slots_i) in enumerate(cities):
        for j, slots_j in cities[:n]:
            (wi, hi), (wj, hj) = (half.get(k, (2.1, 2.1)) for k in (slots_i, slots_j))
            for _ in range(8):
                (xi, yi), (xj, yj) = out[i], out[j]
                if (abs(xi - xj) >= (wi + wj + 0.25) * size
                        or abs(yi - yj) >= (hi + hj + 0.25) * size):
                    break
                out[i], out[j] = (xi * 1.06, yi * 1.06), (xj * 1.06, yj * 1.06)
    return out


def _separate(points: list[Point], indices: list[int], gap: float) -> list[Point]:
    """Nudge stops that landed on top of each other apart (keeps the first in place)."""
    out = list(points)
    for n, i in enumerate(indices):
        for j in indices[:n]:
            if math.dist(out[i], out[j]) < gap * 0.8:
                angle = math.degrees(math.atan2(out[i][1], out[i][0])) + 90.0
                out[i] = polar(angle, gap)
    return out
