"""Where the texts of one hex go: boxes, text widths and a greedy placer.

Every text and every value of a hex (revenue bubbles, the printed label, terrain costs, the
location name ...) is placed at the first of its candidate positions (or the one crossing
the least track) whose box stays inside the hex and overlaps nothing placed before it: the
cities with their tokens, towns, off-board value boxes, the coordinate, the tile number and
the river costs printed on the hex's sides.  Since each box stays inside its own hex, no
text of one hex can cover a text or token of another.

Text widths are estimates for the board font (DejaVu Sans) from per-character advance
classes; they err on the wide side (a browser test compares them with Chromium's own
measurements).

>>> box = text_box("Assen", 10, 0, 0)
>>> box.x1 - box.x0 > 25 and box.overlaps(text_box("Emmen", 10, 5, 5))
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from railhouse.render.geometry import Point

#: Advance widths (in em) of DejaVu Sans, rounded up per character class.
_WIDTHS = {**dict.fromkeys("ijl.,:;'!|", 0.3), **dict.fromkeys("frt()[] /-", 0.42),
           **dict.fromkeys("mwMW@%", 1.0)}
_CAPS = 0.8
_LOWER = 0.65
LINE_HEIGHT = 1.15


def text_width(text: str, size: float) -> float:
    """An upper estimate of the rendered width of ``text`` at font size ``size``."""
    total = 0.0
    for char in text:
        width = _WIDTHS.get(char)
        if width is None:
            width = _CAPS if char.isupper() or char.isdigit() or char in "$+&" else _LOWER
        total += width
    return total * size


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle (screen coordinates) and what it holds."""

    x0: float
    y0: float
    x1: float
    y1: float
    kind: str = ""
    text: str = ""

    def overlaps(self, other: Box) -> bool:
        return (self.x0 < other.x1 and other.x0 < self.x1
                and self.y0 < other.y1 and other.y0 < self.y1)

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy, self.kind, self.text)

    def contains(self, point: Point) -> bool:
        return self.x0 <= point[0] <= self.x1 and self.y0 <= point[1] <= self.y1

    def corners(self) -> list[Point]:
        return [(self.x0, self.y0), (self.x1, self.y0), (self.x1, self.y1), (self.x0, self.y1)]


def text_box(text: str, size: float, x: float, y: float, kind: str = "label") -> Box:
    """The box of ``text`` (lines split at ``\\n``) centred on ``(x, y)``."""
    lines = text.split("\n")
    half_w = max(text_width(line, size) for line in lines) / 2
    half_h = size * (LINE_HEIGHT * (len(lines) - 1) + 1.0) / 2
    return Box(x - half_w, y - half_h, x + half_w, y + half_h, kind, text)


def round_box(x: float, y: float, radius: float, kind: str, text: str = "") -> Box:
    return Box(x - radius, y - radius, x + radius, y + radius, kind, text)


def inside(polygon: Sequence[Point], point: Point) -> bool:
    """True if ``point`` lies in the convex ``polygon`` (corners in either turning order)."""
    signs = set()
    for (ax, ay), (bx, by) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        cross = (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax)
        if abs(cross) > 1e-9:
            signs.add(cross > 0)
    return len(signs) <= 1


@dataclass
class Placer:
    """Places boxes one by one inside ``polygon``, avoiding ``taken`` (which grows: so a
    mutable object, not a frozen value)."""

    polygon: Sequence[Point]
    taken: list[Box]
    soft: Sequence[Point] = ()

    def fits(self, box: Box) -> bool:
        return (all(inside(self.polygon, c) for c in box.corners())
                and not any(box.overlaps(other) for other in self.taken))

    def place(self, candidates: Iterable[Box]) -> Box | None:
        """The fitting candidate that covers the fewest ``soft`` points (track), the
        earliest among equals; it is added to ``taken``.  None if no candidate fits."""
        best: tuple[int, Box] | None = None
        for box in candidates:
            if not self.fits(box):
                continue
            cost = sum(1 for p in self.soft if box.contains(p))
            if best is None or cost < best[0]:
                best = (cost, box)
            if cost == 0:
                break
        if best is None:
            return None
        self.taken.append(best[1])
        return best[1]

    def force(self, box: Box) -> Box:
        """Record ``box`` where it must go (nothing fitted)."""
        self.taken.append(box)
        return box


def ring(distance: float, angles: Iterable[float]) -> list[Point]:
    """Points at ``distance`` from the origin at each of ``angles`` (degrees)."""
    return [(distance * math.cos(math.radians(a)), distance * math.sin(math.radians(a)))
            for a in angles]


def wrapped(name: str) -> list[str]:
    """``name`` on one line, then split into two lines at the break nearest its middle
    (after " / ", then at a space or hyphen).

    >>> wrapped("Heerlen / Kerkrade")
    ['Heerlen / Kerkrade', 'Heerlen /\\nKerkrade']
    """
    out = [name]
    breaks = [i + 2 for i in range(len(name)) if name.startswith("/ ", i)]
    breaks = breaks or [i + 1 for i, c in enumerate(name) if c in " -"]
    if breaks:
        at = min(breaks, key=lambda i: abs(i - len(name) / 2))
        out.append(name[:at].rstrip() + "\n" + name[at:].lstrip())
    return out
