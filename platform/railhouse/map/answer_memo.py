"""A company's last route answer, handed on while nothing it depends on has changed.

A company runs its trains once per operating round; in between, other companies lay
track and place tokens, and where none of it touches the company's reach its route
graph is handed on (:func:`~railhouse.map.routegraph.company_graph` gives the same
object).  The answer of :func:`~railhouse.map.optimize.best_routes` on the route graph
(not a large position's, which is pruned by value on the full compressed graph) is a
function of:

* the route graph: the routes are searched on it alone, and the candidates, the picks
  and the routes described are read from it (its nodes, with their values);
* the board's tokens, the only part of the board the search reads besides the graph
  (whether a city is blocked for the operator and whether it holds the company's
  token: :func:`~railhouse.map.route_tables.node_tables`; the token links of the
  branch-and-bound: :func:`~railhouse.map.candidates.token_links`), which change only
  with a new token revision (``Board.token_version``);
* the operator (its off-board column, its non-blocking owners), the rules and the run.

So the last answer is handed on when the route graph is the same object, the token
revision is the same, the operator is equal (a named tuple), and the rules and the run
are the same objects (a title's rules are one constant; a run is one shared value per
set of trains, :func:`~railhouse.map.trains.shared_run`).  An answer is kept only when
exact, and never for a run with a route bonus: the bonus is a hook fired for every
route valued, which may read anything of the game.
"""

from __future__ import annotations

from typing import Any

from railhouse.map.board import Board
from railhouse.map.graph import Operator
from railhouse.map.route_result import RouteResult
from railhouse.map.routegraph import RouteGraph
from railhouse.map.trains import RouteRules, RunContext

__all__ = ["handed_on", "keep"]

_KEY = "route_answer_last"


def handed_on(board: Board, op: Operator, rules: RouteRules, run: RunContext,
              where: RouteGraph) -> RouteResult | None:
    """The company's last answer if it is still the answer on ``where`` (the route graph
    now), else None (module docstring)."""
    last: tuple[Any, ...] | None = board.cache.get((_KEY, op.company))
    if (last is None or last[0] is not where or last[1] is not run or last[2] is not rules
            or last[3] != op or last[4] != board.token_version):
        return None
    result: RouteResult = last[5]
    return result


def keep(board: Board, op: Operator, rules: RouteRules, run: RunContext, where: RouteGraph,
         result: RouteResult) -> None:
    """Keeps ``result``, the exact answer on ``where``, as the company's last answer
    (not for a run with a route bonus)."""
    if run.route_bonus is None:
        board.cache[(_KEY, op.company)] = (where, run, rules, op, board.token_version,
                                           result)
