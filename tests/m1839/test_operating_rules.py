"""Operating-round rules on built positions (R-8.1, R-8.2, R-8.3.2, R-8.3.D, R-8.3.8,
R-8.3.9, R-8.4, R-9.7, R-14.3.1, R-14.3.11, R-16.4, R-17.3), driven through ``game.apply``
where a decision is involved."""

from __future__ import annotations

from m1839_positions import (
    cleared,
    float_company,
    give_train,
    legal,
    operating_turn,
    refresh,
    to_phase,
)

from railhouse.engine.actions import (
    Bankrupt,
    BuyTrain,
    Concede,
    DiscardTrain,
    OfferTrain,
    Par,
    Pass,
    Respond,
    SellShares,
)
from railhouse.engine.entities import POOL, TREASURY, Company, Train
from railhouse.engine.phases import DiscardDecider
from railhouse.engine.privates import update_private
from railhouse.engine.shares import move_shares, start_company
from railhouse_m1839.actions import Nationalise, ReserveHome
from railhouse_m1839.closures import NewLocalDecider, resolve_new_locals
from railhouse_m1839.game import M1839
from railhouse_m1839.money import RaiseDecider
from railhouse_m1839.operating import M1839OperatingRound, NationalisationWindow
from railhouse_m1839.shares import sale_price
from railhouse_m1839.turnsteps import FirstTrainStep, TrainBuyStep


def _ams_and_nbds_with_trains(nbds_director: str, ams_cash: int = 300,
                              nbds_cash: int = 0) -> tuple[M1839, Company, Company]:
    """AMS (p0, f67, ``ams_cash``) waits at its train step; NBDS (``nbds_director``, f74,
    ``nbds_cash``) operates too; each holds one train."""
    game = cleared()
    ams = float_company(game, "AMS", "p0", cash=ams_cash)
    nbds = float_company(game, "NBDS", nbds_director, price=74, cash=nbds_cash)
    give_train(game, ams)
    give_train(game, nbds)
    operating_turn(game, "AMS", at=TrainBuyStep)
    return game, ams, nbds


# -- start of the OR -----------------------------------------------------------------
def test_R_8_1_1_privates_pay_their_owners_players_and_companies() -> None:
    game = cleared()
    ams = float_company(game, "AMS", "p0", cash=0)
    update_private(game, "KR", owner="p1")
    update_private(game, "SRV", owner="AMS")
    cash = game.player("p1").cash
    M1839OperatingRound(game, 1, 1).pay_private_income()
    assert game.player("p1").cash == cash + 30 and ams.cash == 10


def test_R_8_1_2_rh_owner_pays_f100() -> None:
    game = cleared()
    update_private(game, "RH", owner="p2", closed=False)
    game.player("p2").cash = 150
    M1839OperatingRound(game, 1, 1).charge_rh()
    assert game.player("p2").cash == 50 and not game.pending


def test_R_8_1_2_R_8_4_4_rh_owner_short_of_cash_sells_shares() -> None:
    game = cleared()
    update_private(game, "RH", owner="p2", closed=False)
    ams = float_company(game, "AMS", "p0", others={"p2": 2})
    game.player("p2").cash = 30
    M1839OperatingRound(game, 1, 1).charge_rh()
    assert isinstance(game.pending[-1], RaiseDecider) and game.acting_entity() == "p2"
    refresh(game)
    game.apply(SellShares(entity="p2", company="AMS", count=1))
    game.apply(Pass(entity="AMS"))  # AMS's director declines the redemption
    assert isinstance(game.pending[-1], RaiseDecider)  # f97 is still short of f100
    game.apply(SellShares(entity="p2", company="AMS", count=1))
    game.apply(Pass(entity="AMS"))
    assert not game.pending and ams.shares_of("p2") == 0
    assert game.player("p2").cash == 30 + 67 + 61 - 100  # second sale after the price moved


