"""R-14 rule IDs for privates and Locals (digest /work/shared/facts/1839.md, authority
rules/1839/rules.md §14): R-14.2.2, R-14.3.1, R-14.3.9, R-14.3.10, R-14.3.12 and the
Local/Major differences of R-14.4, one test per difference.  Positions are built by hand
where playing there would be impractical; the rule itself is then driven through
``game.legal_actions()`` / ``game.apply()`` and the round machine."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest_map import lay
from m1839_positions import (
    after_auction,
    clear_holdings,
    float_company,
    give_train,
    operating_turn,
    refresh,
    to_phase,
)

from railhouse.engine.actions import (
    Action,
    BuyPrivate,
    BuyShares,
    BuyTrain,
    Discount,
    LayTile,
    OfferPrivate,
    Par,
    Pass,
    PlaceToken,
    SellShares,
)
from railhouse.engine.entities import IPO, Company
from railhouse.engine.errors import IllegalAction
from railhouse.engine.rounds.base import Step
from railhouse_m1839.actions import GiveDruTrain, Nationalise, ReserveHome
from railhouse_m1839.closures import NewLocalDecider, start_company
from railhouse_m1839.data import LOCAL_IDS, PHASE_IDS
from railhouse_m1839.game import M1839
from railhouse_m1839.homes import CITY_HEXES, set_homes
from railhouse_m1839.kabinet import MoveStation
from railhouse_m1839.money import RaiseDecider
from railhouse_m1839.operating import M1839OperatingRound, NationalisationWindow
from railhouse_m1839.routing import RouteStep
from railhouse_m1839.stations import StationStep
from railhouse_m1839.stock import M1839StockRound
from railhouse_m1839.track import TrackStep
from railhouse_m1839.turnsteps import TrainBuyStep

GREEN = {"LVG", "SRV"}
NO_USE = ("LP", "JJB", "KF", "CM", "STK", "CO", "AB", "AV", "RH")  # R-14.3.12 "None"
SR_PLAYER = "p1"  # the first player of the SR in the seed-1, 4-player position


# -- positions -------------------------------------------------------------------------------
def _clean(players: int = 4) -> M1839:
    """After the auction (SR 1, ``SR_PLAYER`` to act) with nobody holding anything."""
    game: M1839 = after_auction(players, seed=1)
    return clear_holdings(game)


def _own(game: M1839, private_id: str, owner: str) -> None:
    """``owner`` (a player or a company) holds the open private."""
    private = game.privates[private_id]
    private.owner, private.closed = owner, False
    if owner in game.companies:
        game.companies[owner].privates.append(private_id)


def _to_rank(game: M1839, phase: str) -> None:
    """The phase ``phase`` is on; the supply's next train is the first of the next rank."""
    to_phase(game, phase)
    rank = PHASE_IDS.index(phase) + 2
    game.depot.trains = [t for t in game.depot.trains if t.spec.group >= rank]


def _buy_next_train(game: M1839, company_id: str) -> None:
    """``company_id`` (waiting at its train step) buys the next supply train via apply."""
    train = game.depot.available()[0]
    game.apply(BuyTrain(entity=company_id, train=train.id, price=train.spec.price))


def _finish_turn(game: M1839, company_id: str) -> None:
    """``company_id`` passes until its turn is over (and any window it opens)."""
    while game.acting_entity() == company_id:
        game.apply(Pass(entity=company_id))


def _pass_sr(game: M1839) -> None:
    """Everybody passes until the stock round is over and the next OR has started (an OR
    in which no company operates ends at once: the game then waits in the next SR)."""
    ors = game.ors_played
    for _ in range(20):
        if game.ors_played > ors or game.pending:
            return
        assert isinstance(game.round, M1839StockRound)
        who = game.acting_entity()
        assert who is not None
        game.apply(Pass(entity=who))
    raise AssertionError("the stock round did not end")


def _legal(game: M1839) -> list[Action]:
    return [c.action for c in game.legal_actions()]


