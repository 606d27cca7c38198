"""Legal tile lays (new tiles and upgrades) for a company, with their cost.

A lay of ``tile`` at ``rotation`` on ``hex`` is legal when (SOH "Laying track", "New
tiles", "Replacing tiles", "Rivers"; 1839 R-12, R-15):

* the hex is not fixed (off-board, gray, ferry, water) and not blocked (``blocked_until``);
* the tile is the next colour after the hex's current one, its colour is allowed now, it is
  in the supply, labels and stop kinds match, and it preserves the old track (``upgrades``);
* every track end runs into an open side (no map edge, closed side, or side of a fixed hex
  without printed track facing it) and creates no new connection across an active barrier;
* it connects to the company's network: a side of the hex where new track ends is reached
  from a company token (``network.network_reach``), or the hex holds a company token;
* after an upgrade every token and outstanding reservation still fits (1839 R-15.4.4);
  tokens of ``MapDef.discardable_tokens`` owners do not count (1839 R-14.6.4: NS markers
  that find no circle are discarded by ``Board.lay_tile``).

Cost = terrain (first lay, or every lay) + upgrade fee + edge costs for every new
connection across a costed side with track facing it (rivers) + ``LayOptions.extra_cost``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import chain
from typing import Any, cast

from railhouse.map.board import Board
from railhouse.map.graph import Operator
from railhouse.map.layalloc import HexLays
from railhouse.map.layalloc import TileLay as TileLay  # re-exported
from railhouse.map.laycands import Candidate, candidate_ids, static_candidates
from railhouse.map.laycands import next_tiles as next_tiles  # re-exported
from railhouse.map.layhexes import OpenHex, open_hex_now, open_hexes_now
from railhouse.map.laymemo import (
    EDGES_OF,
    HEX_ENTRIES_LIMIT,
    RESERVED,
    ListingInputs,
    facing_track,
    hex_key,
    hex_markers,
    listing_inputs,
    ruled_edges,
)
from railhouse.map.laysig import listed_turn as listed_turn  # re-exported for the steps
from railhouse.map.mapdef import WHITE, MapDef
from railhouse.map.tiles import TileDef, orient
from railhouse.map.upgrades import UpgradeShape


@dataclass(frozen=True)
class LayOptions:
    """What the engine allows in this lay step.

    ``colors``: tile colours allowed in this phase.  ``only_hexes``: restrict to these (SOH
    home-first rule).  ``no_upgrade``: hexes that may not be upgraded now (1839: laid this
    OR).  ``extra_cost``: added to every lay (1839 second lay f20).  ``budget``: drop lays
    costing more (None = no limit).
    """

    colors: frozenset[str] = frozenset({"yellow"})
    new_tiles: bool = True
    upgrades: bool = True
    only_hexes: frozenset[str] | None = None
    no_upgrade: frozenset[str] = frozenset()
    extra_cost: int = 0
    budget: int | None = None


def legal_tile_lays(board: Board, op: Operator, opts: LayOptions) -> list[TileLay]:
    """Every legal ``(hex, tile, rotation)`` for ``op`` now, with its cost (see module doc)."""
    return list(chain.from_iterable(_listings(board, op, opts)))


def iter_tile_lays(board: Board, op: Operator, opts: LayOptions) -> Iterator[TileLay]:
    """The lays of :func:`legal_tile_lays`, in the same order, produced hex by hex."""
    for lays in _listings(board, op, opts):
        yield from lays


def _listings(board: Board, op: Operator, opts: LayOptions) -> Iterator[list[TileLay]]:
    """The lays of every open hex, hex by hex (a list per hex, memoised: not to be
    changed)."""
    for found in hex_listings(board, op, opts):
        yield found.listed(board)


def hex_listings(board: Board, op: Operator, opts: LayOptions, priced: bool = True,
                 on: str | None = None, within: int | None = None) -> Iterator[HexLays]:
    """The lays of :func:`legal_tile_lays` hex by hex, as the memoised :class:`HexLays`
    of every open hex with a fitting lay (read only), in map order; made as they are
    asked for.  ``priced=False``: without ``opts``' fee (a caller adds
    ``opts.extra_cost`` to each cost itself, e.g. :meth:`HexLays.first`'s ``fee``:
    "is there a lay?" needs no repriced copy of a hex's lays); only where ``opts`` has
    no budget (a budget may leave a hex out).  ``on``: that hex alone (as if it were
    ``opts``' only hex besides those of ``opts.only_hexes``).  ``within``: leave out,
    before their lays are looked for, the hexes where no lay can cost that little with
    ``opts``' fee (:func:`cost_floor`): "is there a lay the company can pay?" need not
    find the lays of a hex it cannot afford."""
    assert priced or opts.budget is None, "a budget is applied by pricing"
    if within is not None and within >= opts.extra_cost + _floor_ceiling(board.map):
        within = None  # every hex's floor is within it: none to leave out
    # the open hexes first: finding them may trim the board's cache (the network's
    # graph.CACHE_ENTRIES), where the inputs are kept for the revision's other listings
    hexes = _open_hexes(board, op, opts, on)
    inputs = listing_inputs(board)
    revision = inputs.revision
    new_tiles, upgrades = colour_allows(board.map, opts)
    no_upgrade = opts.no_upgrade
    released, colors, fee, budget = op.released, opts.colors, opts.extra_cost, opts.budget
    for coord, reached_mask, has_token, upgrade in hexes:
        # a hex the step may not lay on now (an upgrade where none is allowed, a new
        # tile where only upgrades are, or where no tile of the colours may go) has none
        if not (upgrades and coord not in no_upgrade if upgrade else new_tiles):
            continue
        if within is not None and cost_floor(board, coord, upgrade) + fee > within:
            continue
        # everything else the lays read is fixed within the board revision
        # (listing_inputs): the revision's lays of a hex are keyed on what the caller
        # passes; those at a fee or within a budget are kept with the plain ones
        entries = revision.get(coord)
        if entries is None:
            entries = revision[coord] = {}
        found: HexLays | None = entries.get((reached_mask, has_token, released, colors))
        if found is None:
            if len(entries) >= HEX_ENTRIES_LIMIT:
                entries.clear()
            found = entries[reached_mask, has_token, released, colors] = _memo_hex_lays(
                board, op, colors, inputs, coord, reached_mask, has_token, upgrade)
        if priced and (fee or budget is not None):
            found = found.priced_at(board, fee, budget)
        if found.fitting:
            yield found


def hex_lays_on(board: Board, op: Operator, opts: LayOptions, coord: str) -> HexLays | None:
    """The lays of :func:`hex_listings` on ``coord`` alone (None where there is none):
    what validating one lay reads, without a listing of the other hexes."""
    return next(hex_listings(board, op, opts, on=coord), None)


def first_tile_lay(
    board: Board, op: Operator, opts: LayOptions,
    accept: Callable[[TileLay], bool] | None = None,
) -> TileLay | None:
    """A legal lay accepted by ``accept`` (any, if None), or None: for "is there a lay?"
    without listing them.  It stops at the first fitting tile, so its ``tokens`` is None
    even where the listing spells an allocation out; ``accept`` may judge hex, tile,
    rotation, cost and ``upgrade``, which equal those of a listed lay."""
    for found in hex_listings(board, op, opts):
        lay = found.first(accept)
        if lay is not None:
            return lay
    return None


def _memo_hex_lays(
    board: Board, op: Operator, colors: frozenset[str], inputs: ListingInputs, coord: str,
    reached_mask: int, has_token: bool, upgrade: bool,
) -> HexLays:
    """The lays of ``colors`` on ``coord`` without a step's fee or budget
    (:meth:`HexLays.priced_at` adds them), memoised per map on everything they depend on
    (:mod:`railhouse.map.laymemo`), so that a new board revision recomputes only the
    hexes whose inputs changed (asked on a miss of the revision's lays).  A hex whose
    next colour is not among ``colors`` has no lay, whatever else it holds: it is not
    searched (:func:`next_colour_allowed`)."""
    old, old_rot = board.tile_at(coord)
    candidates = candidate_ids(board.map, coord, old, old_rot)
    if not next_colour_allowed(board.map, old, colors):
        return HexLays(coord, [], upgrade, candidates)
    ruled = ruled_edges(board.map).get(coord, 0)
    facing = facing_track(board, coord, ruled)
    # not keyed on ``colors``: every candidate is of the next colour, which they allow
    # here, so the lays are the same under any colours that allow it (a new phase's
    # colours find the hex's lays of the phase before)
    key = hex_key(board, inputs, coord, candidates, reached_mask, has_token, op.released,
                  ruled, facing)
    memo = inputs.memo
    base: HexLays | None = memo.get(key)
    if base is None:
        fitting = list(_fitting(board, op, colors, coord, reached_mask, has_token,
                                inputs.markers, inputs.out, facing))
        base = memo[key] = HexLays(coord, fitting, upgrade, candidates)
    return base


def colour_allows(mapdef: MapDef, opts: LayOptions) -> tuple[bool, bool]:
    """``opts``' new tiles and upgrades, each only where a tile of ``opts.colors`` may
    be one (:func:`next_colour_allowed`): a new tile is of the colour after white, an
    upgrade of the colour after that of a tile other than white (cached per map and
    colours)."""
    key = ("colour_allows", opts.colors)
    hit: tuple[bool, bool] | None = mapdef._cache.get(key)
    if hit is None:
        colours, allowed = mapdef.colors, opts.colors
        after = {colour: colours[rank + 1] in allowed
                 for rank, colour in enumerate(colours[:-1])}
        hit = mapdef._cache[key] = (
            after.get(WHITE, False),
            any(allows for colour, allows in after.items() if colour != WHITE))
    return opts.new_tiles and hit[0], opts.upgrades and hit[1]


def next_colour_allowed(mapdef: MapDef, old: TileDef, colors: frozenset[str]) -> bool:
    """Whether the colour after ``old``'s is among ``colors``: every tile that may
    replace ``old`` is of that colour (``next_tiles``), so where it is not, no lay fits
    (``_fitting`` would reject every candidate by its colour)."""
    rank = mapdef.colors.index(old.color) + 1
    return rank < len(mapdef.colors) and mapdef.colors[rank] in colors


def _open_hexes(board: Board, op: Operator, opts: LayOptions,
                on: str | None = None) -> list[OpenHex]:
    """The :data:`~railhouse.map.layhexes.OpenHex` of every hex in map order that may
    take a tile and touches op's network (within ``opts.only_hexes``; only ``on``'s if
    given)."""
    only = opts.only_hexes
    if on is not None:
        row = open_hex_now(board, op, on) if only is None or on in only else None
        return [] if row is None else [row]
    found = open_hexes_now(board, op)
    if only is None:
        return found
    return [entry for entry in found if entry[0] in only]


def _fitting(
    board: Board, op: Operator, colors: frozenset[str], coord: str, reached_mask: int,
    has_token: bool, markers: dict[str, tuple[object, ...]], out: frozenset[str],
    facing: int,
) -> Iterator[tuple[Candidate, int]]:
    """The candidates of ``colors`` on ``coord`` that are legal now, with their cost
    (without the step's fee), in order.  ``markers``: the board's tokens and
    reservations per hex (:func:`~railhouse.map.laymemo.hex_markers`; a hex without
    any holds no token to fit); ``out``: the tiles not in the supply
    (:func:`~railhouse.map.laymemo.supply_out`); ``facing``: the hex's ruled edges with
    track facing them (:func:`~railhouse.map.laymemo.facing_track`).  Every candidate
    is of the colour after the old tile's (``next_tiles``): the colours are asked once."""
    old, old_rot = board.tile_at(coord)
    if not next_colour_allowed(board.map, old, colors):
        return
    upgrade = old.color != WHITE
    old_mask = orient(old, old_rot).edge_mask
    hex_cost = _hex_cost(board, coord, upgrade)
    held_here = markers.get(coord)
    holds = held_here is not None and _holds_markers(held_here, len(old.city_indices()))
    held: dict[int, _Held] = {}  # the hex's markers per length of a city map (one, in fact)
    # whether the markers fit, per new tile and city map: all :func:`_tokens_fit` reads
    # of a shape (its turns over the old tile fit alike)
    fits: dict[tuple[str, tuple[int, ...]], bool] = {}
    for cand in static_candidates(board.map, coord, old, old_rot):
        new = cand.shape.new
        if new.id in out:
            continue
        if not has_token and not cand.edge_mask & reached_mask:
            continue
        crossing = cand.edge_mask & ~old_mask & facing
        cost = _edge_cost(board, op, coord, crossing) if crossing else 0
        if cost is None:
            continue
        if holds:
            fit_key = (new.id, cand.shape.city_map)
            fit = fits.get(fit_key)
            if fit is None:
                fit = fits[fit_key] = _tokens_fit(board, coord, old, new, cand.shape, held)
            if not fit:
                continue
        yield cand, cost + hex_cost


def _edge_cost(board: Board, op: Operator, coord: str, crossing: int) -> int | None:
    """Cost of the new connections across the edges of ``crossing`` (new track ends
    there, under an edge rule, facing the neighbour's track); None if one crosses an
    active barrier."""
    rules, released = board.map.edge_rule_at, op.released
    cost = 0
    for edge in EDGES_OF[crossing]:
        rule = rules[coord, edge]
        if rule.barrier_until is not None and rule.barrier_until not in released:
            return None
        cost += rule.cost
    return cost


def _hex_cost(board: Board, coord: str, upgrade: bool) -> int:
    hexdef = board.map.hexes[coord]
    cost = hexdef.upgrade_cost if upgrade else 0
    if hexdef.terrain_every_lay or coord not in board.tiles:
        cost += hexdef.terrain_cost
    return cost


def cost_floor(board: Board, coord: str, upgrade: bool) -> int:
    """The least a lay on ``coord`` (an ``upgrade`` or not) can cost now without a fee:
    its terrain and upgrade fee (:func:`_hex_cost`), and edge costs only where one is
    negative (none of the maps has one; every other edge cost only adds)."""
    return _hex_cost(board, coord, upgrade) + _edge_credits(board.map).get(coord, 0)


def lay_floor(mapdef: MapDef) -> int:
    """The least a lay anywhere on the map can cost without a fee (0 unless a terrain,
    upgrade or edge cost is negative): a company with less than a step's fee plus this
    can pay for no lay of the step (cached per map)."""
    hit: int | None = mapdef._cache.get("lay_floor")
    if hit is None:
        credits = _edge_credits(mapdef)
        hit = mapdef._cache["lay_floor"] = min(
            [min(0, h.terrain_cost) + min(0, h.upgrade_cost) + credits.get(coord, 0)
             for coord, h in mapdef.hexes.items()], default=0)
    return hit


def _floor_ceiling(mapdef: MapDef) -> int:
    """The greatest :func:`cost_floor` of any hex of the map, whatever lies on it
    (cached per map): a treasury holding this plus a step's fee leaves no hex out of a
    listing's ``within``."""
    hit: int | None = mapdef._cache.get("floor_ceiling")
    if hit is None:
        hit = mapdef._cache["floor_ceiling"] = max(
            [max(0, h.terrain_cost) + max(0, h.upgrade_cost) for h in mapdef.hexes.values()],
            default=0)
    return hit


def _edge_credits(mapdef: MapDef) -> dict[str, int]:
    """Per hex with any, the sum of the negative costs of its edge rules (cached per
    map): what a lay there can at most get back from its new connections."""
    hit: dict[str, int] | None = mapdef._cache.get("edge_credits")
    if hit is None:
        hit = {}
        for (coord, _), rule in mapdef.edge_rule_at.items():
            if rule.cost < 0:
                hit[coord] = hit.get(coord, 0) + rule.cost
        mapdef._cache["edge_credits"] = hit
    return hit


def _holds_markers(held: tuple[object, ...], n_cities: int) -> bool:
    """Whether a hex whose markers are ``held`` (its entry of
    :func:`~railhouse.map.laymemo.hex_markers`) holds a token in one of its ``n_cities``
    cities or a reservation (else every upgrade fits them)."""
    return any(entry[0] == RESERVED or entry[0] < n_cities
               for entry in cast(tuple[_Marker, ...], held))


#: an entry of a hex's :func:`~railhouse.map.laymemo.hex_markers`: ``(city, owners)`` of
#: a token's city, or ``(RESERVED, company, city)`` of a reservation
_Marker = tuple[Any, ...]

#: a hex's markers as :func:`_tokens_fit` reads them for a city map of a given length:
#: per old city the count of its tokens that stay, the old city of every reservation left
#: (None: the hex's), and those counted at hex level
_Held = tuple[tuple[int, ...], tuple[int, ...], int]


def _held(board: Board, coord: str, cities: int) -> _Held:
    """The markers on ``coord``'s first ``cities`` old cities (see :data:`_Held`): tokens of
    discardable owners are left out, and so are reservations of a company with a token
    there."""
    drop = board.map.discardable_tokens
    placed: set[str] = set()
    counts = [0] * cities
    held = cast(tuple[_Marker, ...], hex_markers(board).get(coord, ()))
    for entry in held:  # the hex's tokens first, by city (hex_markers)
        city = entry[0]
        if city == RESERVED:
            break
        if city < cities:
            placed.update(entry[1])
            counts[city] = sum(1 for o in entry[1] if o not in drop)
    reserved = []
    hex_level = 0
    for entry in held:  # then its reservations, in the board's order
        if entry[0] != RESERVED or entry[1] in placed:
            continue
        if entry[2] is None:
            hex_level += 1
        else:
            reserved.append(entry[2])
    return tuple(counts), tuple(reserved), hex_level


def _tokens_fit(board: Board, coord: str, old: TileDef, new: TileDef, shape: UpgradeShape,
                memo: dict[int, _Held] | None = None) -> bool:
    """Tokens and outstanding reservations still fit after the upgrade (R-15.4.4); tokens
    of discardable owners are left out (R-14.6.4: they give way, ``Board.lay_tile``).
    ``memo``: :func:`_held` of this hex for this board, keyed on the length of the city
    map (all the summary depends on besides the board), shared by the candidates of one
    hex; it must be dropped when the board changes."""
    if not old.city_indices():
        return True
    city_map = shape.city_map
    held = None if memo is None else memo.get(len(city_map))
    if held is None:
        held = _held(board, coord, len(city_map))
        if memo is not None:
            memo[len(city_map)] = held
    # the answer reads the summary, the city map and the new tile's circles alone:
    # kept per map on them (hexes and boards alike share it)
    known = _fits_of(board.map)
    key = (held, city_map, new.id)
    fit = known.get(key)
    if fit is None:
        if len(known) >= FITS_LIMIT:
            known.clear()
        fit = known[key] = summary_fits(held, city_map, new)
    return fit


def summary_fits(held: _Held, city_map: tuple[int, ...], new: TileDef) -> bool:
    """Whether the markers of ``held`` (:func:`_held`) fit ``new``'s circles when the
    old cities go where ``city_map`` says: no city over its slots, and the hex-level
    reservations within the slots left (R-15.4.4)."""
    new_cities = new.city_indices()
    counts, reserved, hex_level = held
    load = [0] * len(new_cities)
    for target, count in zip(city_map, counts, strict=True):
        load[target] += count
    for city in reserved:
        load[city_map[city]] += 1
    slots = [new.stops[i].slots for i in new_cities]
    return all(n <= s for n, s in zip(load, slots, strict=True)) and sum(load) + hex_level <= sum(
        slots)


#: answers of :func:`_tokens_fit` kept per map before they start afresh (bounds memory)
FITS_LIMIT = 20_000


def _fits_of(mapdef: MapDef) -> dict[tuple[_Held, tuple[int, ...], str], bool]:
    """The map's answers of :func:`_tokens_fit` per markers summary (:data:`_Held`),
    city map and new tile."""
    hit: dict[tuple[_Held, tuple[int, ...], str], bool] | None = mapdef._cache.get(
        "tokens_fit")
    if hit is None:
        hit = mapdef._cache["tokens_fit"] = {}
    return hit
