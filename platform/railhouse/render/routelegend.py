"""The legend of drawn routes: for each company its total, for each train its colour, the
values of the stops it counts and its revenue ("NBDS 3-train: 20 + 30 + 40 = 90"), as SVG
(below the map of ``railhouse render``) or HTML (the viewer).

Stop values are read from the board as it stands (a city's or town's printed revenue, an
off-board location's value in the current phase column).  When the rules pay a route more
or less than its stops add up to (a bonus, an express train that skips towns) the
difference is shown as such: ``20 + 30 (+20) = 70``.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import drawsvg as dw

from railhouse.map.board import Board
from railhouse.render import palette
from railhouse.render.board import RouteLine
from railhouse.render.stops import CompanyLook, r1

ROW_H = 18.0


@dataclass(frozen=True)
class LegendRow:
    """One route of the legend."""

    company: str
    train: str
    color: str
    values: tuple[int, ...]
    revenue: int

    def text(self) -> str:
        """``"3-train: 20 + 30 + 40 = 90"``.

        >>> LegendRow("NBD", "4", "#f00", (20, 30), 70).text()
        '4-train: 20 + 30 (+20) = 70'
        """
        terms = " + ".join(str(v) for v in self.values) or "no stops"
        rest = self.revenue - sum(self.values)
        if rest:
            terms += f" ({rest:+d})"
        return f"{self.train}-train: {terms} = {self.revenue}"


def train_name(train_id: str) -> str:
    """The train type of a train id: ``"2+1-2"`` -> ``"2+1"``."""
    return train_id.rsplit("-", 1)[0] if "-" in train_id else train_id


def stop_value(board: Board, stop: str, column: int) -> int:
    """The value of a route stop on ``board`` (``"H9.c0"``, ``"H7.t1"`` or an off-board
    location) in phase column ``column``."""
    coord, _, name = stop.partition(".")
    if name and coord in board.map.hexes:
        tile, _ = board.tile_at(coord)
        for i, one in enumerate(tile.stops):
            if tile.stop_name(i) == name:
                return one.revenue
        return 0
    for hexdef in board.map.hexes.values():
        if hexdef.offboard is not None and stop in (hexdef.offboard.location, hexdef.coord):
            return hexdef.offboard.value(column)
    return 0


def legend_rows(board: Board | None, routes: Sequence[RouteLine], column: int
                ) -> list[LegendRow]:
    rows = []
    for n, route in enumerate(routes):
        values = tuple(stop_value(board, s, column) for s in route.stops) if board else ()
        rows.append(LegendRow(route.company, train_name(route.train), palette.route_color(n),
                              values, route.revenue))
    return rows


def company_totals(rows: Sequence[LegendRow]) -> dict[str, tuple[int, int]]:
    """Company -> (trains that ran, total revenue), in the order of the rows."""
    totals: dict[str, tuple[int, int]] = {}
    for row in rows:
        trains, revenue = totals.get(row.company, (0, 0))
        totals[row.company] = (trains + 1, revenue + row.revenue)
    return totals


def _heading(company: str, trains: int, revenue: int) -> str:
    return f"{company} runs {trains} train{'s' if trains != 1 else ''} for {revenue}"


def legend_svg(rows: Sequence[LegendRow], looks: Mapping[str, CompanyLook],
               notes: Sequence[str], x: float, y: float) -> tuple[dw.Group, float]:
    """The legend at ``(x, y)``: a heading per company, a line per route, then ``notes``
    (e.g. "L3 has no trains: no route"); returns the group and its height."""
    group = dw.Group(id="route-legend", transform=f"translate({r1(x)},{r1(y)})")
    text = dict(font_family=palette.FONT, fill=palette.TEXT, font_size=12)
    top = 0.0
    for company, (trains, revenue) in company_totals(rows).items():
        look = looks.get(company, CompanyLook("#888888", "#000000"))
        group.append(dw.Rectangle(0, r1(top), 44, 15, rx=3, fill=look.fill,
                                  stroke=palette.TRACK, stroke_width=0.8))
        group.append(dw.Text(company, 9, 22, r1(top + 7.5), fill=look.text, font_weight="bold",
                             text_anchor="middle", dominant_baseline="central",
                             font_family=palette.FONT))
        group.append(dw.Text(_heading(company, trains, revenue), x=52, y=r1(top + 12),
                             font_weight="bold", class_="legend-total", **text))
        top += ROW_H
        for row in (r for r in rows if r.company == company):
            group.append(dw.Line(14, r1(top + 7), 44, r1(top + 7), stroke=row.color,
                                 stroke_width=5, stroke_linecap="round"))
            group.append(dw.Text(row.text(), x=52, y=r1(top + 11), class_="legend-route",
                                 **text))
            top += ROW_H
    for note in notes:
        group.append(dw.Text(note, x=0, y=r1(top + 11), class_="legend-note", **text))
        top += ROW_H
    return group, top


def legend_html(rows: Sequence[LegendRow], looks: Mapping[str, CompanyLook]) -> str:
    """The legend as an HTML list (the viewer's, under the board)."""
    items = []
    for company, (trains, revenue) in company_totals(rows).items():
        look = looks.get(company, CompanyLook("#888888", "#000000"))
        lines = "".join(
            f'<li><span class="swatch" style="background:{html.escape(r.color)}"></span>'
            f"{html.escape(r.text())}</li>" for r in rows if r.company == company)
        items.append(
            f'<div class="legend-company"><span class="chip" style="background:'
            f'{html.escape(look.fill)};color:{html.escape(look.text)}">{html.escape(company)}'
            f"</span> <b>{html.escape(_heading(company, trains, revenue))}</b>"
            f"<ul>{lines}</ul></div>")
    return "".join(items)