def _mss(game: M1839, director: str = SR_PLAYER, cash: int = 1000) -> Company:
    """MSS floated, operated once, markers at Eindhoven K12 and Groningen B19, track from
    K12 west to Tilburg K10 and south-east to Weert L13, one train."""
    mss = float_company(game, "MSS", director, cash=cash)
    mss.operated_count = 1
    game.board.place_token("K12", 0, "MSS")
    game.board.place_token("B19", 0, "MSS")
    lay(game.board, ("K12", "6", 5), ("K10", "57", 1), ("L13", "57", 2))
    give_train(game, mss)
    return mss


# -- R-14.2.2 ----------------------------------------------------------------------------
@pytest.mark.parametrize("phase", PHASE_IDS)
def test_R_14_2_2_only_green_privates_are_sold_to_companies_from_light_green(
        phase: str) -> None:
    """Every private open and held by a player (half by the operating company's director,
    half by another player): the company is offered LVG and SRV from light green on, and a
    yellow, blue, brown or red private never, in any phase."""
    game = _clean()
    to_phase(game, phase)
    float_company(game, "AMS", "p0", cash=1000)
    for i, private_id in enumerate(game.privates):
        _own(game, private_id, ("p0", "p1")[i % 2])
    operating_turn(game, "AMS", at=TrainBuyStep)
    offered = {a.target for a in _legal(game) if isinstance(a, BuyPrivate | OfferPrivate)}
    light_green = PHASE_IDS.index(phase) >= PHASE_IDS.index("LG")
    assert offered == (GREEN if light_green else set())
    for private_id in set(game.privates) - GREEN:
        owner = game.privates[private_id].owner
        kind = BuyPrivate if owner == "p0" else OfferPrivate
        with pytest.raises(IllegalAction):
            game.apply(kind(entity="AMS", target=private_id, price=1))
    assert all(game.privates[p].owner in ("p0", "p1") for p in game.privates)


# -- R-14.3.1 ----------------------------------------------------------------------------
def _lp_closing(owner: str = "p2") -> M1839:
    """LP held by ``owner``; AMS (p0) waits at its train step with the first 2+1 next."""
    game = _clean()
    ams = float_company(game, "AMS", "p0", cash=1000)
    give_train(game, ams, "2")
    _to_rank(game, "LY")
    _own(game, "LP", owner)
    operating_turn(game, "AMS", at=TrainBuyStep)
    return game


def test_R_14_3_1_the_new_local_comes_only_after_the_buyers_turn() -> None:
    game = _lp_closing()
    _buy_next_train(game, "AMS")  # the first 2+1: dark yellow, LP closes at once
    assert game.phase.name == "DY" and game.privates["LP"].closed
    assert game.acting_entity() == "AMS"  # the buyer's turn goes on first
    assert not any(isinstance(d, NewLocalDecider) for d in game.pending)
    game.apply(Pass(entity="AMS"))
    assert isinstance(game.pending[-1], NewLocalDecider) and game.acting_entity() == "p2"


def test_R_14_3_1_owner_takes_forty_percent_of_an_unparred_local_free_at_f25() -> None:
    game = _lp_closing()
    _buy_next_train(game, "AMS")
    game.apply(Pass(entity="AMS"))
    pars = [a for a in _legal(game) if isinstance(a, Par)]
    assert {a.company for a in pars} == set(LOCAL_IDS) and {a.price for a in pars} == {25}
    with pytest.raises(IllegalAction):  # not one of the stock round's pars
        game.apply(Par(entity="p2", company="L3", price=20))
    with pytest.raises(IllegalAction):  # a Spoorwegmaatschappij is not a choice
        game.apply(Par(entity="p2", company="NCS", price=25))
    cash, bank = game.player("p2").cash, game.bank.cash
    game.apply(Par(entity="p2", company="L3", price=25))
    local = game.companies["L3"]
    assert local.president == "p2" and local.percent_of("p2") == 40
    assert game.player("p2").cash == cash and game.bank.cash == bank  # free
    assert game.market_of(local).spec.id == "local" and game.share_price(local) == 25
    assert not local.floated and local.percent_of(IPO) == 60  # floats later


