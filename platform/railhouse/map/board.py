"""Mutable board state: laid tiles, tokens, tile supply, home reservations.

The board knows nothing of companies beyond token owner ids (strings).  Anything derived
from it (track graph, reach) is cached per ``track_version`` / ``token_version`` so that
repeated queries within one game state are cheap; ``clone()`` copies only small dicts.

JSON form (``to_dict``)::

    {"tiles": {"H9": ["57", 1]}, "tokens": {"H9.c0": ["NCS"]},
     "supply": {"57": 6, "7": null}, "reservations": [["NRS", "F9", 0]],
     "laid_this_turn": ["H9"]}
"""

from __future__ import annotations

from typing import Any

from railhouse.map.mapdef import MapDef, Reservation
from railhouse.map.tiles import TileDef
from railhouse.map.upgrades import cached_shapes

#: the city number of a marker :meth:`Board.with_marker` puts on a hex: in no real city, so
#: it neither fills a circle nor starts a trace
OUTSIDE_CITIES = 99


class Board:
    """The tiles and tokens on one map.  Mutate only through the methods below: they
    replace a city's list of token owners, the reservations and the hexes laid this turn
    rather than change them in place, so that a clone may share them (:meth:`clone`)."""

    def __init__(self, mapdef: MapDef) -> None:
        self.map = mapdef
        self.tiles: dict[str, tuple[str, int]] = {}
        self.tokens: dict[tuple[str, int], list[str]] = {}
        self.supply: dict[str, int | None] = dict(mapdef.supply)
        self.reservations: list[Reservation] = list(mapdef.reservations)
        self.laid_this_turn: set[str] = set()
        self.track_version = 0
        self.token_version = 0
        self.cache: dict[Any, Any] = {}
        #: the hexes laid so far, in order (the last ``k`` are those laid since version
        #: ``track_version - k``), so derived data can be updated from an older version
        self.laid: tuple[str, ...] = ()

    # ------------------------------------------------------------------ queries
    def tile_at(self, coord: str) -> tuple[TileDef, int]:
        """The tile on ``coord`` (the printed content if none was laid) and its rotation."""
        laid = self.tiles.get(coord)
        if laid is None:
            hexdef = self.map.hexes[coord]
            return hexdef.printed, hexdef.rotation
        return self.map.tiles[laid[0]], laid[1]

    def city_tokens(self, coord: str, city: int) -> list[str]:
        """Owners of the tokens in city ``city`` of ``coord`` (a fresh list)."""
        return list(self.tokens.get((coord, city), ()))

    def company_cities(self, company: str) -> list[tuple[str, int]]:
        """``(hex, city)`` of every city holding a token of ``company``."""
        return [key for key, owners in self.tokens.items() if company in owners]

    def memo(self) -> dict[Any, Any]:
        """A dict for values derived from this revision of the board (its tiles, tokens
        and reservations: ``track_version`` and ``token_version``), kept in ``cache`` as
        one entry; a clone shares it until either board changes."""
        key = ("memo", self.track_version, self.token_version)
        hit: dict[Any, Any] | None = self.cache.get(key)
        if hit is None:
            hit = self.cache[key] = {}
        return hit

    def available(self, tile_id: str) -> bool:
        """Whether a tile of this id is left in the supply."""
        count = self.supply.get(tile_id, 0)
        return count is None or count > 0

    # ---------------------------------------------------------------- mutations
    def lay_tile(
        self, coord: str, tile_id: str, rotation: int, tokens: tuple[int, ...] | None = None
    ) -> list[tuple[int, str]]:
        """Put ``tile_id`` on ``coord`` at ``rotation``; the replaced tile returns to the
        supply, and tokens and city reservations move to the corresponding cities
        (R-15.4.3; merged cities hold the tokens of all, SOH facts §8.5).  ``tokens`` is an
        allocation from ``TileLay.tokens`` (old city ``k`` -> new city ``tokens[k]``) when
        the director chose one; None takes the default.  Legality is NOT checked here (see
        ``legal_tile_lays``); raises ``ValueError`` if the tile cannot preserve the old one
        at that rotation (or with that allocation) or is out of supply.

        Tokens of ``MapDef.discardable_tokens`` owners that no longer find a circle are
        removed (1839 R-14.6.4); returns them as ``(new city, owner)`` pairs (usually [])."""
        new = self.map.tiles[tile_id]
        old, old_rot = self.tile_at(coord)
        if not self.available(tile_id):
            raise ValueError(f"tile {tile_id} is not available")
        delta = (rotation - old_rot) % 6
        shapes = [s for s in cached_shapes(self.map._cache, old, new) if s.delta == delta]
        if tokens is not None:
            shapes = [s for s in shapes if s.city_map == tuple(tokens)]
        if not shapes:
            extra = f" with token allocation {list(tokens)}" if tokens is not None else ""
            raise ValueError(f"tile {tile_id} at rotation {rotation}{extra} does not fit {coord}")
        self._move_tokens(coord, shapes[0].city_map)
        if coord in self.tiles:
            self._give_back(self.tiles[coord][0])
        self._take(tile_id)
        self.tiles[coord] = (tile_id, rotation % 6)
        self.laid_this_turn = {*self.laid_this_turn, coord}  # replaced: clones share it
        self.track_version += 1
        self.laid += (coord,)
        return self._discard_surplus(coord, new)

    def _discard_surplus(self, coord: str, new: TileDef) -> list[tuple[int, str]]:
        """Remove discardable tokens beyond a city's circles (the last placed first)."""
        drop = self.map.discardable_tokens
        out: list[tuple[int, str]] = []
        if not drop:
            return out
        for k, i in enumerate(new.city_indices()):
            owners = self.tokens.get((coord, k), [])
            if len(owners) > new.stops[i].slots:  # changed below: a list of its own
                owners = self.tokens[(coord, k)] = list(owners)
            while len(owners) > new.stops[i].slots:
                at = next((j for j in range(len(owners) - 1, -1, -1) if owners[j] in drop), None)
                if at is None:
                    break
                out.append((k, owners.pop(at)))
        if out:
            self.token_version += 1
        return out

    def _move_tokens(self, coord: str, city_map: tuple[int, ...]) -> None:
        """Move the hex's tokens and city reservations to the new cities.  A new token
        revision only where a marker changes city (or cities merge): a lay on a hex
        without markers, or an upgrade keeping each in its city (most of them), leaves
        every marker as it was, so what is derived from the markers alone stays valid.
        (The hex's cities are still taken out and put back: the order of ``tokens``,
        which some listings follow, stays what it always was.)"""
        moved: dict[tuple[str, int], list[str]] = {}
        held: dict[tuple[str, int], list[str]] = {}
        for k, target in enumerate(city_map):
            owners = self.tokens.pop((coord, k), None)
            if owners is not None:
                held[(coord, k)] = owners
                if owners:
                    moved.setdefault((coord, target), []).extend(owners)
        self.tokens.update(moved)
        changed = moved != held
        if any(r.hex == coord and r.city is not None for r in self.reservations):
            reservations = [
                Reservation(r.company, r.hex, city_map[r.city])
                if r.hex == coord and r.city is not None and r.city < len(city_map)
                else r
                for r in self.reservations
            ]
            changed = changed or reservations != self.reservations
            self.reservations = reservations
        if changed:
            self.token_version += 1

    def _take(self, tile_id: str) -> None:
        count = self.supply.get(tile_id)
        if count is not None:
            self.supply[tile_id] = count - 1

    def _give_back(self, tile_id: str) -> None:
        count = self.supply.get(tile_id)
        if count is not None:
            self.supply[tile_id] = count + 1

    def place_token(self, coord: str, city: int, owner: str) -> None:
        """Add a token (no legality check beyond a free slot; raises ``ValueError``)."""
        t, _ = self.tile_at(coord)
        slots = t.stops[t.city_indices()[city]].slots
        owners = self.tokens.get((coord, city))  # a list of its own, changed below
        owners = self.tokens[(coord, city)] = [] if owners is None else list(owners)
        if len(owners) >= slots:
            raise ValueError(f"{coord}.c{city} has no free slot")
        owners.append(owner)
        self.token_version += 1

    def remove_token(self, coord: str, city: int, owner: str) -> None:
        """Remove one token of ``owner`` from that city (raises ``ValueError`` if absent)."""
        owners = list(self.tokens.get((coord, city), ()))  # a list of its own
        owners.remove(owner)
        if owners:
            self.tokens[(coord, city)] = owners
        else:
            del self.tokens[(coord, city)]
        self.token_version += 1

    def replace_token(self, coord: str, city: int, old: str, new: str) -> None:
        """Put ``new``'s token in the slot of ``old``'s (a swap of stations, a marker
        leaving an NS marker behind: 1839 R-8.3.B.3, R-14.3.5)."""
        owners = list(self.tokens[(coord, city)])  # a list of its own
        owners[owners.index(old)] = new
        self.tokens[(coord, city)] = owners
        self.token_version += 1

    def set_reservations(self, reservations: list[Reservation]) -> None:
        """Replace every home reservation (what blocks a city's slot for its company)."""
        self.reservations = list(reservations)
        self.token_version += 1

    def add_reservation(self, reservation: Reservation) -> None:
        """Reserve a slot (a city, or any city of the hex when ``city`` is None)."""
        self.set_reservations([*self.reservations, reservation])

    def drop_reservations(self, company: str, coord: str | None = None) -> None:
        """Forget ``company``'s reservations (on ``coord`` only, if given); a new token
        revision only if one was dropped."""
        kept = [
            r
            for r in self.reservations
            if not (r.company == company and (coord is None or r.hex == coord))
        ]
        if len(kept) != len(self.reservations):
            self.reservations = kept
            self.token_version += 1

    def new_turn(self) -> None:
        """Clear the per-turn record of hexes laid."""
        self.laid_this_turn = set()

    # ------------------------------------------------------------- copy / json
    def with_marker(self, coord: str, company: str) -> Board:
        """A clone on which ``company`` also has a marker on ``coord``, in no city
        (:data:`OUTSIDE_CITIES`): the hex counts as one where it has a token, as a lay
        that need not connect is judged, while no circle fills and no trace starts there.
        A token revision of the clone's own: nothing derived from the markers is shared
        with this board."""
        other = self.clone()
        other.tokens[(coord, OUTSIDE_CITIES)] = [company]
        other.token_version += 1
        return other

    def clone(self) -> Board:
        """An independent copy sharing the (immutable) map and cached derived data, and
        the containers the mutations above replace rather than change: each city's list
        of token owners (a mutation gives the city a new list), the reservations and the
        hexes laid this turn."""
        other = Board.__new__(Board)
        other.map = self.map
        other.tiles = self.tiles.copy()
        other.tokens = self.tokens.copy()
        other.supply = self.supply.copy()
        other.reservations = self.reservations
        other.laid_this_turn = self.laid_this_turn
        other.track_version = self.track_version
        other.token_version = self.token_version
        other.cache = self.cache.copy()
        other.laid = self.laid
        return other

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready state (see module docstring)."""
        return {
            "tiles": {c: [t, r] for c, (t, r) in sorted(self.tiles.items())},
            "tokens": {f"{c}.c{k}": list(v) for (c, k), v in sorted(self.tokens.items())},
            "supply": dict(sorted(self.supply.items())),
            "reservations": [[r.company, r.hex, r.city] for r in self.reservations],
            "laid_this_turn": sorted(self.laid_this_turn),
        }

    @classmethod
    def from_dict(cls, mapdef: MapDef, data: dict[str, Any]) -> Board:
        """Inverse of :meth:`to_dict` (raises ``KeyError``/``ValueError`` on bad data)."""
        board = cls(mapdef)
        board.tiles = {c: (str(t), int(r)) for c, (t, r) in data["tiles"].items()}
        for key, owners in data["tokens"].items():
            coord, _, city = key.partition(".c")
            board.tokens[(coord, int(city))] = [str(o) for o in owners]
        board.supply = {str(k): v for k, v in data["supply"].items()}
        board.reservations = [Reservation(c, h, k) for c, h, k in data["reservations"]]
        board.laid_this_turn = set(data.get("laid_this_turn", ()))
        return board
