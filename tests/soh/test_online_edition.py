"""The online edition's options (SUM, facts §11.1; railhouse_soh.online), each under both
settings: the printed value keeps EN's rule, the online value gives SUM's."""

from __future__ import annotations

from typing import Any

import pytest
from soh_scenario import (
    BREDA_ANTWERPEN,
    apply,
    fresh,
    give_private,
    give_trains,
    home_token,
    lay,
    legal,
    operate,
    set_cash,
    set_phase,
    start_company,
    to_step,
)

from railhouse.engine.actions import BuyTrain, Pass, PlaceToken, SellShares
from railhouse.engine.privates import update_private
from railhouse.engine.rounds.operating import OperatingRound
from railhouse_soh.game import SteamOverHolland
from railhouse_soh.online import settings_for
from railhouse_soh.plugin import TITLE
from railhouse_soh.rounds import SohStockRound
from railhouse_soh.steps import TokenStep
from railhouse_soh.trainbuy import BuyTrainStep


def resolved(**options: object) -> dict[str, object]:
    return TITLE.resolve_options(options)


def test_edition_presets_and_overrides() -> None:
    printed = settings_for(resolved())
    online = settings_for(resolved(edition="online"))
    assert printed.ors_by_phase == {"2": 2, "3": 2, "4": 2, "5": 2, "6": 2}
    assert online.ors_by_phase == {"2": 1, "3": 2, "4": 2, "5": 3, "6": 3}
    assert (printed.bank, online.bank) == (None, 5640)
    assert not printed.score_privates and online.score_privates
    mixed = settings_for(resolved(edition="online", sell_restriction="started_this_round",
                                  ors_per_set="2", bank=0))
    assert not mixed.sell_until_operated and mixed.ors_by_phase["5"] == 2
    assert mixed.bank is None and mixed.privates_close_on_purchase


@pytest.mark.parametrize("options", [
    {"ors_per_set": "1,2"}, {"ors_per_set": "4"}, {"ors_per_set": "x"},
    {"round_limit": "no"}, {"edition": "online", "bank": 1000},
])
def test_bad_online_options_are_one_line_errors(options: dict[str, object]) -> None:
    with pytest.raises(ValueError) as error:
        fresh(players=4, seed=1, **options)
    assert "\n" not in str(error.value)


def first_or(game: SteamOverHolland) -> OperatingRound[Any]:
    round_ = game.hooks.next_round(game, SohStockRound(game))
    assert isinstance(round_, OperatingRound)
    return round_


@pytest.mark.parametrize(("edition", "phase", "count"), [
    ("printed", "2", 2), ("printed", "5", 2), ("online", "2", 1), ("online", "3", 2),
    ("online", "5", 3),
])
def test_ors_per_set_by_phase_sum_operating_rounds(edition: str, phase: str,
                                                   count: int) -> None:
    game = fresh(edition=edition)
    set_phase(game, phase)
    assert first_or(game).of == count


def test_bank_size_by_edition() -> None:
    printed, online = fresh(), fresh(edition="online")
    assert printed.bank.limit is None
    assert online.bank.limit == 5640 and online.bank.cash == 5640 - 4 * 300


def end_of_set(edition: str, broken: bool, number: int = 2, of: int = 2,
               set_number: int = 2, **options: object) -> SteamOverHolland:
    game = fresh(players=4, seed=1, edition=edition, **options)
    start_company(game, "AR", "p0", 100, cash=0)
    game.bank.broken = broken
    round_ = operate(game, "AR", number=number, of=of, set_number=set_number)
    while game.round is round_ and not game.over:
        apply(game, Pass(entity=game.acting_entity() or ""))
    return game


def test_bank_break_ends_game_after_the_set_sum_end_of_game() -> None:
    assert end_of_set("online", broken=True).end_reason == "bank_broken"
    assert not end_of_set("online", broken=False).over
    assert not end_of_set("printed", broken=True).over  # EN has no bank ending
    game = end_of_set("online", broken=True, number=1, of=2)  # not the set's last OR
    assert isinstance(game.round, OperatingRound) and game.round.number == 2 and not game.over


def test_round_limit_option() -> None:
    assert end_of_set("online", broken=False, set_number=5).end_reason == "fixed_round"
    game = end_of_set("online", broken=False, set_number=5, round_limit="no")
    assert not game.over and isinstance(game.round, SohStockRound) and game.set_number == 6


