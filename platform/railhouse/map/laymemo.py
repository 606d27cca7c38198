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

from typing import Any, NamedTuple, cast

from railhouse.map.board import Board
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import orient

#: the tag of a reservation in :func:`hex_markers` (a token's entry starts with its city)
RESERVED = "reserved"

#: a hex's tokens in :func:`hex_markers`: ``(city, owners)`` per city holding any
_Tokens = tuple[tuple[int, tuple[str, ...]], ...]

#: entries kept per map before the memo starts afresh (bounds memory in long sessions)
MEMO_LIMIT = 50_000


def memo_of(mapdef: MapDef) -> dict[Any, Any]:
    """The per-map memo of hex lays (emptied when it reaches :data:`MEMO_LIMIT`)."""
    memo: dict[Any, Any] | None = mapdef._cache.get("lay_memo")
    if memo is None or len(memo) >= MEMO_LIMIT:
        memo = mapdef._cache["lay_memo"] = {}
    return memo


def hex_markers(board: Board) -> dict[str, tuple[object, ...]]:
    """Per hex with any: its tokens ``(city, owners)`` in city order, then its
    reservations ``(RESERVED, company, city)`` in the board's order (plain tuples, so a
    key holding them hashes and compares without Python-level ``__hash__``/``__eq__``
    calls; a hex's tuple is the same for the same content).  Kept in the board's cache
    per ``token_version``: tokens and reservations change only with it (a lay on a hex
    without markers keeps it, ``Board._move_tokens``), so the revisions of one token
    version share one dict (and :func:`carried` tells them alike by identity)."""
    memo = board.cache
    key = ("hex_markers", board.token_version)
    hit: dict[str, tuple[object, ...]] | None = memo.get(key)
    if hit is None:
        hit = {}
        several = []  # the hexes with tokens in two cities (to put in city order)
        for (coord, city), owners in board.tokens.items():
            entry = (city, tuple(owners))
            held = hit.get(coord)
            if held is None:
                hit[coord] = (entry,)
            else:
                hit[coord] = (*held, entry)
                several.append(coord)
        for coord in several:  # (by city: one entry each)
            hit[coord] = tuple(sorted(cast(_Tokens, hit[coord])))
        for r in board.reservations:
            hit[r.hex] = (*hit.get(r.hex, ()), (RESERVED, r.company, r.city))
        memo[key] = hit
    return hit



class ListingInputs(NamedTuple):
    """What every hex of one listing shares: the memo and the markers per hex (looked up
    once per listing, not once per hex), ``revision``: per hex, the lays found on it at
    this board revision keyed on what the caller passes (:data:`HexEntries`), and
    ``out``: the map's tiles not in the supply now (see :func:`listing_inputs`)."""

    memo: dict[Any, Any]
    markers: dict[str, tuple[object, ...]]
    revision: dict[str, HexEntries]
    out: frozenset[str]


#: the lays found on one hex, keyed on what a listing's caller passes (sides reached,
#: token, released barriers, colours, fee, budget); shared by the consecutive revisions
#: in which the hex's inputs stay the same (:func:`carried`), so an entry made in any of
#: them holds in all
HexEntries = dict[Any, Any]
#: entries kept per hex before its dict starts afresh (bounds memory in long sessions:
#: entries of companies and options no longer asked about are otherwise kept for ever)
HEX_ENTRIES_LIMIT = 64


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
    """A board revision as its per-hex lays were found there: its ``track_version`` and
    ``Board.laid`` (which hexes got tiles since, :func:`carried`), a copy of the tiles
    laid and of the supply, the tiles out of it (:func:`supply_out`), its
    :func:`hex_markers`, and the lays per hex (``listing_inputs``)."""

    track_version: int
    laid: tuple[str, ...]
    tiles: dict[str, tuple[str, int]]
    supply: dict[str, int | None]
    out: frozenset[str]
    markers: dict[str, tuple[object, ...]]
    lays: dict[str, HexEntries]


#: where a board's cache holds the :class:`_Revision` of its latest listing revision
LAST_REVISION = ("hex_lays_last",)


