"""R-8.3 turn steps (track, station, pay or withhold, buy trains), R-8.3.C dividends,
R-8.3.D.4 / R-16.4.1 train limits, R-8.4.1 emergency triggers and R-16.5.3 permanent
trains: one test (or a few) per rule ID of /work/shared/facts/1839.md (authority
rules/1839/rules.md), driven through ``game.apply`` on built positions."""

from __future__ import annotations

from typing import Any

import pytest
from conftest_map import lay
from m1839_helpers import finish_auction
from m1839_positions import (
    clear_holdings,
    float_company,
    give_train,
    operating_turn,
    refresh,
    to_phase,
)

from railhouse.engine.actions import (
    Action,
    BuyShares,
    BuyTrain,
    DiscardTrain,
    Dividend,
    LayTile,
    OfferTrain,
    Pass,
    PlaceToken,
    Respond,
)
from railhouse.engine.entities import IPO, POOL, TREASURY, Company, Train
from railhouse.engine.errors import IllegalAction
from railhouse.engine.invariants import check_invariants
from railhouse.engine.phases import DiscardDecider
from railhouse.engine.privates import update_private
from railhouse.engine.rounds.base import Step
from railhouse.engine.shares import move_shares, start_company
from railhouse.engine.tokendeals import SwapStation
from railhouse_m1839.game import M1839, new_game
from railhouse_m1839.homes import float_fee, set_homes
from railhouse_m1839.money import RaiseDecider
from railhouse_m1839.operating import M1839OperatingRound
from railhouse_m1839.routing import RouteStep
from railhouse_m1839.stations import StationStep
from railhouse_m1839.stock import M1839StockRound
from railhouse_m1839.track import TrackStep
from railhouse_m1839.turnsteps import DividendStep, FirstTrainStep, TrainBuyStep


# -- positions ------------------------------------------------------------------------------
def _game(**options: object) -> M1839:
    """Four players after the seed-1 auction, every company back in the IPO."""
    game = new_game([f"P{i}" for i in range(4)], dict(options) or None, 1)
    finish_auction(game, 1)
    return clear_holdings(game)


def _balance(game: M1839) -> None:
    """Cash set by hand came from the (unlimited) bank: keep the total money constant."""
    others = sum(p.cash for p in game.seats) + sum(c.cash for c in game.companies.values())
    game.bank.cash = game.total_money - others
    refresh(game)


def _legal(game: M1839) -> list[Action]:
    return [c.action for c in game.legal_actions()]


def _step(game: M1839) -> object:
    """The step the operating company's turn waits at now."""
    game.legal_actions()
    return game.round.current_step()  # type: ignore[union-attr]


def _depot_buys(game: M1839) -> list[BuyTrain]:
    return [a for a in _legal(game) if isinstance(a, BuyTrain) and a.source == "depot"]


def _trains(game: M1839, company: Company, *names: str) -> None:
    """Hand ``company`` new trains of ``names`` (outside the supply, for limit positions)."""
    specs = {s.name: s for s in game.config.trains}
    for name in names:
        tid = f"{company.id}-{name}-{len(company.trains)}"
        company.trains.append(Train(id=tid, spec=specs[name], owner=company.id))


def _mss_line(game: M1839, cash: int = 500) -> tuple[Company, Company]:
    """MSS (director p0; p1 holds two shares) has operated, with markers at Eindhoven K12
    and B19 and track from K12 west to Tilburg K10 and south-east to L13; NBDS (director
    p1) has operated, with a marker at K8 (so L13 is no longer reserved for it)."""
    mss = float_company(game, "MSS", "p0", cash=cash, others={"p1": 2})
    nbds = float_company(game, "NBDS", "p1", price=74, cash=300)
    mss.operated_count = nbds.operated_count = 1
    lay(game.board, ("K12", "6", 5), ("K10", "57", 1), ("L13", "57", 2))
    game.board.place_token("K12", 0, "MSS")
    game.board.place_token("B19", 0, "MSS")
    game.board.place_token("K8", 0, "NBDS")
    _balance(game)
    return mss, nbds


def _operate_from(game: M1839, company_id: str, at: type[Step[Any]]) -> None:
    """``company_id``'s turn from step ``at`` on, to its first decision (the steps that
    need none, e.g. running the trains, play themselves)."""
    operating_turn(game, company_id, at=at)
    game.round.advance()  # type: ignore[union-attr]
    refresh(game)


