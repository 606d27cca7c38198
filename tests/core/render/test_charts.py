"""Inline SVG line charts: every point inside the plot, negative values included, gaps
where a series has no value."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from railhouse.render.charts import BOTTOM, TOP, Series, line_chart


def points(svg: ET.Element, label: str) -> list[tuple[float, float]]:
    group = next(g for g in svg.iter() if g.get("data-label") == label)
    d = list(group)[-1].get("d") or ""
    return [(float(x), float(y)) for x, y in re.findall(r"[ML](-?[\d.]+),(-?[\d.]+)", d)]


def test_negative_values_stay_inside_the_plot() -> None:
    svg = ET.fromstring(line_chart("t", [Series("a", "#000", [-7.5, 3, 12])], "c", height=200))
    ys = [y for _, y in points(svg, "a")]
    assert all(TOP <= y <= 200 - BOTTOM for y in ys)
    assert ys[0] > ys[1] > ys[2]  # larger values are higher up


def test_missing_values_leave_a_gap() -> None:
    svg = ET.fromstring(line_chart("t", [Series("a", "#000", [1, None, 2, 3])], "c"))
    group = next(g for g in svg.iter() if g.get("data-label") == "a")
    assert (list(group)[-1].get("d") or "").count("M") == 2
    cursor = [e for e in svg.iter() if e.get("class") == "cursor"]
    assert len(cursor) == 1
