"""Drawing of the stops of one hex: cities with their token slots, towns, off-board values,
revenue bubbles.  Coordinates are relative to the hex centre."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import drawsvg as dw

from railhouse.render import palette
from railhouse.render.geometry import Point


def r1(value: float) -> float:
    """Round a coordinate to 0.1 px (keeps the SVG small and stable)."""
    return round(value, 1)


@dataclass(frozen=True)
class CompanyLook:
    """How a company is drawn: its fill and text colours (from its ``CompanySpec``)."""

    fill: str
    text: str


@dataclass(frozen=True)
class Slot:
    """One token circle: ``owner`` is a company id, ``reserved`` a company holding it."""

    owner: str | None = None
    reserved: str | None = None


def slot_offsets(slots: int, size: float) -> list[Point]:
    """Centres of ``slots`` token circles of radius ``size`` inside one city."""
    if slots <= 1:
        return [(0.0, 0.0)]
    if slots == 2:
        return [(-size, 0.0), (size, 0.0)]
    if slots == 3:
        return [(-size, size * 0.58), (size, size * 0.58), (0.0, -size * 1.15)]
    if slots == 4:
        return [(-size, -size), (size, -size), (-size, size), (size, size)]
    from railhouse.render.geometry import polar

    return [polar(-90 + 360 * k / slots, size * 1.4) for k in range(slots)]


def city(
    at: Point, index: int, revenue: int, slots: Sequence[Slot], size: float,
    looks: Mapping[str, CompanyLook],
) -> dw.Group:
    """A city: a white body, one circle per slot, tokens in company colours."""
    group = dw.Group(class_="city", data_city=index, data_slots=len(slots),
                     data_revenue=revenue)
    x, y = at
    if len(slots) == 2:
        group.append(dw.Rectangle(r1(x - 2 * size), r1(y - size), r1(4 * size), r1(2 * size),
                                  rx=r1(size), fill="#ffffff", stroke=palette.TRACK))
    elif len(slots) > 2:
        group.append(dw.Circle(r1(x), r1(y), r1(size * 2.1), fill="#ffffff",
                               stroke=palette.TRACK))
    for k, (dx, dy) in enumerate(slot_offsets(len(slots), size)):
        group.append(_slot(x + dx, y + dy, size, k, slots[k], looks))
    return group


def _slot(
    x: float, y: float, size: float, k: int, slot: Slot, looks: Mapping[str, CompanyLook]
) -> dw.Group:
    if slot.owner is not None:
        look = looks.get(slot.owner, CompanyLook("#888888", "#000000"))
        group = dw.Group(class_="token", data_company=slot.owner, data_slot=k)
        group.append(dw.Circle(r1(x), r1(y), r1(size), fill=look.fill, stroke=palette.TRACK))
        group.append(_label(slot.owner, x, y, size, look.text))
        return group
    group = dw.Group(class_="slot", data_slot=k)
    if slot.reserved is not None:
        look = looks.get(slot.reserved, CompanyLook("#888888", "#000000"))
        group.args["data-reserved"] = slot.reserved
        group.append(dw.Circle(r1(x), r1(y), r1(size), fill="#ffffff", stroke=look.fill,
                               stroke_width=2, stroke_dasharray="3,2"))
        group.append(_label(slot.reserved, x, y, size, palette.FAINT_TEXT))
    else:
        group.append(dw.Circle(r1(x), r1(y), r1(size), fill="#ffffff", stroke=palette.TRACK))
    return group


def _label(text: str, x: float, y: float, size: float, color: str) -> dw.Text:
    scale = 0.95 if len(text) <= 2 else 0.72 if len(text) == 3 else 0.58
    return dw.Text(text, r1(size * scale), r1(x), r1(y), fill=color, text_anchor="middle",
                   dominant_baseline="central", font_family=palette.FONT, font_weight="bold")


def town(at: Point, name: str, revenue: int, size: float) -> dw.Circle:
    return dw.Circle(r1(at[0]), r1(at[1]), r1(size), fill=palette.TRACK,
                     stroke="#ffffff", stroke_width=1.5, class_="town", data_town=name,
                     data_revenue=revenue)


def revenue_bubble(value: int, at: Point, size: float) -> dw.Group:
    group = dw.Group(class_="revenue")
    group.append(dw.Circle(r1(at[0]), r1(at[1]), r1(size), fill="#ffffff",
                           stroke=palette.TRACK, stroke_width=0.8))
    group.append(dw.Text(str(value), r1(size * 1.05), r1(at[0]), r1(at[1]),
                         text_anchor="middle", dominant_baseline="central",
                         font_family=palette.FONT, fill=palette.TEXT))
    return group


def offboard_values(
    values: Sequence[int], column: int, colors: Sequence[str], at: Point, box: float,
    location: str,
) -> dw.Group:
    """A row of boxes ``box`` wide, one value per phase column, centred on ``at``; the
    current column is drawn inverted."""
    group = dw.Group(class_="offboard", data_location=location,
                     data_values=",".join(str(v) for v in values))
    current = min(column, len(values) - 1) if values else -1
    box_h = box * 0.72
    x0 = at[0] - box * len(values) / 2
    for i, value in enumerate(values):
        active = i == current
        fill = palette.TRACK if active else palette.tile_fill(colors[i % len(colors)])
        group.append(dw.Rectangle(r1(x0 + i * box), r1(at[1] - box_h / 2), r1(box), r1(box_h),
                                  fill=fill, stroke=palette.TRACK, stroke_width=0.8,
                                  data_column=i, data_current=str(active).lower()))
        group.append(dw.Text(str(value), r1(box_h * 0.7), r1(x0 + (i + 0.5) * box),
                             r1(at[1]), text_anchor="middle", dominant_baseline="central",
                             font_family=palette.FONT, font_weight="bold",
                             fill="#ffffff" if active else palette.TEXT))
    return group


def halo_text(text: str, size: float, x: float, y: float, fill: str, halo: str,
              **attrs: Any) -> dw.Group:
    """Text over a wider copy of itself in ``halo`` colour, readable on track and rivers.
    (Two elements rather than ``paint-order``, which not every SVG renderer honours.)"""
    group = dw.Group(**attrs)
    common = dict(text_anchor="middle", dominant_baseline="central", font_family=palette.FONT)
    group.append(dw.Text(text, r1(size), r1(x), r1(y), fill=halo, stroke=halo,
                         stroke_width=r1(size * 0.35), stroke_linejoin="round", **common))
    group.append(dw.Text(text, r1(size), r1(x), r1(y), fill=fill, **common))
    return group
