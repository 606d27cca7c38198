"""Colours and sizes shared by the board, market and viewer pictures.

Tile colours are the usual 18xx ones; a colour name a title uses that is not listed here
is passed to SVG as it is (any CSS colour name works).
"""

from __future__ import annotations

TILE_FILL: dict[str, str] = {
    "white": "#efe6cc",
    "yellow": "#fde84a",
    "green": "#6dbb4c",
    "brown": "#c8834f",
    "gray": "#b8b9bb",
    "grey": "#b8b9bb",
    "red": "#e0443a",
    "blue": "#7fb8e6",
}
TRACK = "#1b1b1b"
TRACK_EDGE = "#ffffff"
HEX_STROKE = "#6b6b6b"
RIVER = "#1769d1"
BARRIER = "#d0021b"
CLOSED = "#2b2b2b"
TEXT = "#1b1b1b"
FAINT_TEXT = "#5c5c5c"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

#: Market cell fills: plain, par, end-of-game cells and cells of a named ``kind``.
MARKET_FILL = "#f7f1de"
MARKET_PAR = "#d9ecff"
MARKET_END = "#f6b3ad"
MARKET_KIND: dict[str, str] = {"yellow": "#fdf07a", "orange": "#f8c27a", "brown": "#d7a57a"}

#: The casing under every route line, so that it shows on its own (black) track.
ROUTE_OUTLINE = "#ffffff"
#: Route colours: a company's first train's route in the first, the next in the second ...
ROUTE_COLORS = ("#e4112a", "#1f5fd6", "#19a13a", "#9b2fc4", "#f08c00", "#0aa5a5")


def route_color(n: int) -> str:
    """The colour of the ``n``-th route of a company."""
    return ROUTE_COLORS[n % len(ROUTE_COLORS)]


def tile_fill(color: str) -> str:
    """Fill of a hex whose tile (or printed content) has colour name ``color``."""
    return TILE_FILL.get(color, color)
