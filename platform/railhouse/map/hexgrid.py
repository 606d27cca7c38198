"""Hex coordinates in 18xx notation and the edge convention shared by every title.

Coordinates are ``"<row letters><column number>"`` (``"H9"``), rows A.. from north to south,
columns increasing west to east, "doubled" so that a hex exists only where ``row + column``
is even (A = 0) in the usual layouts; a title's map simply lists the hexes that exist.

``pointy`` layout (the convention of facts/soh.md §0.2, also used for 1839): edges are
numbered clockwise from the lower left, ``0=SW 1=W 2=NW 3=NE 4=E 5=SE``.
``flat`` layout: ``0=S 1=SW 2=NW 3=N 4=NE 5=SE`` with doubled rows (a hex (r, c) has
neighbours N (r-2, c), NE (r-1, c+1) ...).  A tile rotated by ``k`` maps edge ``e`` to
``(e + k) % 6``; ``opposite(e) == (e + 3) % 6`` is the facing edge of the neighbour.

>>> neighbour("H9", 4)
'H11'
>>> neighbour("H9", 0)
'I8'
>>> opposite(1)
4
"""

from __future__ import annotations

import re
from functools import lru_cache

POINTY = "pointy"
FLAT = "flat"

# (d_row, d_col) per edge number.
_DELTAS: dict[str, tuple[tuple[int, int], ...]] = {
    POINTY: ((1, -1), (0, -2), (-1, -1), (-1, 1), (0, 2), (1, 1)),
    FLAT: ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1)),
}
EDGE_NAMES: dict[str, tuple[str, ...]] = {
    POINTY: ("SW", "W", "NW", "NE", "E", "SE"),
    FLAT: ("S", "SW", "NW", "N", "NE", "SE"),
}

_COORD = re.compile(r"^([A-Z]+)(-?\d+)$")


def opposite(edge: int) -> int:
    """The edge of the neighbouring hex that faces ``edge``."""
    return (edge + 3) % 6


def rotate(edge: int, rotation: int) -> int:
    """Where ``edge`` of a tile ends up when the tile is turned ``rotation`` steps clockwise."""
    return (edge + rotation) % 6


@lru_cache(maxsize=4096)
def parse(coord: str) -> tuple[int, int]:
    """``"H9"`` -> ``(7, 9)`` (row index with A = 0, column).  Raises ``ValueError``."""
    m = _COORD.match(coord)
    if m is None:
        raise ValueError(f"not a hex coordinate: {coord!r}")
    row = 0
    for ch in m.group(1):
        row = row * 26 + (ord(ch) - ord("A") + 1)
    return row - 1, int(m.group(2))


def fmt(row: int, col: int) -> str:
    """Inverse of :func:`parse`."""
    letters = ""
    n = row + 1
    while n > 0:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return f"{letters}{col}"


def neighbour(coord: str, edge: int, layout: str = POINTY) -> str:
    """The coordinate across ``edge`` (whether or not that hex exists on a map)."""
    row, col = parse(coord)
    d_row, d_col = _DELTAS[layout][edge]
    return fmt(row + d_row, col + d_col)


def edge_between(a: str, b: str, layout: str = POINTY) -> int | None:
    """The edge of ``a`` that faces ``b``, or None if they are not adjacent."""
    for edge in range(6):
        if neighbour(a, edge, layout) == b:
            return edge
    return None


def edge_from_name(name: str, layout: str = POINTY) -> int:
    """``"SW"`` -> 0 in the pointy layout."""
    return EDGE_NAMES[layout].index(name.upper())
