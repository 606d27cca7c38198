"""Where a hex's markers go on a lay (1839 R-15.3.5): one legal lay per distinct result
of a track layout, and :class:`TileLay`, the lay as :mod:`railhouse.map.lays` lists it."""

from __future__ import annotations

from dataclasses import dataclass

from railhouse.map.board import Board
from railhouse.map.laycands import Candidate
from railhouse.map.tiles import TileDef


@dataclass(frozen=True, slots=True)
class TileLay:
    """One legal lay.  ``upgrade`` is True when it replaces a tile or pre-printed track.
    ``tokens``: None for the default allocation of the hex's tokens, or the director's
    choice (old city ``k`` -> new city ``tokens[k]``) to pass on to ``Board.lay_tile``."""

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
    results: dict[tuple[object, ...], set[object]] = {}
    keyed = []
    for cand, cost in fitting:
        track = cand.track
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
        explicit = len(results[track]) > 1 or not cand.default
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
    """Per old city: owners of its tokens and companies holding a reservation on it."""
    owners: list[list[str]] = [list(board.tokens.get((coord, k), ())) for k in range(n_cities)]
    for r in board.reservations:
        if r.hex == coord and r.city is not None and r.city < n_cities:
            owners[r.city].append(f"reserved:{r.company}")
    return owners
