"""One hex of the board as an SVG group: background, track, stops, tokens and texts.

Everything comes from the map data (:class:`~railhouse.map.mapdef.HexDef`, the tile and
its rotation) and the board (tokens, reservations); nothing is title-specific.  The group
carries ``id="hex-<coord>"`` and ``data-hex``/``data-tile``/``data-rotation`` attributes;
tokens are ``<g class="token" data-company=...>`` inside ``<g class="city">``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import drawsvg as dw

from railhouse.map.board import Board
from railhouse.map.tiles import CITY, OFFBOARD, STOP_BASE, TOWN, Oriented, TileDef, orient
from railhouse.render import palette, stops
from railhouse.render.geometry import HexGeometry, Point, polar
from railhouse.render.hexlayout import (
    CITY_SLOT,
    COORD_SIZE,
    TERRAIN_W,
    TOWN_DOT,
    HexLayout,
    Text,
    hex_layout,
    offboard_width,
)
from railhouse.render.layout import text_width
from railhouse.render.stops import CompanyLook, Slot, r1


@dataclass(frozen=True)
class MapStyle:
    """What a hex drawing needs besides the board: geometry, company looks, the current
    off-board phase column, the map's colour order, and which hex shows each off-board's
    values (the first hex of a multi-hex off-board)."""

    geometry: HexGeometry
    looks: Mapping[str, CompanyLook]
    column: int = 0
    colors: tuple[str, ...] = ("white", "yellow", "green", "brown", "gray")
    value_hexes: frozenset[str] = field(default_factory=frozenset)


def hex_key(board: Board, coord: str, style: MapStyle) -> tuple[Any, ...]:
    """Everything the drawing of ``coord`` depends on: equal keys draw identical groups."""
    laid = board.tiles.get(coord)
    tile, _ = board.tile_at(coord)
    tokens = tuple(tuple(board.tokens.get((coord, k), ())) for k in range(len(
        tile.city_indices())))
    reserved = tuple((r.company, r.city) for r in board.reservations if r.hex == coord)
    column = style.column if board.map.hexes[coord].offboard is not None else 0
    return laid, tokens, reserved, column


def draw_hex(board: Board, coord: str, style: MapStyle) -> dw.Group:
    """The SVG group of hex ``coord`` as the board stands."""
    tile, rotation = board.tile_at(coord)
    oriented = orient(tile, rotation)
    geo = style.geometry
    x, y = geo.centre(coord)
    group = dw.Group(id=f"hex-{coord}", class_="hex", data_hex=coord, data_tile=tile.id,
                     data_rotation=rotation, data_color=tile.color,
                     transform=f"translate({r1(x)},{r1(y)})")
    group.append(dw.Lines(*[r1(v) for p in geo.corners() for v in p], close=True,
                          fill=palette.tile_fill(tile.color), stroke=palette.HEX_STROKE,
                          stroke_width=1))
    positions = geo.stop_positions(oriented)
    _track(group, oriented, positions, geo)
    _stops(group, board, coord, oriented, positions, style)
    layout = hex_layout(board, coord, geo, offboard_count(board, coord, style))
    _texts(group, coord, layout, tile, geo.radius)
    return group


def track_path(geo: HexGeometry, a: int, b: int, positions: list[Point], **attrs: Any) -> dw.Path:
    """One track path between two endpoints (edges curve through the centre's tangents)."""
    pa, pb = geo.endpoint(a, positions), geo.endpoint(b, positions)
    path = dw.Path(fill="none", **attrs).M(r1(pa[0]), r1(pa[1]))
    if a < STOP_BASE and b < STOP_BASE and (a - b) % 6 != 3:
        return path.Q(0, 0, r1(pb[0]), r1(pb[1]))
    return path.L(r1(pb[0]), r1(pb[1]))


def _track(group: dw.Group, oriented: Oriented, positions: list[Point], geo: HexGeometry) -> None:
    width = geo.radius * 0.15
    for a, b in oriented.paths:
        group.append(track_path(geo, a, b, positions, stroke=palette.TRACK_EDGE,
                                stroke_width=r1(width + 3)))
    for a, b in oriented.paths:
        group.append(track_path(geo, a, b, positions, stroke=palette.TRACK,
                                stroke_width=r1(width), class_="track",
                                data_path=f"{_end_name(oriented.tile, a)}-"
                                          f"{_end_name(oriented.tile, b)}"))


def _end_name(tile: TileDef, end: int) -> str:
    return tile.stop_name(end - STOP_BASE) if end >= STOP_BASE else str(end)


def _stops(group: dw.Group, board: Board, coord: str, oriented: Oriented,
           positions: list[Point], style: MapStyle) -> None:
    geo = style.geometry
    tile = oriented.tile
    cities = tile.city_indices()
    hexdef = board.map.hexes[coord]
    for i, stop in enumerate(tile.stops):
        at = positions[i]
        if stop.kind == CITY:
            k = cities.index(i)
            slots = _slots(board, coord, k, stop.slots)
            group.append(stops.city(at, k, stop.revenue, slots, geo.radius * CITY_SLOT,
                                    style.looks))
        elif stop.kind == TOWN:
            group.append(stops.town(at, tile.stop_name(i), stop.revenue, geo.radius * TOWN_DOT))
        elif stop.kind == OFFBOARD and hexdef.offboard is not None and coord in style.value_hexes:
            off = hexdef.offboard
            width = offboard_width(geo, len(off.values))
            group.append(stops.offboard_values(off.values, style.column, style.colors[1:] or
                                               style.colors, (0.0, -geo.radius * 0.2),
                                               width / max(len(off.values), 1), off.location))


def offboard_count(board: Board, coord: str, style: MapStyle) -> int:
    """How many value boxes hex ``coord`` shows (0 unless it shows its off-board's)."""
    off = board.map.hexes[coord].offboard
    return len(off.values) if off is not None and coord in style.value_hexes else 0


def _slots(board: Board, coord: str, city: int, count: int) -> list[Slot]:
    owners = board.city_tokens(coord, city)
    slots = [Slot(owner=o) for o in owners[:count]]
    waiting = [r.company for r in board.reservations
               if r.hex == coord and (r.city == city or (r.city is None and city == 0))
               and r.company not in owners]
    for company in waiting:
        if len(slots) < count:
            slots.append(Slot(reserved=company))
    slots.extend(Slot() for _ in range(count - len(slots)))
    return slots


def _texts(group: dw.Group, coord: str, layout: HexLayout, tile: TileDef, r: float) -> None:
    small = dict(font_family=palette.FONT, text_anchor="middle", dominant_baseline="central")
    group.append(dw.Text(coord, r1(r * COORD_SIZE), *_at(270, r * 0.8), fill=palette.FAINT_TEXT,
                         class_="coord", **small))
    fill = palette.tile_fill(tile.color)
    for text in layout.texts:
        x, y, size = r1(text.x), r1(text.y), text.size
        if text.kind == "value":
            group.append(stops.revenue_bubble(int(text.text), (x, y), size))
        elif text.kind == "name":
            group.append(stops.halo_text(text.text, size, x, y, palette.TEXT, fill,
                                         class_="name"))
        elif text.kind == "label":
            group.append(dw.Text(text.text, r1(size), x, y, fill=palette.TEXT,
                                 font_weight="bold", class_="label", **small))
        elif text.kind == "tile-id":
            group.append(dw.Text(text.text, r1(size), x, y, fill=palette.FAINT_TEXT,
                                 class_="tile-id", **small))
        elif text.kind == "terrain":
            _terrain(group, text)
        elif text.kind == "blocked":
            group.append(dw.Text(text.text, r1(size), x, y, fill=palette.BARRIER,
                                 class_="blocked", **small))


def _at(angle: float, distance: float) -> tuple[float, float]:
    x, y = polar(angle, distance)
    return r1(x) + 0.0, r1(y) + 0.0


def _terrain(group: dw.Group, text: Text) -> None:
    """A brown mountain, then the cost."""
    size = text.size
    width = text_width(text.text, size)
    left = text.x - (width + size * TERRAIN_W) / 2
    tx, ty, half = left + size * 0.55, text.y, size * 0.55
    group.append(dw.Lines(r1(tx - half), r1(ty + half * 0.8), r1(tx), r1(ty - half * 1.0),
                          r1(tx + half), r1(ty + half * 0.8), close=True, fill="#8a6d3b",
                          class_="terrain"))
    group.append(dw.Text(text.text, r1(size), r1(left + size * TERRAIN_W + width / 2),
                         r1(text.y), fill=palette.TEXT, font_family=palette.FONT,
                         text_anchor="middle", dominant_baseline="central"))