# -- order ---------------------------------------------------------------------------
def test_R_8_2_1_R_8_2_2_majors_by_price_then_locals() -> None:
    game = cleared()
    float_company(game, "AMS", "p0", price=67)
    float_company(game, "NBDS", "p1", price=82)
    float_company(game, "NCS", "p2", price=67)
    local = game.companies["L1"]
    start_company(game, local, "p3", 46)
    local.floated = True
    assert M1839OperatingRound(game, 1, 1).order() == ["NBDS", "AMS", "NCS", "L1"]


# -- first train ---------------------------------------------------------------------
def test_R_8_3_2_local_takes_the_next_train_free_and_starts_its_phase() -> None:
    game = cleared()
    local = game.companies["L1"]
    start_company(game, local, "p3", 46)
    local.floated, local.cash = True, 460
    game.depot.trains = [t for t in game.depot.trains if t.name != "2"]
    FirstTrainStep(game, "L1").auto()
    assert [t.name for t in local.trains] == ["2+1"] and local.cash == 460
    assert game.phase.name == "DY"  # the free train counts as bought


def test_R_8_3_2_major_pays_for_its_first_train() -> None:
    game = cleared()
    ams = float_company(game, "AMS", "p0", cash=670, operated=False)
    FirstTrainStep(game, "AMS").auto()
    assert [t.name for t in ams.trains] == ["2"] and ams.cash == 590


def test_R_8_3_2_A_45_nothing_when_the_next_train_is_gray() -> None:
    game = cleared()
    ams = float_company(game, "AMS", "p0", cash=670, operated=False)
    game.depot.trains = [t for t in game.depot.trains if t.name in ("4", "7")]
    FirstTrainStep(game, "AMS").auto()
    assert ams.trains == [] and ams.cash == 670


def test_R_8_3_2_only_on_the_first_run() -> None:
    game = cleared()
    ams = float_company(game, "AMS", "p0", cash=670, operated=True)
    FirstTrainStep(game, "AMS").auto()
    assert ams.trains == []


# -- .D buying trains -----------------------------------------------------------------
def test_R_8_3_D_6_A_27_trainless_company_must_buy_from_the_supply() -> None:
    game = cleared()
    float_company(game, "AMS", "p0", cash=500)
    nbds = float_company(game, "NBDS", "p0", price=74)
    give_train(game, nbds)
    operating_turn(game, "AMS", at=TrainBuyStep)
    actions = legal(game)
    assert actions == [BuyTrain(entity="AMS", train=game.depot.available()[0].id, price=80),
                       Concede(entity="AMS")]  # its director may always concede


def test_R_8_3_D_3_only_the_current_rank() -> None:
    game = cleared()
    ams = float_company(game, "AMS", "p0", cash=2000)
    give_train(game, ams)
    operating_turn(game, "AMS", at=TrainBuyStep)
    offered = {a.train for a in legal(game) if isinstance(a, BuyTrain) and a.source == "depot"}
    names = {t.name for t in game.depot.trains if t.id in offered}
    assert names == {"2"} and any(t.name == "2+1" for t in game.depot.trains)


def test_R_8_3_D_2_same_director_buys_from_another_company_directly() -> None:
    game, ams, nbds = _ams_and_nbds_with_trains("p0")
    train = nbds.trains[0]
    game.apply(BuyTrain(entity="AMS", train=train.id, price=150, source="NBDS"))
    assert train in ams.trains and nbds.cash == 150 and ams.cash == 150


def test_R_8_3_D_2_other_director_is_asked_and_may_refuse() -> None:
    game, ams, nbds = _ams_and_nbds_with_trains("p1")
    train = nbds.trains[0]
    assert BuyTrain(entity="AMS", train=train.id, price=1, source="NBDS") not in legal(game)
    game.apply(OfferTrain(entity="AMS", train=train.id, price=120))
    assert game.acting_entity() == "NBDS"
    game.apply(Respond(entity="NBDS", accept=True))
    assert train in ams.trains and nbds.cash == 120 and game.acting_entity() == "AMS"


