"""What a hex's legal lays depend on, so that a lay listing reuses the work of earlier
board revisions (:mod:`railhouse.map.lays`).

The lays on one hex follow from a handful of inputs: the hex's tile, which of its sides
the company reaches and whether it holds a token there, the step's options, the tiles left
in the supply, the markers and reservations on the hex, and (only where a side carries an
edge rule) whether the neighbour across it has track facing it and which barriers are
lifted.  :func:`hex_key` spells them out as one hashable value; the lays are memoised per
map under that key (:func:`memo_of`), so a lay elsewhere on the board leaves the answer
for this hex valid and a new board revision recomputes only the hexes whose inputs
changed.  The key is the content itself, not a board version: boards, clones and games of
one map share the memo safely.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from railhouse.map.board import Board
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import orient

#: the tag of a reservation in :func:`hex_markers` (a token's entry starts with its city)
RESERVED = "reserved"

#: entries kept per map before the memo starts afresh (bounds memory in long sessions)
MEMO_LIMIT = 50_000


def memo_of(mapdef: MapDef) -> dict[Any, Any]:
    """The per-map memo of hex lays (emptied when it reaches :data:`MEMO_LIMIT`)."""
    memo: dict[Any, Any] | None = mapdef._cache.get("lay_memo")
    if memo is None or len(memo) >= MEMO_LIMIT:
        memo = mapdef._cache["lay_memo"] = {}
    return memo


def hex_markers(board: Board) -> dict[str, tuple[object, ...]]:
    """Per hex with any: its tokens ``(city, owners)`` and reservations ``(RESERVED,
    company, city)`` (per revision; plain tuples, so a key holding them hashes and
    compares without Python-level ``__hash__``/``__eq__`` calls)."""
    memo = board.memo()
    hit: dict[str, tuple[object, ...]] | None = memo.get("hex_markers")
    if hit is None:
        found: dict[str, list[object]] = {}
        for (coord, city), owners in sorted(board.tokens.items()):
            found.setdefault(coord, []).append((city, tuple(owners)))
        for r in board.reservations:
            found.setdefault(r.hex, []).append((RESERVED, r.company, r.city))
        hit = memo["hex_markers"] = {c: tuple(v) for c, v in found.items()}
    return hit


class ListingInputs(NamedTuple):
    """What every hex of one listing shares: the memo and the markers per hex (looked up
    once per listing, not once per hex), ``revision``: the lays found per hex at this
    board revision, and ``out``: the map's tiles not in the supply now (see
    :func:`listing_inputs`)."""

    memo: dict[Any, Any]
    markers: dict[str, tuple[object, ...]]
    revision: dict[Any, Any]
    out: frozenset[str]


def listing_inputs(board: Board) -> ListingInputs:
    """The inputs of a listing now, made once per board revision and kept in the
    board's per-revision memo (:meth:`Board.memo`, keyed on the track and token
    versions): within one revision a hex's tile, the supply and the markers are fixed,
    so a hex's lays there depend only on what the listing's caller passes (sides
    reached, token, released barriers, step options); "is there a lay?", the listing and
    a lay's validation at one position then spell :func:`hex_key` once per hex, not once
    per question.  A new revision starts with the entries of the board's previous one
    whose hex's inputs did not change (:func:`carried`)."""
    memo = board.memo()
    inputs: ListingInputs | None = memo.get("listing_inputs")
    if inputs is None:
        markers = hex_markers(board)
        revision, out = carried(board, markers)
        inputs = memo["listing_inputs"] = ListingInputs(memo_of(board.map), markers,
                                                        revision, out)
    return inputs


class _Revision(NamedTuple):
    """A board revision's content as its per-hex lays were found there: copies of the
    tiles and supply, the tiles out of that supply (:func:`supply_out`), its
    :func:`hex_markers`, and the lays (``listing_inputs``)."""

    tiles: dict[str, tuple[str, int]]
    supply: dict[str, int | None]
    out: frozenset[str]
    markers: dict[str, tuple[object, ...]]
    lays: dict[Any, Any]


#: where a board's cache holds the :class:`_Revision` of its latest listing revision
LAST_REVISION = ("hex_lays_last",)
#: a revision carrying more entries than this starts afresh (entries of hexes and
#: companies no longer asked about are otherwise carried for ever)
CARRY_LIMIT = 400


