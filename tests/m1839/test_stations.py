"""HomeStationStep and StationStep on the real 1839 board (R-8.3.1, R-8.3.B, R-14.5.1)."""

from __future__ import annotations

from conftest_map import MapGame, lay, token_spots

from railhouse.engine.actions import PlaceToken, Respond
from railhouse.engine.privates import update_private
from railhouse.engine.tokendeals import SwapStation
from railhouse_m1839.stations import HomeStationStep, StationStep


def places(step: StationStep) -> set[tuple[str, int, str]]:
    return {
        (a.action.hex, a.action.city, a.action.ability)
        for a in step.legal_actions() if isinstance(a.action, PlaceToken)
    }  # fmt: skip


def test_R_8_3_1_home_stations_are_placed_on_the_first_run() -> None:
    game = MapGame()
    step = HomeStationStep(game, "ZHESM")  # type: ignore[arg-type]
    assert step.auto()
    assert game.board.city_tokens("E10", 0) == ["ZHESM"]
    assert game.board.city_tokens("H5", 0) == ["ZHESM"]
    assert game.companies["ZHESM"].tokens_placed == 2
    game.companies["ZHESM"].operated_count = 1
    assert HomeStationStep(game, "ZHESM").auto()  # type: ignore[arg-type]
    assert game.companies["ZHESM"].tokens_placed == 2


def test_R_8_3_1_home_station_replaces_an_NS_marker() -> None:
    game = MapGame()
    game.board.place_token("E10", 0, "NS")
    assert HomeStationStep(game, "ZHESM").auto()  # type: ignore[arg-type]
    assert game.board.city_tokens("E10", 0) == ["ZHESM"]


def test_R_8_3_1_NRS_chooses_arnhem_or_venlo() -> None:
    game = MapGame()
    step = HomeStationStep(game, "NRS")  # type: ignore[arg-type]
    assert not step.auto()  # Utrecht placed, then a real choice
    assert game.board.city_tokens("I12", 0) == ["NRS"]
    assert token_spots(step.legal_actions()) == {("I16", 0), ("K16", 0)}
    step.process(PlaceToken(entity="NRS", hex="K16", city=0))
    assert step.auto() and game.board.city_tokens("K16", 0) == ["NRS"]


def test_R_8_3_1_NRS_takes_the_only_free_one() -> None:
    game = MapGame()
    game.board.place_token("I16", 0, "NWS")
    assert HomeStationStep(game, "NRS").auto()  # type: ignore[arg-type]
    assert game.board.city_tokens("K16", 0) == ["NRS"]


def mss_line(*extra: tuple[str, str, int]) -> MapGame:
    """MSS at Eindhoven K12 with track W to Tilburg K10 and SE to Weert L13."""
    game = MapGame()
    game.board.place_token("K12", 0, "MSS")
    game.board.place_token("B19", 0, "MSS")
    lay(game.board, ("K12", "6", 5), ("K10", "57", 1), ("L13", "57", 2), *extra)
    return game


def test_R_8_3_B_2_place_a_connected_marker_for_f80() -> None:
    game = mss_line()
    step = StationStep(game, "MSS")  # type: ignore[arg-type]
    assert places(step) == {("K10", 0, "")}  # L13 is NBDS's reserved home
    step.process(PlaceToken(entity="MSS", hex="K10", city=0))
    assert step.done and game.companies["MSS"].cash == 920
    assert game.board.city_tokens("K10", 0) == ["MSS"]


def test_R_8_3_B_1_A_13_major_home_reserved_until_it_operates() -> None:
    game = mss_line()
    game.companies["NBDS"].operated_count = 1
    assert ("L13", 0, "") in places(StationStep(game, "MSS"))  # type: ignore[arg-type]


