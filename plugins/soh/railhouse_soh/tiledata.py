"""Steam Over Holland tile set (facts/soh.md §9, rules "Tile manifest").

Every layout is written at rotation 0 in the core's spec language
(:func:`railhouse.map.tiles.tile`); the facts' notation ``T10[a,b]`` is ``t10:a,b`` and
``C20x1{a,b}`` is ``c20x1:a,b``.  Standard numbered tiles come from the core's
:mod:`railhouse.map.library`; the Amsterdam and double-town tiles are defined here.

Counts: ``EN`` is the corrected English manual v2 (also 18xx.games): 53 yellow, 50 green,
17 brown.  ``DE`` is the older German manual (also Rails): 50 / 50 / 20, differing only in
tiles 6, 57 (6 each) and 41, 42, 47 (2 each) -- facts §9.2, §11.2.
"""

from __future__ import annotations

from railhouse.map import library
from railhouse.map.library import OwnTile
from railhouse.map.tiles import TileDef

#: Label of the three Amsterdam tiles and of the printed F9 hex (facts §8.5).
AMSTERDAM = "AM"

#: SOH's own tiles (not in the core library), at rotation 0 -- facts §8.5, §9.2.
_OWN: dict[str, OwnTile] = {
    # Yellow Amsterdam: city 0 faces SW+SE (NRS home), city 1 faces W+NW (HYSM home).
    "SOH1": ("yellow", "c30x1:0,5 c30x1:1,2", AMSTERDAM),
    # Green: two towns (10 each), each on its own track, both sharing edge 2.
    "981": ("green", "t10:2,5 t10:2,4", None),
    "991": ("green", "t10:2,5 t10:2,0", None),
    "SOH2": ("green", "t10:2,5 t10:2,1", None),
    "SOH3": ("green", "t10:2,5 t10:2,3", None),
    "SOH4": ("green", "t10:2,0 t10:2,1", None),
    "SOH5": ("green", "t10:2,3 t10:2,4", None),
    # Green Amsterdam: the same track as SOH1.
    "SOH6": ("green", "c40x1:0,5 c40x1:1,2", AMSTERDAM),
    # Brown Amsterdam: one merged station holding both tokens.
    "SOH7": ("brown", "c60x2:0,1,2,5", AMSTERDAM),
}

# (id, EN count, DE count) -- facts §9.2.  Ids not in _OWN are the core library's
# standard tiles, whose values are SOH's: towns 10; cities 20 x1 (yellow), 30 x2 (green),
# 40 x2 (brown); 217 without a label.  Tile 5 is not in the game.
_MANIFEST: tuple[tuple[str, int, int], ...] = (
    # yellow
    ("7", 3, 3),
    ("8", 8, 8),
    ("9", 8, 8),
    ("3", 6, 6),
    ("4", 6, 6),
    ("58", 6, 6),
    ("6", 8, 6),
    ("57", 7, 6),
    ("SOH1", 1, 1),
    # green
    ("14", 4, 4),
    ("15", 4, 4),
    ("16", 1, 1),
    ("20", 1, 1),
    ("23", 3, 3),
    ("24", 3, 3),
    ("25", 3, 3),
    ("26", 2, 2),
    ("27", 2, 2),
    ("28", 2, 2),
    ("29", 2, 2),
    ("30", 2, 2),
    ("31", 2, 2),
    ("981", 3, 3),
    ("991", 3, 3),
    ("SOH2", 3, 3),
    ("SOH3", 3, 3),
    ("SOH4", 3, 3),
    ("SOH5", 3, 3),
    ("SOH6", 1, 1),
    # brown
    ("39", 1, 1),
    ("40", 2, 2),
    ("41", 1, 2),
    ("42", 1, 2),
    ("43", 1, 1),
    ("44", 1, 1),
    ("45", 1, 1),
    ("46", 1, 1),
    ("47", 1, 2),
    ("125", 3, 3),
    ("217", 3, 3),
    ("SOH7", 1, 1),
)


#: Every SOH tile by id: its own, else the core's standard tile of that number.
TILES: dict[str, TileDef] = library.catalogue((tid for tid, _, _ in _MANIFEST), _OWN)

#: Tile counts per manifest edition.
COUNTS: dict[str, dict[str, int]] = {
    "EN": {tid: en for tid, en, _ in _MANIFEST},
    "DE": {tid: de for tid, _, de in _MANIFEST},
}


def tile_supply(edition: str = "EN") -> dict[str, int | None]:
    """The tile supply for ``edition`` (``"EN"`` or ``"DE"``); raises ``ValueError``."""
    counts = COUNTS.get(edition)
    if counts is None:
        raise ValueError(f"unknown SOH tile manifest {edition!r} (expected 'EN' or 'DE')")
    return dict(counts)