def _at_dividend(game: M1839, company_id: str, revenue: int) -> None:
    """``company_id``'s turn waits at its pay-or-withhold step with ``revenue`` run."""
    operating_turn(game, company_id, at=DividendStep)
    game.round.turn.revenue = revenue  # type: ignore[union-attr]
    refresh(game)


# -- build track (optional) ---------------------------------------------------------
def test_R_8_3_3_track_step_can_be_passed_before_or_after_a_lay() -> None:
    game = _game()
    mss, _ = _mss_line(game)
    tiles = dict(game.board.tiles)
    operating_turn(game, "MSS", at=TrackStep)
    legal = _legal(game)
    assert any(isinstance(a, LayTile) for a in legal) and Pass(entity="MSS") in legal
    game.apply(Pass(entity="MSS"))  # no tile at all
    assert dict(game.board.tiles) == tiles and mss.cash == 500
    assert isinstance(_step(game), StationStep)
    # after one lay the second is optional too
    game = _game()
    mss, _ = _mss_line(game)
    operating_turn(game, "MSS", at=TrackStep)
    first = next(a for a in _legal(game) if isinstance(a, LayTile) and a.hex == "B19")
    game.apply(first)
    assert isinstance(_step(game), TrackStep)
    assert Pass(entity="MSS") in _legal(game)
    game.apply(Pass(entity="MSS"))
    assert isinstance(_step(game), StationStep)
    check_invariants(game)


# -- one station marker or one swap (optional) --------------------------------------
def _at_station(game: M1839) -> tuple[Company, Company]:
    mss, nbds = _mss_line(game)
    operating_turn(game, "MSS", at=StationStep)
    legal = _legal(game)
    assert {(a.hex, a.city) for a in legal if isinstance(a, PlaceToken)} == {("K10", 0),
                                                                            ("L13", 0)}
    return mss, nbds


def test_R_8_3_4_one_marker_placement_ends_the_station_step() -> None:
    game = _game()
    mss, _ = _at_station(game)
    game.apply(PlaceToken(entity="MSS", hex="K10", city=0))
    assert game.board.city_tokens("K10", 0) == ["MSS"] and mss.cash == 500 - 80
    legal = _legal(game)  # L13 would still be connected, empty and affordable
    assert not any(isinstance(a, (PlaceToken, SwapStation)) for a in legal)
    with pytest.raises(IllegalAction):
        game.apply(PlaceToken(entity="MSS", hex="L13", city=0))
    assert game.board.city_tokens("L13", 0) == [] and mss.cash == 420
    check_invariants(game)


def test_R_8_3_4_a_swap_is_the_turns_station_action_a_refused_one_is_not() -> None:
    game = _game()
    mss, _ = _at_station(game)
    swap = SwapStation(entity="MSS", hex="B19", city=0, other="NBDS", other_hex="K8",
                       other_city=0)
    assert swap in _legal(game)
    game.apply(swap)
    game.apply(Respond(entity="NBDS", accept=False))  # refused: nothing was done
    assert any(isinstance(a, PlaceToken) for a in _legal(game)) and mss.cash == 500
    other = SwapStation(entity="MSS", hex="K12", city=0, other="NBDS", other_hex="K8",
                        other_city=0)
    game.apply(other)
    game.apply(Respond(entity="NBDS", accept=True))
    assert game.board.city_tokens("K8", 0) == ["MSS"] and mss.cash == 420
    assert not any(isinstance(a, (PlaceToken, SwapStation)) for a in _legal(game))
    with pytest.raises(IllegalAction):
        game.apply(PlaceToken(entity="MSS", hex="K10", city=0))
    check_invariants(game)


def test_R_8_3_4_station_step_can_be_passed() -> None:
    game = _game()
    mss, _ = _at_station(game)
    markers = game.board.company_cities("MSS")
    game.apply(Pass(entity="MSS"))
    assert game.board.company_cities("MSS") == markers and mss.cash == 500
    assert not isinstance(_step(game), StationStep)


