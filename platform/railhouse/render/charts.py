"""Inline SVG line charts (no chart library): one line per series over the frames of a
game or the rounds of a tournament, a legend, axes with a few ticks, and a vertical cursor
(a thin ``<rect class="cursor">``) that the viewer moves to the frame shown.

The x scale is stored on the root as ``data-x0``/``data-dx`` so a script can centre the
cursor on frame ``k`` at ``x0 + k * dx``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import drawsvg as dw

from railhouse.render import palette
from railhouse.render.stops import r1
from railhouse.render.svgtext import standalone

LEFT, RIGHT, TOP, BOTTOM = 48.0, 130.0, 26.0, 28.0
CURSOR_W = 1.5


@dataclass(frozen=True)
class Series:
    """One line: ``values[k]`` at x = k (None: no value there, e.g. before a company pars)."""

    label: str
    color: str
    values: Sequence[float | None]


def nice_step(span: float) -> float:
    """A round tick step giving about five ticks over ``span``.

    >>> nice_step(430), nice_step(7)
    (100, 2)
    """
    raw = max(span, 1) / 5
    magnitude: float = 10 ** (len(str(int(raw))) - 1)
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return factor * magnitude
    return 10 * magnitude  # pragma: no cover - the loop always returns


def line_chart(title: str, series: Sequence[Series], chart_id: str, width: float = 640,
               height: float = 260, x_label: str = "action",
               x_values: Sequence[float] | None = None, cursor: bool = True) -> str:
    """A standalone ``<svg>`` line chart; point ``k`` is labelled ``x_values[k]`` on the x
    axis (``k`` itself by default).  The y axis spans 0 and every value (negatives too)."""
    count = max((len(s.values) for s in series), default=1)
    values = [v for s in series for v in s.values if v is not None]
    scale = YScale.spanning(values)
    plot_w, plot_h = width - LEFT - RIGHT, height - TOP - BOTTOM
    dx = plot_w / max(count - 1, 1)
    group = dw.Group(id=chart_id, class_="chart", data_x0=LEFT, data_dx=round(dx, 4),
                     data_frames=count)
    group.append(dw.Text(title, 13, LEFT, 16, font_family=palette.FONT, font_weight="bold",
                         fill=palette.TEXT))
    _axes(group, scale, count, plot_w, plot_h, x_label, x_values)
    for n, one in enumerate(series):
        group.append(_line(one, dx, plot_h, scale))
        _legend(group, one, n, width)
    if cursor:
        group.append(dw.Rectangle(LEFT - CURSOR_W / 2, TOP, CURSOR_W, r1(plot_h),
                                  fill="#d0021b", class_="cursor"))
    return standalone(group, width, max(height, TOP + 16 * len(series) + 10))


@dataclass(frozen=True)
class YScale:
    """The value range of the y axis, in whole tick steps."""

    low: float
    high: float
    step: float

    @classmethod
    def spanning(cls, values: Sequence[float]) -> YScale:
        """Ticks from at most 0 to above every value.

        >>> YScale.spanning([-3.2, 7.5])
        YScale(low=-5, high=10, step=5)
        """
        low, high = min([0.0, *values]), max([1.0, *values])
        step = nice_step(high - low)
        return cls(math.floor(low / step) * step, (math.floor(high / step) + 1) * step, step)

    def y(self, value: float, plot_h: float) -> float:
        """Pixel row of ``value`` (TOP is ``high``)."""
        return TOP + plot_h * (self.high - value) / (self.high - self.low)


def _axes(group: dw.Group, scale: YScale, count: int, plot_w: float, plot_h: float,
          x_label: str, x_values: Sequence[float] | None) -> None:
    text = dict(font_family=palette.FONT, fill=palette.FAINT_TEXT)
    value = scale.low
    while value <= scale.high + 1e-9:
        y = scale.y(value, plot_h)
        group.append(dw.Line(LEFT, r1(y), r1(LEFT + plot_w), r1(y),
                             stroke="#b8b8b8" if value == 0 else "#e4e4e4"))
        group.append(dw.Text(f"{value:g}", 10, LEFT - 4, r1(y + 3), text_anchor="end", **text))
        value += scale.step
    x_step = nice_step(max(count - 1, 1))
    frame = 0.0
    while frame <= count - 1:
        x = LEFT + plot_w * frame / max(count - 1, 1)
        shown = x_values[int(frame)] if x_values is not None else frame
        group.append(dw.Text(f"{shown:g}", 10, r1(x), TOP + plot_h + 14, text_anchor="middle",
                             **text))
        frame += x_step
    group.append(dw.Text(x_label, 10, r1(LEFT + plot_w), TOP + plot_h + 26, text_anchor="end",
                         **text))
    group.append(dw.Rectangle(LEFT, TOP, r1(plot_w), r1(plot_h), fill="none",
                              stroke=palette.HEX_STROKE))


def _line(one: Series, dx: float, plot_h: float, scale: YScale) -> dw.Group:
    """The series' polyline, over a thin grey casing so that pale colours stay visible."""
    group = dw.Group(class_="series", data_label=one.label)
    casing = dw.Path(fill="none", stroke="#9a9a9a", stroke_width=3.5)
    line = dw.Path(fill="none", stroke=one.color, stroke_width=2)
    pen_down = False
    for k, value in enumerate(one.values):
        if value is None:
            pen_down = False
            continue
        x, y = r1(LEFT + k * dx), r1(scale.y(value, plot_h))
        for path in (casing, line):
            if pen_down:
                path.L(x, y)
            else:
                path.M(x, y)
        pen_down = True
    group.append(casing)
    group.append(line)
    return group


def _legend(group: dw.Group, one: Series, n: int, width: float) -> None:
    x, y = width - RIGHT + 12, TOP + 8 + 16 * n
    group.append(dw.Rectangle(r1(x), r1(y - 3), 18, 6, fill=one.color, stroke="#9a9a9a"))
    group.append(dw.Text(one.label, 11, r1(x + 24), r1(y + 4), font_family=palette.FONT,
                         fill=palette.TEXT))