@pytest.mark.parametrize(("edition", "can_sell"), [("printed", True), ("online", False)])
def test_sell_restriction_until_operated_sum_selling(edition: str, can_sell: bool) -> None:
    """A company started in an earlier stock round that has not operated yet."""
    game = fresh(edition=edition)
    me = game.acting_entity() or ""
    start_company(game, "AR", me, 100)
    assert bool(legal(game, SellShares)) is False  # only the president's certificate
    start_company(game, "NCS", "p3" if me != "p3" else "p2", 100, {me: 1})
    assert bool(legal(game, SellShares)) is can_sell
    game.companies["NCS"].operated_count = 1
    assert legal(game, SellShares)


@pytest.mark.parametrize(("edition", "closed_at_once"), [("printed", False), ("online", True)])
def test_privates_close_on_first_5_train_sum_private_companies(edition: str,
                                                               closed_at_once: bool) -> None:
    game = fresh(edition=edition)
    set_phase(game, "4")
    give_private(game, "VES", "p1")
    start_company(game, "AR", "p0", 100, cash=1000)
    give_private(game, "W", "AR")
    home_token(game, "AR", "J7")
    lay(game, BREDA_ANTWERPEN)
    give_trains(game, "AR", ["4"])
    game.depot.trains = [t for t in game.depot.trains if t.name != "4"]
    operate(game, "AR")
    to_step(game, BuyTrainStep)
    apply(game, BuyTrain(entity="AR", train="5-0", price=360))  # still discounted
    assert game.privates["VES"].closed is closed_at_once
    assert game.privates["W"].closed is closed_at_once
    apply(game, Pass(entity="AR"))
    assert game.privates["VES"].closed and game.phase.name == "5"


@pytest.mark.parametrize(("edition", "allowed"), [("printed", True), ("online", False)])
def test_token_limit_per_city_or_hex_sum_place_token(edition: str, allowed: bool) -> None:
    """HYSM (Amsterdam station 1) may take the free station 0 (NRS gone) under EN's
    "not two in the same city", not under SUM's "not on the same hex"."""
    game = fresh(edition=edition)
    set_phase(game, "3")
    start_company(game, "HYSM", "p1", 100, cash=500)
    home_token(game, "HYSM", "F9", city=1)
    game.board.drop_reservations("NRS")  # e.g. after NRS's bankruptcy
    lay(game, (("F9", "SOH1", 0), ("F7", "3", 4), ("G8", "7", 2)))
    operate(game, "HYSM")
    assert TokenStep(game, "HYSM").legal_actions() or not allowed
    places = {(c.action.hex, c.action.city) for c in TokenStep(game, "HYSM").legal_actions()
              if isinstance(c.action, PlaceToken)}
    assert (("F9", 0) in places) is allowed


@pytest.mark.parametrize(("edition", "bonus"), [("printed", 0), ("online", 75)])
def test_score_privates_face_value_sum_end_of_game(edition: str, bonus: int) -> None:
    game = fresh(players=3, edition=edition)
    for seat in range(3):
        set_cash(game, game.player(f"p{seat}"), 100)
    give_private(game, "VES", "p1")
    give_private(game, "SMAS", "p2")
    update_private(game, "SMAS", closed=True)  # closed privates are worth nothing
    assert game.hooks.final_scores(game) == [100, 100 + bonus, 100]


@pytest.mark.parametrize("players", [2, 4])
def test_online_edition_random_playout_ends_and_replays(players: int) -> None:
    """Conformance under the online preset: invariants hold, the game ends, replay is
    equal (the variant plugin and the finite bank included)."""
    from railhouse.testing.conformance import check_replay, random_playout
    from railhouse_soh.game import new_game

    def online(**kwargs: object) -> SteamOverHolland:
        return new_game(kwargs["players"], {"edition": "online"}, kwargs["seed"])  # type: ignore[arg-type]

    game = random_playout(online, players, 3)
    assert game.over and game.end_reason in {"fixed_round", "market_top", "bank_broken"}
    check_replay(game)


def test_online_options_listed_without_importing_the_rules() -> None:
    """The options live in the title metadata; listing them imports no rules module."""
    import subprocess
    import sys

    code = ("import sys, railhouse_soh.plugin as p; "
            "names = {o.name for o in p.TITLE.options}; "
            "assert {'edition', 'ors_per_set', 'bank', 'score_privates'} <= names; "
            "print(sorted(m for m in sys.modules if m.startswith('railhouse_soh')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "railhouse_soh.online" not in out and "railhouse_soh.game" not in out
