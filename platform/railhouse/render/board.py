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
from railhouse.render.stops import CompanyLook, halo_text, r1


@dataclass(frozen=True)
class RouteLine:
    """One train's route to draw: the company, the train id and its track segments."""

    company: str
    train: str
    segments: tuple[str, ...]
    revenue: int = 0


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
    """Routes in company colours (outlined in white so a route shows on its own track)."""
    layer = dw.Group(id="routes")
    for n, route in enumerate(routes):
        look = style.looks.get(route.company, CompanyLook("#888888", "#000000"))
        group = dw.Group(class_="route", data_company=route.company, data_train=route.train,
                         data_revenue=route.revenue)
        width = style.geometry.radius * (0.11 - 0.015 * (n % 3))
        for outline, color, extra in ((True, palette.ROUTE_OUTLINE, 3.0), (False, look.fill, 0)):
            for segment in route.segments:
                path = _segment_path(board, segment, style, stroke=color,
                                     stroke_width=r1(width + extra), stroke_linecap="round",
                                     opacity=0.9 if outline else 1)
                if path is not None:
                    group.append(path)
        layer.append(group)
    return layer


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