def test_R_8_4_2_treasury_shares_first_only_as_many_as_needed() -> None:
    """The director could pay the f60 but the treasury shares go first."""
    game = cleared()
    ams = float_company(game, "AMS", "p0", cash=20)
    move_shares(ams, "ipo", TREASURY, 3)
    game.player("p0").cash = 500
    operating_turn(game, "AMS", at=TrainBuyStep)
    game.apply(legal(game)[0])  # the compulsory "2" for f80
    assert len(ams.trains) == 1
    assert ams.shares_of(TREASURY) == 2 and ams.shares_of(POOL) == 1  # one sale covered it
    assert ams.cash == 20 + 67 - 80
    assert game.share_price(ams) == 61  # a normal sale: the price moved left one space
    assert game.player("p0").cash == 500  # no contribution was needed


def test_R_8_4_3_R_8_4_7_director_contributes_the_difference() -> None:
    game = cleared()
    ams = float_company(game, "AMS", "p0", cash=30)
    game.player("p0").cash = 100
    operating_turn(game, "AMS", at=TrainBuyStep)
    game.apply(legal(game)[0])
    assert len(ams.trains) == 1 and ams.cash == 0 and game.player("p0").cash == 50


def test_R_8_4_6_R_9_7_failed_compulsory_train_counts_as_bought() -> None:
    game = cleared()
    ams = float_company(game, "AMS", "p0", shares=2, cash=0)  # nothing it may sell
    game.player("p0").cash = 0
    game.depot.trains = [t for t in game.depot.trains if t.name != "2"]
    operating_turn(game, "AMS", at=TrainBuyStep)
    first = game.depot.available()[0]
    game.apply(legal(game)[0])
    assert legal(game) == [Bankrupt(entity="p0")]  # no director's certificate
    game.apply(Bankrupt(entity="p0"))
    assert game.player("p0").bankrupt and ams.closed
    assert first in game.depot.discarded and game.phase.name == "DY"
    # one more 2+1 and one of every second rank after it
    assert sum(1 for t in game.depot.trains if t.name == "2+1") == 2
    assert sum(1 for t in game.depot.trains if t.name == "3+") == 2


def test_R_8_4_6_director_sells_what_they_can_before_bankruptcy() -> None:
    """One NBDS share (f74) cannot cover the f80 train, yet it is sold first (R-8.4.6:
    bankrupt only after selling every legally sellable share)."""
    game = cleared()
    ams = float_company(game, "AMS", "p0", shares=2, cash=0)
    nbds = float_company(game, "NBDS", "p1", price=74, others={"p0": 1}, cash=0)
    game.player("p0").cash = 0
    operating_turn(game, "AMS", at=TrainBuyStep)
    game.apply(legal(game)[0])  # the compulsory "2" for f80
    assert {type(a) for a in legal(game)} == {SellShares, Concede}
    game.apply(SellShares(entity="p0", company="NBDS", count=1))
    assert game.player("p0").cash == 74 and nbds.shares_of("p0") == 0
    assert legal(game) == [Bankrupt(entity="p0")]
    game.apply(Bankrupt(entity="p0"))
    assert game.player("p0").bankrupt and ams.closed


