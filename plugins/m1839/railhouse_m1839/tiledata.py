"""The 1839 tile manifest (facts/1839.md Part 5 [RECON]) and the tile-type rules of R-15.2.

Every layout is written at rotation 0 in the core's spec language
(:func:`railhouse.map.tiles.tile`); edges ``0=SW 1=W 2=NW 3=NE 4=E 5=SE``.  Standard
numbered tiles come from :mod:`railhouse.map.library` (their values are 1839's: towns 10
yellow/green and 20 brown, cities 20 / 30 / 40 / 50 by colour); the OO, big-city (labels
``A B H R U``) and 1839-only tiles are defined here.

Tile types (R-15.2) are enforced by the core's generic rule (``upgrades.kind_compatible``):
a tile keeps its label and its kinds of revenue stops, so city hexes take only city tiles,
OO hexes only OO tiles, big cities only their letter, towns only one-town tiles and double
towns only double-town tiles (R-15.2.4: no town -> double-town upgrade; double towns have
no green tile, as in Part 5).  Upgrades must preserve old track (R-15.4.2), checked by
``upgrades.shape_upgrades`` -- the "engine advice" of Part 5.

Deviations from Part 5 (RULINGS.md, "Map, track, stations and routes"), the first two so
that no OO hex dead-ends before gray: Part 5 lists six green OO shapes but five brown OO
tiles (#64-#68), and brown OO cities have two exits each, so a brown OO tile must repeat a
green shape: we add a sixth brown OO, ``OO-B6``; and the two gray OO tiles of Part 5 cannot
take the straight-through shapes (#8859's), so we add ``OO-G3``.  Third (A-42): the green,
brown and gray H tiles have four consecutive exits instead of Part 5's X shape and all six,
because Haarlem G8, their only hex, has only four sides on the map (W and NW are the map
edge).  Tiles: 61 yellow, 55 green, 45 brown, 13 gray (174).
"""

from __future__ import annotations

from railhouse.map import library
from railhouse.map.library import OwnTile
from railhouse.map.tiles import TileDef

#: Labels of the five big cities (R-15.2.2), by hex.
BIG_CITY_LABELS: dict[str, str] = {"G10": "A", "K8": "B", "G8": "H", "J7": "R", "I12": "U"}

#: 1839's own tiles: id -> (colour, spec, label).
_OWN: dict[str, OwnTile] = {
    # yellow OO and big cities (Part 5.1)
    "OO-Y1": ("yellow", "c30x1:0 c30x1:3", None),
    "OO-Y2": ("yellow", "c30x1:0 c30x1:2", None),
    "OO-Y3": ("yellow", "c30x1:0 c30x1:1", None),
    "A-Y": ("yellow", "c30x1:0 c30x1:3", "A"),
    "B-Y": ("yellow", "c30x1:0,3", "B"),
    "H-Y": ("yellow", "c30x1:0,2", "H"),
    "R-Y": ("yellow", "c30x1:0,1", "R"),
    "U-Y": ("yellow", "c30x1:0,2", "U"),
    # green OO and big cities (Part 5.2)
    "8858": ("green", "c40x1:0,2 c40x1:1,3", None),
    "8859": ("green", "c40x1:0,3 c40x1:2,5", None),
    "8860": ("green", "c40x1:1,5 c40x1:2,4", None),
    "8863": ("green", "c40x1:0,1 c40x1:2,5", None),
    "8864": ("green", "c40x1:1,5 c40x1:2,3", None),
    "8865": ("green", "c40x1:1,5 c40x1:3,4", None),
    "A-G": ("green", "c40x1:0,1 c40x1:3,4", "A"),
    "B-G": ("green", "c40x2:0,1,3,4", "B"),
    # H-G/H-Br/H-Gr [RECON fix, A-42]: Part 5 gives H-G exits 0,2,3,5 and H-Br/H-Gr all six,
    # but Haarlem G8 (their only hex, R-15.2.2) has the map edge W and NW, so
    # none could ever be laid.  Four consecutive exits fit its four sides SW, NE, E, SE and
    # keep the stubs E and SW; slots and values are Part 5's.
    "H-G": ("green", "c40x2:0,1,2,3", "H"),
    "U-G": ("green", "c40x2:0,1,2,3", "U"),
    "R-G": ("green", "c50x2:0,1,2,4", "R"),
    # brown OO (one per green shape) and big cities (Part 5.3)
    "64": ("brown", "c50x1:0,2 c50x1:1,3", None),
    "65": ("brown", "c50x1:0,3 c50x1:2,5", None),
    "66": ("brown", "c50x1:1,5 c50x1:2,4", None),
    "67": ("brown", "c50x1:0,1 c50x1:2,5", None),
    "68": ("brown", "c50x1:1,5 c50x1:2,3", None),
    "OO-B6": ("brown", "c50x1:1,5 c50x1:3,4", None),
    "A-Br": ("brown", "c50x2:0,1,2 c50x2:3,4,5", "A"),
    "B-Br": ("brown", "c50x2:0,1,2,3,4,5", "B"),
    "H-Br": ("brown", "c50x2:0,1,2,3", "H"),  # [RECON fix] see H-G
    "U-Br": ("brown", "c50x2:0,1,2,3,4,5", "U"),
    "R-Br": ("brown", "c60x2:0,1,2,3,4,5", "R"),
    # gray OO and big cities (Part 5.4); A-Gr merges Amsterdam's two cities
    "OO-G1": ("gray", "c70x2:0,1,2 c70x2:3,4,5", None),
    "OO-G2": ("gray", "c70x2:0,2,4 c70x2:1,3,5", None),
    "OO-G3": ("gray", "c70x2:0,2,3 c70x2:1,4,5", None),
    "A-Gr": ("gray", "c80x4:0,1,2,3,4,5", "A"),
    "R-Gr": ("gray", "c80x3:0,1,2,3,4,5", "R"),
    "U-Gr": ("gray", "c70x3:0,1,2,3,4,5", "U"),
    "B-Gr": ("gray", "c60x3:0,1,2,3,4,5", "B"),
    "H-Gr": ("gray", "c60x3:0,1,2,3", "H"),  # [RECON fix] see H-G
}

