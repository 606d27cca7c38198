"""A whole picture of a position: a header line, the map (hexes, edge rules, routes) and
the stock market(s) below it; written as SVG, or PNG through cairosvg.

>>> from railhouse.render.scene import output_format
>>> output_format("board.png")
'png'
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import drawsvg as dw

from railhouse.engine.market import StockMarket
from railhouse.map.board import Board
from railhouse.render import palette
from railhouse.render.board import (
    RouteLine,
    edge_layer,
    hex_layer,
    route_layer,
    value_hexes,
)
from railhouse.render.geometry import HexGeometry
from railhouse.render.hexes import MapStyle
from railhouse.render.market import markets_block
from railhouse.render.narrate import round_title
from railhouse.render.position import RenderError, looks, offboard_column
from railhouse.render.routelegend import legend_rows, legend_svg
from railhouse.render.stops import CompanyLook, r1
from railhouse.render.svgtext import new_drawing

MARGIN = 20.0
HEADER_H = 30.0
RADIUS = 40.0
FORMATS = ("svg", "png")
MISSING_EXTRA = "the 'render' extra is not installed: pip install 'railhouse[render]'"


@dataclass(frozen=True)
class Scene:
    """Everything one picture shows; build it from a game with :func:`scene_of` or by hand
    (tests, a map preview) from a board and markets."""

    board: Board | None
    markets: Sequence[StockMarket] = ()
    looks: Mapping[str, CompanyLook] = field(default_factory=dict)
    column: int = 0
    caption: str = ""
    routes: Sequence[RouteLine] = ()
    notes: Sequence[str] = ()


def scene_of(game: Any, routes: Sequence[RouteLine] = (), notes: Sequence[str] = ()) -> Scene:
    """The scene of ``game`` as it stands (works for any title; the board is optional);
    ``notes`` are lines under the route legend (e.g. why a company has no route)."""
    return Scene(getattr(game, "board", None), list(getattr(game, "markets", {}).values()),
                 looks(game), offboard_column(game), describe(game), tuple(routes),
                 tuple(notes))


def map_style(scene: Scene, radius: float = RADIUS) -> MapStyle | None:
    """The drawing style of the scene's map, or None without a board."""
    if scene.board is None:
        return None
    board_map = scene.board.map
    return MapStyle(HexGeometry(board_map.layout, radius), scene.looks, scene.column,
                    tuple(board_map.colors), value_hexes(scene.board))


def describe(game: Any) -> str:
    """One header line: title, actions so far, phase and round."""
    parts = [str(getattr(game, "title_id", "")), f"after action {len(game.actions)}"]
    phase = getattr(game, "phase", None)
    if phase is not None:
        parts.append(f"phase {phase.name}")
    round_ = getattr(game, "round", None)
    if round_ is not None and hasattr(round_, "describe"):
        parts.append(round_title(round_.describe()))
    if getattr(game, "over", False):
        parts.append("game over")
    return " · ".join(p for p in parts if p)


def map_origin(scene: Scene, style: MapStyle) -> tuple[float, float]:
    """The translation that puts the map's top-left hex corner below the caption."""
    assert scene.board is not None
    min_x, min_y, _, _ = style.geometry.bounds(scene.board.map.hexes)
    return r1(MARGIN - min_x), r1(HEADER_H + MARGIN - min_y)


def picture(scene: Scene) -> dw.Drawing:
    """The full picture: caption, map (hexes, edge rules, routes), markets below."""
    style = map_style(scene)
    board = scene.board
    map_w = map_h = 0.0
    if style is not None and board is not None:
        min_x, min_y, max_x, max_y = style.geometry.bounds(board.map.hexes)
        map_w, map_h = max_x - min_x, max_y - min_y
    top = HEADER_H + MARGIN + map_h + (MARGIN if map_h else 0)
    legend, legend_h = legend_svg(legend_rows(board, scene.routes, scene.column), scene.looks,
                                  scene.notes, MARGIN, top)
    top += legend_h + (MARGIN if legend_h else 0)
    block, market_w, market_h = markets_block(scene.markets, scene.looks, MARGIN, top)
    width = max(map_w, market_w, 400.0) + 2 * MARGIN
    height = top + market_h + MARGIN
    drawing = new_drawing(width, height, id="railhouse-board")
    drawing.append(dw.Rectangle(0, 0, r1(width), r1(height), fill="#ffffff"))
    drawing.append(dw.Text(scene.caption, 15, MARGIN, MARGIN + 8, font_family=palette.FONT,
                           fill=palette.TEXT, id="caption"))
    if style is not None and board is not None:
        x, y = map_origin(scene, style)
        map_group = dw.Group(id="map", transform=f"translate({x},{y})")
        map_group.append(hex_layer(board, style))
        map_group.append(route_layer(board, scene.routes, style))
        map_group.append(edge_layer(board, style))  # river costs stay readable on routes
        drawing.append(map_group)
    if legend_h:
        drawing.append(legend)
    drawing.append(block)
    return drawing


def output_format(path: str | os.PathLike[str]) -> str:
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise RenderError(f"cannot write {Path(path).name!r}: use a .svg or .png file name")
    return suffix


def write(drawing: dw.Drawing, path: str | os.PathLike[str]) -> None:
    """Save as SVG or PNG according to the suffix of ``path``."""
    svg = drawing.as_svg()
    target = Path(path)
    try:
        if output_format(target) == "svg":
            target.write_text(svg, encoding="utf-8")
        else:
            target.write_bytes(svg_to_png(svg))
    except OSError as exc:
        raise RenderError(f"cannot write {target}: {exc.strerror}") from None


def svg_to_png(svg: str, scale: float = 1.5) -> bytes:
    """Rasterise with cairosvg (needs the system cairo library)."""
    try:
        import cairosvg
    except (ImportError, OSError):
        raise RenderError(f"PNG output needs cairosvg and cairo; {MISSING_EXTRA}") from None
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return png
