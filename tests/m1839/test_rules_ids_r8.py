"""R-8 operating-round rule IDs not covered elsewhere, one test per ID (digest
/work/shared/facts/1839.md, authority rules/1839/rules.md), on built positions."""

from __future__ import annotations

from conftest_map import MapGame, lay
from m1839_positions import (
    after_auction,
    float_company,
    give_train,
    operating_turn,
    recorded,
    refresh,
    to_phase,
)

from railhouse.engine.actions import Action, BuyTrain, LayTile, SellShares
from railhouse.engine.emergency import Payment
from railhouse.engine.privates import update_private
from railhouse.engine.shares import start_company
from railhouse_m1839.game import M1839
from railhouse_m1839.money import RaiseDecider, raise_money
from railhouse_m1839.operating import M1839OperatingRound
from railhouse_m1839.routing import released
from railhouse_m1839.shares import sale_price
from railhouse_m1839.tiledata import TILES
from railhouse_m1839.track import TrackStep
from railhouse_m1839.turnsteps import TrainBuyStep


def _game() -> M1839:
    game: M1839 = after_auction(4, seed=1)
    for company in game.companies.values():  # a clean slate: nobody holds anything
        if company.started:
            game.market_of(company).remove(company.id)
        company.started = company.floated = False
        company.president = None
        for cert in company.certs:
            cert.owner = "ipo"
    for private_id in game.privates:
        update_private(game, private_id, owner=None)
    return game


def _legal(game: M1839) -> list[Action]:
    return [c.action for c in game.legal_actions()]


def _lays(step: TrackStep, ability: str = "") -> list[LayTile]:
    return [a.action for a in step.legal_actions()
            if isinstance(a.action, LayTile) and a.action.ability == ability]


def test_R_8_1_3_every_floated_company_operates_and_only_those() -> None:
    game = _game()
    float_company(game, "AMS", "p0", price=67)
    float_company(game, "NBDS", "p1", price=82)
    parred = float_company(game, "NCS", "p2", price=74)
    parred.floated = False  # parred but not floated
    local = game.companies["L1"]
    start_company(game, local, "p3", 46)
    local.floated = True
    assert M1839OperatingRound(game, 1, 1).order() == ["NBDS", "AMS", "L1"]


def test_R_8_2_3_next_company_chosen_after_each_turn_from_current_prices() -> None:
    game = _game()
    float_company(game, "AMS", "p0", price=82)
    float_company(game, "NBDS", "p1", price=74)
    float_company(game, "NCS", "p2", price=67)
    rnd = M1839OperatingRound(game, 1, 1)
    game.round = rnd
    assert rnd.next_company() is game.companies["AMS"]
    rnd.operated.append("AMS")  # AMS has had its turn; meanwhile NCS's price rises
    market = game.markets["major"]
    market.remove("NCS")
    market.place_at_price("NCS", 91)
    assert rnd.next_company() is game.companies["NCS"]
    market.remove("AMS")
    market.place_at_price("AMS", 101)
    rnd.operated.append("NCS")
    assert rnd.next_company() is game.companies["NBDS"]  # never AMS twice


def test_R_8_3_A_2_LVG_extra_yellow_lay_even_after_the_two_normal_lays() -> None:
    game = MapGame("LG")
    game.board.place_token("H5", 0, "ZHESM")
    lay(game.board, ("H5", "6", 4))  # towards Leiden H7
    zhesm = game.companies["ZHESM"]
    update_private(game, "LVG", owner="ZHESM")
    zhesm.privates.append("LVG")
    step = TrackStep(game, "ZHESM")  # type: ignore[arg-type]
    step.lays_used = 2  # both normal lays used
    extra = _lays(step, "LVG")
    assert extra and {TILES[a.tile].color for a in extra} == {"yellow"}  # never an upgrade
    assert not _lays(step)


def test_R_8_3_A_4_H7_opens_once_LVG_belongs_to_a_company_barriers_at_light_red() -> None:
    game = _game()
    assert "LVG" not in released(game) and "BARRIER" not in {k.upper() for k in released(game)}
    update_private(game, "LVG", owner="p0")
    assert "LVG" not in released(game)
    update_private(game, "LVG", owner="AMS")
    assert "LVG" in released(game)
    before = released(game)
    to_phase(game, "LR")
    assert len(released(game)) == len(before) + 1  # the red barriers lift


