"""R-14.3.1: a closing private's owner creates a new Local (f25, 40%, two homes chosen under
R-7.5.5) after the buyer's turn, or takes f80 when no Local or no two homes are left (digest
/work/shared/facts/1839.md, authority rules/1839/rules.md §14).  Positions are built by hand
where playing there would be impractical; the rule itself is then driven through
``game.legal_actions()`` / ``game.apply()`` and the round machine."""

from __future__ import annotations

import pytest
from m1839_positions import (
    buy_next_train,
    cleared,
    float_company,
    give_train,
    legal,
    operating_turn,
    own_private,
    to_rank,
)

from railhouse.engine.actions import Par, Pass
from railhouse.engine.entities import IPO
from railhouse.engine.errors import IllegalAction
from railhouse.engine.shares import start_company
from railhouse_m1839.actions import ReserveHome
from railhouse_m1839.closures import NewLocalDecider
from railhouse_m1839.data import LOCAL_IDS
from railhouse_m1839.game import M1839
from railhouse_m1839.homes import CITY_HEXES
from railhouse_m1839.turnsteps import TrainBuyStep


# -- R-14.3.1 ----------------------------------------------------------------------------
def _lp_closing(owner: str = "p2") -> M1839:
    """LP held by ``owner``; AMS (p0) waits at its train step with the first 2+1 next."""
    game = cleared()
    ams = float_company(game, "AMS", "p0", cash=1000)
    give_train(game, ams, "2")
    to_rank(game, "LY")
    own_private(game, "LP", owner)
    operating_turn(game, "AMS", at=TrainBuyStep)
    return game


def test_R_14_3_1_the_new_local_comes_only_after_the_buyers_turn() -> None:
    game = _lp_closing()
    buy_next_train(game, "AMS")  # the first 2+1: dark yellow, LP closes at once
    assert game.phase.name == "DY" and game.privates["LP"].closed
    assert game.acting_entity() == "AMS"  # the buyer's turn goes on first
    assert not any(isinstance(d, NewLocalDecider) for d in game.pending)
    game.apply(Pass(entity="AMS"))
    assert isinstance(game.pending[-1], NewLocalDecider) and game.acting_entity() == "p2"


def test_R_14_3_1_owner_takes_forty_percent_of_an_unparred_local_free_at_f25() -> None:
    game = _lp_closing()
    buy_next_train(game, "AMS")
    game.apply(Pass(entity="AMS"))
    pars = [a for a in legal(game) if isinstance(a, Par)]
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
    buy_next_train(game, "AMS")
    game.apply(Pass(entity="AMS"))
    game.apply(Par(entity="p2", company="L3", price=25))
    first = {a.hex for a in legal(game) if isinstance(a, ReserveHome)}
    assert "J7" in first and "K10" in first  # Rotterdam (a big city), Tilburg
    assert "K12" not in first  # MSS's home
    game.apply(ReserveHome(entity="p2", company="L3", hex="J7"))
    second = {a.hex for a in legal(game) if isinstance(a, ReserveHome)}
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
    buy_next_train(game, "AMS")
    game.apply(Pass(entity="AMS"))
    pars = [a for a in legal(game) if isinstance(a, Par)]
    assert {a.company for a in pars} == set(LOCAL_IDS) - {"L1", "L2"}
    assert {a.price for a in pars} == {25}


def test_R_14_3_1_f80_when_no_local_is_unparred() -> None:
    game = _lp_closing()
    for local_id in LOCAL_IDS:
        start_company(game, game.companies[local_id], "p3", 20)
    cash = game.player("p2").cash
    buy_next_train(game, "AMS")
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
    buy_next_train(game, "AMS")
    game.apply(Pass(entity="AMS"))
    assert not any(isinstance(d, NewLocalDecider) for d in game.pending)
    assert game.player("p2").cash == cash + 80
    assert not any(game.companies[c].started for c in LOCAL_IDS)
