"""Home hexes of Locals: which hexes can be reserved (R-7.5.5, R-14.5.1, A-13) and the float
fee they imply (R-7.5.9, A-14).

The station places of a hex come from the board when the map is loaded (tokens, NS markers,
reservations); ``CITY_HEXES`` is the static list of city hexes with their yellow-tile circle
counts and values (facts/1839.md Part 4.7 and Part 5), used for hexes without a laid tile and
when the board is absent.  Reservations are per hex (R-7.5.5): a reservation holds one circle.
A Major that has not yet operated holds an implicit reservation on each home hex (A-13); NRS's
second one floats over Arnhem I16 / Venlo K16 (R-14.5.1).
"""

from __future__ import annotations

import dataclasses
from itertools import combinations
from typing import TYPE_CHECKING, Any

from railhouse_m1839.data import NS

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839

# hex -> (kind, circles on the first tile, value of one city on the first tile)
CITY_HEXES: dict[str, tuple[str, int, int]] = {
    **{h: ("city", 1, 20) for h in (
        "B13", "B19", "C18", "D19", "E10", "F9", "F15", "F17", "G18", "H5", "H7", "H13",
        "H17", "I16", "J11", "J15", "K10", "K12", "K16", "L3", "L13", "L17", "N15")},
    **{h: ("oo", 2, 30) for h in ("F19", "G16", "J9")},
    "G10": ("bigcity", 2, 30),
    **{h: ("bigcity", 1, 30) for h in ("G8", "I12", "J7", "K8")},
}
ARNHEM_VENLO = ("I16", "K16")


def _board(game: M1839) -> Any:
    return getattr(game, "board", None)


def circles(game: M1839, hex_id: str) -> int:
    board = _board(game)
    static = CITY_HEXES[hex_id][1]
    if board is None:
        return static
    try:
        tile, _ = board.tile_at(hex_id)
        slots = sum(int(getattr(s, "slots", 0) or 0) for s in tile.stops)
    except (KeyError, AttributeError):
        return static
    return max(slots, static) if tile.color == "white" else slots or static


def company_tokens(game: M1839, hex_id: str) -> list[str]:
    """Owners of markers on the hex (NS included)."""
    board = _board(game)
    if board is None:
        return []
    owners: list[str] = []
    for city in range(CITY_HEXES[hex_id][1] if hex_id == "G10" else 4):
        try:
            owners.extend(board.city_tokens(hex_id, city))
        except (KeyError, IndexError, ValueError):
            break
    return owners


def reservations(game: M1839, exclude: str | None = None) -> dict[str, list[str]]:
    """hex -> companies holding a reservation there (Local choices and A-13 Major homes)."""
    held: dict[str, list[str]] = {}
    for company in game.companies.values():
        if company.id == exclude or company.closed:
            continue
        if company.spec.kind == "local" and company.started and company.operated_count == 0:
            for hex_id in company.spec.home:
                held.setdefault(hex_id, []).append(company.id)
        if company.spec.kind == "major" and company.operated_count == 0 and not company.closed:
            for hex_id in company.spec.home[:2] if company.id != "NRS" else ("I12",):
                held.setdefault(hex_id, []).append(company.id)
    return held


def free_places(game: M1839, hex_id: str, company: str) -> int:
    """Circles ``company`` could still take: empty or NS-held, minus others' reservations."""
    tokens = company_tokens(game, hex_id)
    if company in tokens:
        return 0
    held = [c for c in reservations(game, exclude=company).get(hex_id, [])]
    open_or_ns = circles(game, hex_id) - sum(1 for t in tokens if t != NS)
    free = open_or_ns - len(held)
    if hex_id in ARNHEM_VENLO and _nrs_needs_one(game, company):
        other = ARNHEM_VENLO[1] if hex_id == ARNHEM_VENLO[0] else ARNHEM_VENLO[0]
        if _raw_free(game, other) <= 0:
            free -= 1  # NRS's floating reservation
    return free


def _raw_free(game: M1839, hex_id: str) -> int:
    tokens = company_tokens(game, hex_id)
    held = reservations(game).get(hex_id, [])
    return circles(game, hex_id) - sum(1 for t in tokens if t != NS) - len(held)


def _nrs_needs_one(game: M1839, company: str) -> bool:
    nrs = game.companies["NRS"]
    return company != "NRS" and not nrs.closed and nrs.operated_count == 0


def candidate_hexes(game: M1839, company: str, chosen: tuple[str, ...] = ()) -> list[str]:
    """Hexes the Local may reserve next: a free place, not already chosen, and at most one
    OO or big-city hex among the two (R-7.5.5)."""
    big_taken = any(CITY_HEXES[h][0] != "city" for h in chosen)
    hexes = [
        h for h in sorted(CITY_HEXES)
        if h not in chosen and free_places(game, h, company) > 0
        and not (big_taken and CITY_HEXES[h][0] != "city")
    ]
    if chosen:
        return hexes
    # a first choice must leave a legal second one
    return [h for h in hexes if any(
        o != h and not (CITY_HEXES[h][0] != "city" and CITY_HEXES[o][0] != "city")
        for o in hexes)]


def can_reserve_two(game: M1839, company: str) -> bool:
    """Whether two legal home hexes exist (else the Local cannot be parred, R-7.5.5)."""
    hexes = candidate_hexes(game, company)
    return any(
        not (CITY_HEXES[a][0] != "city" and CITY_HEXES[b][0] != "city")
        for a, b in combinations(hexes, 2)
    )


def set_homes(game: M1839, company_id: str, homes: tuple[str, ...]) -> None:
    """Record the homes in the company's spec (the contract: ``spec.home`` is the pair)."""
    company = game.companies[company_id]
    company.spec = dataclasses.replace(company.spec, home=homes)


def hex_value(game: M1839, hex_id: str) -> int:
    """Revenue of one city of the hex (A-14): the laid tile's, else the first tile's."""
    board = _board(game)
    if board is not None:
        try:
            tile, _ = board.tile_at(hex_id)
            values = [int(getattr(s, "revenue", 0) or 0) for s in tile.stops]
            if tile.color != "white" and values and max(values) > 0:
                return max(values)
        except (KeyError, AttributeError, TypeError):
            pass
    return CITY_HEXES[hex_id][2]


def float_fee(game: M1839, company_id: str) -> int:
    """R-7.5.9: 2 x (value of home hex 1 + value of home hex 2)."""
    homes = game.companies[company_id].spec.home
    return 2 * sum(hex_value(game, h) for h in homes)
