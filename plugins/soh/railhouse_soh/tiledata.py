"""Steam Over Holland tile set (facts/soh.md §9, rules "Tile manifest").

Every layout is written at rotation 0 in the core's spec language
(:func:`railhouse.map.tiles.tile`); the facts' notation ``T10[a,b]`` is ``t10:a,b`` and
``C20x1{a,b}`` is ``c20x1:a,b``.  The core ships no library of numbered tiles, so all of
them are defined here.

Counts: ``EN`` is the corrected English manual v2 (also 18xx.games): 53 yellow, 50 green,
17 brown.  ``DE`` is the older German manual (also Rails): 50 / 50 / 20, differing only in
tiles 6, 57 (6 each) and 41, 42, 47 (2 each) -- facts §9.2, §11.2.
"""

from __future__ import annotations

from railhouse.map.tiles import TileDef, tile

#: Label of the three Amsterdam tiles and of the printed F9 hex (facts §8.5).
AMSTERDAM = "AM"

# (id, colour, spec, label, EN count, DE count) -- facts §9.2.
_MANIFEST: tuple[tuple[str, str, str, str | None, int, int], ...] = (
    # Yellow: plain track.
    ("7", "yellow", "0-1", None, 3, 3),
    ("8", "yellow", "0-2", None, 8, 8),
    ("9", "yellow", "0-3", None, 8, 8),
    # Yellow: towns (worth 10).
    ("3", "yellow", "t10:0,1", None, 6, 6),
    ("4", "yellow", "t10:0,3", None, 6, 6),
    ("58", "yellow", "t10:0,2", None, 6, 6),
    # Yellow: large cities (worth 20, one slot).  Tile 5 is not in the game.
    ("6", "yellow", "c20x1:0,2", None, 8, 6),
    ("57", "yellow", "c20x1:0,3", None, 7, 6),
    # Yellow Amsterdam: city 0 faces SW+SE (NRS home), city 1 faces W+NW (HYSM home).
    ("SOH1", "yellow", "c30x1:0,5 c30x1:1,2", AMSTERDAM, 1, 1),
    # Green: large cities (worth 30, two slots).
    ("14", "green", "c30x2:0,1,3,4", None, 4, 4),
    ("15", "green", "c30x2:0,1,2,3", None, 4, 4),
    # Green: plain track.
    ("16", "green", "0-2 1-3", None, 1, 1),
    ("20", "green", "0-3 1-4", None, 1, 1),
    ("23", "green", "0-3 0-4", None, 3, 3),
    ("24", "green", "0-3 0-2", None, 3, 3),
    ("25", "green", "0-2 0-4", None, 3, 3),
    ("26", "green", "0-3 0-5", None, 2, 2),
    ("27", "green", "0-3 0-1", None, 2, 2),
    ("28", "green", "0-4 0-5", None, 2, 2),
    ("29", "green", "0-2 0-1", None, 2, 2),
    ("30", "green", "0-4 0-1", None, 2, 2),
    ("31", "green", "0-2 0-5", None, 2, 2),
    # Green: two towns (10 each), each on its own track, both sharing edge 2.
    ("981", "green", "t10:2,5 t10:2,4", None, 3, 3),
    ("991", "green", "t10:2,5 t10:2,0", None, 3, 3),
    ("SOH2", "green", "t10:2,5 t10:2,1", None, 3, 3),
    ("SOH3", "green", "t10:2,5 t10:2,3", None, 3, 3),
    ("SOH4", "green", "t10:2,0 t10:2,1", None, 3, 3),
    ("SOH5", "green", "t10:2,3 t10:2,4", None, 3, 3),
    # Green Amsterdam: same track as SOH1.
    ("SOH6", "green", "c40x1:0,5 c40x1:1,2", AMSTERDAM, 1, 1),
    # Brown: plain track.
    ("39", "brown", "0-1 0-2 1-2", None, 1, 1),
    ("40", "brown", "0-2 2-4 0-4", None, 2, 2),
    ("41", "brown", "0-3 0-1 1-3", None, 1, 2),
    ("42", "brown", "0-3 3-5 0-5", None, 1, 2),
    ("43", "brown", "0-3 0-2 1-3 1-2", None, 1, 1),
    ("44", "brown", "0-3 1-4 0-1 3-4", None, 1, 1),
    ("45", "brown", "0-3 2-4 0-4 2-3", None, 1, 1),
    ("46", "brown", "0-3 2-4 3-4 0-2", None, 1, 1),
    ("47", "brown", "0-3 1-4 1-3 0-4", None, 1, 2),
    # Brown: large cities (worth 40, two slots).  217 carries no letter label in SOH.
    ("125", "brown", "c40x2:0,1,2,3,4", None, 3, 3),
    ("217", "brown", "c40x2:0,1,2,5", None, 3, 3),
    # Brown Amsterdam: one merged station with both tokens.
    ("SOH7", "brown", "c60x2:0,1,2,5", AMSTERDAM, 1, 1),
)

#: Every SOH tile by id.
TILES: dict[str, TileDef] = {
    tid: tile(tid, color, spec, label) for tid, color, spec, label, _, _ in _MANIFEST
}

#: Tile counts per manifest edition.
COUNTS: dict[str, dict[str, int]] = {
    "EN": {tid: en for tid, _, _, _, en, _ in _MANIFEST},
    "DE": {tid: de for tid, _, _, _, _, de in _MANIFEST},
}


def tile_supply(edition: str = "EN") -> dict[str, int | None]:
    """The tile supply for ``edition`` (``"EN"`` or ``"DE"``); raises ``ValueError``."""
    counts = COUNTS.get(edition)
    if counts is None:
        raise ValueError(f"unknown SOH tile manifest {edition!r} (expected 'EN' or 'DE')")
    return dict(counts)
