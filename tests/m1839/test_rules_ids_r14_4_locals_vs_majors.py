"""R-14.4: the differences between Locals and Majors, one test per difference (market,
par, homes, markers, float fee, first train, NS markers, off-boards, operating order,
nationalisation; digest /work/shared/facts/1839.md, authority rules/1839/rules.md §14).
Positions are built by hand where playing there would be impractical; the rule itself is
then driven through ``game.legal_actions()`` / ``game.apply()`` and the round machine."""

from __future__ import annotations

import pytest
from conftest_map import lay
from m1839_positions import (
    cleared,
    finish_turn,
    float_company,
    give_train,
    legal,
    operating_turn,
    refresh,
    start_or,
    to_phase,
)
from m1839_private_positions import SR_PLAYER, mss_network

from railhouse.engine.actions import BuyShares, LayTile, Par, Pass, PlaceToken
from railhouse.engine.entities import IPO, Company
from railhouse.engine.errors import IllegalAction
from railhouse.engine.shares import move_shares, start_company
from railhouse_m1839.actions import Nationalise, ReserveHome
from railhouse_m1839.data import LOCAL_IDS, PHASE_IDS
from railhouse_m1839.game import M1839
from railhouse_m1839.homes import set_homes
from railhouse_m1839.operating import NationalisationWindow
from railhouse_m1839.routing import RouteStep
from railhouse_m1839.stations import StationStep
from railhouse_m1839.stock import M1839StockRound
from railhouse_m1839.track import TrackStep


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
    for action in legal(game):
        if isinstance(action, Par):
            out.setdefault(action.company, set()).add(action.price)
    return out


def _homes(game: M1839, local_id: str, homes: tuple[str, str]) -> None:
    set_homes(game, local_id, homes)
    refresh(game)


def test_R_14_4_market() -> None:
    """Locals on the Local market f10-f65, Majors on the Major market f40-f300."""
    game = _sr(cleared())
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
    game = cleared()
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
    game = _sr(cleared())
    game.apply(Par(entity=SR_PLAYER, company="L1", price=20))
    assert game.acting_entity() == SR_PLAYER and {type(a) for a in legal(game)} == {
        ReserveHome}
    game.apply(ReserveHome(entity=SR_PLAYER, company="L1", hex="K10"))
    game.apply(ReserveHome(entity=SR_PLAYER, company="L1", hex="J15"))
    assert game.companies["L1"].spec.home == ("K10", "J15")
    game.apply(Pass(entity=SR_PLAYER))
    other = game.acting_entity()
    assert other is not None
    game.player(other).cash = 1000
    game.apply(Par(entity=other, company="AMS", price=67))
    assert not any(isinstance(a, ReserveHome) for a in legal(game))
    assert game.companies["AMS"].spec.home == ("L17", "N15")


def test_R_14_4_station_markers() -> None:
    """A Local has 3 markers (2 homes + 1); Majors 3 to 5 (table R-14.5).  With three on
    the map a Local may place no more where a 5-marker Major still may."""
    game = cleared()
    expected = {"AMS": 5, "HIJSM": 4, "MSS": 5, "NBDS": 4, "NCS": 3, "NRS": 3, "NWS": 5,
                "ZHESM": 5, **{c: 3 for c in LOCAL_IDS}}
    assert {c.id: c.spec.extra["markers"] for c in game.companies.values()} == expected

    def placements(company_id: str) -> set[str]:
        operating_turn(game, company_id, at=StationStep)
        return {a.hex for a in legal(game) if isinstance(a, PlaceToken)}

    mss = mss_network(game)
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
    game = _sr(cleared())
    company = game.companies[company_id]
    start_company(game, company, "p2", price)
    if company.spec.kind == "local":
        _homes(game, company_id, ("K10", "J7"))  # Tilburg f20, Rotterdam f30
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


