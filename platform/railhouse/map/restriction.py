"""Track restrictions and the reach test of the 18xx.games engine, as map mechanisms.

18xx.games' ``TRACK_RESTRICTION``: ``:permissive`` asks only that a lay connect to the
company's network (SOH EN "Laying track"); ``:semi_restrictive`` (:data:`SEMI_RESTRICTIVE`,
used by SOH's 18xx-games rule set, facts §11.2 "Upgrades") also asks that a lay replacing
track add track the company can use, or change the value of a city or town on it ("Must use
new track or change city value"): after the lay, among the tile's paths the company's
network reaches (walked from its tokens, not through cities full of others' tokens or
off-boards), at least one must not lie within an old path (same hex sides, a city where the
old path had a city, a town where it had a town), or must touch a stop whose value changed.
A lay on a hex without track always passes (:func:`adds_usable_track`).

:func:`route_available` is 18xx.games' ``route_info`` reach test: two revenue stops reached,
towns counting (SOH's 18xx-games rule set, facts §11.2 "Towns as stops for the forced
purchase").  Both walk the tiles as 18xx.games does (:class:`Walk`).
"""

from __future__ import annotations

from railhouse.map.board import Board
from railhouse.map.graph import Operator, hex_order
from railhouse.map.lays import TileLay
from railhouse.map.mapdef import MapDef
from railhouse.map.tiles import CITY, JUNCTION, OFFBOARD, STOP_BASE, TileDef

#: the restrictions a track step may apply to a lay (18xx.games ``TRACK_RESTRICTION``)
PERMISSIVE = "permissive"
SEMI_RESTRICTIVE = "semi_restrictive"

End = tuple[str, int]  # ("e", side) or ("city"/"town", revenue)


def adds_usable_track(board: Board, op: Operator, lay: TileLay) -> bool:
    """18xx.games' semi-restrictive test of ``lay`` by ``op`` (the module docstring)."""
    old_tile, old_rot = board.tile_at(lay.hex)
    if not old_tile.paths:
        return True
    new_tile = board.map.tiles[lay.tile]
    adding = _adding_paths(board.map, old_tile, old_rot, new_tile, lay.rotation % 6)
    if not adding:  # no new path would pass
        return False
    after = board.clone()
    after.lay_tile(lay.hex, lay.tile, lay.rotation, lay.tokens)
    if _from_own_city(after, op, lay.hex, new_tile, adding):
        return True
    return Walk(after, op).reaches({(lay.hex, k) for k in adding})


def _from_own_city(after: Board, op: Operator, coord: str, tile: TileDef,
                   adding: tuple[int, ...]) -> bool:
    """Whether a path of ``adding`` ends at a city of ``coord`` holding a token of
    ``op`` on the board ``after`` the lay (``tile`` laid on ``coord``): the walk from
    that token starts there and takes every path at its city in turn (one it took
    before is taken already), so it walks that path whatever else it walks: the
    answer of :meth:`Walk.reaches` without the walk (its tokens' walks are independent
    of one another, so which token's walk takes a target first does not matter)."""
    cities = tile.city_indices()
    paths = tile.paths
    for h, k in after.company_cities(op.company):
        if h == coord:
            stop = STOP_BASE + cities[k]
            if any(stop in paths[p] for p in adding):
                return True
    return False


def _adding_paths(mapdef: MapDef, old_tile: TileDef, old_rot: int, new_tile: TileDef,
                  new_rot: int) -> tuple[int, ...]:
    """The paths of ``new_tile`` (at ``new_rot``, replacing ``old_tile`` at ``old_rot``)
    that would pass the test if the network walks one: not within an old path, or with
    other stop values.  A function of the two tiles and turns alone (tiles are the map's
    immutable data), so kept in the map's cache under their ids and turns."""
    key = ("adding_paths", id(old_tile), old_rot, id(new_tile), new_rot)
    found: tuple[int, ...] | None = mapdef._cache.get(key)
    if found is None:
        old = [ends(old_tile, old_rot, path) for path in old_tile.paths]
        adding = []
        for k, path in enumerate(new_tile.paths):
            mine = ends(new_tile, new_rot, path)
            inside = next((o for o in old if within(mine, o)), None)
            if inside is None or stop_values(mine) != stop_values(inside):
                adding.append(k)
        found = mapdef._cache[key] = tuple(adding)
    return found


def ends(tile: TileDef, rotation: int, path: tuple[int, int]) -> list[End]:
    """The ends of a tile path: hex sides (rotated) and stops with their values."""
    out: list[End] = []
    for end in path:
        if end < STOP_BASE:
            out.append(("e", (end + rotation) % 6))
        else:
            stop = tile.stops[end - STOP_BASE]
            if stop.kind != JUNCTION:
                out.append((stop.kind, stop.revenue))
            else:  # a junction stands for the other ends of the paths through it
                out.extend(e for other in tile.paths if end in other and other != path
                           for e in ends(tile, rotation, other) if e[0] == "e")
    return out