# -- pay or withhold ----------------------------------------------------------------
def test_R_8_3_6_after_the_run_the_director_must_pay_or_withhold_before_buying() -> None:
    """The run (a 2 train K10-K12, f40) is followed by a decision that cannot be skipped;
    the withheld money is in the treasury for the buy step of the same turn."""
    game = _game()
    mss, _ = _mss_line(game, cash=50)
    give_train(game, mss)
    _balance(game)
    _operate_from(game, "MSS", RouteStep)
    assert isinstance(_step(game), DividendStep)
    assert game.round.turn.revenue == 40  # type: ignore[union-attr]
    legal = _legal(game)
    assert {a.kind for a in legal if isinstance(a, Dividend)} == {"half", "withhold"}
    assert Pass(entity="MSS") not in legal and not _depot_buys(game)
    with pytest.raises(IllegalAction):
        game.apply(Pass(entity="MSS"))
    game.apply(Dividend(entity="MSS", kind="withhold"))
    assert mss.cash == 90 and isinstance(_step(game), TrainBuyStep)
    assert [a.price for a in _depot_buys(game)] == [80] * len(_depot_buys(game))
    game.apply(_depot_buys(game)[0])
    assert len(mss.trains) == 2 and mss.cash == 10
    check_invariants(game)


# -- buying trains: compulsory only without a train ---------------------------------
def test_R_8_3_7_with_a_train_the_buy_step_can_be_passed() -> None:
    game = _game()
    ams = float_company(game, "AMS", "p0", cash=1000)
    give_train(game, ams)
    _balance(game)
    operating_turn(game, "AMS", at=TrainBuyStep)
    assert _depot_buys(game) and Pass(entity="AMS") in _legal(game)
    game.apply(Pass(entity="AMS"))
    assert len(ams.trains) == 1 and ams.cash == 1000
    assert getattr(game.round, "company", None) is not ams  # its turn is over


def test_R_8_3_7_without_a_train_the_buy_step_cannot_be_passed() -> None:
    game = _game()
    ams = float_company(game, "AMS", "p0", cash=1000)
    _balance(game)
    operating_turn(game, "AMS", at=TrainBuyStep)
    assert Pass(entity="AMS") not in _legal(game)
    with pytest.raises(IllegalAction):
        game.apply(Pass(entity="AMS"))
    game.apply(_depot_buys(game)[0])
    assert len(ams.trains) == 1  # now it may stop (or buy more, R-8.3.D.6)
    assert Pass(entity="AMS") in _legal(game) and _depot_buys(game)
    game.apply(Pass(entity="AMS"))
    assert getattr(game.round, "company", None) is not ams
    check_invariants(game)


def test_R_8_3_7_R_16_5_2_train_lost_in_the_run_makes_the_purchase_compulsory() -> None:
    """An R5 that has not run when light red begins runs once, then leaves (R-16.5.2): in
    the buy step of that same turn the company owns no train and may not pass."""
    game = _game()
    mss, _ = _mss_line(game, cash=1000)
    give_train(game, mss, "R5")
    to_phase(game, "LR")
    assert mss.trains and mss.trains[0].rusted  # waiting for its run
    _balance(game)
    _operate_from(game, "MSS", RouteStep)
    assert game.round.turn.revenue > 0  # type: ignore[union-attr]  # the R5 ran
    game.apply(Dividend(entity="MSS", kind="withhold"))
    assert mss.trains == [] and Pass(entity="MSS") not in _legal(game)
    assert [a.price for a in _depot_buys(game)] == [240]  # the next PR2+ only
    with pytest.raises(IllegalAction):
        game.apply(Pass(entity="MSS"))


# -- .C dividends -------------------------------------------------------------------------
EARLY = ("LY", "DY", "LG", "DG")
LATE = ("BL", "LBr", "MBr", "DBr", "LR", "DR", "GR", "PU")


def test_R_8_3_C_1_half_or_withhold_before_blue_full_or_withhold_from_blue() -> None:
    game = _game()
    float_company(game, "AMS", "p0", cash=0)
    _balance(game)
    for phase in (*EARLY, *LATE):
        to_phase(game, phase)
        _at_dividend(game, "AMS", 100)
        kinds = {a.kind for a in _legal(game) if isinstance(a, Dividend)}
        allowed, barred = (("half", "payout") if phase in EARLY else ("payout", "half"))
        assert kinds == {allowed, "withhold"}, phase
        with pytest.raises(IllegalAction):
            game.apply(Dividend(entity="AMS", kind=barred))
        assert game.round.turn.revenue == 100  # type: ignore[union-attr]  # nothing paid
    check_invariants(game)


