"""The plain 18xx.games walk, for tests: a copy of ``railhouse.map.restriction.Walk`` as
it was before its shortcuts (no early stop, no precomputed tile views), with the plain
answers :func:`plain_route_available` and :func:`plain_adds_usable_track` built on its
whole walk.  The shortcuts of the engine's walk are checked against it."""

from __future__ import annotations

from railhouse.map.board import Board
from railhouse.map.graph import Operator
from railhouse.map.lays import TileLay
from railhouse.map.restriction import Place, ends, stop_values, within
from railhouse.map.tiles import CITY, OFFBOARD, STOP_BASE, TileDef


def plain_route_available(board: Board, op: Operator) -> bool:
    walk = PlainWalk(board, op)
    walk.run()
    return any(len(stops) > 1 for stops in walk.stops)


def plain_adds_usable_track(board: Board, op: Operator, lay: TileLay) -> bool:
    old_tile, old_rot = board.tile_at(lay.hex)
    if not old_tile.paths:
        return True
    old = [ends(old_tile, old_rot, path) for path in old_tile.paths]
    after = board.clone()
    after.lay_tile(lay.hex, lay.tile, lay.rotation, lay.tokens)
    new_tile, new_rot = after.tile_at(lay.hex)
    adding: set[Place] = set()
    for k, path in enumerate(new_tile.paths):
        mine = ends(new_tile, new_rot, path)
        inside = next((o for o in old if within(mine, o)), None)
        if inside is None or stop_values(mine) != stop_values(inside):
            adding.add((lay.hex, k))
    return bool(adding & PlainWalk(after, op).run())


class PlainWalk:
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

    def _hex(self, hex_id: str) -> _HexPaths:
        found = self._hexes.get(hex_id)
        if found is None:
            found = self._hexes[hex_id] = _HexPaths(*self.board.tile_at(hex_id))
        return found

    def _node(self, stop: Place) -> None:
        if stop in self._nodes:
            return
        self._nodes.add(stop)
        hex_id, index = stop
        for k in self._hex(hex_id).at_stop.get(index, ()):
            self._path(hex_id, k, STOP_BASE + index)

    def _path(self, hex_id: str, k: int, entry: int) -> None:
        if (hex_id, k) in self._paths:
            return
        paths = self._hex(hex_id)
        crossing = self._crossing
        if any((hex_id, side) in crossing for side in paths.sides[k]):
            return
        self._paths.add((hex_id, k))
        self.walked.add((hex_id, k))
        tile, rotation = paths.tile, paths.rotation
        path = tile.paths[k]
        for end in path:
            if end >= STOP_BASE and end != entry:
                stop = (hex_id, end - STOP_BASE)
                self.stops[-1].add(stop)
                if self._passable(tile, hex_id, end - STOP_BASE):
                    self._node(stop)
        for end in path:
            if end < STOP_BASE and end != entry:
                self._cross(hex_id, (end + rotation) % 6)

    def _cross(self, hex_id: str, side: int) -> None:
        neighbour = self.board.map.neighbour(hex_id, side)
        if neighbour is None:
            return
        self._crossing.add((hex_id, side))
        for k, end in self._hex(neighbour).at_side.get((side + 3) % 6, ()):
            self._path(neighbour, k, end)
        self._crossing.discard((hex_id, side))

    def _passable(self, tile: TileDef, hex_id: str, index: int) -> bool:
        """Whether the walk goes on from stop ``index``: not an off-board (terminal),
        not a city whose every slot holds another company's token."""
        stop = tile.stops[index]
        if stop.kind == OFFBOARD:
            return False
        if stop.kind != CITY or not stop.slots:
            return True
        owners = self.board.tokens.get((hex_id, tile.city_indices().index(index)), [])
        return len(owners) < stop.slots or self.op.company in owners


class _HexPaths:
    """A hex's tile as the walk reads it: per path its hex sides (rotated), and, in the
    tile's order, the paths (index, end) entering at each side and the paths at each
    stop."""

    __slots__ = ("at_side", "at_stop", "rotation", "sides", "tile")

    def __init__(self, tile: TileDef, rotation: int) -> None:
        self.tile, self.rotation = tile, rotation
        self.sides: list[tuple[int, ...]] = []
        self.at_side: dict[int, list[tuple[int, int]]] = {}
        self.at_stop: dict[int, list[int]] = {}
        for k, path in enumerate(tile.paths):
            self.sides.append(tuple((e + rotation) % 6 for e in path if e < STOP_BASE))
            for end in path:
                if end < STOP_BASE:
                    self.at_side.setdefault((end + rotation) % 6, []).append((k, end))
            for index in range(len(tile.stops)):
                if STOP_BASE + index in path:
                    self.at_stop.setdefault(index, []).append(k)