def within(new: list[End], old: list[End]) -> bool:
    """tobymao ``Path#<=``: every end of ``new`` matches an end of ``old`` (sides by
    number, stops by kind)."""
    return all(any(n[0] == o[0] and (n[0] != "e" or n[1] == o[1]) for o in old) for n in new)


def stop_values(path_ends: list[End]) -> list[int]:
    return sorted(v for kind, v in path_ends if kind != "e")


def route_available(board: Board, op: Operator) -> bool:
    """18xx.games' ``route_info`` (SOH: facts §11.2 "Towns as stops for the forced
    purchase"): the walk from one of the company's tokens touches at least two revenue
    stops, the token's city included and towns counting like cities.  It decides whether
    18xx.games asks for routes and whether a company without trains must buy one (SOH EN:
    only a valid route, which cannot end in a town)."""
    key = ("route_available", board.track_version, board.token_version, op)
    found: bool | None = board.cache.get(key)
    if found is None:  # asked when the step settles and again when its claim is judged
        found = board.cache[key] = Walk(board, op).touches_two_stops()
    return found


Place = tuple[str, int]  # (hex, index): a stop of the hex's tile, or one of its paths


class Walk:
    """tobymao's graph walk (``Node#walk``/``Path#walk``, not converging) over the tiles:
    depth first from each token in turn; every path at most once per token (in the
    direction first found) and every stop at most once; at a hex side only on into the
    neighbour (no reversal), never back over a side the chain already crossed; not on
    from a city full of others' tokens or an off-board.  Stops and paths are taken in
    the tile's order, as tobymao does.

    Each hex is read through its :class:`_WalkHex` (made once per map, hex, tile and
    turn), which numbers paths, stops and hex sides as small integers (:func:`_place`)
    for the walk's sets; :meth:`run` gives them back as places."""

    def __init__(self, board: Board, op: Operator) -> None:
        self.board, self.op = board, op
        self._walked: set[int] = set()
        self._stops: list[set[int]] = []  # per token: the stops its walk touched
        self._targets: set[int] = set()  # see reaches
        self._two_stops = False  # see touches_two_stops

    def run(self) -> set[Place]:
        """Every (hex, path index) walked (and :attr:`stops`)."""
        self._walk()
        return self._places(self._walked)

    @property
    def stops(self) -> list[set[Place]]:
        """Per token: the stops its walk touched (so far)."""
        return [self._places(touched) for touched in self._stops]

    def _places(self, numbers: set[int]) -> set[Place]:
        coords = list(self.board.map.hexes)
        return {(coords[n >> _SHIFT], n & _MASK) for n in numbers}

    def reaches(self, targets: set[Place]) -> bool:
        """Whether the walk takes one of the paths ``targets`` ((hex, path index)); it
        stops at the first (the walk only grows, so the answer is :meth:`run`'s)."""
        order = hex_order(self.board.map)
        self._targets = {_place(order[coord], k) for coord, k in targets}
        try:
            self._walk()
        except _Reached:
            return True
        return False

    def touches_two_stops(self) -> bool:
        """Whether some token's walk touches two stops (its own city counting), i.e.
        ``any(len(s) > 1 for s in self.stops)`` after :meth:`run`.  The walk stops at
        the second stop: a token's set only grows, so from then on the answer is
        decided (``tests/soh/test_restriction_walk.py`` checks it against the
        whole walk)."""
        self._two_stops = True
        try:
            self._walk()
        except _Reached:
            return True
        return False

    def _walk(self) -> None:
        """The walk.  A path or stop is entered (``path``, ``node``) only when new to
        this token's walk and, for a path, off the sides the chain crossed: the
        callers test that first."""
        board, mapdef = self.board, self.board.map
        tokens, company = board.tokens, self.op.company
        walked, targets, two_stops = self._walked, self._targets, self._two_stops
        hexes: dict[str, _WalkHex] = {}  # the board does not change during a walk
        crossing: set[int] = set()  # every hex side the chain crossed
        nodes: set[int] = set()  # per token: the stops entered
        paths: set[int] = set()  # per token: the paths taken
        touched: set[int] = set()  # per token: the stops touched

        def walk_hex(coord: str) -> _WalkHex:
            found = hexes.get(coord)
            if found is None:
                found = hexes[coord] = _walk_hex(mapdef, coord, *board.tile_at(coord))
            return found

        def node(here: _WalkHex, index: int) -> None:
            for k, place, sides, end in here.at_stop.get(index, ()):
                if place not in paths and crossing.isdisjoint(sides):
                    path(here, k, place, end)

        def path(here: _WalkHex, k: int, place: int, entry: int) -> None:
            paths.add(place)
            walked.add(place)
            if place in targets:
                raise _Reached
            for end, index, stop, city, slots in here.stop_ends[k]:
                if end != entry:
                    touched.add(stop)
                    if two_stops and len(touched) > 1:
                        raise _Reached
                    if stop not in nodes and (
                            city is None or (city and _open(tokens.get(city), slots, company))):
                        nodes.add(stop)
                        node(here, index)
            for end, side, neighbour, facing in here.side_ends[k]:
                if end != entry:  # cross into the neighbour (tobymao's Path#walk)
                    crossing.add(side)
                    there = hexes.get(neighbour) or walk_hex(neighbour)
                    for j, their_place, sides, their_end in there.at_side.get(facing, ()):
                        if their_place not in paths and crossing.isdisjoint(sides):
                            path(there, j, their_place, their_end)
                    crossing.discard(side)

        order = hex_order(mapdef)
        starts = [(h, board.tile_at(h)[0].city_indices()[k])
                  for h, k in board.company_cities(company)]
        numbered = [_place(order[h], index) for h, index in starts]
        for (coord, index), start in zip(starts, numbered, strict=True):
            nodes = set(numbered)
            paths = set()
            touched = {start}
            self._stops.append(touched)
            node(walk_hex(coord), index)