def carried(board: Board, markers: dict[str, tuple[object, ...]]
            ) -> tuple[dict[str, HexEntries], frozenset[str]]:
    """The per-hex lays of the board's previous listing revision still valid now, as
    the new revision's lays (and this revision recorded as the board's latest), and the
    tiles out of the supply now (:func:`supply_out`, read again only if the supply
    changed).

    A hex's entries depend on the board only through what :func:`hex_key` spells: the
    hex's tile, its markers, whether its candidate tiles are left (``candidates`` of an
    entry: the same for every entry of a hex, they follow from its tile) and the track
    of its neighbours across a ruled edge (:func:`ruled_edges`: their tiles).  So they
    are carried (the very dict: see :data:`HexEntries`) unless the hex, or a neighbour
    across one of its ruled edges, got a tile since, the hex's
    markers differ, or a tile among its candidates went out of the supply or came back.

    The hexes that got a tile since are the last ones of ``Board.laid`` (one per new
    track version, as the network graph's patches read them), provided the previous
    revision's ``laid`` is the start of this board's (a clone shares the cache entry
    and its own history starts with the original's); otherwise nothing is carried.
    Markers and supply are compared as copied then, not by versions; equal dicts, the
    usual case for the markers, are told at C speed before any item is looked at."""
    supply, laid = board.supply, board.laid
    prev: _Revision | None = board.cache.get(LAST_REVISION)
    lays: dict[str, HexEntries] = {}
    flipped: frozenset[str] = frozenset()  # tiles gone from the supply or back in it
    snap = supply.copy()  # (this revision's copy, kept for the next one)
    if prev is None:
        out = supply_out(board)
    else:
        out, flipped = _out_after(board, prev, snap)
    since = -1 if prev is None else board.track_version - prev.track_version
    if prev is not None and 0 <= since == len(laid) - len(prev.laid) and (
            laid is prev.laid or laid[:len(prev.laid)] == prev.laid):
        lays = prev.lays.copy()
        pop = lays.pop
        if since:
            readers = track_readers(board.map)
            for coord in laid[len(laid) - since:]:
                pop(coord, None)
                for nb in readers.get(coord, ()):
                    pop(nb, None)
        if markers is not prev.markers and markers != prev.markers:
            # the hexes whose markers differ (or that hold markers in one only)
            for coord, _ in markers.items() ^ prev.markers.items():
                pop(coord, None)
        if flipped:
            for coord, entries in list(lays.items()):
                for found in entries.values():
                    if not flipped.isdisjoint(found.candidates):
                        del lays[coord]
                    break
    board.cache[LAST_REVISION] = _Revision(board.track_version, laid, board.tiles.copy(),
                                           snap, out, markers, lays)
    return lays, out


def _out_after(board: Board, prev: _Revision, snap: dict[str, int | None]
               ) -> tuple[frozenset[str], frozenset[str]]:
    """:func:`supply_out` now, from the one of ``prev`` and the tiles whose supply entry
    differs from ``prev.supply`` (``snap``: a copy of the supply now; a lay changes one
    or two: only those can have gone out or come back), and the tiles that did (when
    none did, the out tiles are ``prev.out`` itself)."""
    changed = _supply_changed(prev, snap, _lay_suspects(board, prev))
    available, tiles, was_out = board.available, board.map.tiles, prev.out
    flips = frozenset([tile for tile in changed
                       if (tile in was_out) != (tile in tiles and not available(tile))])
    return (was_out ^ flips if flips else was_out), flips


def _supply_changed(prev: _Revision, snap: dict[str, int | None],
                    suspects: set[str]) -> list[str] | set[str]:
    """The tiles whose entry differs between ``prev.supply`` and ``snap`` (a copy of the
    supply now).  A lay takes its tile and gives back the one it replaced
    (``suspects``): they are looked at alone when ``snap`` with their entries as they
    were is ``prev.supply`` (one dict comparison, so any other change is seen too; then
    every entry is compared).  ``snap`` is put back as it was."""
    before = prev.supply
    saved = []
    for tile in suspects:
        saved.append((tile, snap.get(tile), tile in snap))
        if tile in before:
            snap[tile] = before[tile]
        else:
            snap.pop(tile, None)
    same = snap == before
    for tile, count, held in saved:
        if held:
            snap[tile] = count
        else:
            snap.pop(tile, None)
    if same:
        return [tile for tile, count, held in saved
                if held != (tile in before) or count != before.get(tile)]
    return {tile for tile, _ in snap.items() ^ before.items()}


