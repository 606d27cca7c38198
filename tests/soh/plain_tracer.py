"""The claims tracer of :mod:`railhouse.map.validate` as it was before it traced on the
network graph (``_Tracer``'s way-finding at 943608c: full track graph builds only, stops
indexed per claim, ``on_hex`` asked per side, ``may_follow`` per segment), for tests:
the engine's tracer must answer as this one does on a full build.  Joining legs at their
stops (``trace``, ``_join``) did not change and is inherited; the starts and the ways
along a leg are the old ones."""

from __future__ import annotations

from collections.abc import Iterator

from railhouse.map.board import Board
from railhouse.map.graph import EDGE, TrackGraph
from railhouse.map.legal import may_follow
from railhouse.map.tiles import CITY, OFFBOARD, TOWN
from railhouse.map.validate import _hex_numbers, _Tracer


class PlainTracer(_Tracer):
    """Follows track through given hex chains.

    It reads a path's hex by its map-order number (``g.path_hex``; the build names each
    path ``"<hex>:..."`` after ``list(map.hexes)[number]``) and whether a side node lies
    on a hex from ``g.side`` (``(hex, edge) -> side node``), so that only the stops need
    an index per graph."""

    def __init__(self, board: Board, g: TrackGraph) -> None:  # not _Tracer's caches
        self.g = g
        self.number = _hex_numbers(board)
        self.stops_by_hex: dict[str, list[int]] = {}
        offboards = []
        for u, node in enumerate(g.nodes):
            if node.kind in (CITY, TOWN, OFFBOARD):
                self.stops_by_hex.setdefault(node.hex, []).append(u)
                if node.kind == OFFBOARD:
                    offboards.append(u)
        coords = list(board.map.hexes)
        # multi-hex off-boards: every hex (the paths at an off-board, in path order)
        for pid in sorted({pid for u in offboards for _, pid in g.adj[u]}):
            coord = coords[g.path_hex[pid]]
            for u in g.path_ends[pid]:
                if g.nodes[u].kind == OFFBOARD and u not in self.stops_by_hex.get(coord, []):
                    self.stops_by_hex.setdefault(coord, []).append(u)

    def starts(self, coord: str) -> list[int]:
        """The stops a route may start from in ``coord``, indexed once per claim."""
        return self.stops_by_hex.get(coord, [])

    def _legs(self, start: int, leg: tuple[str, ...], taken: set[int],
              visited: set[int]) -> Iterator[tuple[list[int], list[int]]]:
        """Every way along ``leg`` from ``start`` to a stop in its last hex."""
        g, last = self.g, len(leg) - 1
        path_hex, numbers = g.path_hex, [self.number[coord] for coord in leg]
        stack: list[tuple[int, int, list[int], list[int]]] = [(start, 0, [start], [])]
        while stack:
            u, i, nodes, paths = stack.pop()
            for v, pid in g.adj[u]:
                if pid in taken or pid in paths or path_hex[pid] != numbers[i]:
                    continue
                if not may_follow(g, u, paths[-1] if paths else -1, pid):
                    continue
                if v in nodes or v in visited:
                    continue
                kind = g.nodes[v].kind
                if kind in (CITY, OFFBOARD) or (kind == TOWN and i == last):
                    if i == last:
                        yield [*nodes, v], [*paths, pid]
                    continue
                j = i
                if kind == EDGE:
                    if i == last or not self.on_hex(v, leg[i + 1]):
                        continue
                    j = i + 1
                stack.append((v, j, [*nodes, v], [*paths, pid]))
