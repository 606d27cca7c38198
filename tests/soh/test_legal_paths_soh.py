"""Issue 15's Steam Over Holland position: switch #26 on J11 does not let a train or a
connection reverse (EN "Running trains": a single, continuous route, no piece of track used
more than once; "New tiles": a continuous route from a station; railhouse.map.legal)."""

from __future__ import annotations

import pytest
from soh_scenario import (
    fresh,
    give_trains,
    home_token,
    lay,
    legal_of,
    operate,
    set_phase,
    start_company,
    to_step,
)

from railhouse.engine.actions import LayTile
from railhouse.engine.routes import best_routes
from railhouse.map.graph import Operator
from railhouse.map.validate import ClaimedRoute, IllegalRoute, check_routes
from railhouse_soh import routing
from railhouse_soh.game import SteamOverHolland
from railhouse_soh.track import TrackStep

# NSM home I12 with #57; #26 on J11 at rotation 0: its branches run from the stem at edge 0
# (towards I12) to edges 3 and 5.  K12 lies at edge 5: from I12 a train enters J11 at the
# stem and leaves by the branch to edge 3; reaching edge 5 means coming back into the stem.
POSITION = [("I12", "57", 0), ("J11", "26", 0)]


def _nsm(rules: str) -> SteamOverHolland:
    game = fresh(3, rules=rules)
    start_company(game, "NSM", "p0", 100)
    set_phase(game, "3")
    lay(game, POSITION)
    home_token(game, "NSM", "I12")
    return game


@pytest.mark.parametrize("rules", ["printed", "18xx-games"])
def test_no_lay_beyond_a_switch_reached_only_by_reversing(rules: str) -> None:
    game = _nsm(rules)
    operate(game, "NSM")
    to_step(game, TrackStep)
    hexes = {a.hex for a in legal_of(game, LayTile)}
    assert "K12" not in hexes
    assert {"H13", "I12", "K10"} <= hexes


def test_no_route_uses_the_switch_twice() -> None:
    """With #57 on K12 (rotation 2) and a 3-train: I12-K12 needs the stem twice (the
    issue's route I12:0-c0, J11:0-3, J11:0-5, K12:2-c0): no revenue, and the claimed route
    is refused by the validator."""
    game = _nsm("printed")
    lay(game, [("K12", "57", 2)])
    train = give_trains(game, "NSM", ["3"])[0]
    result = best_routes(game, game.companies["NSM"])
    assert (result.revenue, result.routes) == (0, ())
    problem = game.route_problem("NSM")
    assert problem is not None
    with pytest.raises(IllegalRoute):
        check_routes(game.board, Operator("NSM"), routing.RULES, problem.run,
                     [ClaimedRoute(train.id, (("I12", "J11", "K12"),))])