# -- R-16.4 / R-17.3 ---------------------------------------------------------------------
def test_R_16_4_2_R_16_4_3_R_17_3_phase_change_then_discard_down() -> None:
    game = cleared()
    to_phase(game, "DBr")
    ams = float_company(game, "AMS", "p0", cash=1000)
    nbds = float_company(game, "NBDS", "p1", price=74)
    ncs = float_company(game, "NCS", "p2", price=67)  # at the new limit: keeps its trains
    spec = {t.name: t for t in game.config.trains}
    for company, names in ((ams, ("R4", "R4")), (nbds, ("R4", "R4+1", "R4+1")),
                           (ncs, ("R4", "R4+1"))):
        for i, name in enumerate(names):
            company.trains.append(Train(id=f"{company.id}-{i}", spec=spec[name], owner=company.id))
    game.depot.trains = [t for t in game.depot.trains if t.spec.group >= 9]
    operating_turn(game, "AMS", at=TrainBuyStep)
    pr2 = game.depot.available()[0]
    assert pr2.name == "PR2+"
    game.apply(BuyTrain(entity="AMS", train=pr2.id, price=240))  # 2 < 3 before the change
    assert game.phase.name == "LR" and len(ams.trains) == 3
    deciders = [d for d in game.pending if isinstance(d, DiscardDecider)]
    assert {d.company.id for d in deciders} == {"AMS", "NBDS"}  # limit 2 in light red
    while game.pending and isinstance(game.pending[-1], DiscardDecider):
        company = game.pending[-1].company
        game.apply(DiscardTrain(entity=company.id, train=company.trains[0].id))
    assert len(ams.trains) == 2 and len(nbds.trains) == 2 and len(ncs.trains) == 2
    assert game.acting_entity() == "AMS"  # step 4: the buyer goes on


# -- R-8.3.8 / R-8.3.9 / R-14.3.1 / R-14.3.11 -----------------------------------------------
def test_R_8_3_8_window_after_a_rusting_purchase_then_R_8_3_9_new_local() -> None:
    game = cleared()
    to_phase(game, "LG")
    update_private(game, "JJB", owner="p2", closed=False)
    ams = float_company(game, "AMS", "p0", cash=1000)
    nbds = float_company(game, "NBDS", "p1", price=82)
    give_train(game, ams, "3")
    give_train(game, nbds, "3")
    game.depot.trains = [t for t in game.depot.trains if t.spec.group >= 4]
    operating_turn(game, "AMS", at=TrainBuyStep)
    game.apply(BuyTrain(entity="AMS", train=game.depot.available()[0].id, price=180))
    assert game.phase.name == "DG" and game.privates["JJB"].closed
    game.apply(Pass(entity="AMS"))  # the turn ends: the window opens, in operating order
    assert isinstance(game.pending[-1], NationalisationWindow)
    assert game.acting_entity() == "NBDS"
    game.apply(Pass(entity="NBDS"))
    assert game.acting_entity() == "AMS"
    game.apply(Pass(entity="AMS"))
    # JJB's owner creates a Local at f25 with 40%
    assert isinstance(game.pending[-1], NewLocalDecider) and game.acting_entity() == "p2"
    par = next(a for a in legal(game) if isinstance(a, Par))
    assert par.price == 25
    game.apply(par)
    local = game.companies[par.company]
    assert local.shares_of("p2") == 4 and local.president == "p2" and not local.floated
    for _ in range(2):
        game.apply(next(a for a in legal(game) if isinstance(a, ReserveHome)))
    assert len(local.spec.home) == 2


def test_R_14_7_1_voluntary_nationalisation_in_the_window() -> None:
    game = cleared()
    ams = float_company(game, "AMS", "p0")
    give_train(game, ams)
    game.pending.append(NationalisationWindow(game, ["AMS"]))
    game.apply(Nationalise(entity="AMS", company="AMS"))
    assert ams.closed and "p0" in game.barred_from_par and not game.pending


def test_R_8_3_9_descending_face_value_and_f80_fallback() -> None:
    game = cleared()
    for private_id, owner in (("CO", "p1"), ("AV", "p2")):
        update_private(game, private_id, owner=owner)
    game.new_local_queue = ["CO", "AV"]
    resolve_new_locals(game)
    assert game.acting_entity() == "p2"  # AV (f240) before CO (f200)
    game.pending.clear()
    for local_id in [c for c in game.companies if c.startswith("L")]:
        game.companies[local_id].started = True
    cash = game.player("p1").cash
    game.new_local_queue = ["CO"]
    resolve_new_locals(game)
    assert not game.pending and game.player("p1").cash == cash + 80


