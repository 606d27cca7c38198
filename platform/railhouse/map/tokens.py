"""Legal token (station marker) placements.

A company may place a token in city ``c`` of hex ``h`` when (SOH "Placing a company token";
1839 R-8.3.B):

* ``c`` is reached from one of its tokens by a legal trace (``network.network_reach``: not through
  cities full of other companies' blocking tokens, not across active barriers);
* it has no token in that city (``one_per="city"``, SOH) or hex (``one_per="hex"``, 1839);
* a place is free: an empty slot, or a slot holding a ``replaceable`` token (1839 NS
  marker, which returns to supply) - after keeping one place for every outstanding
  reservation of another company in that city and, for hex-level reservations, in the hex
  (SOH: another company's home only once an upgrade opened a second slot; 1839: reservation
  per hex).

Where a city has both an empty slot and a replaceable token, both placements are listed
(``TokenPlacement.replaces`` None and the token's owner): the choice is the company's (1839
§8.3.2.2 "in an empty city circle, or in place of a government station marker").
"""

from __future__ import annotations

from typing import NamedTuple

from railhouse.map.board import Board
from railhouse.map.graph import Node, Operator, city_table
from railhouse.map.mapdef import Reservation
from railhouse.map.network import network_reach


class TokenOptions(NamedTuple):
    """``cost``: price of this token.  ``one_per``: ``"city"`` or ``"hex"``.
    ``replaceable``: owners whose token may be replaced (1839 ``"NS"``).  A named tuple:
    made for every listing, and part of the key of its memo (hashed without a Python
    call per field)."""

    cost: int = 0
    one_per: str = "city"
    replaceable: frozenset[str] = frozenset()


class TokenPlacement(NamedTuple):
    """A legal placement; ``replaces`` names the owner of a token that is removed (None:
    the token goes in an empty slot).  A named tuple: one is made per reached place."""

    hex: str
    city: int
    cost: int
    replaces: str | None = None


def legal_token_placements(board: Board, op: Operator, opts: TokenOptions) -> list[TokenPlacement]:
    """Every legal placement for ``op`` now (see module docstring), sorted by hex/city.

    Memoised per board revision (``Board.memo``), ``op`` and ``opts``: the answer reads
    nothing but the board's tiles, tokens and reservations (fixed in a revision), the
    operator and the options.  A position's legal set is listed twice (the step's
    ``auto`` after an action, then ``Game.legal_actions()``): the second is a look-up.
    The list is shared: do not change it."""
    key = ("token_placements", op, opts)
    hit: list[TokenPlacement] | None = board.memo().get(key)
    if hit is None:
        hit = _token_placements(board, op, opts)
        # the memo asked for again: finding the placements may trim the board's cache
        # (the network's graph.CACHE_ENTRIES), and with it the memo asked for before
        board.memo()[key] = hit
    return hit


def _token_placements(board: Board, op: Operator, opts: TokenOptions) -> list[TokenPlacement]:
    """:func:`legal_token_placements` found anew."""
    g, reached = network_reach(board, op)
    own = frozenset(board.company_cities(op.company))
    own_hexes = frozenset(h for h, _ in own) if opts.one_per == "hex" else frozenset()
    nodes = g.nodes
    out = []
    # (every city with slots, the only ones with a place; the order is the final sort's)
    for key, (u, _) in city_table(g).items():
        if u not in reached or key in own or key[0] in own_hexes:
            continue
        out.extend(_placements(board, op, opts, nodes[u]))
    return sorted(out, key=lambda p: (p.hex, p.city, p.replaces or ""))


def hex_reservations(board: Board) -> dict[str, tuple[Reservation, ...]]:
    """Per hex with any: its reservations, in board order (memoised per board revision,
    ``Board.memo``: a change of reservations moves it on)."""
    memo = board.memo()
    hit: dict[str, tuple[Reservation, ...]] | None = memo.get("hex_reservations")
    if hit is None:
        found: dict[str, list[Reservation]] = {}
        for r in board.reservations:
            found.setdefault(r.hex, []).append(r)
        hit = memo["hex_reservations"] = {c: tuple(v) for c, v in found.items()}
    return hit


_EMPTY_SLOT: tuple[str | None, ...] = (None,)


def _places(
    board: Board, coord: str, city: int, slots: int, opts: TokenOptions
) -> tuple[int, tuple[str | None, ...]]:
    """The places of a city (empty slots and replaceable tokens) and the ways to take one:
    None for an empty slot, then each replaceable owner there."""
    owners = board.tokens.get((coord, city), ())
    free = slots - len(owners)
    empty = _EMPTY_SLOT if free > 0 else ()
    if not opts.replaceable:
        return free, empty
    replaceable = [o for o in owners if o in opts.replaceable]
    return free + len(replaceable), empty + tuple(sorted(set(replaceable)))


def _placements(
    board: Board, op: Operator, opts: TokenOptions, node: Node
) -> list[TokenPlacement]:
    """The placements in ``node`` if a place is left there, one per way to take it
    (reservations on its hex of companies with a token there are used up)."""
    coord, city = node.hex, node.city
    places, ways = _places(board, coord, city, node.slots, opts)
    reserved = hex_reservations(board).get(coord, ())
    if reserved:
        placed_here = {o for (h, _), owners in board.tokens.items() if h == coord
                       for o in owners}
        others = [r for r in reserved
                  if r.company != op.company and r.company not in placed_here]
    else:
        others = []
    if places - sum(1 for r in others if r.city == city) <= 0:
        return []
    hex_level = sum(1 for r in others if r.city is None)
    if hex_level:
        t, _ = board.tile_at(coord)
        total = sum(
            _places(board, coord, k, t.stops[i].slots, opts)[0]
            for k, i in enumerate(t.city_indices())
        )
        if total - hex_level - sum(1 for r in others if r.city is not None) <= 0:
            return []
    return [TokenPlacement(coord, city, opts.cost, way) for way in ways]