#: (tile id, count) in manifest order -- Part 5 tables.
MANIFEST: tuple[tuple[str, int], ...] = (
    # yellow (5.1)
    ("7", 4), ("8", 10), ("9", 8),
    ("3", 3), ("4", 4), ("58", 4),
    ("1", 1), ("2", 1), ("55", 1), ("56", 1), ("69", 1),
    ("5", 4), ("6", 5), ("57", 5),
    ("OO-Y1", 2), ("OO-Y2", 1), ("OO-Y3", 1),
    ("A-Y", 1), ("B-Y", 1), ("H-Y", 1), ("R-Y", 1), ("U-Y", 1),
    # green (5.2)
    ("16", 1), ("19", 1), ("20", 1),
    ("23", 3), ("24", 3), ("25", 1), ("26", 1), ("27", 1), ("28", 1), ("29", 1),
    ("80", 1), ("81", 1), ("82", 2), ("83", 2),
    ("141", 2), ("142", 2), ("143", 1), ("144", 1), ("87", 1), ("88", 1),
    ("12", 2), ("13", 2), ("205", 2), ("206", 2), ("14", 3), ("15", 3), ("619", 2),
    ("8858", 1), ("8859", 1), ("8860", 1), ("8863", 1), ("8864", 1), ("8865", 1),
    ("A-G", 1), ("B-G", 1), ("H-G", 1), ("U-G", 1), ("R-G", 1),
    # brown (5.3)
    ("39", 1), ("40", 1), ("41", 2), ("42", 2), ("43", 2), ("44", 1), ("45", 2),
    ("46", 2), ("47", 1), ("70", 1), ("544", 1), ("545", 1), ("546", 1),
    ("145", 1), ("146", 1), ("147", 1), ("148", 1),
    ("448", 2), ("449", 2), ("450", 2), ("611", 3), ("63", 3),
    ("64", 1), ("65", 1), ("66", 1), ("67", 1), ("68", 1), ("OO-B6", 1),
    ("A-Br", 1), ("B-Br", 1), ("H-Br", 1), ("U-Br", 1), ("R-Br", 1),
    # gray (5.4)
    ("51", 2), ("455", 3), ("OO-G1", 1), ("OO-G2", 1), ("OO-G3", 1),
    ("A-Gr", 1), ("R-Gr", 1), ("U-Gr", 1), ("B-Gr", 1), ("H-Gr", 1),
)  # fmt: skip

#: Tile ids whose upgrade onto a big city costs f80 (R-15.3.4) -- every labelled tile.
BIG_CITY_TILES: frozenset[str] = frozenset(t for t, (_, _, lab) in _OWN.items() if lab)


#: Every 1839 tile by id: its own, else the core's standard tile of that number.
TILES: dict[str, TileDef] = library.catalogue((tid for tid, _ in MANIFEST), _OWN)


def tile_supply() -> dict[str, int | None]:
    """A fresh copy of the physical supply (R-15.1.2: no unlimited tiles in v2)."""
    return {tid: count for tid, count in MANIFEST}
