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
from railhouse.map.graph import Operator
from railhouse.map.lays import TileLay
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
    old = [ends(old_tile, old_rot, path) for path in old_tile.paths]
    after = board.clone()
    after.lay_tile(lay.hex, lay.tile, lay.rotation, lay.tokens)
    new_tile, new_rot = after.tile_at(lay.hex)
    adding: set[Place] = set()  # the new paths that would pass if the network walks one
    for k, path in enumerate(new_tile.paths):
        mine = ends(new_tile, new_rot, path)
        inside = next((o for o in old if within(mine, o)), None)
        if inside is None or stop_values(mine) != stop_values(inside):
            adding.add((lay.hex, k))
    return bool(adding) and Walk(after, op).reaches(adding)


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
    the tile's order, as tobymao does."""

    def __init__(self, board: Board, op: Operator) -> None:
        self.board, self.op = board, op
        self.walked: set[Place] = set()
        self.stops: list[set[Place]] = []  # per token: the stops its walk touched
        self._nodes: set[Place] = set()
        self._paths: set[Place] = set()
        self._crossing: set[tuple[str, int]] = set()
        self._hexes: dict[str, _HexPaths] = {}  # the board does not change during a walk
        self._targets: set[Place] = set()  # see reaches
        self._two_stops = False  # see touches_two_stops

    def run(self) -> set[Place]:
        """Every (hex, path index) walked."""
        board = self.board
        starts = [(h, board.tile_at(h)[0].city_indices()[k])
                  for h, k in board.company_cities(self.op.company)]
        for start in starts:
            self._nodes = set(starts) - {start}
            self._paths = set()
            self.stops.append({start})
            self._node(start)
        return self.walked

    def reaches(self, targets: set[Place]) -> bool:
        """Whether the walk takes one of the paths ``targets`` ((hex, path index)); it
        stops at the first (the walk only grows, so the answer is :meth:`run`'s)."""
        self._targets = targets
        try:
            self.run()
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
            self.run()
        except _Reached:
            return True
        return False

    def _hex(self, hex_id: str) -> _HexPaths:
        found = self._hexes.get(hex_id)
        if found is None:
            found = self._hexes[hex_id] = _hex_paths(*self.board.tile_at(hex_id))
        return found

    def _node(self, stop: Place) -> None:
        if stop in self._nodes:
            return
        self._nodes.add(stop)
        hex_id, index = stop
        for k in self._hex(hex_id).at_stop.get(index, ()):
            self._path(hex_id, k, STOP_BASE + index)

    def _path(self, hex_id: str, k: int, entry: int) -> None:
        place = (hex_id, k)
        if place in self._paths:
            return
        paths = self._hexes.get(hex_id) or self._hex(hex_id)
        crossing = self._crossing
        for side in paths.sides[k]:
            if (hex_id, side) in crossing:
                return
        self._paths.add(place)
        self.walked.add(place)
        if place in self._targets:
            raise _Reached
        for end, index, city, slots in paths.stop_ends[k]:
            if end != entry:
                stop = (hex_id, index)
                touched = self.stops[-1]
                touched.add(stop)
                if self._two_stops and len(touched) > 1:
                    raise _Reached
                if city == _PASS or (city >= 0 and self._open(hex_id, city, slots)):
                    self._node(stop)
        for end, side in paths.side_ends[k]:
            if end != entry:  # cross into the neighbour (tobymao's Path#walk over an edge)
                neighbour = self.board.map.neighbours[hex_id][side]
                if neighbour is None:
                    continue
                crossing.add((hex_id, side))
                facing = (side + 3) % 6
                for j, their_end in self._hex(neighbour).at_side.get(facing, ()):
                    self._path(neighbour, j, their_end)
                crossing.discard((hex_id, side))

    def _open(self, hex_id: str, city: int, slots: int) -> bool:
        """Whether the walk goes on through city ``city`` of ``hex_id`` (``slots``
        slots): not when its every slot holds another company's token."""
        owners = self.board.tokens.get((hex_id, city), [])
        return len(owners) < slots or self.op.company in owners


class _Reached(Exception):
    """The walk's answer is decided (:meth:`Walk.reaches`, :meth:`Walk.touches_two_stops`)."""


#: how :class:`_HexPaths` marks a stop the walk always goes on from, or never (an off-board)
_PASS, _STOP = -1, -2


class _HexPaths:
    """A hex's tile as the walk reads it: per path its hex sides (rotated), its stop ends
    ``(end, stop index, city, slots)`` in the path's order (``city``: the city's number
    among the tile's cities if the walk goes on from it only while a slot is free or
    the company's, else :data:`_PASS` or :data:`_STOP`, an off-board), its side ends
    ``(end, rotated side)`` in the path's order; and, in the tile's order, the paths
    (index, end) entering at each side and the paths at each stop.  All of it follows
    from the tile and rotation alone."""

    __slots__ = ("at_side", "at_stop", "rotation", "side_ends", "sides", "stop_ends", "tile")

    def __init__(self, tile: TileDef, rotation: int) -> None:
        self.tile, self.rotation = tile, rotation
        self.sides: list[tuple[int, ...]] = []
        self.stop_ends: list[tuple[tuple[int, int, int, int], ...]] = []
        self.side_ends: list[tuple[tuple[int, int], ...]] = []
        self.at_side: dict[int, list[tuple[int, int]]] = {}
        self.at_stop: dict[int, list[int]] = {}
        rule = []
        for index, stop in enumerate(tile.stops):
            if stop.kind == OFFBOARD:
                rule.append((_STOP, 0))
            elif stop.kind != CITY or not stop.slots:
                rule.append((_PASS, 0))
            else:
                rule.append((tile.city_indices().index(index), stop.slots))
        for k, path in enumerate(tile.paths):
            self.sides.append(tuple((e + rotation) % 6 for e in path if e < STOP_BASE))
            self.stop_ends.append(tuple((e, e - STOP_BASE, *rule[e - STOP_BASE])
                                        for e in path if e >= STOP_BASE))
            self.side_ends.append(tuple((e, (e + rotation) % 6)
                                        for e in path if e < STOP_BASE))
            for end in path:
                if end < STOP_BASE:
                    self.at_side.setdefault((end + rotation) % 6, []).append((k, end))
            for index in range(len(tile.stops)):
                if STOP_BASE + index in path:
                    self.at_stop.setdefault(index, []).append(k)


#: (id of a tile, rotation) -> (the tile, its walk view); the entry holds the tile, so
#: its id cannot be reused while the entry lives (tiles are immutable title data)
_HEX_PATHS: dict[tuple[int, int], tuple[TileDef, _HexPaths]] = {}


def _hex_paths(tile: TileDef, rotation: int) -> _HexPaths:
    """The walk's view of ``tile`` turned by ``rotation``, made once per tile and turn."""
    found = _HEX_PATHS.get((id(tile), rotation))
    if found is None or found[0] is not tile:
        found = _HEX_PATHS[(id(tile), rotation)] = (tile, _HexPaths(tile, rotation))
    return found[1]
