"""Stock market pictures: every cell, markers in stacking order, par/end/ledge marks."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from render_fixtures import LOOKS, synthetic_market

from railhouse.render.scene import Scene, picture


def cells(market_svg: ET.Element) -> list[ET.Element]:
    return [e for e in market_svg.iter() if e.get("class") == "cell"]


def render(market: object) -> ET.Element:
    return ET.fromstring(picture(Scene(None, [market], LOOKS)).as_svg())  # type: ignore[list-item]


def test_every_existing_cell_is_drawn_with_its_price() -> None:
    market = synthetic_market()
    root = render(market)
    drawn = {(c.get("data-row"), c.get("data-col"), c.get("data-price")) for c in cells(root)}
    expected = {(str(r), str(c), str(cell.price)) for r, row in enumerate(market.spec.rows)
                for c, cell in enumerate(row) if cell is not None}
    assert drawn == expected


def test_markers_follow_the_stacking_order_top_down() -> None:
    market = synthetic_market()
    market.move("RED", "right")  # RED leaves the 70 stack and arrives alone at 80
    market.move("RED", "left")  # back at 70: it arrives last (below BLU and YEL)
    root = render(market)
    markers = [m for m in root.iter() if m.get("class") == "marker"]
    stack = sorted((int(m.get("data-stack") or 0), m.get("data-company"))
                   for m in markers if m.get("data-price") == "70")
    assert [company for _, company in stack] == list(market.stacks[(0, 1)]) == ["BLU", "YEL", "RED"]
    ys = {m.get("data-company"): float(m.find("{http://www.w3.org/2000/svg}rect").get("y"))  # type: ignore[union-attr,arg-type]
          for m in markers}
    assert ys["BLU"] < ys["YEL"] < ys["RED"]


def test_ledges_are_marked() -> None:
    root = render(synthetic_market())
    assert len([e for e in root.iter() if e.get("class") == "ledge"]) == 1
