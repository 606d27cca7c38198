"""Where a hex's markers go on a lay (1839 R-15.3.5): one legal lay per distinct result
of a track layout; :class:`TileLay`, the lay as :mod:`railhouse.map.lays` lists it; and
:class:`HexLays`, the lays of one hex as that listing memoises them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import msgspec

from railhouse.map.board import Board
from railhouse.map.laycands import Candidate
from railhouse.map.laymemo import RESERVED, hex_markers
from railhouse.map.tiles import TileDef


class TileLay(msgspec.Struct, frozen=True):
    """One legal lay.  ``upgrade`` is True when it replaces a tile or pre-printed track.
    ``tokens``: None for the default allocation of the hex's tokens, or the director's
    choice (old city ``k`` -> new city ``tokens[k]``) to pass on to ``Board.lay_tile``.
    A frozen ``msgspec`` struct (equal, hashed and shown by its fields, as a frozen
    dataclass would be): the listings make many, and a frozen dataclass sets each field
    through ``object.__setattr__`` (about ten times the cost of making this)."""

    hex: str
    tile: str
    rotation: int
    cost: int
    upgrade: bool
    tokens: tuple[int, ...] | None = None

    def costing(self, cost: int) -> TileLay:
        """This lay at ``cost`` (``dataclasses.replace(self, cost=cost)``, made directly:
        listings reprice many lays)."""
        return TileLay(self.hex, self.tile, self.rotation, cost, self.upgrade, self.tokens)


def with_allocations(
    board: Board, coord: str, old: TileDef, fitting: list[tuple[Candidate, int]], upgrade: bool
) -> list[TileLay]:
    """One lay per distinct result: where the hex's tokens and city reservations end up
    (1839 R-15.3.5).  ``tokens`` is set when a track layout has several results, or when
    the allocation is not the default one ``Board.lay_tile`` would use."""
    owners = _city_owners(board, coord, len(old.city_indices()))
    if not any(owners):  # no marker to carry: a layout's candidates all end up alike
        return _without_markers(coord, fitting, upgrade)
    sharing: dict[object, int] = {}  # candidates per track layout
    for cand, _ in fitting:
        sharing[cand.track] = sharing.get(cand.track, 0) + 1
    results: dict[tuple[object, ...], set[object]] = {}
    keyed = []
    for cand, cost in fitting:
        track = cand.track
        if sharing[track] == 1:  # its layout's one candidate: one result, its own
            keyed.append((cand, cost, track))
            continue
        outcome = frozenset(
            (edges, tuple(sorted(name for k in olds for name in owners[k])))
            for edges, olds in cand.cities
        )
        if outcome in results.setdefault(track, set()):
            continue
        results[track].add(outcome)
        keyed.append((cand, cost, track))
    out = []
    for cand, cost, track in keyed:
        explicit = len(results.get(track, ())) > 1 or not cand.default
        tokens = cand.shape.city_map if explicit else None
        out.append(TileLay(coord, cand.shape.new.id, cand.rotation, cost, upgrade, tokens))
    return out


def _without_markers(coord: str, fitting: list[tuple[Candidate, int]],
                     upgrade: bool) -> list[TileLay]:
    """:func:`_with_allocations` of a hex without tokens or city reservations: every
    result of a track layout is the same (its new cities, holding nothing), so the
    layout's first candidate is its one lay, spelling its allocation where it is not
    the default."""
    seen: set[object] = set()
    out = []
    for cand, cost in fitting:
        if cand.track in seen:
            continue
        seen.add(cand.track)
        tokens = None if cand.default else cand.shape.city_map
        out.append(TileLay(coord, cand.shape.new.id, cand.rotation, cost, upgrade, tokens))
    return out


def _city_owners(board: Board, coord: str, n_cities: int) -> list[list[str]]:
    """Per old city: owners of its tokens and companies holding a reservation on it, read
    from the hex's markers (:func:`~railhouse.map.laymemo.hex_markers`: its tokens by
    city, then its reservations in the board's order), not from every reservation."""
    owners: list[list[str]] = [[] for _ in range(n_cities)]
    for entry in cast(tuple[tuple[Any, ...], ...], hex_markers(board).get(coord, ())):
        if entry[0] == RESERVED:
            city = entry[2]
            if city is not None and city < n_cities:
                owners[city].append(f"reserved:{entry[1]}")
        elif entry[0] < n_cities:
            owners[entry[0]].extend(entry[1])
    return owners