def test_R_8_3_C_2_withhold_puts_the_whole_revenue_in_the_treasury() -> None:
    game = _game()
    ams = float_company(game, "AMS", "p0", cash=100, others={"p1": 2})
    move_shares(ams, IPO, POOL, 1)
    move_shares(ams, IPO, TREASURY, 1)
    give_train(game, ams)
    _balance(game)
    players = [p.cash for p in game.seats]
    bank = game.bank.cash
    for phase, revenue in (("LY", 130), ("BL", 250)):
        to_phase(game, phase)
        _at_dividend(game, "AMS", revenue)
        before = ams.cash
        game.apply(Dividend(entity="AMS", kind="withhold"))
        assert ams.cash == before + revenue and bank - game.bank.cash == revenue
        assert [p.cash for p in game.seats] == players  # shareholders get nothing
        bank = game.bank.cash
    check_invariants(game)


@pytest.mark.parametrize(("phase", "kind", "revenue", "after"), [
    ("LY", "half", 130, 74),      # 7 a share: 70 >= 67 (half the revenue, 65, would fall)
    ("LY", "half", 260, 74),      # 13 a share: 130 < 134 (the revenue, 260, would be two)
    ("BL", "payout", 140, 82),    # 14 a share: 140 >= 2 x 67 (players got only 84)
    ("BL", "payout", 60, 61),     # 60 < 67
    ("BL", "withhold", 300, 61),  # withheld: 0 (one step only: the company has a train)
])  # fmt: skip
def test_R_8_3_C_5_total_dividend_is_per_share_times_ten(phase: str, kind: str, revenue: int,
                                                         after: int) -> None:
    """A-11: the total that moves the price is the dividend per share x 10 (full: the
    revenue, half: 10 x ceil(revenue / 20), withhold: 0), whoever holds the shares."""
    game = _game()
    ams = float_company(game, "AMS", "p0", price=67, cash=0, others={"p1": 2})
    to_phase(game, phase)
    give_train(game, ams)
    _balance(game)
    _at_dividend(game, "AMS", revenue)
    game.apply(Dividend(entity="AMS", kind=kind))
    assert game.share_price(ams) == after
    check_invariants(game)


# -- .D.4 / R-16.4 train limits ------------------------------------------------------------
def test_R_8_3_D_4_limit_before_the_phase_change_then_discard_to_the_new_one() -> None:
    """Dark brown, limit 3: a company at 3 may not buy the first PR2+; one at 2 may (the
    limit before light red counts), then light red's limit 2 applies to every company: each
    one over it discards trains of its director's choice, the new train included."""
    game = _game()
    to_phase(game, "DBr")
    game.depot.trains = [t for t in game.depot.trains if t.name != "R4"]
    ams = float_company(game, "AMS", "p0", cash=2000)
    nbds = float_company(game, "NBDS", "p1", price=74, cash=2000)
    _trains(game, ams, "R4", "R4+1", "R4+1")
    _trains(game, nbds, "R4", "R4+1")
    _balance(game)
    operating_turn(game, "AMS", at=TrainBuyStep)
    assert not _depot_buys(game) and Pass(entity="AMS") in _legal(game)
    pr2 = game.depot.available()[0]
    with pytest.raises(IllegalAction):
        game.apply(BuyTrain(entity="AMS", train=pr2.id, price=240))
    operating_turn(game, "NBDS", at=TrainBuyStep)
    game.apply(BuyTrain(entity="NBDS", train=pr2.id, price=240))
    assert game.phase.name == "LR" and len(nbds.trains) == 3 and pr2 in nbds.trains
    deciders = {d.company.id: d for d in game.pending if isinstance(d, DiscardDecider)}
    assert set(deciders) == {"AMS", "NBDS"}
    choices = [a.action for a in deciders["NBDS"].legal_actions()]
    assert {a.train for a in choices if isinstance(a, DiscardTrain)} == {
        t.id for t in nbds.trains}
    while game.pending and isinstance(game.pending[-1], DiscardDecider):
        company = game.pending[-1].company
        choice = pr2 if pr2 in company.trains else company.trains[0]
        game.apply(DiscardTrain(entity=company.id, train=choice.id))
    assert [t.name for t in nbds.trains] == ["R4", "R4+1"]  # it chose to drop the new one
    assert len(ams.trains) == 2 and pr2 in game.depot.discarded
    assert pr2 not in game.depot.trains  # discarded from the game, not back to the supply
    assert game.acting_entity() == "NBDS"
    check_invariants(game)


