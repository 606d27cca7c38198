"""The shortcut of ``hex_listings`` for "is there an affordable lay?" answers as the
plain listing does: ``cost_floor`` and ``lay_floor``, the bounds under which a hex is
left out (``within``), never exceed a lay's price, and no hex's floor exceeds the map's
ceiling (above which none is left out).  On a map with a negative edge cost, and at
every track step of seeded random games of both titles (every open hex's lays, found
without the shortcut)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from minimap import mini_map

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.engine.steps.track import TrackStep
from railhouse.map import Board, EdgeRule, LayOptions, Operator, legal_tile_lays
from railhouse.map.lays import _floor_ceiling, cost_floor, hex_listings, lay_floor

ALL = LayOptions(colors=frozenset({"yellow", "green", "brown"}))


def test_a_negative_edge_cost_lowers_the_floor() -> None:
    mapdef = mini_map(edge_rules=(EdgeRule("D5", "D7", cost=-30),))
    board = Board(mapdef)
    board.lay_tile("D7", "4", 1)  # track facing D5 across the rule
    board.place_token("D5", 0, "A")
    assert lay_floor(mapdef) == -30
    assert cost_floor(board, "D5", False) == -30
    assert cost_floor(board, "D3", False) == 0
    lays = legal_tile_lays(board, Operator("A"), ALL)
    assert min(lay.cost for lay in lays if lay.hex == "D5") == -30
    assert lay_floor(mini_map()) == 0


def _check(game: Any) -> int:
    """Assert the bounds at ``game``'s position if it is at a track step; hexes seen."""
    step = getattr(game.round, "current_step", lambda: None)()
    if not isinstance(step, TrackStep) or game.pending:
        return 0
    opts = step.options(None)
    if opts is None:
        return 0
    board = step.board
    floor, ceiling = lay_floor(board.map), _floor_ceiling(board.map)
    seen = 0
    listed = []
    for found in hex_listings(board, step.operator(), opts, priced=False):
        bound = cost_floor(board, found.coord, found.upgrade)
        assert floor <= bound <= found.cheapest
        assert bound <= ceiling
        listed.append(found.coord)
        seen += 1
    return seen


@pytest.mark.parametrize(("title", "seed"), [("soh", 41), ("1839", 42)])
def test_no_lay_costs_less_than_its_floor(title: str, seed: int) -> None:
    game = new_game(title, seat_names(4), None, seed)
    rng = random.Random(seed)
    seen = 0
    while not game.over and game.action_count < 1500:
        seen += _check(game)
        game.apply(choose_playing(rng, game.legal_actions()))
    assert seen > 20
