"""Stock markets: one grid per market, each cell with its price, and the companies' price
markers stacked in their stacking order (index 0, the one that operates first among equal
prices, on top).  Par cells are blue, end-of-game cells red; a ledge is a thick line on the
side a falling price cannot cross (the bottom of the cell, or its left side on a 1-D market).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import drawsvg as dw

from railhouse.engine.config import MarketCell
from railhouse.engine.market import StockMarket
from railhouse.render import palette
from railhouse.render.stops import CompanyLook, r1

CELL_W = 44.0
HEADER_H = 18.0
MARKER_H = 17.0
TITLE_H = 20.0


def cell_fill(cell: MarketCell) -> str:
    if cell.end_game:
        return palette.MARKET_END
    if cell.par:
        return palette.MARKET_PAR
    return palette.MARKET_KIND.get(cell.kind, palette.MARKET_FILL)


def _row_heights(market: StockMarket) -> list[float]:
    heights = []
    for r, row in enumerate(market.spec.rows):
        deepest = max((len(market.stacks.get((r, c), ())) for c in range(len(row))), default=0)
        heights.append(HEADER_H + MARKER_H * max(deepest, 1) + 4)
    return heights


def market_size(market: StockMarket) -> tuple[float, float]:
    width = CELL_W * max((len(row) for row in market.spec.rows), default=0)
    return width, TITLE_H + sum(_row_heights(market))


def draw_market(market: StockMarket, looks: Mapping[str, CompanyLook], x: float, y: float
                ) -> dw.Group:
    """The market ``market`` with its top-left corner at ``(x, y)``."""
    group = dw.Group(id=f"market-{market.spec.id}", class_="market",
                     data_market=market.spec.id, transform=f"translate({r1(x)},{r1(y)})",
                     font_family=palette.FONT)  # inherited by every text of the market
    group.append(dw.Text(f"Stock market {market.spec.id}", 13, 0, 13,
                         font_weight="bold", fill=palette.TEXT))
    top = TITLE_H
    for r, (row, height) in enumerate(zip(market.spec.rows, _row_heights(market), strict=True)):
        for c, cell in enumerate(row):
            if cell is not None:
                group.append(_cell(market, (r, c), cell, c * CELL_W, top, height, looks))
        top += height
    return group


def _cell(
    market: StockMarket, pos: tuple[int, int], cell: MarketCell, x: float, y: float,
    height: float, looks: Mapping[str, CompanyLook],
) -> dw.Group:
    group = dw.Group(class_="cell", data_row=pos[0], data_col=pos[1], data_price=cell.price)
    group.append(dw.Rectangle(r1(x), r1(y), CELL_W, r1(height), fill=cell_fill(cell),
                              stroke=palette.HEX_STROKE, stroke_width=0.8))
    group.append(dw.Text(str(cell.price), 11, r1(x + CELL_W / 2), r1(y + 12),
                         text_anchor="middle",
                         font_weight="bold" if cell.par else "normal", fill=palette.TEXT))
    if cell.ledge_below:
        if market.spec.one_dimensional:
            group.append(dw.Line(r1(x), r1(y), r1(x), r1(y + height), stroke=palette.TRACK,
                                 stroke_width=4, class_="ledge"))
        else:
            group.append(dw.Line(r1(x), r1(y + height), r1(x + CELL_W), r1(y + height),
                                 stroke=palette.TRACK, stroke_width=4, class_="ledge"))
    for depth, company in enumerate(market.stacks.get(pos, ())):
        group.append(_marker(company, depth, x + CELL_W / 2,
                             y + HEADER_H + MARKER_H * (depth + 0.5), looks, cell.price))
    return group


def _marker(
    company: str, depth: int, x: float, y: float, looks: Mapping[str, CompanyLook], price: int
) -> dw.Group:
    look = looks.get(company, CompanyLook("#888888", "#000000"))
    group = dw.Group(class_="marker", data_company=company, data_stack=depth, data_price=price)
    group.append(dw.Rectangle(r1(x - CELL_W / 2 + 3), r1(y - MARKER_H / 2 + 1), CELL_W - 6,
                              MARKER_H - 2, rx=4, fill=look.fill, stroke=palette.TRACK,
                              stroke_width=0.8))
    size = 9 if len(company) <= 3 else 7.5
    group.append(dw.Text(company, size, r1(x), r1(y), fill=look.text, text_anchor="middle",
                         dominant_baseline="central",
                         font_weight="bold"))
    return group


def markets_block(markets: Sequence[StockMarket], looks: Mapping[str, CompanyLook],
                  x: float, y: float) -> tuple[dw.Group, float, float]:
    """Every market stacked vertically: the group, its width and height."""
    group = dw.Group(id="markets")
    width = height = 0.0
    for market in markets:
        w, h = market_size(market)
        group.append(draw_market(market, looks, x, y + height))
        width = max(width, w)
        height += h + 10
    return group, width, height
