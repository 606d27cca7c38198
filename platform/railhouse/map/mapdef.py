"""The static description of a title's map: hexes, their printed content, edge rules
(rivers, barriers, closed sides), home reservations and the tile manifest.

A title builds one :class:`MapDef` from data; everything derived (neighbours, edge ids,
which edges may carry track, upgrade tables) is computed once and cached on it.

Printed content is a :class:`~railhouse.map.tiles.TileDef` too: an empty hex is
``tile("", "white")``, a town hex ``tile("", "white", "t0")``, a hex with stubs
``tile("", "white", "c0:1,4", label="B")``, a pre-printed yellow hex is ``color="yellow"``,
an off-board is ``fixed`` with ``tile("", "red", "o:0,1")`` and an :class:`Offboard`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from railhouse.map import hexgrid
from railhouse.map.tiles import TileDef, orient

WHITE = "white"
DEFAULT_COLORS = (WHITE, "yellow", "green", "brown", "gray")


@dataclass(frozen=True)
class Offboard:
    """An off-board location.  ``location`` is its node id (shared by all hexes of a
    multi-hex off-board), ``values`` its revenue per phase column, ``group`` its colour."""

    location: str
    values: tuple[int, ...]
    group: str | None = None

    def value(self, column: int) -> int:
        """Revenue in phase column ``column`` (clamped to the last column)."""
        return self.values[min(column, len(self.values) - 1)] if self.values else 0


@dataclass(frozen=True)
class HexDef:
    """One map hex.

    ``fixed`` hexes never take tiles (off-boards, gray, ferry, water).  ``terrain_cost`` is
    paid for the first tile laid (or every lay if ``terrain_every_lay``); ``upgrade_cost`` is
    paid for every upgrade (1839 big cities).  ``blocked_until`` names a release key: no tile
    may be laid here until the context lists that key as released (1839 H7).
    """

    coord: str
    printed: TileDef
    name: str = ""
    fixed: bool = False
    rotation: int = 0
    terrain_cost: int = 0
    terrain_every_lay: bool = False
    upgrade_cost: int = 0
    offboard: Offboard | None = None
    blocked_until: str | None = None


@dataclass(frozen=True)
class EdgeRule:
    """A rule on the side between two adjacent hexes ``a`` and ``b``.

    ``cost``: paid per new track connection created across it (SOH rivers, 50).
    ``closed``: track may never run into this side.  ``barrier_until``: no new connection,
    route or connection trace across it until that release key is active (1839 red barriers).
    """

    a: str
    b: str
    cost: int = 0
    closed: bool = False
    barrier_until: str | None = None


@dataclass(frozen=True)
class Reservation:
    """A home reservation: ``company`` holds a slot of city ``city`` of ``hex`` (SOH) or, with
    ``city=None``, any slot of the hex (1839)."""

    company: str
    hex: str
    city: int | None = None


@dataclass(frozen=True)
class MapDef:
    """A title's map and tile set.  ``supply`` maps tile id -> count (None = unlimited).

    Knobs: ``town_to_double_town`` lets a single-town tile be upgraded to a double-town
    tile (SOH facts §9.2/§9.3; 1839 R-15.2.4 forbids it, the default).
    ``choose_token_cities``: when an upgrade can carry the tokens (and city reservations)
    of a hex to the new tile's cities in several ways, the laying director chooses
    (1839 R-15.3.5: markers on an OO hex); ``legal_tile_lays`` then offers one lay per
    allocation (``TileLay.tokens``).  Off (the default, SOH), cities keep their order
    where the track allows it: printed cities are drawn at fixed places (SOH facts §8.5,
    Amsterdam's station A is NRS's home).
    ``discardable_tokens``: owners whose tokens need not fit after an upgrade: they never
    make a lay illegal, and ``Board.lay_tile`` discards those left without a circle
    (1839 R-14.6.4 / R-15.4.4: NS markers).  Empty (the default, SOH): every token counts.
    """

    hexes: Mapping[str, HexDef]
    tiles: Mapping[str, TileDef]
    supply: Mapping[str, int | None]
    edge_rules: tuple[EdgeRule, ...] = ()
    reservations: tuple[Reservation, ...] = ()
    layout: str = hexgrid.POINTY
    colors: tuple[str, ...] = DEFAULT_COLORS
    town_to_double_town: bool = False
    choose_token_cities: bool = False
    discardable_tokens: frozenset[str] = frozenset()
    _cache: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def neighbour(self, coord: str, edge: int) -> str | None:
        """The existing hex across ``edge`` of ``coord``, or None."""
        return self.neighbours[coord][edge]

    @cached_property
    def neighbours(self) -> dict[str, tuple[str | None, ...]]:
        out: dict[str, tuple[str | None, ...]] = {}
        for coord in self.hexes:
            nbs = (hexgrid.neighbour(coord, e, self.layout) for e in range(6))
            out[coord] = tuple(n if n in self.hexes else None for n in nbs)
        return out

    @cached_property
    def edge_rule_at(self) -> dict[tuple[str, int], EdgeRule]:
        """``(hex, edge) -> EdgeRule`` for both sides of every rule."""
        out: dict[tuple[str, int], EdgeRule] = {}
        for rule in self.edge_rules:
            edge = hexgrid.edge_between(rule.a, rule.b, self.layout)
            if edge is None:
                raise ValueError(f"edge rule {rule.a}|{rule.b}: hexes are not adjacent")
            out[(rule.a, edge)] = rule
            out[(rule.b, hexgrid.opposite(edge))] = rule
        return out

    @cached_property
    def edge_ids(self) -> dict[str, tuple[int, ...]]:
        """A small int per physical hex side, shared by the two hexes it separates."""
        ids: dict[tuple[str, int], int] = {}
        for coord in self.hexes:
            for edge in range(6):
                nb = self.neighbours[coord][edge]
                other = (nb, hexgrid.opposite(edge)) if nb else None
                if other in ids:
                    ids[(coord, edge)] = ids[other]
                else:
                    ids[(coord, edge)] = len(ids)
        return {c: tuple(ids[(c, e)] for e in range(6)) for c in self.hexes}

    @cached_property
    def open_edges(self) -> dict[str, int]:
        """Per tileable hex, the bit mask of edges into which track may run (before
        barriers): the neighbour exists, the side is not closed, and a fixed neighbour
        (off-board, gray, ferry) has printed track on the facing side."""
        out: dict[str, int] = {}
        for coord, hexdef in self.hexes.items():
            mask = 0
            for edge in range(6):
                nb = self.neighbours[coord][edge]
                rule = self.edge_rule_at.get((coord, edge))
                if nb is None or (rule is not None and rule.closed):
                    continue
                nb_def = self.hexes[nb]
                facing = hexgrid.opposite(edge)
                if (
                    nb_def.fixed
                    and not orient(nb_def.printed, nb_def.rotation).edge_mask >> facing & 1
                ):
                    continue
                mask |= 1 << edge
            out[coord] = mask if not hexdef.fixed else 0
        return out

    def color_rank(self, color: str) -> int:
        """Position of ``color`` in the colour order (raises ``ValueError`` if unknown)."""
        return self.colors.index(color)

    def homes(self, company: str) -> tuple[Reservation, ...]:
        """The reservations (home stations) of ``company``."""
        return tuple(r for r in self.reservations if r.company == company)