def carried(board: Board, markers: dict[str, tuple[object, ...]]
            ) -> tuple[dict[Any, Any], frozenset[str]]:
    """The per-hex lays of the board's previous listing revision still valid now, as
    the new revision's lays (and this revision recorded as the board's latest), and the
    tiles out of the supply now (:func:`supply_out`, read again only if the supply
    changed).

    An entry (keyed on the hex first, then what the caller passes) depends on the board
    only through what :func:`hex_key` spells: the hex's tile, its markers, whether its
    candidate tiles are left (``candidates`` of the entry) and the track of its
    neighbours (their tiles).  So it is carried unless the hex or a neighbour holds
    another tile than then, the hex's markers differ, or a tile among its candidates
    went out of the supply or came back.  The previous content is compared as copied
    then, not by versions: a clone (sharing the cache entry) compares its own content
    with it.  Equal dicts, the usual case for the markers and for everything of a
    revision that only moved tokens, are told at C speed before any item is looked at."""
    tiles, supply = board.tiles, board.supply
    prev: _Revision | None = board.cache.get(LAST_REVISION)
    lays: dict[Any, Any] = {}
    flipped: frozenset[str] = frozenset()  # tiles gone from the supply or back in it
    if prev is None:
        out = supply_out(board)
    elif supply == prev.supply:
        out = prev.out
    else:
        out = _out_after(board, prev)
        flipped = out ^ prev.out
    if prev is not None and len(prev.lays) <= CARRY_LIMIT:
        neighbours = board.map.neighbours
        dirty: set[str | None] = (set() if markers == prev.markers else
                                  {coord for coord, _ in markers.items() ^ prev.markers.items()})
        if tiles != prev.tiles:
            for coord, _ in tiles.items() ^ prev.tiles.items():
                dirty.add(coord)
                dirty.update(neighbours[coord])
        if flipped:
            lays = {key: found for key, found in prev.lays.items()
                    if key[0] not in dirty and flipped.isdisjoint(found.candidates)}
        else:
            lays = {key: found for key, found in prev.lays.items() if key[0] not in dirty}
    board.cache[LAST_REVISION] = _Revision(tiles.copy(), supply.copy(), out, markers, lays)
    return lays, out


def _out_after(board: Board, prev: _Revision) -> frozenset[str]:
    """:func:`supply_out` now, from the one of ``prev`` and the tiles whose supply entry
    differs from ``prev.supply`` (a lay changes one or two): only those can have gone out
    or come back."""
    changed = {tile for tile, _ in board.supply.items() ^ prev.supply.items()}
    available, tiles = board.available, board.map.tiles
    return prev.out.difference(changed).union(
        [tile for tile in changed if tile in tiles and not available(tile)])


def supply_out(board: Board) -> frozenset[str]:
    """The map's tiles not in the supply now (not ``Board.available``).  A hex's lays
    depend on the supply only through which of its candidate tiles are among these
    (:func:`hex_key`)."""
    available = board.available
    return frozenset([t for t in board.map.tiles if not available(t)])


def hex_key(
    board: Board, inputs: ListingInputs, coord: str, candidates: frozenset[str],
    reached_mask: int, has_token: bool, released: frozenset[str], ruled: int,
) -> tuple[object, ...]:
    """Everything of the board and the company that the lays on ``coord`` depend on
    (module docstring): of the supply, only whether the tiles that may replace the
    hex's one (``candidates``) are left; ``ruled``: the mask of the hex's edges under an
    edge rule (where it matters whether the neighbour has track facing the hex)."""
    facing = 0
    if ruled:
        neighbours = board.map.neighbours[coord]
        for edge in _EDGES_OF[ruled]:
            nb = neighbours[edge]
            if nb is not None and track_sides(board, nb) >> (edge + 3) % 6 & 1:
                facing |= 1 << edge
    return (coord, board.tiles.get(coord), 0 if has_token else reached_mask, has_token,
            candidates & inputs.out, inputs.markers.get(coord, ()),
            (facing, released) if ruled else None)


#: per mask of hex edges, the edges in it
_EDGES_OF = tuple(tuple(edge for edge in range(6) if mask >> edge & 1) for mask in range(64))


def track_sides(board: Board, coord: str) -> int:
    """The mask of ``coord``'s sides its tile's track reaches (the track graph's
    ``hex_edges[coord]``, read from the tile: no graph needed)."""
    t, rotation = board.tile_at(coord)
    return orient(t, rotation).edge_mask
