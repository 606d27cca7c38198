"""Home hexes of Locals: which hexes can be reserved (R-7.5.5, R-14.5.1, A-13) and the float
fee they imply (R-7.5.9, A-14).

Which circles of a hex a Local could still take is the reservation rule of
:mod:`railhouse_m1839.stations` (one implementation for homes, placements and KR moves):
the board's reservations are re-derived from the companies (``sync_reservations``: an
unoperated Major's homes, A-13, and a parred unoperated Local's two homes, R-7.5.5), a hex
offers its empty or NS-held circles less one per other company's reservation
(``places_for``), and NRS's floating second home keeps a place in Arnhem I16 or Venlo K16
(``nrs_keeps_a_place``, R-14.5.1).  The hexes with a place left are kept up to date
from the board's changes by :mod:`railhouse_m1839.openhexes`.  ``CITY_HEXES`` lists the
city hexes with their kind, their yellow-tile circle counts and the value of one city on
the first tile (facts/1839.md Part 4.7 and Part 5).
"""

from __future__ import annotations

import dataclasses
from itertools import filterfalse
from typing import TYPE_CHECKING

from railhouse_m1839.mapdata import BIG_CITIES, CITIES, CITY_HEX_IDS, NRS_CHOICE, OO_CITIES
from railhouse_m1839.openhexes import ABSENT, on_board, open_hexes
from railhouse_m1839.stations import NRS, nrs_keeps_a_place, sync_reservations

if TYPE_CHECKING:
    from railhouse.map.board import Board
    from railhouse_m1839.game import M1839

# hex -> (kind, circles on the first tile, value of one city on the first tile)
CITY_HEXES: dict[str, tuple[str, int, int]] = {
    **{h: ("city", 1, 20) for h in CITIES},
    **{h: ("oo", 2, 30) for h in OO_CITIES},
    **{h: ("bigcity", cities, 30) for h, (_, cities, _) in BIG_CITIES.items()},
}


SORTED_CITY_HEXES: tuple[str, ...] = CITY_HEX_IDS  # the keys of CITY_HEXES, sorted
#: the OO and big-city hexes (:func:`_big`); NRS's choice holds none of them
BIG_HEXES = frozenset(h for h, (kind, _, _) in CITY_HEXES.items() if kind != "city")


def _big(hex_id: str) -> bool:
    """An OO or big-city hex (at most one of the two homes, R-7.5.5)."""
    return CITY_HEXES[hex_id][0] != "city"


def candidate_hexes(game: M1839, company: str, chosen: tuple[str, ...] = ()) -> list[str]:
    """Hexes the Local may reserve next: a free place, not already chosen, and at most one
    OO or big-city hex among the two (R-7.5.5); a first choice must leave a legal second."""
    board = sync_reservations(game)
    hexes = _next_homes(game, board, company, chosen)
    if chosen:
        return hexes
    return _with_a_second(game, board, company, hexes)


def _next_homes(game: M1839, board: Board, company: str, chosen: tuple[str, ...]) -> list[str]:
    """The open hexes (:func:`~railhouse_m1839.openhexes.open_hexes`) that may be the
    Local's next home after ``chosen``, in order: not chosen, at most one OO or big-city hex
    among the two (R-7.5.5), and R-14.5.1 where a hex of NRS's choice is involved (elsewhere
    ``nrs_keeps_a_place`` holds at once)."""
    hexes = open_hexes(board, company)
    excluded = set(chosen)
    if any(_big(c) for c in chosen):
        excluded |= BIG_HEXES
    if any(c in NRS_CHOICE for c in chosen):
        return [h for h in hexes if h not in excluded
                and nrs_keeps_a_place(game, board, company, h, *chosen)]
    excluded.update(h for h in NRS_CHOICE
                    if not nrs_keeps_a_place(game, board, company, h, *chosen))
    return list(filterfalse(excluded.__contains__, hexes))


