"""The claims tracer of :mod:`railhouse.map.validate` as it was before it traced on the
network graph (a copy of ``_Tracer`` at 943608c: full track graph builds only, stops
indexed per claim, ``on_hex`` asked per side, ``may_follow`` per segment), for tests:
the engine's tracer must answer as this one does on a full build."""

from __future__ import annotations

from collections.abc import Iterator

from railhouse.map.board import Board
from railhouse.map.graph import EDGE, TrackGraph
from railhouse.map.legal import may_follow
from railhouse.map.tiles import CITY, OFFBOARD, TOWN
from railhouse.map.validate import IllegalRoute, _hex_numbers


class PlainTracer:
    """Follows track through given hex chains.

    It reads a path's hex by its map-order number (``g.path_hex``; the build names each
    path ``"<hex>:..."`` after ``list(map.hexes)[number]``) and whether a side node lies
    on a hex from ``g.side`` (``(hex, edge) -> side node``), so that only the stops need
    an index per graph."""

    def __init__(self, board: Board, g: TrackGraph) -> None:
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

    def on_hex(self, side: int, coord: str) -> bool:
        """Whether side node ``side`` is one of ``coord``'s hex sides."""
        get = self.g.side.get
        return any(get((coord, edge)) == side for edge in range(6))

    def trace(self, legs: tuple[tuple[str, ...], ...],
              taken: set[int]) -> tuple[list[int], list[int]]:
        """(nodes in travel order, paths) of the whole route, legs joined at their stops;
        where a hex offers two ways (two towns on one tile), later legs decide."""
        for leg in legs:
            if len(leg) < 1 or any(h not in self.g.hex_edges for h in leg):
                raise IllegalRoute(f"leg {'-'.join(leg)} names a hex not on the map", "track")
        starts = self.stops_by_hex.get(legs[0][0], [])
        for start in starts:
            found = self._join(legs, 0, [start], [], taken)
            if found is not None:
                return found
        raise IllegalRoute(f"no unused track from stop to stop along "
                           f"{' '.join('-'.join(leg) for leg in legs)}", "connected track")

    def _join(self, legs: tuple[tuple[str, ...], ...], i: int, nodes: list[int],
              paths: list[int], taken: set[int]) -> tuple[list[int], list[int]] | None:
        if i == len(legs):
            return nodes, paths
        for leg_nodes, leg_paths in self._legs(nodes[-1], legs[i], taken | set(paths),
                                               set(nodes)):
            found = self._join(legs, i + 1, nodes + leg_nodes[1:], paths + leg_paths, taken)
            if found is not None:
                return found
        return None

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