class HexLays:
    """The legal lays on one hex for one set of inputs (:func:`laymemo.hex_key`): the
    fitting candidates with their cost, and the listing made from them (on first use).
    Memoised by :mod:`railhouse.map.lays` per map and shared by every board, game and
    clone of the map: read only, except through :meth:`listed`, :meth:`priced_at` and
    :attr:`derived`.

    ``upgrade``: whether the lays replace a tile or printed track (the same for every
    lay of a hex).  ``candidates``: the ids of the tiles that may go on the hex
    (``laymemo.carried`` drops the entry when one of them leaves the supply or comes
    back).  ``cheapest`` and ``dearest``: the least and greatest cost of a lay (those of
    the listed lays: the listing keeps one candidate per track layout, and the
    candidates of a layout cost the same).  ``derived``: what callers derive from
    these lays alone without reading their costs, per a key of the caller's (who bounds
    its size), e.g. the track step's actions per company; shared with the variants of
    :meth:`priced` at a fee alone (the same lays, in the same order, at other costs)."""

    __slots__ = ("candidates", "cheapest", "coord", "dearest", "derived", "fitting", "lays",
                 "upgrade", "variants")

    def __init__(self, coord: str, fitting: list[tuple[Candidate, int]], upgrade: bool,
                 candidates: frozenset[str] = frozenset()) -> None:
        self.coord = coord
        self.fitting = fitting
        self.upgrade = upgrade
        self.candidates = candidates
        costs = [cost for _, cost in fitting]
        self.cheapest = min(costs, default=0)
        self.dearest = max(costs, default=0)
        self.lays: list[TileLay] | None = None
        self.derived: dict[object, Any] = {}
        #: :meth:`priced_at`'s answers so far, per fee and budget
        self.variants: dict[tuple[int, int | None], HexLays] | None = None

    def listed(self, board: Board) -> list[TileLay]:
        """The lays, one per distinct result (:func:`with_allocations`), in order."""
        if self.lays is None:
            old = board.tile_at(self.coord)[0]
            self.lays = (with_allocations(board, self.coord, old, self.fitting, self.upgrade)
                         if self.fitting else [])
        return self.lays

    def first(self, accept: Callable[[TileLay], bool] | None, fee: int = 0) -> TileLay | None:
        """The first fitting candidate as a lay accepted by ``accept`` (any, if None),
        without listing the allocations (its ``tokens`` is None); ``fee`` is added to
        its cost (as :meth:`priced` without a budget would)."""
        for cand, cost in self.fitting:
            lay = TileLay(self.coord, cand.shape.new.id, cand.rotation, cost + fee,
                          self.upgrade)
            if accept is None or accept(lay):
                return lay
        return None

    def priced_at(self, board: Board, fee: int, budget: int | None) -> HexLays:
        """:meth:`priced`, kept with these lays per fee and budget (it depends on nothing
        else: these lays and the hex's markers, the same wherever they are shared)."""
        variants = self.variants
        if variants is None:
            variants = self.variants = {}
        hit = variants.get((fee, budget))
        if hit is None:
            hit = variants[fee, budget] = self.priced(board, fee, budget)
        return hit

    def priced(self, board: Board, fee: int, budget: int | None) -> HexLays:
        """These lays with ``fee`` added to every price and those over ``budget`` left
        out.  The same as searching with them: lays of one track layout cost the same,
        so the budget keeps or drops all the allocations of a layout together."""
        out = HexLays(self.coord, [(cand, cost + fee) for cand, cost in self.fitting
                                   if budget is None or cost + fee <= budget], self.upgrade,
                      self.candidates)
        out.lays = [lay.costing(lay.cost + fee) for lay in self.listed(board)
                    if budget is None or lay.cost + fee <= budget]
        if budget is None:  # the same lays at other prices: what is derived from them
            out.derived = self.derived  # besides their costs is theirs (see the class)
        return out
