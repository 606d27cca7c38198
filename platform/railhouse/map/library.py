"""Standard 18xx tiles by number, as both titles use them (layouts written from
facts/soh.md §9 and facts/1839.md Part 5; revenue is the common value - a title that
pays differently uses ``STANDARD["14"].with_(...)`` or defines its own tile).

>>> STANDARD["23"].paths
((0, 3), (0, 4))
>>> get("57").stops[0].revenue
20
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from railhouse.map.tiles import TileDef, tile

#: A title's own tile: (colour, layout in the spec language of :func:`tile`, label or None).
OwnTile = tuple[str, str, str | None]

_SPECS: dict[str, tuple[str, str]] = {
    # yellow
    "1": ("yellow", "t10:1,3 t10:0,4"),
    "2": ("yellow", "t10:0,3 t10:1,2"),
    "3": ("yellow", "t10:0,1"),
    "4": ("yellow", "t10:0,3"),
    "5": ("yellow", "c20x1:0,1"),
    "6": ("yellow", "c20x1:0,2"),
    "7": ("yellow", "0-1"),
    "8": ("yellow", "0-2"),
    "9": ("yellow", "0-3"),
    "55": ("yellow", "t10:0,3 t10:1,4"),
    "56": ("yellow", "t10:0,2 t10:1,3"),
    "57": ("yellow", "c20x1:0,3"),
    "58": ("yellow", "t10:0,2"),
    "69": ("yellow", "t10:0,3 t10:2,4"),
    # green
    "12": ("green", "c30x1:0,1,2"),
    "13": ("green", "c30x1:0,2,4"),
    "14": ("green", "c30x2:0,1,3,4"),
    "15": ("green", "c30x2:0,1,2,3"),
    "16": ("green", "0-2 1-3"),
    "19": ("green", "0-3 2-4"),
    "20": ("green", "0-3 1-4"),
    "23": ("green", "0-3 0-4"),
    "24": ("green", "0-3 0-2"),
    "25": ("green", "0-2 0-4"),
    "26": ("green", "0-3 0-5"),
    "27": ("green", "0-3 0-1"),
    "28": ("green", "0-4 0-5"),
    "29": ("green", "0-2 0-1"),
    "30": ("green", "0-4 0-1"),
    "31": ("green", "0-2 0-5"),
    "80": ("green", "j:0,1,2"),
    "81": ("green", "j:0,2,4"),
    "82": ("green", "j:0,1,3"),
    "83": ("green", "j:0,5,3"),
    "87": ("green", "t10:0,1,2,3"),
    "88": ("green", "t10:0,1,3,4"),
    "141": ("green", "t10:0,1,3"),
    "142": ("green", "t10:0,5,3"),
    "143": ("green", "t10:0,1,2"),
    "144": ("green", "t10:0,2,4"),
    "205": ("green", "c30x1:0,1,3"),
    "206": ("green", "c30x1:0,5,3"),
    "619": ("green", "c30x2:0,2,3,4"),
    # brown
    "39": ("brown", "0-1 0-2 1-2"),
    "40": ("brown", "0-2 2-4 0-4"),
    "41": ("brown", "0-3 0-1 1-3"),
    "42": ("brown", "0-3 3-5 0-5"),
    "43": ("brown", "0-3 0-2 1-3 1-2"),
    "44": ("brown", "0-3 1-4 0-1 3-4"),
    "45": ("brown", "0-3 2-4 0-4 2-3"),
    "46": ("brown", "0-3 2-4 3-4 0-2"),
    "47": ("brown", "0-3 1-4 1-3 0-4"),
    "63": ("brown", "c40x2:0,1,2,3,4,5"),
    "70": ("brown", "0-1 0-2 1-3 2-3"),
    "125": ("brown", "c40x2:0,1,2,3,4"),
    "145": ("brown", "t20:0,1,3,4"),
    "146": ("brown", "t20:0,1,2,3"),
    "147": ("brown", "t20:0,2,3,4"),
    "148": ("brown", "t20:0,1,2,3,4"),
    "217": ("brown", "c40x2:0,1,2,5"),
    "448": ("brown", "c40x2:0,1,2,3"),
    "449": ("brown", "c40x2:0,1,3,4"),
    "450": ("brown", "c40x2:0,2,3,4"),
    "544": ("brown", "j:0,1,3,4"),
    "545": ("brown", "j:0,1,2,3"),
    "546": ("brown", "j:0,2,3,4"),
    "611": ("brown", "c40x2:0,1,2,3,4"),
    # gray
    "51": ("gray", "c50x2:0,1,2,3,4"),
    "455": ("gray", "c50x3:0,1,2,3,4,5"),
}

STANDARD: dict[str, TileDef] = {
    tile_id: tile(tile_id, color, spec) for tile_id, (color, spec) in _SPECS.items()
}


def get(tile_id: str, **changes: object) -> TileDef:
    """A standard tile, optionally with fields replaced (``get("14", label="X")``).
    Raises ``KeyError`` for an unknown number."""
    base = STANDARD[tile_id]
    return base.with_(**changes) if changes else base


def catalogue(ids: Iterable[str], own: Mapping[str, OwnTile]) -> dict[str, TileDef]:
    """A title's tiles by id, in the order of ``ids`` (its manifest): the title's ``own``
    definition where it gives one, else the standard tile of that number.  Each title keeps
    its counts and its own tiles as data and refers to the standard ones by number."""
    tiles = {}
    for tile_id in ids:
        spec = own.get(tile_id)
        tiles[tile_id] = get(tile_id) if spec is None else tile(tile_id, *spec)
    return tiles