def test_R_14_3_1_homes_are_chosen_under_R_7_5_5() -> None:
    game = _lp_closing()
    _buy_next_train(game, "AMS")
    game.apply(Pass(entity="AMS"))
    game.apply(Par(entity="p2", company="L3", price=25))
    first = {a.hex for a in _legal(game) if isinstance(a, ReserveHome)}
    assert "J7" in first and "K10" in first  # Rotterdam (a big city), Tilburg
    assert "K12" not in first  # MSS's home
    game.apply(ReserveHome(entity="p2", company="L3", hex="J7"))
    second = {a.hex for a in _legal(game) if isinstance(a, ReserveHome)}
    assert "K10" in second and "J7" not in second
    assert all(CITY_HEXES[h][0] == "city" for h in second)  # at most one big city / OO
    game.apply(ReserveHome(entity="p2", company="L3", hex="K10"))
    assert game.companies["L3"].spec.home == ("J7", "K10")
    assert {r.hex for r in game.board.reservations if r.company == "L3"} == {"J7", "K10"}
    assert not any(isinstance(d, NewLocalDecider) for d in game.pending)


def test_R_14_3_1_f25_whatever_stands_there_already() -> None:
    """Two Locals already at f25 do not make the price unavailable."""
    game = _lp_closing()
    for local_id, director in (("L1", "p1"), ("L2", "p3")):
        float_company(game, local_id, director, price=25)
    _buy_next_train(game, "AMS")
    game.apply(Pass(entity="AMS"))
    pars = [a for a in _legal(game) if isinstance(a, Par)]
    assert {a.company for a in pars} == set(LOCAL_IDS) - {"L1", "L2"}
    assert {a.price for a in pars} == {25}


def test_R_14_3_1_f80_when_no_local_is_unparred() -> None:
    game = _lp_closing()
    for local_id in LOCAL_IDS:
        start_company(game, game.companies[local_id], "p3", 20)
    cash = game.player("p2").cash
    _buy_next_train(game, "AMS")
    game.apply(Pass(entity="AMS"))
    assert not any(isinstance(d, NewLocalDecider) for d in game.pending)
    assert game.player("p2").cash == cash + 80


def test_R_14_3_1_f80_when_no_two_legal_home_hexes_exist() -> None:
    """Every city circle but Rotterdam's holds a company's marker: one home is not two."""
    game = _lp_closing()
    for hex_id, (_kind, circles, _value) in CITY_HEXES.items():
        if hex_id != "J7":
            for city in range(circles):
                game.board.place_token(hex_id, city, "NCS")
    cash = game.player("p2").cash
    _buy_next_train(game, "AMS")
    game.apply(Pass(entity="AMS"))
    assert not any(isinstance(d, NewLocalDecider) for d in game.pending)
    assert game.player("p2").cash == cash + 80
    assert not any(game.companies[c].started for c in LOCAL_IDS)


# -- Stork ------------------------------------------------------------------------
def test_R_14_3_9_stork_carries_two_shares_of_the_AV_major(
        make_game: Callable[..., M1839]) -> None:
    game = make_game(4)
    major = game.companies[game.brown_assignment["AV"]]
    assert major.shares_of("STK") == 2 and major.percent_of("STK") == 20
    me = game.acting_entity()
    assert me is not None
    game.apply(BuyPrivate(entity=me, target="STK", price=240))
    assert major.percent_of(me) == 20 and major.shares_of("STK") == 0
    assert game.privates["STK"].owner == me


def test_R_14_3_9_stork_pays_f30_at_every_OR_start() -> None:
    game = _clean()
    _own(game, "STK", "p0")
    cash, bank = game.player("p0").cash, game.bank.cash
    _pass_sr(game)  # OR 1 starts (no company floated: it ends at once), then SR 2
    assert game.ors_played == 1
    assert game.player("p0").cash == cash + 30 and game.bank.cash == bank - 30
    _pass_sr(game)
    assert game.ors_played == 2 and game.player("p0").cash == cash + 60


def _same_choices_whoever_owns(game: M1839, private_id: str, owner: str) -> None:
    with_it = _legal(game)
    game.privates[private_id].owner = None
    refresh(game)
    assert _legal(game) == with_it
    game.privates[private_id].owner = owner
    refresh(game)


