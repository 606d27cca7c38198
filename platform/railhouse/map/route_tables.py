"""What the route search (:mod:`railhouse.map.routes`) reads of a company's graph, made
once per question before the search: per node, its kind, value and what a route may do
there (:class:`Tables`, for the operator's tokens, blocked cities and off-board column),
and per node, every way on along a link with what taking it adds (:func:`link_steps`), so that
the search's hot loop only adds precomputed increments.
"""

from __future__ import annotations

from dataclasses import dataclass

from railhouse.map.board import Board
from railhouse.map.compress import Compressed
from railhouse.map.graph import EDGE, Operator, TrackGraph, blocked
from railhouse.map.tiles import CITY, JUNCTION, OFFBOARD, TOWN
from railhouse.map.trains import RouteRules, RunContext

__all__ = ["KIND_CODE", "K_CITY", "K_OFF", "K_PASS", "K_TOWN", "NO_STEPS", "Step", "Tables",
           "link_steps", "node_tables"]

K_PASS, K_CITY, K_TOWN, K_OFF = 0, 1, 2, 3
KIND_CODE = {EDGE: K_PASS, JUNCTION: K_PASS, CITY: K_CITY, TOWN: K_TOWN, OFFBOARD: K_OFF}


@dataclass
class Tables:
    kind: list[int]
    value: list[int]
    term: list[bool]
    stop: list[bool]
    token: list[bool]
    ebit: list[int]
    group: list[str | None]
    allowed: list[bool]
    #: some off-board is a terminus a route may use
    offboard_ends: bool = False


def node_tables(
    board: Board,
    op: Operator,
    rules: RouteRules,
    run: RunContext,
    g: TrackGraph,
    read: list[int],
    n_paths: int,
) -> Tables:
    """What the search reads of the nodes ``read`` (sorted; every other node stays not
    allowed, so no route goes there)."""
    n = len(g.nodes)
    t = Tables(
        [0] * n, [0] * n, [False] * n, [False] * n, [False] * n, [0] * n, [None] * n, [False] * n
    )
    kinds, values, terms, stops, tokens = t.kind, t.value, t.term, t.stop, t.token
    allows, groups, ebits = t.allowed, t.group, t.ebit
    nodes, terminals, exclusive = g.nodes, rules.terminals, rules.exclusive_edges
    offboards_allowed, column = run.offboards_allowed, op.column
    placed, company, ignored = board.tokens, op.company, run.ignore_tokens
    for u in read:
        node = nodes[u]
        kind = node.kind
        k = KIND_CODE[kind]
        kinds[u] = k
        allowed = k != K_OFF or offboards_allowed
        allows[u] = allowed
        if k == K_OFF and node.offboard is not None:
            values[u] = node.offboard.value(column)
            groups[u] = node.offboard.group
        else:
            values[u] = node.revenue
        terms[u] = allowed and kind in terminals
        if k == K_CITY:
            owners = placed.get((node.hex, node.city))
            if owners:  # (a city without tokens is neither blocked nor the company's)
                stops[u] = blocked(board, node, op)
                tokens[u] = company in owners and node.name not in ignored
        elif k == K_OFF:
            stops[u] = True
            if terms[u]:
                t.offboard_ends = True
        elif kind == EDGE and exclusive:
            ebits[u] = 1 << (n_paths + u)
    return t


Step = tuple[int, int, int, int, int, int, int, int, int, int, int, int, int]
"""One way on from a node: ``(v, link, +big, +centres, +city value, +town value,
+off-board value, +off-boards, resources, stop bits, hex-side unit or -1, the link's turn
key at this node, its turn key at v)``."""


def link_steps(comp: Compressed, rules: RouteRules, t: Tables) -> list[list[Step]]:
    """Per node, every link to a node a route may use, with what taking it adds (what
    arriving at a node adds is worked out once per node; a node without links shares
    one empty list, which nothing adds to)."""
    n_links, links = len(comp.links), comp.links
    kinds, values, ebits, allowed = t.kind, t.value, t.ebit, t.allowed
    off_big = int(rules.offboards_count)
    out: list[list[Step]] = [NO_STEPS] * len(kinds)
    # per link end v (every node with links: a link is listed at both its ends): what
    # arriving at v adds (+big, +centres, +city value, +town value, +off-board value,
    # +off-boards, its side bit, its hex-side unit or -1), or None where no route goes
    arrive: list[tuple[int, int, int, int, int, int, int, int] | None] = [None] * len(kinds)
    for v in comp.adj:
        if allowed[v]:
            k = kinds[v]
            if k == K_CITY:
                arrive[v] = (1, 1, values[v], 0, 0, 0, 0, -1)
            elif k == K_TOWN:
                arrive[v] = (0, 1, 0, values[v], 0, 0, 0, -1)
            elif k == K_OFF:
                arrive[v] = (off_big, 0, 0, 0, values[v], 1, 0, -1)
            elif ebits[v]:
                arrive[v] = (0, 0, 0, 0, 0, 0, ebits[v], n_links + v)
            else:
                arrive[v] = _PASSING
    for u, lst in comp.adj.items():
        steps: list[Step] = []
        out[u] = steps
        for v, li in lst:
            at = arrive[v]
            if at is None:
                continue
            big, cen, vc, vt, vo, off, ebit, unit = at
            # (a link unpacked at once: each named-tuple field read is a descriptor call)
            lu, _, _, _, res, towns, town_value, stop_mask, u_key, v_key = links[li]
            if lu == u:  # the link taken forward
                steps.append((v, li, big, towns + cen, vc, town_value + vt, vo, off,
                              res | ebit, stop_mask | 1 << v, unit, u_key, v_key))
            else:
                steps.append((v, li, big, towns + cen, vc, town_value + vt, vo, off,
                              res | ebit, stop_mask | 1 << v, unit, v_key, u_key))
    return out


_PASSING = (0, 0, 0, 0, 0, 0, 0, -1)
"""What arriving at a junction or at a hex side that is no unit adds."""

NO_STEPS: list[Step] = []
"""The steps of a node without links (shared: :func:`link_steps` never adds to it)."""