def _with_a_second(game: M1839, board: Board, company: str, hexes: list[str]) -> list[str]:
    """The open ``hexes`` that make a legal pair (:func:`_pair`) with another of them, in
    order.  Two hexes outside NRS's choice pair by the size rule alone (R-14.5.1 is not
    asked of them): a small one with any other such hex, a big one with any small one
    (the hexes are distinct), so only pairs touching Arnhem or Venlo are judged one by
    one."""
    nrs_hexes = [h for h in hexes if h in NRS_CHOICE]
    plain = len(hexes) - len(nrs_hexes)
    small = plain - len(BIG_HEXES.intersection(hexes))  # (NRS's choice: two small hexes)
    if small > 0 and plain > 1:  # every hex outside NRS's choice pairs by size alone
        if not nrs_hexes:
            return list(hexes)
        return [h for h in hexes if h not in NRS_CHOICE
                or any(_pair(game, board, company, h, o) for o in hexes)]
    out = []
    for h in hexes:
        if h in NRS_CHOICE:
            ok = any(_pair(game, board, company, h, o) for o in hexes)
        else:
            ok = ((small > 0 if h in BIG_HEXES else plain > 1)
                  or any(_pair(game, board, company, h, o) for o in nrs_hexes))
        if ok:
            out.append(h)
    return out


def can_reserve_two(game: M1839, company: str, *, synced: Board | None = None) -> bool:
    """Whether two legal home hexes exist (else the Local cannot be parred, R-7.5.5): the
    same as ``bool(candidate_hexes(game, company))``, but stops at the first legal pair
    of the open hexes (:func:`~railhouse_m1839.openhexes.open_hexes`).  Memoised per board
    revision (``Board.memo``: the reservations are synced first) and NRS's state, all the
    answer reads besides the static hex list.  ``synced``: the board, where the caller
    synced its reservations since the companies last changed (``sync_reservations``).
    A company with nothing on the board is judged as ``openhexes.ABSENT`` (the memo's key), so
    the unstarted Locals of one listing search once between them."""
    board = sync_reservations(game) if synced is None else synced
    nrs = game.companies.get(NRS)
    memo = board.memo()
    judged = company if company == NRS or company in on_board(board, memo) else ABSENT
    key = ("can_reserve_two", judged,
           None if nrs is None else (nrs.closed, nrs.operated_count > 0))
    hit: bool | None = memo.get(key)
    if hit is None:
        hit = memo[key] = _two_open(game, board, judged)
    return hit


def _two_open(game: M1839, board: Board, company: str) -> bool:
    """Whether two of the open hexes make a legal pair of homes (:func:`_pair`)."""
    hexes = _next_homes(game, board, company, ())
    return any(_pair(game, board, company, h, o) for h in hexes for o in hexes)


def _pair(game: M1839, board: Board, company: str, first: str, second: str) -> bool:
    """Two open hexes make a legal pair of homes (R-7.5.5, R-14.5.1)."""
    return (second != first and not (_big(first) and _big(second))
            and nrs_keeps_a_place(game, board, company, second, first))


def set_homes(game: M1839, company_id: str, homes: tuple[str, ...]) -> None:
    """Record the homes in the company's spec (the contract: ``spec.home`` is the pair)."""
    company = game.companies[company_id]
    company.spec = dataclasses.replace(company.spec, home=homes)


def hex_value(game: M1839, hex_id: str) -> int:
    """Revenue of one city of the hex (A-14): the laid tile's, else the first tile's."""
    tile, _ = game.board.tile_at(hex_id)
    values = [s.revenue for s in tile.stops]
    if tile.color != "white" and values and max(values) > 0:
        return max(values)
    return CITY_HEXES[hex_id][2]


def float_fee(game: M1839, company_id: str) -> int:
    """R-7.5.9: 2 x (value of home hex 1 + value of home hex 2)."""
    homes = game.companies[company_id].spec.home
    return 2 * sum(hex_value(game, h) for h in homes)