def test_R_14_3_9_stork_has_no_power() -> None:
    """Holding STK changes no choice of its owner's: in the SR, nor while a company the
    owner directs operates."""
    game = _clean()
    _mss(game)
    _own(game, "STK", SR_PLAYER)
    _same_choices_whoever_owns(game, "STK", SR_PLAYER)
    for step in (TrackStep, StationStep, TrainBuyStep):
        operating_turn(game, "MSS", at=step)
        _same_choices_whoever_owns(game, "STK", SR_PLAYER)


def _to_gray(game: M1839, buyer: str = "AMS") -> None:
    """``buyer`` (floated, f1000, one train) buys the first gray 4 through apply."""
    _to_rank(game, "DR")
    operating_turn(game, buyer, at=TrainBuyStep)
    _buy_next_train(game, buyer)
    assert game.phase.name == "GR"


def test_R_14_3_9_stork_closes_at_gray_the_shares_stay() -> None:
    game = _clean()
    ams = float_company(game, "AMS", "p0", cash=1000)
    to_phase(game, "DR")
    give_train(game, ams)
    _own(game, "STK", "p2")
    major = game.companies[game.brown_assignment["AV"]]
    float_company(game, major.id, "p1", others={"p2": 2})
    _to_gray(game)
    assert game.privates["STK"].closed and major.shares_of("p2") == 2


# -- RH -----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_14_3_10_rh_is_never_auctioned(make_game: Callable[..., M1839],
                                         players: int) -> None:
    game = make_game(players)
    rh = game.privates["RH"]
    assert rh.closed and rh.owner is None and rh.spec.value == 0
    targets = {getattr(a, "target", None) for a in _legal(game)
               if isinstance(a, BuyPrivate | Discount)}
    assert "RH" not in targets and "STK" in targets
    # it can only come through CM, which only 4-player games use
    assert game.privates["CM"].closed == (players < 4)


def _cm_converting() -> M1839:
    """CM held by p3; AMS (p0, f1000, one R5) waits at its train step, the first R4 next."""
    game = _clean()
    ams = float_company(game, "AMS", "p0", cash=1000)
    to_phase(game, "MBr")
    give_train(game, ams)
    _to_rank(game, "MBr")
    _own(game, "CM", "p3")
    operating_turn(game, "AMS", at=TrainBuyStep)
    return game


def test_R_14_3_10_rh_comes_with_cm_at_dark_brown_face_f0() -> None:
    game = _cm_converting()
    cash = game.player("p3").cash
    _buy_next_train(game, "AMS")  # the first dark brown R4: CM converts
    rh = game.privates["RH"]
    assert game.phase.name == "DBr" and game.privates["CM"].closed
    assert rh.owner == "p3" and not rh.closed and game.player("p3").cash == cash + 800
    scores = game.hooks.final_scores(game)
    rh.owner = None
    assert game.hooks.final_scores(game) == scores  # a face value of f0


def test_R_14_3_10_rh_owner_pays_f100_from_the_next_OR_start() -> None:
    game = _cm_converting()
    _buy_next_train(game, "AMS")
    cash = game.player("p3").cash
    _finish_turn(game, "AMS")  # and the nationalisation window: no charge in this OR
    assert isinstance(game.round, M1839StockRound) and game.player("p3").cash == cash
    bank = game.bank.cash
    _pass_sr(game)  # the next OR starts
    assert game.player("p3").cash == cash - 100 and game.bank.cash == bank + 100
    assert game.acting_entity() == "AMS"


def test_R_14_3_10_rh_never_closes_not_even_at_gray() -> None:
    game = _clean()
    ams = float_company(game, "AMS", "p0", cash=1000)
    to_phase(game, "DR")
    give_train(game, ams)
    _own(game, "RH", "p3")
    game.player("p3").cash = 500
    _to_gray(game)
    assert not game.privates["RH"].closed
    cash = game.player("p3").cash
    _finish_turn(game, "AMS")
    _pass_sr(game)
    assert game.player("p3").cash == cash - 100


