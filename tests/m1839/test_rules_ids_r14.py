"""R-14 company rule IDs not covered elsewhere, one test per ID (digest
/work/shared/facts/1839.md, authority rules/1839/rules.md §14), on built positions."""

from __future__ import annotations

from collections.abc import Callable

from m1839_positions import after_auction, float_company, give_train, operating_turn, to_phase

from railhouse.engine.actions import BuyPrivate, BuyTrain, Pass
from railhouse.engine.entities import IPO
from railhouse.engine.privates import close_private, update_private
from railhouse.engine.shares import start_company
from railhouse_m1839.data import NS
from railhouse_m1839.game import M1839
from railhouse_m1839.money import nationalise
from railhouse_m1839.operating import M1839OperatingRound
from railhouse_m1839.turnsteps import TrainBuyStep

MAJORS = {"AMS", "HIJSM", "MSS", "NBDS", "NCS", "NRS", "NWS", "ZHESM"}


def _game() -> M1839:
    game: M1839 = after_auction(4, seed=1)
    for company in game.companies.values():  # a clean slate: nobody holds anything
        if company.started:
            game.market_of(company).remove(company.id)
        company.started = company.floated = False
        company.president = None
        for cert in company.certs:
            cert.owner = IPO
    for private_id in game.privates:
        update_private(game, private_id, owner=None)
    return game


def test_R_14_1_1_privates_pay_at_the_or_start_and_never_operate() -> None:
    game = _game()
    assert not set(game.privates) & set(game.companies)  # no track, trains or turns
    float_company(game, "AMS", "p0")
    update_private(game, "KR", owner="p1")
    rnd = M1839OperatingRound(game, 1, 1)
    assert rnd.order() == ["AMS"]
    cash = game.player("p1").cash
    rnd.pay_private_income()
    assert game.player("p1").cash == cash + 30


def test_R_14_1_2_eight_spoorwegmaatschappijen_and_eight_lokaalspoorwegen() -> None:
    game = _game()
    kinds = {c.id: c.spec.kind for c in game.companies.values()}
    assert {c for c, k in kinds.items() if k == "major"} == MAJORS
    assert {c for c, k in kinds.items() if k == "local"} == {f"L{i}" for i in range(1, 9)}
    assert all(game.companies[c].spec.market == "major" for c in MAJORS)
    assert all(game.companies[f"L{i}"].spec.market == "local" for i in range(1, 9))


def test_R_14_2_1_revenue_comes_from_the_bank() -> None:
    game = _game()
    update_private(game, "KR", owner="p1")
    bank, cash = game.bank.cash, game.player("p1").cash
    M1839OperatingRound(game, 1, 1).pay_private_income()
    assert game.player("p1").cash - cash == 30 == bank - game.bank.cash


def test_R_14_2_4_closed_privates_are_out_of_the_game() -> None:
    game = _game()
    update_private(game, "KR", owner="p1")
    close_private(game, "KR")
    cash = game.player("p1").cash
    M1839OperatingRound(game, 1, 1).pay_private_income()
    assert game.privates["KR"].closed and game.player("p1").cash == cash


def test_R_14_2_5_gray_phase_closes_every_private_but_rh() -> None:
    """AMS buys the first gray 4 through apply: LVG (held by NCS), SRV, KR, KF and STK
    close at once and leave NCS's charter; RH does not.  At the next OR start only RH's
    owner is charged and nobody is paid."""
    game = _game()
    ams = float_company(game, "AMS", "p0", cash=1000)
    ncs = float_company(game, "NCS", "p1", cash=0)
    ams.operated_count = ncs.operated_count = 1  # homes placed before: no home choice
    to_phase(game, "DR")
    give_train(game, ams)
    give_train(game, ncs)
    game.depot.trains = [t for t in game.depot.trains if t.name == "4"]
    owners = {"LVG": "NCS", "SRV": "p1", "KR": "p2", "KF": "p3", "STK": "p0", "RH": "p3"}
    for private_id, owner in owners.items():
        update_private(game, private_id, owner=owner, closed=False)
    ncs.privates.append("LVG")
    game.player("p3").cash = 500
    game.ors_played = 12  # KF would pay f240 at the next OR start
    operating_turn(game, "AMS", at=TrainBuyStep)
    (gray,) = [c.action for c in game.legal_actions() if isinstance(c.action, BuyTrain)]
    game.apply(gray)
    assert game.phase.name == "GR"
    assert {p.id for p in game.privates.values() if not p.closed} == {"RH"}
    assert ncs.privates == []  # removed from the game
    cash = {p: game.player(p).cash for p in ("p0", "p1", "p2", "p3")}
    treasury, ors = ncs.cash, game.ors_played
    for _ in range(30):  # the rest of the OR (the window too) and an SR of passes
        if game.ors_played > ors:
            break
        who = game.acting_entity()
        assert who is not None
        game.apply(Pass(entity=who))
    assert game.ors_played == ors + 1 and isinstance(game.round, M1839OperatingRound)
    assert {p: game.player(p).cash for p in cash} == {**cash, "p3": cash["p3"] - 100}
    assert ncs.cash == treasury


def test_R_14_3_2_jjb_carries_a_ten_percent_share_of_the_ab_major(
        make_game: Callable[..., M1839]) -> None:
    game = make_game(3)
    me = game.acting_entity()
    assert me is not None
    game.apply(BuyPrivate(entity=me, target="JJB", price=100))
    assert game.companies[game.brown_assignment["AB"]].percent_of(me) == 10


def test_R_14_6_1_nationalised_markers_become_NS_markers() -> None:
    game = _game()
    ams = float_company(game, "AMS", "p0", price=67)
    game.board.place_token("K10", 0, "AMS")
    nationalise(game, ams, voluntary=False)
    assert game.board.city_tokens("K10", 0) == [NS]
    assert not list(game.board.company_cities("AMS"))


def test_R_14_7_3_nationalised_local_may_be_parred_again_a_major_never() -> None:
    game = _game()
    local = float_company(game, "L1", "p0", price=31)
    major = float_company(game, "AMS", "p1", price=67)
    nationalise(game, local, voluntary=False)
    nationalise(game, major, voluntary=False)
    assert major.closed and not local.closed
    start_company(game, local, "p2", 46)  # a brand-new company
    assert game.share_price(local) == 46 and local.president == "p2"
