"""R-5.4 "all holdings are public": what only 1839 has reaches every seat's observation
(``title_state``, railhouse_m1839.observe)."""

from __future__ import annotations

from typing import Any

from m1839_positions import after_auction, float_company, give_train, to_phase

from railhouse.engine.privates import update_private
from railhouse_m1839.game import M1839


def _state(game: M1839) -> dict[str, Any]:
    state: dict[str, Any] = game.observation()["title_state"]
    return state


def test_R_5_4_number_cards_and_brown_assignment_are_public() -> None:
    game = after_auction(4, 1)
    state = _state(game)
    assert state["cards"] == {"colour": game.cards.colour, "current": game.cards.current,
                              "other": game.cards.other}
    assert sorted(state["cards"]["current"].values()) == [1, 2, 3, 4]
    assert state["brown_assignment"] == game.brown_assignment
    assert len(state["brown_assignment"]) == 3


def test_R_5_4_the_player_holding_drus_train_is_public() -> None:
    game = after_auction(4, 1)
    set_aside = game.dru_train
    assert set_aside is not None
    assert _state(game)["dru_train"] == {"train": set_aside.id, "holder": None}
    # whoever owns DRU when dark brown starts holds the train
    update_private(game, "DRU", owner="p2")
    to_phase(game, "DBr")
    state = _state(game)
    assert game.dru_holder == "p2" and game.dru_train is not None
    assert state["dru_train"] == {"train": game.dru_train.id, "holder": "p2"}
    game.dru_train = game.dru_holder = None  # given to a company (anytime.give_dru_train)
    assert _state(game)["dru_train"] is None


def test_R_5_4_R_16_5_2_r_trains_show_whether_they_ran_and_rust() -> None:
    game = after_auction(4, 1)
    company = float_company(game, "AMS", "p0")
    to_phase(game, "LBr")
    give_train(game, company, "R5")
    train = company.trains[-1]
    assert _state(game)["r_trains"] == {train.id: {"ran": False, "rusted": False}}
    company.trains[-1] = train.having_run().marked_rusted()
    assert _state(game)["r_trains"][train.id] == {"ran": True, "rusted": True}
