"""``routegraph._unchanged``, the proof that a company's last route graph is still its
graph after its reach changed, never hands on a graph that a fresh build would not make:
on the boards of seeded random games of both titles, for every company, between its
reach and the reach with one node more or one node fewer (every node in turn: a node
reached anew, a node left behind, and chains opened or cut through it), and between the
network graph and the same graph with one segment taken out (every segment of the
reach in turn: the adjacency of its two ends changes), whenever it answers True the two
graphs are the same.  (Graphs handed on along whole games are
compared with fresh builds by ``test_route_graph.test_a_route_graph_handed_on_is_a_fresh_one``.)"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.map.network import NetworkGraph, network_reach
from railhouse.map.routegraph import RouteGraph, _Last, _made, _unchanged
from railhouse.map.trains import RouteRules


def _facts(where: RouteGraph) -> tuple[Any, ...]:
    """What a route graph gives the search (as ``test_route_graph._graph_facts``)."""
    g = where.comp.graph
    return ([n.name for n in g.nodes], list(g.path_names), list(where.comp.links),
            sorted(where.comp.adj.items()), list(where.ends))


def _compare(net: NetworkGraph, before: set[int], after: set[int], rules: RouteRules,
             tally: Counter[str], later: NetworkGraph | None = None) -> None:
    """``_unchanged`` from the graph of ``before`` on ``net`` to ``after`` on ``later``
    (``net`` if None) answers True only where the graphs are the same."""
    later = net if later is None else later
    graph, members = _made(net, before, rules)
    fresh = _facts(_made(later, after, rules)[0])
    last = _Last(graph, net.lineage, net.version, net.adj, before, members)
    if _unchanged(last, later, after, rules):
        assert _facts(graph) == fresh, sorted(before ^ after)
        tally["handed on"] += 1
    elif _facts(graph) != fresh:
        tally["refused, other graph"] += 1


def _without(net: NetworkGraph, pid: int) -> NetworkGraph:
    """``net`` with segment ``pid`` out of the adjacency of its ends (new lists for
    them, as a patch makes; the same lineage and version)."""
    out = copy.copy(net)
    out.adj = list(net.adj)
    for u in set(net.path_ends[pid]):
        out.adj[u] = [way for way in net.adj[u] if way[1] != pid]
    return out


@pytest.mark.parametrize(("title", "seed", "every"), [("soh", 5, 7), ("1839", 5, 40)])
def test_unchanged_hands_on_only_the_same_graph(title: str, seed: int, every: int) -> None:
    game = new_game(title, seat_names(4), None, seed)
    rng = random.Random(seed)
    rules = game.route_rules
    tally: Counter[str] = Counter()
    while not game.over:
        if len(game.actions) % every == 0 and game.board is not None:
            board = game.board
            for company in game.companies.values():
                if not board.company_cities(company.id):
                    continue
                net, reached = network_reach(board, game.route_operator(company))
                # every node reached, and the nodes next to the reach
                near = reached | {v for u in reached for v, _ in net.adj[u]}
                for u in sorted(near):
                    other = reached ^ {u}
                    _compare(net, other, reached, rules, tally)
                    _compare(net, reached, other, rules, tally)
                for pid in sorted({pid for u in reached for _, pid in net.adj[u]}):
                    cut = _without(net, pid)
                    _compare(net, reached, reached, rules, tally, cut)
                    _compare(cut, reached, reached, rules, tally, net)
        game.apply(choose_playing(rng, game.legal_actions()))
    assert tally["handed on"] > 100 and tally["refused, other graph"] > 100, tally
