"""Hex geometry agrees with the core's edge convention (railhouse.map.hexgrid)."""

from __future__ import annotations

import math

import pytest

from railhouse.map import hexgrid
from railhouse.map.tiles import orient, tile
from railhouse.render.geometry import HexGeometry


@pytest.mark.parametrize("layout", [hexgrid.POINTY, hexgrid.FLAT])
@pytest.mark.parametrize("edge", range(6))
def test_edge_points_face_the_neighbour_across_that_edge(layout: str, edge: int) -> None:
    geo = HexGeometry(layout, radius=10)
    here = "H9" if layout == hexgrid.POINTY else "H8"
    there = hexgrid.neighbour(here, edge, layout)
    (x0, y0), (x1, y1) = geo.centre(here), geo.centre(there)
    assert math.isclose(math.dist((x0, y0), (x1, y1)), 2 * geo.apothem)
    ex, ey = geo.edge_point(edge)
    assert math.isclose(x0 + 2 * ex, x1, abs_tol=1e-9)
    assert math.isclose(y0 + 2 * ey, y1, abs_tol=1e-9)


def test_side_corners_are_the_ends_of_the_shared_side() -> None:
    geo = HexGeometry(hexgrid.POINTY, radius=10)
    a, b = geo.side(4)  # east side: both corners at x = apothem
    assert math.isclose(a[0], geo.apothem) and math.isclose(b[0], geo.apothem)


def test_a_lone_city_sits_in_the_centre_and_two_cities_apart() -> None:
    geo = HexGeometry(hexgrid.POINTY, radius=40)
    assert geo.stop_positions(orient(tile("57", "yellow", "c20:0,3"), 0)) == [(0.0, 0.0)]
    two = geo.stop_positions(orient(tile("X", "green", "c30:0,5 c30:1,2"), 0))
    assert math.dist(two[0], two[1]) > 20
    unconnected = geo.stop_positions(orient(tile("", "white", "c0 c0"), 0))
    assert math.dist(unconnected[0], unconnected[1]) > 20