def test_R_8_3_B_2_a_marker_replaces_an_NS_marker_and_needs_a_marker_left() -> None:
    game = mss_line()
    game.board.place_token("K10", 0, "NS")
    step = StationStep(game, "MSS")  # type: ignore[arg-type]
    step.process(PlaceToken(entity="MSS", hex="K10", city=0, replaces="NS"))
    assert game.board.city_tokens("K10", 0) == ["MSS"]
    game.companies["NBDS"].operated_count = 1
    game.new_turn()
    game.companies["MSS"].spec.extra["markers"] = 3  # type: ignore[index]
    assert places(StationStep(game, "MSS")) == set()  # type: ignore[arg-type]


def test_R_8_3_B_1_NRS_keeps_a_place_in_arnhem_or_venlo() -> None:
    game = MapGame()
    game.board.place_token("K12", 0, "MSS")
    lay(game.board, ("K12", "57", 1), ("K14", "4", 1), ("K16", "57", 1))
    assert ("K16", 0, "") in places(StationStep(game, "MSS"))  # type: ignore[arg-type]
    game.board.place_token("I16", 0, "NWS")
    assert ("K16", 0, "") not in places(StationStep(game, "MSS"))  # type: ignore[arg-type]
    game.companies["NRS"].operated_count = 1
    assert ("K16", 0, "") in places(StationStep(game, "MSS"))  # type: ignore[arg-type]


def swap_game() -> MapGame:
    game = mss_line()
    game.board.place_token("K8", 0, "NBDS")
    game.board.place_token("L13", 0, "NBDS")
    for cid in ("MSS", "NBDS"):
        game.companies[cid].operated_count = 1
    return game


OFFER = SwapStation(entity="MSS", hex="B19", city=0, other="NBDS", other_hex="L13",
                    other_city=0)


def test_R_8_3_B_3_swap_is_an_offer_the_other_director_answers() -> None:
    game = swap_game()
    step = StationStep(game, "MSS")  # type: ignore[arg-type]
    swaps = [a.action for a in step.legal_actions() if isinstance(a.action, SwapStation)]
    assert OFFER in swaps
    assert all(s.hex != "K12" or s.other_hex != "B19" for s in swaps)
    step.process(OFFER)
    decider = game.pending[-1]
    assert decider.acting_entity() == "NBDS"
    decider.process(Respond(entity="NBDS", accept=True))
    assert game.pending == [] and step.done
    assert game.board.city_tokens("L13", 0) == ["MSS"]
    assert game.board.city_tokens("B19", 0) == ["NBDS"]
    assert game.companies["MSS"].cash == 920
    assert game.round.turn.swapped_token == "L13.c0"


def test_R_8_3_B_3_declined_swap_is_not_offered_again() -> None:
    game = swap_game()
    step = StationStep(game, "MSS")  # type: ignore[arg-type]
    step.process(OFFER)
    game.pending[-1].process(Respond(entity="NBDS", accept=False))
    assert not step.done and game.companies["MSS"].cash == 1000
    assert OFFER not in [a.action for a in step.legal_actions()]


def test_R_8_3_B_3_no_swap_before_both_have_operated() -> None:
    game = swap_game()
    game.companies["NBDS"].operated_count = 0
    step = StationStep(game, "MSS")  # type: ignore[arg-type]
    assert not [a for a in step.legal_actions() if isinstance(a.action, SwapStation)]


def test_R_14_3_4_SRV_station_on_the_hex_it_laid_closes_the_private() -> None:
    game = MapGame()
    game.board.place_token("H5", 0, "ZHESM")
    update_private(game, "SRV", owner="ZHESM")
    game.companies["ZHESM"].privates.append("SRV")
    game.round.turn.srv_hex = "I16"
    step = StationStep(game, "ZHESM")  # type: ignore[arg-type]
    assert ("I16", 0, "SRV") in places(step)
    step.process(PlaceToken(entity="ZHESM", hex="I16", city=0, ability="SRV"))
    assert game.board.city_tokens("I16", 0) == ["ZHESM"]
    assert game.companies["ZHESM"].cash == 1000 and game.privates["SRV"].closed
