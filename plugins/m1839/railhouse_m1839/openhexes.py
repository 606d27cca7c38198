"""The city hexes where a company could take a circle now (``places_for(board, h, company)
> 0``, the reservation rule of :mod:`railhouse_m1839.stations`, asked through the core's
``places_left_each``), kept up to date from the board's changes instead of asked of all 31
city hexes at every board revision.

Whether a hex is open reads only that hex: its tile (and rotation), the tokens in its
cities and the reservations on it (``railhouse.engine.steps.tokens.hex_places``), and the
company through its own tokens and reservations.  So the answer of an older revision of the
same board stays right for every hex none of those changed on, and only the others are
asked again:

* tiles: the hexes laid since (``Board.laid``, whose last ``k`` entries are the lays since
  ``track_version - k``; the older revision's ``laid`` must be a prefix of it, else
  everything is asked again);
* tokens: the cities whose owners differ from a copy taken then;
* reservations: the ``(company, hex, city)`` rows in one set and not the other.

The last answer per judged company is kept in ``Board.cache`` as a :class:`Known`, a value
never changed once stored (an update stores a new one), so a clone's board, which starts
with a copy of the original's cache dict, shares it safely.  Within one revision the answer
is also kept in the revision's ``Board.memo``.  Where the board has none (its first
question, or a trim of ``Board.cache`` dropped it) the answer starts from the first one
found on a bare board of the map (no lay, no marker), kept per judged company in the
map's ``_cache`` (shared by every game of the map, as the map is): a bare board differs
from another of its map only by reservations, which the update compares like the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from railhouse.engine.steps.tokens import places_left_each
from railhouse_m1839.mapdata import CITY_HEX_IDS
from railhouse_m1839.stations import REPLACEABLE

if TYPE_CHECKING:
    from railhouse.map.board import Board

#: who :func:`open_hexes` judges for a company with no marker and no reservation on the
#: board (every unstarted Local): ``places_for`` reads the company only through those, so
#: all such companies share one answer
ABSENT = ""
_ROW = attrgetter("company", "hex", "city")
_INDEX = {h: i for i, h in enumerate(CITY_HEX_IDS)}

TokenCopy = dict[tuple[str, int], tuple[str, ...]]
ReservationRow = tuple[str, str, int | None]


@dataclass(frozen=True, eq=False)
class Known:
    """The open flags (aligned with ``CITY_HEX_IDS``) of one judged company on a board
    whose lays were ``laid``, tokens ``tokens`` and reservation rows ``reservations``.
    A cache entry, compared by identity (``eq=False``): its ``tokens`` give no hash."""

    laid: tuple[str, ...]
    tokens: TokenCopy
    reservations: frozenset[ReservationRow]
    flags: tuple[bool, ...]


def open_hexes(board: Board, company: str) -> tuple[str, ...]:
    """The city hexes, in order, where ``company`` could take a circle now.  Kept per
    revision in ``Board.memo`` and brought up to date from the last answer (module
    docstring), a company with nothing on the board judged as :data:`ABSENT`, so the
    unstarted Locals of a listing and the Local choosing its homes share one answer."""
    memo = board.memo()
    judged = company if company in on_board(board, memo) else ABSENT
    key = ("open hexes", judged)
    hit: tuple[str, ...] | None = memo.get(key)
    if hit is None:
        known = _update(board, judged)
        hit = memo[key] = tuple(compress(CITY_HEX_IDS, known.flags))
    return hit


def on_board(board: Board, memo: dict[Any, Any]) -> frozenset[str]:
    """The companies with a marker or a reservation on ``board``, memoised in its revision's
    ``memo`` (``Board.memo``: markers and reservations move the revision on)."""
    hit: frozenset[str] | None = memo.get("companies on board")
    if hit is None:
        owners = {o for tokens in board.tokens.values() for o in tokens}
        hit = memo["companies on board"] = frozenset(
            owners | {r.company for r in board.reservations})
    return hit


def _update(board: Board, judged: str) -> Known:
    """The board's :class:`Known` for ``judged`` now, from the stored one (module
    docstring), stored in its place."""
    tokens: TokenCopy = dict(zip(board.tokens, map(tuple, board.tokens.values()),
                                 strict=True))
    reservations = frozenset(map(_ROW, board.reservations))
    laid = board.laid
    cache_key = ("1839 open hexes known", judged)
    old: Known | None = board.cache.get(cache_key)
    if old is None:  # (first asked, or dropped by a trim of the cache): the map's start
        old = board.map._cache.get(cache_key)
    if old is None or laid[:len(old.laid)] != old.laid:
        flags = [n > 0 for n in places_left_each(board, CITY_HEX_IDS, judged, REPLACEABLE)]
    else:
        changed = set(laid[len(old.laid):])
        if tokens != old.tokens:
            changed.update(k[0] for k, _ in tokens.items() ^ old.tokens.items())
        if reservations != old.reservations:
            changed.update(r[1] for r in reservations ^ old.reservations)
        flags = list(old.flags)
        asked = tuple(h for h in changed if h in _INDEX)
        for h, n in zip(asked, places_left_each(board, asked, judged, REPLACEABLE),
                        strict=True):
            flags[_INDEX[h]] = n > 0
    known = board.cache[cache_key] = Known(laid, tokens, reservations, tuple(flags))
    if not laid and not board.tiles and not tokens and cache_key not in board.map._cache:
        board.map._cache[cache_key] = known  # a bare board's: every game starts from it
    return known