LIMITS = [(p, 2, 3) for p in ("LY", "DY", "LG", "DG", "BL", "LBr", "MBr", "DBr")]
LIMITS += [("LR", 2, 2), ("LR", 3, 3), ("DR", 2, 2), ("DR", 3, 2), ("GR", 2, 2), ("PU", 2, 2),
           ("GR", 3, 2), ("PU", 3, 2)]


@pytest.mark.parametrize(("phase", "option", "limit"), LIMITS)
def test_R_16_4_1_A_02_train_limit_by_phase(phase: str, option: int, limit: int) -> None:
    """3 up to dark brown, 2 from dark red; light red per ``light_red_train_limit`` (A-02):
    a company one below may buy (from the supply or another company), one at it may not."""
    game = _game(light_red_train_limit=option)
    to_phase(game, phase)
    ams = float_company(game, "AMS", "p0", cash=5000)
    nbds = float_company(game, "NBDS", "p0", price=74)
    _trains(game, nbds, "4")
    _trains(game, ams, *["4"] * (limit - 1))
    _balance(game)
    operating_turn(game, "AMS", at=TrainBuyStep)
    assert _depot_buys(game)
    assert BuyTrain(entity="AMS", train=nbds.trains[0].id, price=1, source="NBDS") in _legal(
        game)
    _trains(game, ams, "4")
    refresh(game)
    assert not [a for a in _legal(game) if isinstance(a, (BuyTrain, OfferTrain))]
    train = game.depot.available()[0]
    with pytest.raises(IllegalAction):
        game.apply(BuyTrain(entity="AMS", train=train.id, price=train.spec.price))


@pytest.mark.parametrize(("option", "kept"), [(2, 2), (3, 3)])
def test_R_16_4_1_A_02_entering_light_red_discards_only_with_limit_2(option: int,
                                                                    kept: int) -> None:
    game = _game(light_red_train_limit=option)
    to_phase(game, "DBr")
    game.depot.trains = [t for t in game.depot.trains if t.name != "R4"]
    ams = float_company(game, "AMS", "p0", cash=2000)
    _trains(game, ams, "R4", "R4+1")
    _balance(game)
    operating_turn(game, "AMS", at=TrainBuyStep)
    game.apply(_depot_buys(game)[0])  # the first PR2+
    assert game.phase.name == "LR"
    assert any(isinstance(d, DiscardDecider) for d in game.pending) == (kept == 2)
    if kept == 2:
        game.apply(DiscardTrain(entity="AMS", train=ams.trains[0].id))
    assert len(ams.trains) == kept and game.acting_entity() == "AMS"


# -- emergency money raising: exactly these triggers ----------------------------------
@pytest.mark.parametrize("step", ["first_train", "trainless"])
def test_R_8_4_1_a_compulsory_supply_train_raises_money(step: str) -> None:
    """A Major's first train (R-8.3.2) and a trainless company's train (R-8.3.D.6) are
    bought although the treasury is short: its treasury shares go first, then the director
    pays the rest."""
    game = _game()
    ams = float_company(game, "AMS", "p0", cash=0, operated=step == "trainless")
    move_shares(ams, IPO, TREASURY, 1)
    director = game.player("p0").cash = 400
    _balance(game)
    if step == "first_train":
        _operate_from(game, "AMS", FirstTrainStep)
    else:
        operating_turn(game, "AMS", at=TrainBuyStep)
        assert _depot_buys(game) == [BuyTrain(entity="AMS", train=game.depot.available()[0].id,
                                              price=80)]
        game.apply(_depot_buys(game)[0])
    assert [t.name for t in ams.trains] == ["2"]
    assert ams.shares_of(TREASURY) == 0 and ams.shares_of(POOL) == 1
    sold_for = 61 if step == "first_train" else 67  # before its first OR, one less
    assert ams.cash == 0 and game.player("p0").cash == director - (80 - sold_for)
    check_invariants(game)


