"""Private powers (digest /work/shared/facts/1839.md, authority rules/1839/rules.md §14):
R-14.2.2 which privates companies may buy, and R-14.3.12 when each private's "use" is
offered (LVG, SRV, KR, DRU; none for the others).  Positions are built by hand where
playing there would be impractical; the rule itself is then driven through
``game.legal_actions()`` / ``game.apply()`` and the round machine."""

from __future__ import annotations

from typing import Any

import pytest
from m1839_positions import (
    cleared,
    float_company,
    legal,
    operating_turn,
    own_private,
    refresh,
    to_phase,
)
from m1839_private_positions import SR_PLAYER, mss_network, same_choices_whoever_owns

from railhouse.engine.actions import BuyPrivate, LayTile, OfferPrivate, PlaceToken
from railhouse.engine.errors import IllegalAction
from railhouse.engine.privates import update_private
from railhouse.engine.rounds.base import Step
from railhouse_m1839.actions import GiveDruTrain
from railhouse_m1839.data import PHASE_IDS
from railhouse_m1839.game import M1839
from railhouse_m1839.kabinet import MoveStation
from railhouse_m1839.stations import StationStep
from railhouse_m1839.stock import M1839StockRound
from railhouse_m1839.track import TrackStep
from railhouse_m1839.turnsteps import TrainBuyStep

GREEN = {"LVG", "SRV"}
NO_USE = ("LP", "JJB", "KF", "CM", "STK", "CO", "AB", "AV", "RH")  # R-14.3.12 "None"


# -- R-14.2.2 ----------------------------------------------------------------------------
@pytest.mark.parametrize("phase", PHASE_IDS)
def test_R_14_2_2_only_green_privates_are_sold_to_companies_from_light_green(
        phase: str) -> None:
    """Every private open and held by a player (half by the operating company's director,
    half by another player): the company is offered LVG and SRV from light green on, and a
    yellow, blue, brown or red private never, in any phase."""
    game = cleared()
    to_phase(game, phase)
    float_company(game, "AMS", "p0", cash=1000)
    for i, private_id in enumerate(game.privates):
        own_private(game, private_id, ("p0", "p1")[i % 2])
    operating_turn(game, "AMS", at=TrainBuyStep)
    offered = {a.target for a in legal(game) if isinstance(a, BuyPrivate | OfferPrivate)}
    light_green = PHASE_IDS.index(phase) >= PHASE_IDS.index("LG")
    assert offered == (GREEN if light_green else set())
    for private_id in set(game.privates) - GREEN:
        owner = game.privates[private_id].owner
        kind = BuyPrivate if owner == "p0" else OfferPrivate
        with pytest.raises(IllegalAction):
            game.apply(kind(entity="AMS", target=private_id, price=1))
    assert all(game.privates[p].owner in ("p0", "p1") for p in game.privates)


# -- R-14.3.12 "use" ------------------------------------------------------------------------
TURN_STEPS: tuple[type[Step[Any]], ...] = (TrackStep, StationStep, TrainBuyStep)


def _powers(game: M1839) -> set[str]:
    """The private powers offered in the legal set now."""
    found = set()
    for action in legal(game):
        if isinstance(action, LayTile | PlaceToken) and action.ability:
            found.add(action.ability)
        elif isinstance(action, MoveStation):
            found.add("KR")
        elif isinstance(action, GiveDruTrain):
            found.add("DRU")
    return found


def _powers_by_step(game: M1839, company_id: str = "MSS") -> dict[str, set[str]]:
    out = {}
    for step in TURN_STEPS:
        operating_turn(game, company_id, at=step)
        out[step.__name__] = _powers(game)
    return out


def _mss_game(phase: str = "LG") -> M1839:
    game = cleared()
    to_phase(game, phase)
    mss_network(game)
    return game


def test_R_14_3_12_LVG_only_in_its_owning_companys_track_building() -> None:
    game = _mss_game()
    own_private(game, "LVG", "MSS")
    assert _powers_by_step(game) == {"TrackStep": {"LVG"}, "StationStep": set(),
                                     "TrainBuyStep": set()}
    ncs = float_company(game, "NCS", "p2")  # another company: no LVG lay for it
    ncs.operated_count = 1
    game.board.place_token("J15", 0, "NCS")
    operating_turn(game, "NCS", at=TrackStep)
    assert any(isinstance(a, LayTile) for a in legal(game)) and _powers(game) == set()
    game.companies["MSS"].privates.remove("LVG")
    update_private(game, "LVG", owner=SR_PLAYER)  # MSS's director: a player has no LVG lay
    assert _powers_by_step(game)["TrackStep"] == set()


def test_R_14_3_12_SRV_as_the_lay_or_upgrade_and_the_station_placement() -> None:
    game = _mss_game()
    own_private(game, "SRV", "MSS")
    assert _powers_by_step(game) == {"TrackStep": {"SRV"}, "StationStep": {"SRV"},
                                     "TrainBuyStep": set()}
    game.companies["MSS"].privates.remove("SRV")
    update_private(game, "SRV", owner=SR_PLAYER)
    assert _powers_by_step(game) == {"TrackStep": set(), "StationStep": set(),
                                     "TrainBuyStep": set()}


def test_R_14_3_12_KR_in_the_station_step_from_blue() -> None:
    game = _mss_game("BL")
    own_private(game, "KR", "p2")
    assert _powers_by_step(game) == {"TrackStep": set(), "StationStep": {"KR"},
                                     "TrainBuyStep": set()}
    game = _mss_game("DG")
    own_private(game, "KR", "p2")
    assert _powers_by_step(game)["StationStep"] == set()


def test_R_14_3_12_DRU_at_any_time_from_dark_brown() -> None:
    game = cleared()
    own_private(game, "DRU", SR_PLAYER)
    to_phase(game, "MBr")
    mss_network(game)
    assert GiveDruTrain not in {type(a) for a in legal(game)}  # the SR turn
    assert _powers_by_step(game) == {s.__name__: set() for s in TURN_STEPS}
    game = cleared()
    own_private(game, "DRU", SR_PLAYER)
    to_phase(game, "DBr")
    assert game.dru_holder == SR_PLAYER
    mss_network(game)
    assert [a for a in legal(game) if isinstance(a, GiveDruTrain)] == [
        GiveDruTrain(entity=SR_PLAYER, company="MSS")]  # the SR turn
    assert _powers_by_step(game) == {s.__name__: {"DRU"} for s in TURN_STEPS}


@pytest.mark.parametrize("private_id", NO_USE)
def test_R_14_3_12_the_other_privates_offer_no_choice(private_id: str) -> None:
    """LP, JJB, KF, CM, STK, CO, AB, AV, RH ("use: none"): held by the acting player, they
    change nothing in the SR nor in the turn of the company that player directs."""
    game = _mss_game()
    own_private(game, private_id, SR_PLAYER)
    game.round = M1839StockRound(game, first=False)
    refresh(game)
    assert game.acting_entity() == SR_PLAYER
    same_choices_whoever_owns(game, private_id, SR_PLAYER)
    for step in TURN_STEPS:
        operating_turn(game, "MSS", at=step)
        same_choices_whoever_owns(game, private_id, SR_PLAYER)