def test_R_14_3_10_rh_charge_uses_emergency_money_raising() -> None:
    """An owner short of the f100 must sell shares at the OR start (R-8.4)."""
    game = _clean()
    _own(game, "RH", "p3")
    ams = float_company(game, "AMS", "p0", others={"p3": 2})
    give_train(game, ams)
    game.player("p3").cash = 30
    _pass_sr(game)
    assert isinstance(game.pending[-1], RaiseDecider) and game.acting_entity() == "p3"
    sales = [(a.company, c.ranges["count"].max) for c in game.legal_actions()
             if isinstance(a := c.action, SellShares)]
    assert sales == [("AMS", 2)]
    game.apply(SellShares(entity="p3", company="AMS", count=2))
    assert game.acting_entity() == "AMS"  # its director may redeem them
    game.apply(Pass(entity="AMS"))
    assert not any(isinstance(d, RaiseDecider) for d in game.pending)
    assert game.player("p3").cash == 30 + 2 * 67 - 100


# -- R-14.3.12 "use" ------------------------------------------------------------------------
TURN_STEPS: tuple[type[Step], ...] = (TrackStep, StationStep, TrainBuyStep)


def _powers(game: M1839) -> set[str]:
    """The private powers offered in the legal set now."""
    found = set()
    for action in _legal(game):
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
    game = _clean()
    to_phase(game, phase)
    _mss(game)
    return game


def test_R_14_3_12_LVG_only_in_its_owning_companys_track_building() -> None:
    game = _mss_game()
    _own(game, "LVG", "MSS")
    assert _powers_by_step(game) == {"TrackStep": {"LVG"}, "StationStep": set(),
                                     "TrainBuyStep": set()}
    ncs = float_company(game, "NCS", "p2")  # another company: no LVG lay for it
    ncs.operated_count = 1
    game.board.place_token("J15", 0, "NCS")
    operating_turn(game, "NCS", at=TrackStep)
    assert any(isinstance(a, LayTile) for a in _legal(game)) and _powers(game) == set()
    game.companies["MSS"].privates.remove("LVG")
    game.privates["LVG"].owner = SR_PLAYER  # MSS's director: a player has no LVG lay
    assert _powers_by_step(game)["TrackStep"] == set()


def test_R_14_3_12_SRV_as_the_lay_or_upgrade_and_the_station_placement() -> None:
    game = _mss_game()
    _own(game, "SRV", "MSS")
    assert _powers_by_step(game) == {"TrackStep": {"SRV"}, "StationStep": {"SRV"},
                                     "TrainBuyStep": set()}
    game.companies["MSS"].privates.remove("SRV")
    game.privates["SRV"].owner = SR_PLAYER
    assert _powers_by_step(game) == {"TrackStep": set(), "StationStep": set(),
                                     "TrainBuyStep": set()}


def test_R_14_3_12_KR_in_the_station_step_from_blue() -> None:
    game = _mss_game("BL")
    _own(game, "KR", "p2")
    assert _powers_by_step(game) == {"TrackStep": set(), "StationStep": {"KR"},
                                     "TrainBuyStep": set()}
    game = _mss_game("DG")
    _own(game, "KR", "p2")
    assert _powers_by_step(game)["StationStep"] == set()


def test_R_14_3_12_DRU_at_any_time_from_dark_brown() -> None:
    game = _clean()
    _own(game, "DRU", SR_PLAYER)
    to_phase(game, "MBr")
    _mss(game)
    assert GiveDruTrain not in {type(a) for a in _legal(game)}  # the SR turn
    assert _powers_by_step(game) == {s.__name__: set() for s in TURN_STEPS}
    game = _clean()
    _own(game, "DRU", SR_PLAYER)
    to_phase(game, "DBr")
    assert game.dru_holder == SR_PLAYER
    _mss(game)
    assert [a for a in _legal(game) if isinstance(a, GiveDruTrain)] == [
        GiveDruTrain(entity=SR_PLAYER, company="MSS")]  # the SR turn
    assert _powers_by_step(game) == {s.__name__: {"DRU"} for s in TURN_STEPS}


@pytest.mark.parametrize("private_id", NO_USE)
def test_R_14_3_12_the_other_privates_offer_no_choice(private_id: str) -> None:
    """LP, JJB, KF, CM, STK, CO, AB, AV, RH ("use: none"): held by the acting player, they
    change nothing in the SR nor in the turn of the company that player directs."""
    game = _mss_game()
    _own(game, private_id, SR_PLAYER)
    game.round = M1839StockRound(game, first=False)
    refresh(game)
    assert game.acting_entity() == SR_PLAYER
    _same_choices_whoever_owns(game, private_id, SR_PLAYER)
    for step in TURN_STEPS:
        operating_turn(game, "MSS", at=step)
        _same_choices_whoever_owns(game, private_id, SR_PLAYER)