def test_R_8_3_D_1_several_trains_one_at_a_time_up_to_the_limit() -> None:
    game = _game()
    ams = float_company(game, "AMS", "p0", cash=2000)
    give_train(game, ams)
    operating_turn(game, "AMS", at=TrainBuyStep)
    for count in (2, 3):
        buy = next(a for a in _legal(game) if isinstance(a, BuyTrain) and a.source == "depot")
        game.apply(buy)
        assert len(ams.trains) == count and game.acting_entity() == "AMS"
    assert not [a for a in _legal(game) if isinstance(a, BuyTrain)]  # limit 3 in LY


def test_R_8_3_D_5_a_purchase_phase_change_applies_before_the_next_purchase() -> None:
    """The first PR2+ starts light red (train limit 3 -> 2, R-16.4): a company that had one
    train (room for two more in dark brown) may not buy a third after it."""
    game = _game()
    to_phase(game, "DBr")
    game.depot.trains = [t for t in game.depot.trains if t.name != "R4"]
    ams = float_company(game, "AMS", "p0", cash=5000)
    give_train(game, ams)
    operating_turn(game, "AMS", at=TrainBuyStep)
    game.apply(next(a for a in _legal(game) if isinstance(a, BuyTrain) and a.source == "depot"))
    assert game.phase.name == "LR" and len(ams.trains) == 2
    assert not [a for a in _legal(game) if isinstance(a, BuyTrain)]


def test_R_8_4_5_selling_stops_once_enough_is_raised_surplus_stays() -> None:
    """The director owes only what the company lacks (R-8.4.3); selling stops with the sale
    that covers it, even exactly, and the overshoot stays with the director."""
    game = _game()
    ams = float_company(game, "AMS", "p0", cash=30)
    nbds = float_company(game, "NBDS", "p1", price=82, others={"p0": 3}, cash=0)
    director_cash = game.player("p0").cash = 10
    raise_money(game, ams, 100, Payment(game, "AMS", "bank", 100))
    decider = game.pending[-1]
    assert isinstance(decider, RaiseDecider) and decider.need == 70  # f100 - f30 in treasury
    game.apply(SellShares(entity="p0", company="NBDS", count=1))
    assert not any(isinstance(d, RaiseDecider) for d in game.pending)
    assert nbds.shares_of("p0") == 2  # one sale was enough
    # the sale brought f82: the director paid the company exactly what it lacked (f70,
    # then spent with its f30 on the bank payment) and keeps the surplus
    assert ams.cash == 0 and game.player("p0").cash == director_cash + 82 - 70
    # a sale that brings exactly what is owed also ends the selling (f10 + f74 = f84)
    ams.cash, game.player("p0").cash = 16, 10
    raise_money(game, ams, 100, Payment(game, "AMS", "bank", 100))
    assert isinstance(game.pending[-1], RaiseDecider) and game.pending[-1].need == 84
    game.apply(SellShares(entity="p0", company="NBDS", count=1))
    assert not any(isinstance(d, RaiseDecider) for d in game.pending)
    assert nbds.shares_of("p0") == 1 and ams.cash == 0 and game.player("p0").cash == 0


def _sale_ranges(game: M1839) -> dict[str, tuple[int, int]]:
    return {c.action.company: (c.ranges["count"].min, c.ranges["count"].max)
            for c in game.legal_actions() if isinstance(c.action, SellShares)}


def test_R_8_4_5_no_more_shares_offered_than_needed_at_the_sale_price() -> None:
    """§8.4.1: the player "cannot sell additional shares once enough money has been raised",
    so a sale is offered only up to the shares the rest needs, counted at the R-7.2.4 sale
    price.  Recorded position: L2 must buy the f180 train with f95 and its director p3 has
    f81, so f4 is missing; an L1 share sells for f22 (price f25, not yet operated since it
    floated): one share, not two."""
    game = recorded("emergency-overshoot")
    l1, l2 = game.companies["L1"], game.companies["L2"]
    decider = game.pending[-1]
    assert isinstance(decider, RaiseDecider) and decider.company is l2
    assert (l2.cash, game.player("p3").cash) == (95, 81)
    assert (game.share_price(l1), sale_price(game, l1)) == (25, 22)
    assert _sale_ranges(game) == {"L1": (1, 1)}
    # f24 missing: f25 would cover it, but a share sells for f22, so two are needed
    game.pay(game.player("p3"), game.bank, 20)
    refresh(game)
    assert _sale_ranges(game) == {"L1": (1, 2)}
    game.pay(game.bank, game.player("p3"), 20)
    refresh(game)
    trains = len(l2.trains)
    game.apply(SellShares(entity="p3", company="L1", count=1))
    assert not any(isinstance(d, RaiseDecider) for d in game.pending)
    assert len(l2.trains) == trains + 1 and l2.cash == 0
    assert game.player("p3").cash == 81 + 22 - 85  # the surplus stays with the director