def test_R_14_3_11_brown_private_closes_after_its_company_bought_a_train() -> None:
    game = cleared()
    brown, major = next(iter(game.brown_assignment.items()))
    update_private(game, brown, owner="p3", closed=False)
    company = float_company(game, major, "p3", cash=1000)
    operating_turn(game, major, at=TrainBuyStep)
    game.apply(legal(game)[0])  # its compulsory train
    assert not game.privates[brown].closed  # only once the turn is finished
    game.apply(Pass(entity=major))
    assert company.trains and game.privates[brown].closed
    assert game.acting_entity() == "p3"  # the new-Local power


def test_R_8_3_9_second_owner_decides_after_the_first_local_is_made() -> None:
    """Two queued privates and one Local left: AV's owner takes it, then CO's owner gets f80
    (found by greedy-bot games: both used to be asked at once and the second had no choice)."""
    game = cleared()
    for private_id, owner in (("CO", "p1"), ("AV", "p2")):
        update_private(game, private_id, owner=owner)
    for local_id in ("L2", "L3", "L4", "L5", "L6", "L7", "L8"):
        game.companies[local_id].started = True
    game.new_local_queue = ["CO", "AV"]
    resolve_new_locals(game)
    assert len(game.pending) == 1 and game.acting_entity() == "p2"
    cash = game.player("p1").cash
    refresh(game)
    game.apply(Par(entity="p2", company="L1", price=25))
    for _ in range(2):
        game.apply(next(a for a in legal(game) if isinstance(a, ReserveHome)))
    assert not game.pending and game.player("p1").cash == cash + 80


def test_R_8_3_D_2_refused_train_is_not_offered_for_again_this_turn() -> None:
    game, _, nbds = _ams_and_nbds_with_trains("p1")
    train = nbds.trains[0]
    game.apply(OfferTrain(entity="AMS", train=train.id, price=10))
    game.apply(Respond(entity="NBDS", accept=False))
    assert train in nbds.trains and game.acting_entity() == "AMS"
    assert not any(isinstance(a, OfferTrain) for a in legal(game))


def test_R_9_1_director_concedes_during_the_companys_turn() -> None:
    game, ams, _ = _ams_and_nbds_with_trains("p1", ams_cash=500, nbds_cash=500)
    game.apply(Concede(entity="AMS"))
    assert game.player("p0").bankrupt and ams.closed
    assert game.round.company is not ams  # type: ignore[union-attr]  # its turn is over
    assert game.acting_entity() == "NBDS"


def test_R_8_4_2_treasury_shares_sold_one_at_a_time_at_the_moving_price() -> None:
    """Two shares are needed: each sells at the sale price of the moment, the price moving
    left one space after each (the core's ``treasury_share_by_share``)."""
    game = cleared()
    ams = float_company(game, "AMS", "p0", cash=0)
    move_shares(ams, "ipo", TREASURY, 3)
    game.player("p0").cash = 500
    operating_turn(game, "AMS", at=TrainBuyStep)
    first = sale_price(game, ams)
    market = game.market_of(ams)
    two_left = market.neighbour(market.neighbour(market.positions["AMS"], "left"), "left")
    game.apply(legal(game)[0])  # the compulsory "2" for f80
    sales = [e for e in game.events_since(0) if e.kind == "emergency_sale"]
    assert [e.data["price"] for e in sales][:1] == [first] and len(sales) == 2
    assert sales[1].data["price"] < first  # sold after the first sale's move left
    assert ams.shares_of(TREASURY) == 1 and ams.shares_of(POOL) == 2
    assert ams.cash == sum(e.data["price"] for e in sales) - 80
    assert market.positions["AMS"] == two_left