def test_R_8_4_1_local_float_fee_and_RH_charge_raise_money() -> None:
    game = _game()
    assert isinstance(game.round, M1839StockRound)
    me = game.acting_entity()
    assert me is not None
    local = game.companies["L1"]
    start_company(game, local, me, 20)
    set_homes(game, "L1", ("G10", "G16"))
    game.market_of(local).remove("L1")
    game.market_of(local).place_at_price("L1", 10)
    assert float_fee(game, "L1") == 120  # more than its capital of f100
    while local.percent_of(IPO) > 50:
        move_shares(local, IPO, "p2", 1)
    _balance(game)
    cash = game.player(me).cash
    game.apply(BuyShares(entity=me, company="L1", source=IPO))  # floats it
    assert local.floated and local.cash == 0
    assert game.player(me).cash == cash - 10 - 20  # the share, then the missing f20
    # the RH charge: its owner, short of cash, must sell
    update_private(game, "RH", owner="p3", closed=False)
    float_company(game, "AMS", "p0", others={"p3": 2})
    game.player("p3").cash = 30
    _balance(game)
    M1839OperatingRound(game, 1, 1).charge_rh()
    decider = game.pending[-1]
    assert isinstance(decider, RaiseDecider) and decider.president == "p3" and decider.need == 100


def test_R_8_4_1_nothing_else_raises_money() -> None:
    """A company that owns a train buys more only from its treasury, and a station marker
    is only offered when the treasury holds the f80: no sale, no director's money."""
    game = _game()
    mss, _ = _mss_line(game, cash=70)
    move_shares(mss, IPO, TREASURY, 2)
    give_train(game, mss)
    _balance(game)
    director = game.player("p0").cash
    _operate_from(game, "MSS", StationStep)
    assert not isinstance(_step(game), StationStep)
    operating_turn(game, "MSS", at=TrainBuyStep)
    assert not _depot_buys(game) and _legal(game)[0] == Pass(entity="MSS")
    train = game.depot.available()[0]
    with pytest.raises(IllegalAction):
        game.apply(BuyTrain(entity="MSS", train=train.id, price=80))
    assert not any(isinstance(d, RaiseDecider) for d in game.pending)
    assert mss.shares_of(TREASURY) == 2 and mss.cash == 70
    assert game.player("p0").cash == director and len(mss.trains) == 1


# -- gray and purple never rust ------------------------------------------------------
def test_R_16_5_3_gray_4_and_purple_7_never_rust() -> None:
    """AMS buys the first gray 4; the other gray 4s, then purple 7s (the first one starts
    purple, rusting the light and dark red trains; 7s are unlimited, so a few more) are
    bought by the others; AMS's 4 and 7 stay, also after running."""
    game = _game()
    to_phase(game, "DR")
    buyers = {cid: float_company(game, cid, f"p{i % 4}", price=p, cash=3000)
              for i, (cid, p) in enumerate((("AMS", 67), ("NBDS", 74), ("NCS", 82),
                                            ("MSS", 91), ("ZHESM", 101)))}
    _trains(game, buyers["MSS"], "PR3+1")
    game.depot.trains = [t for t in game.depot.trains if t.name in ("4", "7")]
    _balance(game)
    ams = buyers["AMS"]

    def buy(company_id: str) -> Train:
        operating_turn(game, company_id, at=TrainBuyStep)
        train = game.depot.available()[0]
        game.apply(BuyTrain(entity=company_id, train=train.id, price=train.spec.price))
        game.pending.clear()  # no nationalisation window or discards in this test
        return game.companies[company_id].trains[-1]  # (a 7 is minted when bought)

    four = buy("AMS")
    assert four.name == "4" and game.phase.name == "GR"
    for company_id in ("NBDS", "NBDS", "NCS"):
        assert buy(company_id).name == "4"
    assert not [t for t in game.depot.trains if t.name == "4"]
    seven = buy("AMS")
    assert seven.name == "7" and game.phase.name == "PU"
    assert not buyers["MSS"].trains[0].ran and buyers["MSS"].trains[0].rusted  # PR3+1 goes
    for company_id in ("NCS", "MSS", "ZHESM", "ZHESM"):
        assert buy(company_id).name == "7"
    assert ams.trains == [four, seven] and not four.rusted and not seven.rusted
    ams.trains[:] = [train.having_run() for train in ams.trains]
    _operate_from(game, "AMS", RouteStep)  # run, rust-after-run, dividend, buy
    assert ams.trains == [four, seven]
    assert four.spec.rusts_on is None and seven.spec.rusts_on is None
