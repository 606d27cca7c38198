"""The whole map: every hex (see :mod:`hexes`), then the edge rules on top (rivers with
their cost in blue, closed sides in black, barriers in red), then optional routes.

A route is drawn from its ``segments`` (``"H9:0-c0"``: hex, then the two endpoints of a
track path, an edge number or a stop name, as :mod:`railhouse.map.graph` names them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import drawsvg as dw

from railhouse.map.board import Board
from railhouse.map.hexgrid import edge_between
from railhouse.map.mapdef import EdgeRule
from railhouse.map.tiles import STOP_BASE, TileDef, orient
from railhouse.render import palette
from railhouse.render.hexes import MapStyle, draw_hex, track_path
from railhouse.render.stops import halo_text, r1


@dataclass(frozen=True)
class RouteLine:
    """One train's route to draw: the company, the train id, its track segments, the
    revenue the rules gave it and its stops in travel order (names as in
    :class:`railhouse.map.route_result.Route`)."""

    company: str
    train: str
    segments: tuple[str, ...]
    revenue: int = 0
    stops: tuple[str, ...] = ()


def value_hexes(board: Board) -> frozenset[str]:
    """For each off-board location, the first of its hexes (where its values are drawn)."""
    first: dict[str, str] = {}
    for coord in sorted(board.map.hexes):
        off = board.map.hexes[coord].offboard
        if off is not None:
            first.setdefault(off.location, coord)
    return frozenset(first.values())


def hex_layer(board: Board, style: MapStyle) -> dw.Group:
    layer = dw.Group(id="hexes")
    for coord in sorted(board.map.hexes):
        layer.append(draw_hex(board, coord, style))
    return layer


def edge_layer(board: Board, style: MapStyle) -> dw.Group:
    layer = dw.Group(id="edges")
    for rule in board.map.edge_rules:
        layer.append(_edge_rule(board, rule, style))
    return layer


def _edge_rule(board: Board, rule: EdgeRule, style: MapStyle) -> dw.Group:
    geo = style.geometry
    edge = edge_between(rule.a, rule.b, board.map.layout)
    group = dw.Group(class_="edge-rule", data_a=rule.a, data_b=rule.b, data_cost=rule.cost,
                     data_closed=str(rule.closed).lower(),
                     data_barrier=rule.barrier_until or "")
    if edge is None:
        return group
    cx, cy = geo.centre(rule.a)
    (ax, ay), (bx, by) = geo.side(edge)
    color, width = palette.RIVER, 4.0
    if rule.closed:
        color, width = palette.CLOSED, 5.0
    if rule.barrier_until:
        color, width = palette.BARRIER, 6.0
    group.append(dw.Line(r1(cx + ax), r1(cy + ay), r1(cx + bx), r1(cy + by), stroke=color,
                         stroke_width=width, stroke_linecap="round"))
    if rule.cost:
        mx, my = cx + (ax + bx) / 2, cy + (ay + by) / 2
        group.append(halo_text(f"${rule.cost}", geo.radius * 0.17, mx, my, palette.RIVER,
                               "#ffffff", class_="edge-cost"))
    return group


def route_layer(board: Board, routes: Sequence[RouteLine], style: MapStyle) -> dw.Group:
    """Each route in its own colour (:func:`palette.route_color`: the ``n``-th route drawn
    in the ``n``-th colour, so every train differs from the others shown), over a white
    casing so that it shows on its own track, with a ring in that colour around each stop
    it counts."""
    layer = dw.Group(id="routes")
    for n, route in enumerate(routes):
        color = palette.route_color(n)
        group = dw.Group(class_="route", data_company=route.company, data_train=route.train,
                         data_revenue=route.revenue, data_color=color)
        width = style.geometry.radius * (0.12 - 0.02 * (n % 3))
        for casing, stroke, extra in ((True, palette.ROUTE_OUTLINE, 3.0), (False, color, 0)):
            for segment in route.segments:
                path = _segment_path(board, segment, style, stroke=stroke,
                                     stroke_width=r1(width + extra), stroke_linecap="round",
                                     opacity=0.9 if casing else 1)
                if path is not None:
                    group.append(path)
        for stop in (s for s in route.stops if "." in s):  # not over off-board values
            at = stop_point(board, stop, style)
            if at is not None:
                group.append(dw.Circle(r1(at[0]), r1(at[1]), r1(style.geometry.radius * 0.27),
                                       fill="none", stroke=color, stroke_width=2,
                                       class_="route-stop", data_stop=stop))
        layer.append(group)
    return layer


def stop_point(board: Board, stop: str, style: MapStyle) -> tuple[float, float] | None:
    """Map position of a city or town a route stops at (``"H9.c0"``)."""
    coord, _, name = stop.partition(".")
    if coord not in board.map.hexes:
        return None
    tile, rotation = board.tile_at(coord)
    end = _endpoint(tile, name)
    if end is None or end < STOP_BASE:
        return None
    x, y = style.geometry.centre(coord)
    dx, dy = style.geometry.stop_positions(orient(tile, rotation))[end - STOP_BASE]
    return x + dx, y + dy


def _segment_path(board: Board, segment: str, style: MapStyle, **attrs: object) -> dw.Group | None:
    coord, _, ends = segment.partition(":")
    if coord not in board.map.hexes or "-" not in ends:
        return None
    tile, rotation = board.tile_at(coord)
    a, b = (_endpoint(tile, name) for name in ends.split("-", 1))
    if a is None or b is None:
        return None
    geo = style.geometry
    positions = geo.stop_positions(orient(tile, rotation))
    x, y = geo.centre(coord)
    group = dw.Group(transform=f"translate({r1(x)},{r1(y)})")
    group.append(track_path(geo, a, b, positions, **attrs))
    return group


def _endpoint(tile: TileDef, name: str) -> int | None:
    if name.isdigit():
        return int(name)
    for i in range(len(tile.stops)):
        if tile.stop_name(i) == name:
            return STOP_BASE + i
    return None


def board_size(board: Board, style: MapStyle, coords: Iterable[str] | None = None
               ) -> tuple[float, float, float, float]:
    """Bounds of the map in pixels: ``(min_x, min_y, max_x, max_y)``."""
    return style.geometry.bounds(coords if coords is not None else board.map.hexes)