def test_R_14_4_first_train() -> None:
    """On its first turn a Local takes the next supply train free, a Major pays for it."""
    game = cleared()
    ams = float_company(game, "AMS", "p0", cash=670, operated=False)
    local = float_company(game, "L1", "p2", price=46, cash=300, operated=False)
    _homes(game, "L1", ("K10", "J15"))
    start_or(game)
    assert game.acting_entity() == "AMS"
    assert [t.name for t in ams.trains] == ["2"] and ams.cash == 670 - 80
    finish_turn(game, "AMS")
    assert game.acting_entity() == "L1"
    assert [t.name for t in local.trains] == ["2"] and local.cash == 300


def _at_tilburg(company_id: str) -> tuple[M1839, Company]:
    """``company_id`` (p2; the Local L1 at f31 with homes K10 and J15, else a Major at f67)
    floated and operated once, its marker in Tilburg K10."""
    game = cleared()
    company = float_company(game, company_id, "p2", price=31 if company_id == "L1" else 67)
    company.operated_count = 1
    if company_id == "L1":
        _homes(game, "L1", ("K10", "J15"))
    game.board.place_token("K10", 0, company_id)
    return game, company


def test_R_14_4_ns_markers() -> None:
    """An NS marker in Eindhoven K12 (Tilburg K10 - K12 - Helmond K14 - Venlo K16): a
    company at K10 traces track, places a station and runs past it if it is a Local, not
    if it is a Major."""
    def position(company_id: str, venlo: bool) -> M1839:
        game, company = _at_tilburg(company_id)
        game.board.place_token("K12", 0, "NS")
        lay(game.board, ("K10", "57", 1), ("K12", "57", 1), ("K14", "4", 1))
        if venlo:
            lay(game.board, ("K16", "57", 1))
        give_train(game, company, "3")
        return game

    def choices(company_id: str) -> tuple[set[str], set[str], int]:
        game = position(company_id, venlo=False)
        operating_turn(game, company_id, at=TrackStep)
        track = {a.hex for a in legal(game) if isinstance(a, LayTile)}
        game = position(company_id, venlo=True)
        operating_turn(game, company_id, at=StationStep)
        stations = {a.hex for a in legal(game) if isinstance(a, PlaceToken)}
        operating_turn(game, company_id, at=RouteStep)
        game.round.advance()  # type: ignore[union-attr]
        return track, stations, int(game.round.turn.revenue)  # type: ignore[union-attr]

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
        game, company = _at_tilburg(company_id)
        lay(game.board, ("K10", "6", 4), ("K12", "57", 1))
        give_train(game, company, "2")
        operating_turn(game, company_id, at=RouteStep)
        game.round.advance()  # type: ignore[union-attr]
        turn = game.round.turn  # type: ignore[union-attr]
        return int(turn.revenue), [r["stops"] for r in turn.routes]

    major_revenue, major_routes = run("MSS")
    local_revenue, local_routes = run("L1")
    assert major_revenue == 20 + 20 + 30 and "Antwerpen" in major_routes[0]
    assert local_revenue == 20 + 20
    assert all("Antwerpen" not in stops for stops in local_routes)


def test_R_14_4_operating_order() -> None:
    """All Majors operate before any Local, whatever the prices (a Local at f65, the top
    of its market, after a Major at f40, the bottom of its)."""
    game = cleared()
    for company_id, price in (("L1", 65), ("AMS", 40), ("L2", 20), ("NCS", 82)):
        company = float_company(game, company_id, "p0", price=price)
        company.operated_count = 1  # homes placed before: no home-station choice
        give_train(game, company)
        if company_id.startswith("L"):
            _homes(game, company_id, ("K10", "J15") if company_id == "L1" else ("F15", "H17"))
    start_or(game)
    assert game.round.order() == ["NCS", "AMS", "L1", "L2"]  # type: ignore[union-attr]
    seen = []
    for _ in range(4):
        who = game.acting_entity()
        assert who is not None
        seen.append(who)
        finish_turn(game, who)
    assert seen == ["NCS", "AMS", "L1", "L2"]


def test_R_14_4_nationalised() -> None:
    """A nationalised Local returns to the supply and can be parred again as a new
    company; a nationalised Major is gone for good."""
    game = cleared()
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