# -- Locals vs Majors -----------------------------------------------------------------
def _sr(game: M1839, cash: int = 1000) -> M1839:
    """``SR_PLAYER`` to act in a stock round (not the first) with ``cash``."""
    game.round = M1839StockRound(game, first=False)
    game.player(SR_PLAYER).cash = cash
    refresh(game)
    assert game.acting_entity() == SR_PLAYER
    return game


def _pars(game: M1839) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {}
    for action in _legal(game):
        if isinstance(action, Par):
            out.setdefault(action.company, set()).add(action.price)
    return out


def _homes(game: M1839, local_id: str, homes: tuple[str, str]) -> None:
    set_homes(game, local_id, homes)
    refresh(game)


def test_R_14_4_market() -> None:
    """Locals on the Local market f10-f65, Majors on the Major market f40-f300."""
    game = _sr(_clean())
    game.apply(Par(entity=SR_PLAYER, company="L1", price=20))
    game.apply(ReserveHome(entity=SR_PLAYER, company="L1", hex="K10"))
    game.apply(ReserveHome(entity=SR_PLAYER, company="L1", hex="J15"))
    game.apply(Pass(entity=SR_PLAYER))
    other = game.acting_entity()
    assert other is not None and other != SR_PLAYER
    game.player(other).cash = 1000
    game.apply(Par(entity=other, company="AMS", price=67))
    local, major = game.market_of(game.companies["L1"]), game.market_of(game.companies["AMS"])
    assert local.spec.id == "local" and major.spec.id == "major"
    local_prices = [c.price for c in local.spec.rows[0] if c is not None]
    major_prices = [c.price for c in major.spec.rows[0] if c is not None]
    assert (min(local_prices), max(local_prices)) == (10, 65)
    assert (min(major_prices), max(major_prices)) == (40, 300)


@pytest.mark.parametrize("phase", PHASE_IDS)
def test_R_14_4_par(phase: str) -> None:
    """Locals f20/f31/f46 in every phase (f25 only when a private makes them, R-14.3.1);
    Majors f67 always, f74 until light brown, f82 until blue."""
    game = _clean()
    to_phase(game, phase)
    _sr(game)
    number = PHASE_IDS.index(phase) + 1
    majors = {67, 74, 82} if number <= 4 else ({67, 74} if number == 5 else {67})
    pars = _pars(game)
    assert {pars[c] == {20, 31, 46} for c in LOCAL_IDS} == {True}
    assert {c: p for c, p in pars.items() if c not in LOCAL_IDS} == {
        c: majors for c in game.companies if c not in LOCAL_IDS}
    with pytest.raises(IllegalAction):
        game.apply(Par(entity=SR_PLAYER, company="L1", price=25))


def test_R_14_4_homes() -> None:
    """A Local's director chooses and reserves two homes when parring; a Major's are
    fixed (no choice asked)."""
    game = _sr(_clean())
    game.apply(Par(entity=SR_PLAYER, company="L1", price=20))
    assert game.acting_entity() == SR_PLAYER and {type(a) for a in _legal(game)} == {
        ReserveHome}
    game.apply(ReserveHome(entity=SR_PLAYER, company="L1", hex="K10"))
    game.apply(ReserveHome(entity=SR_PLAYER, company="L1", hex="J15"))
    assert game.companies["L1"].spec.home == ("K10", "J15")
    game.apply(Pass(entity=SR_PLAYER))
    other = game.acting_entity()
    assert other is not None
    game.player(other).cash = 1000
    game.apply(Par(entity=other, company="AMS", price=67))
    assert not any(isinstance(a, ReserveHome) for a in _legal(game))
    assert game.companies["AMS"].spec.home == ("L17", "N15")