def _open(owners: list[str] | None, slots: int, company: str) -> bool:
    """Whether the walk goes on through a city of ``slots`` slots holding ``owners``'
    tokens: not when its every slot holds another company's token."""
    return owners is None or len(owners) < slots or company in owners


class _Reached(Exception):
    """The walk's answer is decided (:meth:`Walk.reaches`, :meth:`Walk.touches_two_stops`)."""


_SHIFT = 4  # a path or stop index of a tile is below 1 << _SHIFT
_MASK = (1 << _SHIFT) - 1


def _place(number: int, index: int) -> int:
    """The walk's number of path or stop ``index`` of the hex of map-order ``number``
    (a hex side: its edge in place of ``index``)."""
    return number << _SHIFT | index


#: a city's key in ``Board.tokens``; None: a stop the walk always goes on from; (): one
#: it never goes on from (an off-board)
CityKey = tuple[str, int] | tuple[()] | None
StopEnd = tuple[int, int, int, CityKey, int]  # (end, stop index, stop, city, slots)
SideEnd = tuple[int, int, str, int]  # (end, side, neighbour, the neighbour's side)
Entry = tuple[int, int, tuple[int, ...], int]  # (path index, path, its sides, end)


class _WalkHex:
    """A hex's tile as the walk reads it, with the walk's numbers (:func:`_place`) of its
    paths, stops and sides, per path ``k``: ``stop_ends[k]``: its stop ends ``(end, stop
    index, stop, city, slots)`` in the path's order (``city``: the key ``(hex, city
    number)`` of ``Board.tokens`` if the walk goes on from it only while a slot is free
    or the company's, else None where it always goes on, ``()`` where it never does: an
    off-board); ``side_ends[k]``: its side ends with a neighbour, ``(end, side,
    neighbour, the neighbour's side)`` in the path's order.  And, in the tile's order,
    the paths entering at each side (``at_side``) and the paths at each stop
    (``at_stop``), as ``(k, path, the path's sides, the end entered)``.  All of it
    follows from the map, the hex, the tile and its turn."""

    __slots__ = ("at_side", "at_stop", "side_ends", "stop_ends")

    def __init__(self, mapdef: MapDef, coord: str, tile: TileDef, rotation: int) -> None:
        near, number = mapdef.neighbours[coord], hex_order(mapdef)[coord]
        assert len(tile.paths) <= _MASK and len(tile.stops) <= _MASK
        self.stop_ends: list[tuple[StopEnd, ...]] = []
        self.side_ends: list[tuple[SideEnd, ...]] = []
        self.at_side: dict[int, list[Entry]] = {}
        self.at_stop: dict[int, list[Entry]] = {}
        rule: list[tuple[CityKey, int]] = []
        for index, stop in enumerate(tile.stops):
            if stop.kind == OFFBOARD:
                rule.append(((), 0))
            elif stop.kind != CITY or not stop.slots:
                rule.append((None, 0))
            else:
                rule.append(((coord, tile.city_indices().index(index)), stop.slots))
        for k, path in enumerate(tile.paths):
            sides = [(e, (e + rotation) % 6) for e in path if e < STOP_BASE]
            crossings = tuple(_place(number, side) for _, side in sides)
            self.stop_ends.append(tuple((e, e - STOP_BASE, _place(number, e - STOP_BASE),
                                         *rule[e - STOP_BASE])
                                        for e in path if e >= STOP_BASE))
            self.side_ends.append(tuple((e, _place(number, side), there, (side + 3) % 6)
                                        for e, side in sides
                                        if (there := near[side]) is not None))
            for end, side in sides:
                self.at_side.setdefault(side, []).append(
                    (k, _place(number, k), crossings, end))
            for index in range(len(tile.stops)):
                if STOP_BASE + index in path:
                    self.at_stop.setdefault(index, []).append(
                        (k, _place(number, k), crossings, STOP_BASE + index))


def _walk_hex(mapdef: MapDef, coord: str, tile: TileDef, rotation: int) -> _WalkHex:
    """The walk's view of ``coord`` holding ``tile`` turned by ``rotation``, made once per
    map, hex, tile and turn (kept in the map's cache: tiles are its immutable data)."""
    key = ("walk_hex", coord, id(tile), rotation)
    found: _WalkHex | None = mapdef._cache.get(key)
    if found is None:
        found = mapdef._cache[key] = _WalkHex(mapdef, coord, tile, rotation)
    return found