def _lay_suspects(board: Board, prev: _Revision) -> set[str]:
    """The tiles lays since ``prev`` took or gave back: those on the hexes laid since
    (the last ones of ``Board.laid``), then and now."""
    since = board.track_version - prev.track_version
    laid = board.laid
    suspects: set[str] = set()
    if 0 < since <= len(laid):
        was, now = prev.tiles.get, board.tiles.get
        for coord in laid[len(laid) - since:]:
            for found in (was(coord), now(coord)):
                if found is not None:
                    suspects.add(found[0])
    return suspects


def supply_out(board: Board) -> frozenset[str]:
    """The map's tiles not in the supply now (not ``Board.available``).  A hex's lays
    depend on the supply only through which of its candidate tiles are among these
    (:func:`hex_key`)."""
    available = board.available
    return frozenset([t for t in board.map.tiles if not available(t)])


def facing_track(board: Board, coord: str, ruled: int) -> int:
    """The mask of the edges in ``ruled`` (the hex's edges under an edge rule) across
    which the neighbour has track facing ``coord``: where a new connection pays the
    edge's cost or meets its barrier (``lays``), and so part of :func:`hex_key`."""
    facing = 0
    if ruled:
        neighbours = board.map.neighbours[coord]
        for edge in EDGES_OF[ruled]:
            nb = neighbours[edge]
            if nb is not None and track_sides(board, nb) >> (edge + 3) % 6 & 1:
                facing |= 1 << edge
    return facing


def hex_key(
    board: Board, inputs: ListingInputs, coord: str, candidates: frozenset[str],
    reached_mask: int, has_token: bool, released: frozenset[str], ruled: int, facing: int,
) -> tuple[object, ...]:
    """Everything of the board and the company that the lays on ``coord`` depend on
    (module docstring): of the supply, only whether the tiles that may replace the
    hex's one (``candidates``) are left; ``ruled``: the mask of the hex's edges under an
    edge rule, where it matters whether the neighbour has track facing the hex
    (``facing``, :func:`facing_track`)."""
    return (coord, board.tiles.get(coord), 0 if has_token else reached_mask, has_token,
            candidates & inputs.out, inputs.markers.get(coord, ()),
            (facing, released) if ruled else None)


def ruled_edges(mapdef: MapDef) -> dict[str, int]:
    """Per hex, the mask of its edges under an edge rule (cached per map): where its lays
    depend on whether the neighbour across has track facing it (:func:`hex_key`)."""
    hit: dict[str, int] | None = mapdef._cache.get("ruled_edges")
    if hit is None:
        hit = {}
        for coord, edge in mapdef.edge_rule_at:
            hit[coord] = hit.get(coord, 0) | 1 << edge
        mapdef._cache["ruled_edges"] = hit
    return hit


#: per mask of hex edges, the edges in it
EDGES_OF = tuple(tuple(edge for edge in range(6) if mask >> edge & 1) for mask in range(64))


def track_readers(mapdef: MapDef) -> dict[str, tuple[str, ...]]:
    """Per hex, the neighbours whose lays read its track: those with an edge rule on an
    edge facing it (:func:`facing_track`), so a lay on the hex changes their
    :func:`hex_key` (cached per map; hexes without such a neighbour left out)."""
    hit: dict[str, tuple[str, ...]] | None = mapdef._cache.get("track_readers")
    if hit is None:
        found: dict[str, list[str]] = {}
        for nb, mask in ruled_edges(mapdef).items():
            for edge in EDGES_OF[mask]:
                coord = mapdef.neighbours[nb][edge]
                if coord is not None and nb not in found.setdefault(coord, []):
                    found[coord].append(nb)
        hit = mapdef._cache["track_readers"] = {c: tuple(v) for c, v in found.items()}
    return hit


def track_sides(board: Board, coord: str) -> int:
    """The mask of ``coord``'s sides its tile's track reaches (the track graph's
    ``hex_edges[coord]``, read from the tile: no graph needed)."""
    t, rotation = board.tile_at(coord)
    return orient(t, rotation).edge_mask
