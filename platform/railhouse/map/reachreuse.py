"""When a company's last network reach is still its reach: reuse across revisions.

:func:`~railhouse.map.network.network_reach` is cached per board revision, but every
token placed, reservation changed or tile laid anywhere starts a revision, and most of
them leave a given company's reach as it was.  Each operator's last answer is kept
(:class:`LastReach`, in the board's cache under ``("reach_last", op)``) and reused when a
proof holds that nothing it depends on changed (:func:`reused`); otherwise the reach is
found anew.  The answer is then the one a search would give: the reach is a function of
the graph, the starts and the path ends (``legal.legal_reach``), and the proof shows
that the legal paths from the starts are the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from railhouse.map.board import Board

if TYPE_CHECKING:
    from railhouse.map.network import NetworkGraph


class LastReach(NamedTuple):
    """An operator's reach on ``graph``: its start nodes (its token cities), the city
    nodes blocked for it (``graph.blocked_cities``), and the nodes reached."""

    graph: NetworkGraph
    starts: frozenset[int]
    blocked: frozenset[int]
    reach: set[int]


def reused(board: Board, g: NetworkGraph, starts: frozenset[int], blocked: frozenset[int],
           last: LastReach) -> set[int] | None:
    """``last.reach`` if it is the reach on ``g`` (the board's network graph now) from
    ``starts`` with ``blocked`` cities, else None.  It is when

    * ``g`` is ``last.graph``, or one of its lineage patched since (the hexes laid since,
      the last ones of ``Board.laid``, are the only ones whose segments differ; node
      numbers and the other segments are the same);
    * the starts are the same nodes;
    * no node reached is a city blocked now and not then, or then and not now (off-boards
      end paths in both graphs alike);
    * no node reached is a side or a stop of a hex laid since (so no path reached one).

    Then a legal path on ``g`` from a start, up to its first segment laid since, is a
    legal path of the old graph (same segments, nodes, turn keys and ends), so the node
    that segment leaves from was reached; it is a side or a stop of the hex laid (stops
    of a tile laid are new nodes, an off-board ends every path, a start is reached), so
    there is no such segment: the legal paths are those of the old graph, none of which
    touched a hex laid since (every node of one is reached)."""
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
    hex_stops, side = old.hex_stops, old.side
    for coord in set(laid[len(laid) - since:]):
        if not reach.isdisjoint(hex_stops.get(coord, ())):
            return None
        for edge in range(6):
            if side.get((coord, edge), -1) in reach:
                return None
    return reach
