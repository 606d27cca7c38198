"""Route claims under the 18xx-games rule set (EN "Running trains"; issue 16 item 1).

18xx.games lets the president claim any legal routes (it does not force the maximum).  The
route step's legal entry carries the optimiser's best claim (an answer by index earns the
maximum) and names ``routes`` a free field: the referee admits any claim and the engine
judges it before anything changes.
"""

from __future__ import annotations

import pytest
from soh_scenario import (
    BREDA_ANTWERPEN,
    fresh,
    give_trains,
    home_token,
    lay,
    legal,
    operate,
    start_company,
    to_step,
)

from railhouse.engine.actions import RunRoutes, TrainRoute, to_builtins
from railhouse.engine.errors import IllegalAction
from railhouse.protocol.codec import ProtocolError
from railhouse.protocol.messages import ActionReply
from railhouse.protocol.replies import choice_of
from railhouse_soh import routing
from railhouse_soh.game import SteamOverHolland
from railhouse_soh.steps import RouteStep
from railhouse_soh.variants.routes import claim_of


def ar_running(rules: str = "18xx-games") -> SteamOverHolland:
    """AR (Breda J7, track to Antwerpen L5) with a 2-train at its route step."""
    game = fresh(rules=rules)
    start_company(game, "AR", "p0", 100)
    home_token(game, "AR", "J7")
    lay(game, BREDA_ANTWERPEN)
    give_trains(game, "AR", ["2"])
    operate(game, "AR")
    to_step(game, RouteStep)
    return game


def reply(game: SteamOverHolland, action: RunRoutes) -> RunRoutes:
    judge = game.clone().apply
    chosen = choice_of(ActionReply(seq=1, action=to_builtins(action)), legal(game), judge)
    assert isinstance(chosen, RunRoutes)
    return chosen


def test_legal_entry_carries_the_best_claim_EN_running_trains() -> None:
    game = ar_running()
    (choice,) = legal(game, RunRoutes)
    assert choice.free == ("routes",)
    assert choice.to_builtins()["free"] == ["routes"]
    train = game.companies["AR"].trains[0].id
    assert isinstance(choice.action, RunRoutes)
    assert choice.action.routes == (TrainRoute(train, ("J7-K6-L5",)),)
    best = routing.best_routes(game, game.companies["AR"]).revenue
    game.apply(choice.action)
    assert game.round.turn["revenue"] == best > 0  # type: ignore[union-attr]


def test_any_valid_claim_is_admitted_and_validated_EN_running_trains() -> None:
    game = ar_running()
    train = game.companies["AR"].trains[0].id
    none = RunRoutes(entity="AR")  # claiming no route is legal (revenue 0)
    assert reply(game, none) == none
    bad = RunRoutes(entity="AR", routes=(TrainRoute(train, ("J7-K8-L5",)),))
    before = game.observation()
    with pytest.raises(ProtocolError, match="track") as err:
        reply(game, bad)
    assert err.value.reason == "illegal_action"
    assert game.observation() == before
    with pytest.raises(IllegalAction):
        game.apply(bad)
    assert game.observation() == before
    game.apply(none)
    assert game.round.turn["revenue"] == 0  # type: ignore[union-attr]


def test_claim_of_splits_hex_chains_at_stops() -> None:
    segments = ["H9:5-c0", "I10:2-t0", "I10:5-t0", "J11:2-3", "I12:0-c0"]
    assert claim_of("2-1", ["H9.c0", "I10.t0", "I12.c0"], segments) == TrainRoute(
        "2-1", ("H9-I10", "I10-J11-I12"))
    assert claim_of("3-1", ["J7.c0", "K14.t0", "J15"],
                    ["J7:5-c0", "K8:2-4", "K14:2-t0", "K14:3-t0", "J15:0-o0"]) == TrainRoute(
        "3-1", ("J7-K8-K14", "K14-J15"))


def test_printed_rules_run_the_maximum_without_a_decision() -> None:
    game = fresh()
    start_company(game, "AR", "p0", 100)
    home_token(game, "AR", "J7")
    lay(game, BREDA_ANTWERPEN)
    give_trains(game, "AR", ["2"])
    operate(game, "AR")
    assert not legal(game, RunRoutes)
