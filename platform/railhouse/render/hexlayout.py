"""The layout of one hex: the fixed shapes (cities with their token slots, towns, off-board
values, the coordinate, river costs on the sides) and where each text goes, placed with
:class:`~railhouse.render.layout.Placer` in order of importance: revenue values, the
printed label, the location name, terrain costs, "until ..." notes, the tile number.

:func:`hex_layout` is what :func:`railhouse.render.hexes.draw_hex` draws from, so a test
of the layout is a test of the picture.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from railhouse.map.board import Board
from railhouse.map.hexgrid import edge_between
from railhouse.map.tiles import CITY, OFFBOARD, STOP_BASE, TOWN, Oriented, orient
from railhouse.render.geometry import HexGeometry, Point, polar
from railhouse.render.layout import Box, Placer, ring, round_box, text_box, wrapped

#: Font sizes and shape sizes as fractions of the hex radius.
NAME_SIZES = (0.19, 0.16, 0.13, 0.11)
LABEL_SIZE = 0.26
COORD_SIZE = 0.15
TILE_ID_SIZE = 0.14
COST_SIZE = 0.15
EDGE_COST_SIZE = 0.17
BUBBLE = 0.16
CITY_SLOT = 0.2
TOWN_DOT = 0.11
TERRAIN_W = 1.3  # the mountain and its gap before a terrain cost, in font sizes
HALO = 0.2  # extra room around haloed text, as a fraction of its font size


@dataclass(frozen=True)
class Text:
    """A placed text: ``kind`` (value, label, name, terrain, blocked, tile-id), its text
    (lines split at ``\\n``), centre, font size; ``stop`` is the stop index of a value."""

    kind: str
    text: str
    x: float
    y: float
    size: float
    box: Box
    stop: int = -1


@dataclass
class HexLayout:
    """Fixed boxes (shapes and texts that do not move) and the placed texts of one hex."""

    fixed: list[Box] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)

    def boxes(self) -> list[Box]:
        return [*self.fixed, *(t.box for t in self.texts)]


def hex_layout(board: Board, coord: str, geo: HexGeometry, offboard_values: int = 0
               ) -> HexLayout:
    """Lay out hex ``coord`` as the board stands (``offboard_values``: the number of value
    boxes this hex shows, 0 if it shows none)."""
    hexdef = board.map.hexes[coord]
    tile, rotation = board.tile_at(coord)
    oriented = orient(tile, rotation)
    r = geo.radius
    positions = geo.stop_positions(oriented)
    out = HexLayout(fixed=_fixed(board, coord, oriented, positions, geo, offboard_values))
    texts = _Texts(out, Placer([(x * 0.97, y * 0.97) for x, y in geo.corners()],
                               list(out.fixed), track_points(oriented, positions, geo)))
    single = sum(1 for s in tile.stops if s.kind in (CITY, TOWN)) == 1
    for i, stop in enumerate(tile.stops):
        if stop.kind in (CITY, TOWN) and stop.revenue:
            texts.put("value", str(stop.revenue), r * BUBBLE,
                      _bubble_spots(positions[i], stop.kind, stop.slots, single, geo), stop=i)
    label = tile.label or hexdef.printed.label
    if label:
        texts.put("label", label, r * LABEL_SIZE,
                  [*ring(r * 0.62, (160, 200, 20, 340, 130, 230, 50, 310)),
                   *ring(r * 0.45, (180, 0, 150, 210, 30, 330))])
    if hexdef.name:
        texts.name(hexdef.name, r)
    costs = _costs(hexdef, coord in board.tiles)
    if costs:
        texts.put("terrain", costs, r * COST_SIZE,
                  ring(r * 0.55, (-20, 20, 160, 200, -60, 240, 60, 120, 90, 270)))
    if hexdef.blocked_until:
        texts.put("blocked", f"until {hexdef.blocked_until}", r * TILE_ID_SIZE,
                  [(0, r * 0.45), (0, -r * 0.45), *ring(r * 0.5, (30, 150, 210, 330))])
    if tile.id:
        texts.put("tile-id", tile.id, r * TILE_ID_SIZE,
                  [*ring(r * 0.68, (25, -25, 155, 205)),
                   *ring(r * 0.55, (0, 180, 40, 320, 140, 220)),
                   *ring(r * 0.4, (0, 180, 60, 300, 120, 240))], force=False)
    return out


@dataclass
class _Texts:
    out: HexLayout
    placer: Placer

    def put(self, kind: str, text: str, size: float, points: Iterable[Point], stop: int = -1,
            force: bool = True) -> bool:
        """Place ``text`` at the best free spot of ``points`` (at the first one, overlapping,
        if none is free and ``force``); False if it was not placed."""
        points = list(points)
        boxes = [self._box(kind, text, size, x, y) for x, y in [*points, *self._grid(points)]]
        placed = self.placer.place(boxes)
        if placed is None and force and boxes:
            placed = self.placer.force(boxes[0])
        if placed is None:
            return False
        x, y = (placed.x0 + placed.x1) / 2, (placed.y0 + placed.y1) / 2
        self.out.texts.append(Text(kind, text, x, y, size, placed, stop))
        return True

    def _grid(self, preferred: list[Point]) -> list[Point]:
        """Every spot of a grid over the hex, nearest to the first preferred spot first."""
        if not preferred:
            return []
        r = max(math.hypot(*c) for c in self.placer.polygon)
        step = r / 12
        spots = [(i * step, j * step) for i in range(-10, 11) for j in range(-11, 12)]
        fx, fy = preferred[0]
        return sorted(spots, key=lambda p: (p[0] - fx) ** 2 + (p[1] - fy) ** 2)

    @staticmethod
    def _box(kind: str, text: str, size: float, x: float, y: float) -> Box:
        if kind == "value":
            return round_box(x, y, size, kind, text)
        box = text_box(text, size, x, y, kind)
        if kind == "terrain":  # a mountain before the text
            box = Box(box.x0 - size * TERRAIN_W / 2, box.y0, box.x1 + size * TERRAIN_W / 2,
                      box.y1, kind, text)
        return _padded(box, size * HALO if kind in ("name", "terrain") else 0.0)

    def name(self, name: str, r: float) -> None:
        """The name as large as fits: on one line, then wrapped, at decreasing sizes."""
        spots = [(dx * r, y * r) for y in (0.62, -0.62, 0.5, -0.5, 0.72, -0.72, 0.36, -0.36, 0.0)
                 for dx in (0.0, -0.2, 0.2)]
        attempts = [(size, text) for size in NAME_SIZES for text in wrapped(name)]
        for n, (size, text) in enumerate(attempts):
            if self.put("name", text, r * size, spots, force=n == len(attempts) - 1):
                return


def _padded(box: Box, pad: float) -> Box:
    if not pad:
        return box
    return Box(box.x0 - pad, box.y0 - pad, box.x1 + pad, box.y1 + pad, box.kind, box.text)


def _bubble_spots(at: Point, kind: str, slots: int, single: bool, geo: HexGeometry
                  ) -> list[Point]:
    r = geo.radius
    if single:
        return [polar(a, r * 0.6) for a in (210, 330, 150, 30, 250, 290, 110, 70)]
    lift = r * (0.26 if kind == TOWN else 0.38 if kind == CITY and slots <= 2 else 0.5)
    first = (at[0], at[1] - lift if at[1] > -r * 0.3 else at[1] + lift)
    around = [(at[0] + dx, at[1] + dy) for dx, dy in ring(lift, (270, 90, 210, 330, 150, 30,
                                                                  180, 0))]
    return [first, *around]


def _costs(hexdef: object, laid: bool) -> str:
    costs = []
    terrain = getattr(hexdef, "terrain_cost", 0)
    if terrain and (not laid or getattr(hexdef, "terrain_every_lay", False)):
        costs.append(f"${terrain}")
    upgrade = getattr(hexdef, "upgrade_cost", 0)
    if upgrade and laid:
        costs.append(f"+${upgrade}")
    return " ".join(costs)


def _fixed(board: Board, coord: str, oriented: Oriented, positions: list[Point],
           geo: HexGeometry, offboard_values: int) -> list[Box]:
    r = geo.radius
    boxes = [text_box(coord, r * COORD_SIZE, *polar(270, r * 0.8), kind="coord")]
    tile = oriented.tile
    cities = tile.city_indices()
    for i, stop in enumerate(tile.stops):
        x, y = positions[i]
        if stop.kind == CITY:
            s = r * CITY_SLOT
            k = cities.index(i)
            if stop.slots == 2:
                boxes.append(Box(x - 2 * s, y - s, x + 2 * s, y + s, "city", f"c{k}"))
            else:
                boxes.append(round_box(x, y, s * (2.1 if stop.slots > 2 else 1), "city",
                                       f"c{k}"))
        elif stop.kind == TOWN:
            boxes.append(round_box(x, y, r * TOWN_DOT + 1, "town", tile.stop_name(i)))
        elif stop.kind == OFFBOARD and offboard_values:
            w = offboard_width(geo, offboard_values)
            h = w / offboard_values * 0.72
            boxes.append(Box(-w / 2, -r * 0.2 - h / 2, w / 2, -r * 0.2 + h / 2, "value",
                             "offboard"))
    for rule in board.map.edge_rules:
        edge = edge_between(coord, rule.b if rule.a == coord else rule.a, board.map.layout)
        if rule.cost and coord in (rule.a, rule.b) and edge is not None:
            x, y = geo.edge_point(edge)
            size = r * EDGE_COST_SIZE
            boxes.append(_padded(text_box(f"${rule.cost}", size, x, y, "edge-cost"),
                                 size * HALO))
    return boxes


def offboard_width(geo: HexGeometry, values: int) -> float:
    """The width of a row of ``values`` off-board value boxes."""
    return min(geo.radius * 0.4, geo.radius * 1.4 / max(values, 1)) * values


def track_points(oriented: Oriented, positions: list[Point], geo: HexGeometry) -> list[Point]:
    """Points along every track path (texts prefer spots covering fewer of them)."""
    points = []
    for a, b in oriented.paths:
        pa, pb = geo.endpoint(a, positions), geo.endpoint(b, positions)
        curved = a < STOP_BASE and b < STOP_BASE and (a - b) % 6 != 3
        for k in range(11):
            t = k / 10
            if curved:  # the quadratic Bezier through the centre's tangents
                points.append(((1 - t) ** 2 * pa[0] + t * t * pb[0],
                               (1 - t) ** 2 * pa[1] + t * t * pb[1]))
            else:
                points.append((pa[0] + t * (pb[0] - pa[0]), pa[1] + t * (pb[1] - pa[1])))
    return points
