"""R-8.3.10 / R-14.2.2: companies buy green privates from players at any moment of their
turn, from light green on, for f1 to face value, the owner agreeing."""

from __future__ import annotations

import pytest
from m1839_positions import (
    after_auction,
    float_company,
    give_train,
    operating_turn,
    refresh,
    to_phase,
)

from railhouse.engine.actions import BuyPrivate, Dividend, OfferPrivate, Pass, Respond
from railhouse.engine.errors import IllegalAction
from railhouse.engine.privates import update_private
from railhouse_m1839.game import M1839
from railhouse_m1839.turnsteps import DividendStep


def _position(phase: str = "LG", lvg_owner: str = "p1") -> M1839:
    game = after_auction(4, seed=1)
    ams = float_company(game, "AMS", "p0", cash=300)
    to_phase(game, phase)
    give_train(game, ams)
    for private_id, owner in (("LVG", lvg_owner), ("SRV", "p0")):
        update_private(game, private_id, owner=owner, closed=False)
    update_private(game, "KR", owner="p1")
    operating_turn(game, "AMS")
    return game


def _choices(game: M1839) -> dict[str, tuple[type, int, int]]:
    found = {}
    for legal in game.legal_actions():
        action = legal.action
        if isinstance(action, BuyPrivate | OfferPrivate):
            price = legal.ranges["price"]
            found[action.target] = (type(action), price.min, price.max)
    return found


def test_R_8_3_10_not_before_light_green() -> None:
    game = _position("DY")
    assert _choices(game) == {}


def test_R_8_3_10_green_privates_only_f1_to_face_value() -> None:
    game = _position("LG")
    # LVG (face 90) belongs to another player: an offer; SRV (face 100) to AMS's director:
    # a direct purchase.  KR is blue and never sold to a company.
    assert _choices(game) == {"LVG": (OfferPrivate, 1, 90), "SRV": (BuyPrivate, 1, 100)}
    with pytest.raises(IllegalAction):
        game.apply(BuyPrivate(entity="AMS", target="SRV", price=101))
    with pytest.raises(IllegalAction):
        game.apply(BuyPrivate(entity="AMS", target="SRV", price=0))


def test_R_8_3_10_price_limited_by_the_treasury() -> None:
    game = _position("LG")
    game.companies["AMS"].cash = 50
    refresh(game)
    assert _choices(game)["SRV"] == (BuyPrivate, 1, 50)
    game.companies["AMS"].cash = 0  # not even f1: nothing to offer
    refresh(game)
    assert _choices(game) == {}


def test_R_8_3_10_director_sells_own_private_to_the_company() -> None:
    game = _position("LG")
    ams, p0 = game.companies["AMS"], game.player("p0")
    cash = p0.cash
    game.apply(BuyPrivate(entity="AMS", target="SRV", price=100))
    assert game.privates["SRV"].owner == "AMS" and "SRV" in ams.privates
    assert ams.cash == 200 and p0.cash == cash + 100
    assert "SRV" not in _choices(game)


def test_R_8_3_10_owner_accepts_the_offer() -> None:
    game = _position("LG")
    p1 = game.player("p1")
    cash = p1.cash
    game.apply(OfferPrivate(entity="AMS", target="LVG", price=60))
    assert game.acting_entity() == "p1"
    game.apply(Respond(entity="p1", accept=True))
    assert game.privates["LVG"].owner == "AMS" and p1.cash == cash + 60
    assert game.companies["AMS"].cash == 240
    assert game.acting_entity() == "AMS"  # the turn goes on where it was


def test_R_8_3_10_declined_offer_is_not_repeated_this_turn() -> None:
    game = _position("LG")
    game.apply(OfferPrivate(entity="AMS", target="LVG", price=10))
    game.apply(Respond(entity="p1", accept=False))
    assert game.privates["LVG"].owner == "p1"
    assert "LVG" not in _choices(game) and "SRV" in _choices(game)


def test_R_8_3_10_at_any_moment_of_the_turn() -> None:
    game = _position("LG")
    operating_turn(game, "AMS", at=DividendStep)
    game.round.turn.revenue = 100  # type: ignore[union-attr]
    refresh(game)
    legal = game.legal_actions()
    assert any(isinstance(c.action, Dividend) for c in legal)
    assert "SRV" in _choices(game)
    game.apply(BuyPrivate(entity="AMS", target="SRV", price=1))
    assert game.privates["SRV"].owner == "AMS"
    assert any(isinstance(c.action, Dividend) for c in game.legal_actions())


def test_R_14_2_3_company_owned_private_pays_the_treasury() -> None:
    game = _position("LG")
    game.apply(BuyPrivate(entity="AMS", target="SRV", price=1))
    ams = game.companies["AMS"]
    cash = ams.cash
    game.round.pay_private_income()  # type: ignore[union-attr]
    assert ams.cash == cash + 10


def test_R_8_3_10_not_from_another_company() -> None:
    game = _position("LG")
    update_private(game, "LVG", owner="NCS")
    refresh(game)
    assert "LVG" not in _choices(game)


def test_R_8_3_10_pass_still_ends_the_step() -> None:
    game = _position("LG")
    game.apply(Pass(entity="AMS"))
    assert game.round.company is not game.companies["AMS"]  # type: ignore[union-attr]


def test_R_12_6_R_14_2_3_h7_opens_once_a_company_owns_lvg() -> None:
    from railhouse_m1839.routing import released

    game = _position("LG", lvg_owner="p0")
    assert "LVG" not in released(game)
    game.apply(BuyPrivate(entity="AMS", target="LVG", price=90))
    assert "LVG" in released(game)