def test_R_14_4_station_markers() -> None:
    """A Local has 3 markers (2 homes + 1); Majors 3 to 5 (table R-14.5).  With three on
    the map a Local may place no more where a 5-marker Major still may."""
    game = _clean()
    expected = {"AMS": 5, "HIJSM": 4, "MSS": 5, "NBDS": 4, "NCS": 3, "NRS": 3, "NWS": 5,
                "ZHESM": 5, **{c: 3 for c in LOCAL_IDS}}
    assert {c.id: c.spec.extra["markers"] for c in game.companies.values()} == expected

    def placements(company_id: str) -> set[str]:
        operating_turn(game, company_id, at=StationStep)
        return {a.hex for a in _legal(game) if isinstance(a, PlaceToken)}

    mss = _mss(game)
    game.board.place_token("F15", 0, "MSS")  # three on the map
    assert placements("MSS") == {"K10"}
    game.board.remove_token("K12", 0, "MSS")
    game.board.remove_token("B19", 0, "MSS")
    game.board.remove_token("F15", 0, "MSS")
    mss.floated = False
    local = float_company(game, "L1", "p2", price=31)
    local.operated_count = 1
    _homes(game, "L1", ("K12", "B19"))
    for hex_id in ("K12", "B19", "F15"):
        game.board.place_token(hex_id, 0, "L1")
    give_train(game, local)
    assert placements("L1") == set()
    game.board.remove_token("F15", 0, "L1")
    assert placements("L1") == {"K10"}


def _float_by_purchase(company_id: str, price: int) -> tuple[M1839, Company]:
    """``company_id`` parred by p2 with five shares out; ``SR_PLAYER`` buys the sixth."""
    game = _sr(_clean())
    company = game.companies[company_id]
    start_company(game, company, "p2", price)
    if company.spec.kind == "local":
        _homes(game, company_id, ("K10", "J7"))  # Tilburg f20, Rotterdam f30
    from railhouse.engine.shares import move_shares

    move_shares(company, IPO, "p2", 2)
    move_shares(company, IPO, "p3", 1)
    refresh(game)
    bank = game.bank.cash
    game.apply(BuyShares(entity=SR_PLAYER, company=company_id, source=IPO))
    assert company.floated
    assert game.bank.cash == bank + price - company.cash  # the share, capital, any fee
    return game, company


def test_R_14_4_float_fee() -> None:
    """On floating a Local pays 2 x (its homes' revenues) to the bank; a Major nothing."""
    _, local = _float_by_purchase("L1", 20)
    assert local.cash == 10 * 20 - 2 * (20 + 30)
    _, major = _float_by_purchase("AMS", 67)
    assert major.cash == 10 * 67


def _start_or(game: M1839) -> None:
    """A new OR starts as the round machine starts it (income, then the first turn)."""
    game.pending.clear()
    rnd = M1839OperatingRound(game, 1, 1, game.set_number or 1)
    game.round = rnd
    rnd.start()
    rnd.advance()


def test_R_14_4_first_train() -> None:
    """On its first turn a Local takes the next supply train free, a Major pays for it."""
    game = _clean()
    ams = float_company(game, "AMS", "p0", cash=670, operated=False)
    local = float_company(game, "L1", "p2", price=46, cash=300, operated=False)
    _homes(game, "L1", ("K10", "J15"))
    _start_or(game)
    assert game.acting_entity() == "AMS"
    assert [t.name for t in ams.trains] == ["2"] and ams.cash == 670 - 80
    _finish_turn(game, "AMS")
    assert game.acting_entity() == "L1"
    assert [t.name for t in local.trains] == ["2"] and local.cash == 300


