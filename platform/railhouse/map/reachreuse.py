"""When a company's last network reach is still its reach: reuse across revisions.

:func:`~railhouse.map.network.network_reach` is cached per board revision, but every
token placed, reservation changed or tile laid anywhere starts a revision, and most of
them leave a given company's reach as it was.  Each operator's last answer is kept
(:class:`LastReach`, in the board's cache under ``("reach_last", company, released,
non_blocking)``: all of the operator but its off-board column) and reused when a
proof holds that nothing it depends on changed (:func:`reused`); otherwise the reach is
found anew.  The answer is then the one a search would give: the reach is a function of
the graph, the starts and the path ends (``legal.legal_reach``), and the proof shows
that the legal paths from the starts are the same, or are the old ones and those into
a tile just laid that hangs from the old track (:func:`reused`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from railhouse.map.board import Board
from railhouse.map.graph import Operator, path_ends
from railhouse.map.legal import reach_within
from railhouse.map.mapdef import MapDef

if TYPE_CHECKING:
    from railhouse.map.network import NetworkGraph


class LastReach(NamedTuple):
    """An operator's reach on ``graph``: its start nodes (its token cities), the city
    nodes blocked for it (``graph.blocked_cities``), and the nodes reached."""

    graph: NetworkGraph
    starts: frozenset[int]
    blocked: frozenset[int]
    reach: set[int]


def reused(board: Board, g: NetworkGraph, op: Operator, starts: frozenset[int],
           blocked: frozenset[int], last: LastReach) -> set[int] | None:
    """``op``'s reach on ``g`` (the board's network graph now) from ``starts`` with
    ``blocked`` cities, made from ``last`` (its reach on an earlier graph), or None when
    no proof holds.  The proof needs

    * ``g`` to be ``last.graph``, or one of its lineage patched since (the hexes laid
      since, the last ones of ``Board.laid``, are the only ones whose segments differ;
      node numbers and the other segments are the same);
    * the same start nodes;
    * no node reached to be a city blocked now and not then, or then and not now
      (off-boards end paths in both graphs alike).

    Then a legal path on ``g`` from a start, up to its first segment laid since, is a
    legal path of the old graph (same segments, nodes, turn keys and ends), so the node
    that segment leaves from was reached: it is a side or a stop of the hex laid (a stop
    of a tile laid is a new node; an off-board ends every path).  So when no node
    reached is a side or a stop of a hex laid since, the legal paths are those of the old
    graph (none of which touched a hex laid since): the reach is ``last.reach``.  And
    when one tile was laid, on a hex without track before, whose segments meet the old
    graph at one node only (:func:`_grown`), the reach grows by what paths entering the
    tile there reach in it."""
    if starts != last.starts:
        return None
    reach = last.reach
    if not (blocked ^ last.blocked).isdisjoint(reach):
        return None
    old = last.graph
    if old is g:
        return reach
    since = g.version - old.version
    laid = board.laid
    if old.lineage is not g.lineage or since < 0 or since > len(laid):
        return None
    hex_stops, side_of = old.hex_stops, old.side.get
    keys = side_keys(board.map)
    touched = []
    for coord in set(laid[len(laid) - since:]):  # (None: no node, never reached)
        if not reach.isdisjoint(hex_stops.get(coord, ())) or not reach.isdisjoint(
                map(side_of, keys[coord])):
            touched.append(coord)
    if not touched:
        return reach
    if since == 1:
        return _grown(board, g, op, blocked, last, touched[0])
    return None


def side_keys(mapdef: MapDef) -> dict[str, tuple[tuple[str, int], ...]]:
    """Per hex of the map, the ``(hex, edge)`` keys of its six sides (``graph.side``'s
    keys), made once per map: the touched check looks a laid hex's sides up by them."""
    hit: dict[str, tuple[tuple[str, int], ...]] | None = mapdef._cache.get("side_keys")
    if hit is None:
        hit = mapdef._cache["side_keys"] = {
            coord: tuple((coord, edge) for edge in range(6)) for coord in mapdef.hexes}
    return hit


def _grown(board: Board, g: NetworkGraph, op: Operator, blocked: frozenset[int],
           last: LastReach, coord: str) -> set[int] | None:
    """The reach after a tile laid on ``coord`` (the one lay since ``last``), if the hex
    had no track before and the tile's segments meet the old graph at one node only:
    then the tile hangs from that node, and a path that enters it there cannot leave it
    (it would pass that node twice), while every old path is still legal (no segment
    left).  That node is a hex side (a stop of the tile is new), so a path arriving
    there by the neighbour's track may take any segment of the tile.  None otherwise.
    ``blocked``: the cities of ``g`` blocked for ``op`` now."""
    old = last.graph
    if old.hex_paths.get(coord):
        return None
    pids = g.hex_paths.get(coord, ())
    ends = g.path_ends
    known = old.counts[0] if old.counts is not None else len(old.nodes)  # (a later patch's)
    met = {u for pid in pids for u in ends[pid] if u < known}
    if len(met) != 1:
        return None
    (entry,) = met
    reach = last.reach
    if entry not in reach:
        return None  # (a stop of the hex was reached: a token there, moved by the lay)
    grown = set(reach)
    grown |= reach_within(g, entry, frozenset(pids), path_ends(board, g, op, blocked))
    return grown
