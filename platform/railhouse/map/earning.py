"""Whether one train would earn anything, without optimising (SOH's forced purchase asks
"has a valid route", EN "Forced train purchases": the route optimiser's ``revenue > 0``).

A route (:mod:`railhouse.map.routes`) contains a city ``s`` holding a company token and
runs on from it to an end.  Its part from ``s`` up to the first terminal ``b`` after ``s``
is itself a route: a legal path (a prefix of one) from a terminal to a terminal, with the
token at ``s``, through no stop a route may not pass (the whole route passed it), with
at most two big stops and one off-board (a city is a terminal, so none lies between), at
least one centre (``s``), and between them only junctions, hex sides and towns that are
not terminals.  That part is found by a legal reach from ``s``
(:func:`~railhouse.map.legal.legal_reach`, which stops at blocked cities and off-boards
as routes do).  So for one train that may run two big stops and an off-board and counts
no centres, under rules asking at most one centre of a route, a route exists exactly when
the reach from some token city holds a terminal other than that city.  When every
terminal the reach holds is worth more than nothing and every town in it at least
nothing, that route, ``s`` to ``b``, earns something.

:func:`earns` answers from the network graph's reach, which the track and token steps of
the same board revision already computed (:func:`~railhouse.map.network.network_reach`),
and returns None (ask the optimiser) whenever one of these conditions is not met.

:func:`no_route` answers the opposite question for any run: whether the company has no
route at all (the optimiser would answer no routes and nothing earned), from the same
reach, so that the route step skips the company's route graph where nothing can run.
"""

from __future__ import annotations

from railhouse.map.board import Board
from railhouse.map.graph import Operator, path_ends
from railhouse.map.legal import legal_reach
from railhouse.map.network import network_reach
from railhouse.map.tiles import CITY, OFFBOARD, TOWN
from railhouse.map.trains import RouteRules, RunContext


def earns(board: Board, op: Operator, rules: RouteRules, run: RunContext) -> bool | None:
    """Whether the optimiser's revenue for ``run`` (one train) would be positive, or None
    when the shortcut does not apply (see module docstring): then ask the optimiser."""
    if not _applies(rules, run):
        return None
    g, reached = network_reach(board, op)
    index, nodes = g.index, g.nodes
    starts = sorted({index[name] for name in (f"{h}.c{k}" for h, k
                                              in board.company_cities(op.company))
                     if name in index})
    if not starts:
        return False
    terminals, column = rules.terminals, op.column
    found = False
    for u in reached:
        node = nodes[u]
        kind = node.kind
        if kind == OFFBOARD:
            if not run.offboards_allowed:
                continue  # a dead end: no route ends or passes there
            value = node.offboard.value(column) if node.offboard is not None else 0
        else:
            value = node.revenue
        if kind in terminals:
            if value <= 0:
                return None  # a route ending here might earn nothing
            found = found or u not in starts
        elif kind == TOWN and value < 0:
            return None
    if found:
        return True
    if len(starts) == 1:
        return False
    # the reach from all tokens at once does not go through a token city: a route from one
    # token city to another is seen only by the reach from each alone (from every one but
    # the last: a legal path reversed is one, so the reach from either end of it holds
    # the other, and the earlier end's reach is asked)
    ends = path_ends(board, g, op)
    return any(len(legal_reach(g, [s], ends) & set(starts)) > 1 for s in starts[:-1])


def no_route(board: Board, op: Operator, rules: RouteRules, run: RunContext) -> bool:
    """Whether ``op`` has no route for ``run``'s trains (then the optimiser lists none and
    earns nothing); False where one may exist.

    Every node of a route is reached (:func:`~railhouse.map.network.network_reach`; see
    :mod:`railhouse.map.routegraph`), and a route has two distinct ends, each a terminal
    kind its train may use (off-boards only where ``run.offboards_allowed``).  So with
    fewer than two such terminals reached there is none.  If every one of them holds a
    token of ``op`` (a start of the reach), a route joins two token cities and is a legal
    path from one to the other: the reach from that city alone holds the other (what
    :func:`earns` asks last).  Nothing here depends on trains, values or bonuses: only
    that a route exists."""
    g, reached = network_reach(board, op)
    nodes, terminals, offboards = g.nodes, rules.terminals, run.offboards_allowed
    tokens, company = board.tokens, op.company
    ends = []
    untokened = False  # some end holds no token of ``op``: then two ends answer False
    for u in reached:
        node = nodes[u]
        kind = node.kind
        if kind in terminals and (offboards or kind != OFFBOARD):
            ends.append(u)
            # (a town or an off-board is no city: ``city`` -1 holds no token)
            if not untokened and company not in tokens.get((node.hex, node.city), ()):
                untokened = True
            if untokened and len(ends) > 1:
                return False
    if len(ends) < 2:
        return True
    blocked = path_ends(board, g, op)  # (the last end's reach: see :func:`earns`)
    return not any(len(legal_reach(g, [s], blocked).intersection(ends)) > 1
                   for s in ends[:-1])


def _applies(rules: RouteRules, run: RunContext) -> bool:
    """Whether the module docstring's argument holds for these rules and this run."""
    if len(run.trains) != 1 or run.route_bonus is not None or run.visit_bonuses:
        return False
    if run.ignore_tokens or CITY not in rules.terminals or rules.min_centres > 1:
        return False
    train = run.trains[0]
    return (train.cities >= 2 and train.centres is None and train.multiplier > 0
            and (train.max_offboards is None or train.max_offboards >= 1))