def test_R_14_4_ns_markers() -> None:
    """An NS marker in Eindhoven K12 (Tilburg K10 - K12 - Helmond K14 - Venlo K16): a
    company at K10 traces track, places a station and runs past it if it is a Local, not
    if it is a Major."""
    def position(company_id: str, venlo: bool) -> M1839:
        game = _clean()
        company = float_company(game, company_id, "p2", price=31 if company_id == "L1" else 67)
        company.operated_count = 1
        if company_id == "L1":
            _homes(game, "L1", ("K10", "J15"))
        game.board.place_token("K10", 0, company_id)
        game.board.place_token("K12", 0, "NS")
        lay(game.board, ("K10", "57", 1), ("K12", "57", 1), ("K14", "4", 1))
        if venlo:
            lay(game.board, ("K16", "57", 1))
        give_train(game, company, "3")
        return game

    def choices(company_id: str) -> tuple[set[str], set[str], int]:
        game = position(company_id, venlo=False)
        operating_turn(game, company_id, at=TrackStep)
        track = {a.hex for a in _legal(game) if isinstance(a, LayTile)}
        game = position(company_id, venlo=True)
        operating_turn(game, company_id, at=StationStep)
        stations = {a.hex for a in _legal(game) if isinstance(a, PlaceToken)}
        operating_turn(game, company_id, at=RouteStep)
        game.round.advance()  # type: ignore[union-attr]
        return track, stations, int(game.round.turn["revenue"])  # type: ignore[union-attr]

    major_track, major_stations, major_revenue = choices("AMS")
    local_track, local_stations, local_revenue = choices("L1")
    assert "K16" in local_track and "K16" not in major_track
    assert "K16" in local_stations and "K16" not in major_stations
    assert major_revenue == 20 + 20  # may end in Eindhoven, not pass it
    assert local_revenue == 20 + 20 + 10


def test_R_14_4_off_boards() -> None:
    """Antwerpen (f30 in phase 1) - Tilburg K10 - Eindhoven K12, marker at K10, a 2-train:
    a Major's route may end at the off-board, a Local's never."""
    def run(company_id: str) -> tuple[int, list[list[str]]]:
        game = _clean()
        company = float_company(game, company_id, "p2", price=31 if company_id == "L1" else 67)
        company.operated_count = 1
        if company_id == "L1":
            _homes(game, "L1", ("K10", "J15"))
        game.board.place_token("K10", 0, company_id)
        lay(game.board, ("K10", "6", 4), ("K12", "57", 1))
        give_train(game, company, "2")
        operating_turn(game, company_id, at=RouteStep)
        game.round.advance()  # type: ignore[union-attr]
        turn = game.round.turn  # type: ignore[union-attr]
        return int(turn["revenue"]), [r["stops"] for r in turn["routes"]]

    major_revenue, major_routes = run("MSS")
    local_revenue, local_routes = run("L1")
    assert major_revenue == 20 + 20 + 30 and "Antwerpen" in major_routes[0]
    assert local_revenue == 20 + 20
    assert all("Antwerpen" not in stops for stops in local_routes)


def test_R_14_4_operating_order() -> None:
    """All Majors operate before any Local, whatever the prices (a Local at f65, the top
    of its market, after a Major at f40, the bottom of its)."""
    game = _clean()
    for company_id, price in (("L1", 65), ("AMS", 40), ("L2", 20), ("NCS", 82)):
        company = float_company(game, company_id, "p0", price=price)
        company.operated_count = 1  # homes placed before: no home-station choice
        give_train(game, company)
        if company_id.startswith("L"):
            _homes(game, company_id, ("K10", "J15") if company_id == "L1" else ("F15", "H17"))
    _start_or(game)
    assert game.round.order() == ["NCS", "AMS", "L1", "L2"]  # type: ignore[union-attr]
    seen = []
    for _ in range(4):
        who = game.acting_entity()
        assert who is not None
        seen.append(who)
        _finish_turn(game, who)
    assert seen == ["NCS", "AMS", "L1", "L2"]


def test_R_14_4_nationalised() -> None:
    """A nationalised Local returns to the supply and can be parred again as a new
    company; a nationalised Major is gone for good."""
    game = _clean()
    for company_id, director in (("L1", "p2"), ("AMS", "p3")):
        company = float_company(game, company_id, director, price=46 if company_id == "L1"
                                else 67)
        give_train(game, company)
    _homes(game, "L1", ("K10", "J15"))
    _sr(game)
    game.pending.append(NationalisationWindow(game, ["AMS", "L1"]))
    game.apply(Nationalise(entity="AMS", company="AMS"))
    game.apply(Nationalise(entity="L1", company="L1"))
    assert not game.pending and game.acting_entity() == SR_PLAYER
    pars = _pars(game)
    assert pars["L1"] == {20, 31, 46} and "AMS" not in pars
    game.apply(Par(entity=SR_PLAYER, company="L1", price=31))
    assert game.companies["L1"].president == SR_PLAYER
    assert game.companies["L1"].shares_of("p2") == 0
