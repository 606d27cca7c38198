"""The hexes a company may lay on now, as a lay listing walks them
(:mod:`railhouse.map.lays`): those whose sides its network reaches or where it has a
token, but for hexes closed to it, with what the listing reads of each (sides reached,
token, whether a lay there is an upgrade); cached per board revision and operator, the
reached side masks kept across revisions while the operator's reach stays the same."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from railhouse.map.board import Board
from railhouse.map.graph import Operator, hex_order
from railhouse.map.mapdef import WHITE, MapDef
from railhouse.map.network import network_reach
from railhouse.map.reachreuse import side_keys

#: an open hex: (hex, mask of its sides op reaches, op has a token there, it holds a tile
#: or printed track: a lay there is an upgrade)
OpenHex = tuple[str, int, bool, bool]


def open_hexes_now(board: Board, op: Operator) -> list[OpenHex]:
    """The hexes a lay listing walks (:func:`railhouse.map.lays.hex_listings`, before
    any ``only_hexes``), cached per board revision and ``op`` (every listing and "is
    there a lay?" of the revision walks the same hexes): the hexes whose sides op's
    network reaches (:func:`_reached_masks`) or where it has a token, but for those
    closed to it (:func:`_closed_hexes`)."""
    key = ("open_hexes", board.track_version, board.token_version, op)
    hit: list[OpenHex] | None = board.cache.get(key)
    if hit is not None:
        return hit
    masks, ordered, token_hexes = _reached_masks(board, op)
    mapdef, tiles, get = board.map, board.tiles, masks.get
    if not token_hexes.issubset(masks):  # (a token's hex usually has a side reached)
        ordered = sorted((masks.keys() | token_hexes) - _closed_hexes(mapdef, op.released),
                         key=hex_order(mapdef).__getitem__)
    track_printed, coloured = _track_printed(mapdef), _coloured_tiles(mapdef)
    hit = [(coord, get(coord, 0), coord in token_hexes,
            coord in track_printed if (laid := tiles.get(coord)) is None
            else laid[0] in coloured)
           for coord in ordered]
    board.cache[key] = hit
    return hit


def open_hex_now(board: Board, op: Operator, coord: str) -> OpenHex | None:
    """The row of :func:`open_hexes_now` for ``coord`` alone (None where the hex is not
    open to ``op``): what validating a lay on one hex reads, without the rows of the
    other hexes (read from them where they are cached)."""
    rows: list[OpenHex] | None = board.cache.get(
        ("open_hexes", board.track_version, board.token_version, op))
    if rows is not None:
        return next((row for row in rows if row[0] == coord), None)
    mapdef = board.map
    if coord in _closed_hexes(mapdef, op.released):
        return None
    mask = reached_sides(board, op, coord)
    token = any(h == coord for h, _ in board.company_cities(op.company))
    if not mask and not token:
        return None
    laid = board.tiles.get(coord)
    return (coord, mask, token,
            coord in _track_printed(mapdef) if laid is None
            else laid[0] in _coloured_tiles(mapdef))


def reached_sides(board: Board, op: Operator, coord: str) -> int:
    """The mask of ``coord``'s sides ``op``'s network reaches: ``_reached_masks``' entry
    for ``coord`` (0 if none), read from the reach alone.  A side node's side bits come
    from the graph's side map (``NetworkGraph.side_bits``), so only the nodes of
    ``coord``'s six sides there can hold a bit of ``coord``: validating one lay looks
    at those, not at every node reached (nor keeps the other hexes' masks)."""
    g, reached = network_reach(board, op)
    side, side_bits = g.side, g.side_bits
    mask = 0
    for key in side_keys(board.map).get(coord, ()):  # (none: a hex not on the map)
        u = side.get(key)
        if u is not None and u in reached:
            for at, bit in side_bits[u]:
                if at == coord:
                    mask |= bit
    return mask


def _reached_masks(board: Board, op: Operator) -> tuple[dict[str, int], list[str],
                                                       frozenset[str]]:
    """Per hex, the mask of its sides ``op``'s network reaches (``network_reach``; hexes
    with none left out), and those hexes not closed to ``op`` (:func:`_closed_hexes`)
    in map order.  Kept per operator with the reach they were made from: a reach set's
    nodes are numbers of one graph lineage, and a side node stands for the same hex
    sides in every graph of its lineage (``NetworkGraph.side_bits``), so the masks
    follow from the set alone.  They are reused while ``network_reach`` hands that very
    set back (it does so while op's reach stays the same, across revisions:
    ``reachreuse``), and grown by the nodes added when the new set holds the old one.

    Also the hexes of op's token cities, kept in the same entry with the token revision
    they were found for (most lays leave the tokens as they were; a board's tokens change
    only with a new token revision, and a clone copies the cache as it was when they
    parted, as ``Board.memo`` relies on): in this entry, not one of their own, which
    every clone of the board would copy."""
    g, reached = network_reach(board, op)
    key = ("reached_masks", op)
    last: _Masks | None = board.cache.get(key)
    side_bits, version = g.side_bits, board.token_version
    if last is not None and last.token_version == version:
        tokens = last.tokens
    else:
        tokens = frozenset([h for h, _ in board.company_cities(op.company)])
    if last is not None and last.lineage is g.lineage and len(last.reach) == last.size:
        if last.reach is reached:
            if last.tokens is not tokens:
                board.cache[key] = last._replace(token_version=version, tokens=tokens)
            return last.masks, last.ordered, tokens
        if last.reach <= reached:
            masks = last.masks.copy()
            known = len(masks)
            _add_sides(masks, side_bits, reached - last.reach)
            ordered = last.ordered if len(masks) == known else _ordered(board, op, masks)
            board.cache[key] = _Masks(reached, len(reached), g.lineage, masks, ordered,
                                      version, tokens)
            return masks, ordered, tokens
    masks = {}
    _add_sides(masks, side_bits, reached)
    ordered = _ordered(board, op, masks)
    board.cache[key] = _Masks(reached, len(reached), g.lineage, masks, ordered, version, tokens)
    return masks, ordered, tokens


class _Masks(NamedTuple):
    """:func:`_reached_masks`' answer for one reach set (``size``: its length then) and
    token revision."""

    reach: set[int]
    size: int
    lineage: object
    masks: dict[str, int]
    ordered: list[str]
    #: the token revision, and the hexes of op's token cities then
    token_version: int
    tokens: frozenset[str]


def _add_sides(masks: dict[str, int], side_bits: list[tuple[tuple[str, int], ...]],
               nodes: Iterable[int]) -> None:
    """Add the hex sides of ``nodes`` to ``masks``."""
    get = masks.get
    for u in nodes:
        for coord, bit in side_bits[u]:
            masks[coord] = get(coord, 0) | bit


def _ordered(board: Board, op: Operator, masks: dict[str, int]) -> list[str]:
    """The hexes of ``masks`` not closed to ``op``, in map order."""
    return sorted(masks.keys() - _closed_hexes(board.map, op.released),
                  key=hex_order(board.map).__getitem__)


def _closed_hexes(mapdef: MapDef, released: frozenset[str]) -> frozenset[str]:
    """The hexes that take no tile for an operator with ``released`` barriers lifted:
    fixed ones (off-board, gray, ferry, water) and those blocked until an event not in
    ``released`` (cached per map and ``released``: nothing else decides it)."""
    key = ("closed_hexes", released)
    hit: frozenset[str] | None = mapdef._cache.get(key)
    if hit is None:
        hit = mapdef._cache[key] = frozenset([
            coord for coord, hexdef in mapdef.hexes.items()
            if hexdef.fixed or (hexdef.blocked_until is not None
                                and hexdef.blocked_until not in released)])
    return hit


def _coloured_tiles(mapdef: MapDef) -> frozenset[str]:
    """The ids of the map's tiles that are not white: a lay on a hex holding one is an
    upgrade (cached per map)."""
    hit: frozenset[str] | None = mapdef._cache.get("coloured_tiles")
    if hit is None:
        hit = mapdef._cache["coloured_tiles"] = frozenset([
            tile_id for tile_id, t in mapdef.tiles.items() if t.color != WHITE])
    return hit


def _track_printed(mapdef: MapDef) -> frozenset[str]:
    """The hexes whose printed content is not white: a lay there, while no tile was
    laid, is an upgrade (cached per map)."""
    hit: frozenset[str] | None = mapdef._cache.get("track_printed")
    if hit is None:
        hit = mapdef._cache["track_printed"] = frozenset([
            coord for coord, hexdef in mapdef.hexes.items()
            if hexdef.printed.color != WHITE])
    return hit
