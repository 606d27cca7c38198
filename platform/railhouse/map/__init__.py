"""Map, tiles, connectivity, tile/token legality and exact optimal routes (title-agnostic).

Titles describe their map with :class:`MapDef` (hexes, printed content, edge rules,
reservations, tile manifest) using tiles from :mod:`railhouse.map.library` or their own
(:func:`tile`).  The engine keeps a mutable :class:`Board` and asks:

* :func:`legal_tile_lays` (``LayOptions``) and :func:`legal_token_placements`
  (``TokenOptions``) for a company (:class:`Operator`);
* :func:`best_routes` (``RouteRules`` of the title, ``RunContext`` with the trains) for the
  exact revenue-maximising routes, and :func:`validate_routes` for recorded routes.

Connectivity (:func:`reach`), routes, route checks and the reference all follow one
definition of a legal path: :mod:`railhouse.map.legal`.
"""

from railhouse.map.board import Board
from railhouse.map.graph import Operator, reach, track_graph
from railhouse.map.lays import LayOptions, TileLay, legal_tile_lays
from railhouse.map.mapdef import EdgeRule, HexDef, MapDef, Offboard, Reservation
from railhouse.map.optimize import Route, RouteResult, best_routes
from railhouse.map.tiles import Stop, TileDef, orient, tile
from railhouse.map.tokens import TokenOptions, TokenPlacement, legal_token_placements
from railhouse.map.trains import RouteRules, RouteView, RunContext, TrainSpec

__all__ = [
    "Board",
    "EdgeRule",
    "HexDef",
    "LayOptions",
    "MapDef",
    "Offboard",
    "Operator",
    "Reservation",
    "Route",
    "RouteResult",
    "RouteRules",
    "RouteView",
    "RunContext",
    "Stop",
    "TileDef",
    "TileLay",
    "TokenOptions",
    "TokenPlacement",
    "TrainSpec",
    "best_routes",
    "legal_tile_lays",
    "legal_token_placements",
    "orient",
    "reach",
    "tile",
    "track_graph",
]
