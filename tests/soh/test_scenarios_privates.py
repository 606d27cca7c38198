"""Scenarios for EN "Buying private companies", "Calculating revenue" (privates #3, #4)
and the notes on private #7 (built positions)."""

from __future__ import annotations

import pytest
from soh_scenario import (
    AMSTERDAM_FERRY_LEEUWARDEN,
    BREDA_VLISSINGEN,
    apply,
    fresh,
    give_private,
    give_trains,
    home_token,
    lay,
    legal_of,
    operate,
    set_cash,
    set_phase,
    start_company,
    to_step,
)

from railhouse.engine.actions import BuyPrivate, OfferPrivate, Par, Range, Respond
from railhouse.engine.agreements import AgreementDecider
from railhouse.engine.routes import best_routes
from railhouse_soh import routing
from railhouse_soh.game import SteamOverHolland
from railhouse_soh.rounds import give_nrs_share
from railhouse_soh.steps import BuyPrivateStep


def buying_privates(phase: str, cash: int = 60) -> SteamOverHolland:
    """AR (president p0, treasury ``cash`` before income) at its buy-private step; p0
    owns SMAS (value 20), p1 owns VES (75) and p2 owns KO (100)."""
    game = fresh()
    set_phase(game, phase)
    start_company(game, "AR", "p0", 100, cash=cash)
    for private, owner in (("SMAS", "p0"), ("VES", "p1"), ("KO", "p2")):
        give_private(game, private, owner)
    home_token(game, "AR", "J7")
    operate(game, "AR")
    if phase in ("3", "4"):
        to_step(game, BuyPrivateStep)
    return game


def offers(game: SteamOverHolland) -> dict[str, tuple[str, Range]]:
    return {c.action.target: (type(c.action).__name__, c.ranges["price"])
            for c in game.legal_actions() if isinstance(c.action, BuyPrivate | OfferPrivate)}


@pytest.mark.parametrize("phase", ["3", "4"])
def test_buy_private_price_from_1_to_face_value_en_buying_private_companies(phase: str) -> None:
    """Phases 3-4: 1 up to the printed value (and the treasury); the president's own
    private is bought directly, another player's by offer and response."""
    game = buying_privates(phase, cash=1000)
    assert offers(game) == {
        "SMAS": ("BuyPrivate", Range(1, 20)),
        "VES": ("OfferPrivate", Range(1, 75)),
        "KO": ("OfferPrivate", Range(1, 100)),  # #7 may be sold though it has no power
    }


def test_buy_private_limited_by_treasury_en_buying_private_companies() -> None:
    game = buying_privates("3", cash=60)
    cash = game.companies["AR"].cash
    assert offers(game)["VES"][1] == Range(1, min(75, cash))


@pytest.mark.parametrize("phase", ["2", "5"])
def test_no_private_purchase_outside_phases_3_4_en_buying_private_companies(phase: str) -> None:
    game = buying_privates(phase, cash=1000)
    assert not isinstance(game.round.current_step(), BuyPrivateStep)  # type: ignore[union-attr]
    assert offers(game) == {}


def test_private_offer_declined_en_buying_private_companies() -> None:
    game = buying_privates("3", cash=1000)
    apply(game, OfferPrivate(entity="AR", target="VES", price=75))
    assert isinstance(game.decider(), AgreementDecider) and game.acting_entity() == "p1"
    apply(game, Respond(entity="p1", accept=False))
    assert game.privates["VES"].owner == "p1" and "VES" not in game.companies["AR"].privates


def test_a_declined_private_is_not_offered_again_this_turn_en_buying_private_companies() -> None:
    """EN: "The current owner must agree to the price and may decline to sell."  Our
    reading: a refusal is the owner declining to sell for the rest of the buying company's
    turn (as 1839 R-11.1 says outright), so an offer cannot be repeated without end; the
    other privates stay on offer."""
    game = buying_privates("3", cash=1000)
    apply(game, OfferPrivate(entity="AR", target="VES", price=75))
    apply(game, Respond(entity="p1", accept=False))
    assert set(offers(game)) == {"SMAS", "KO"}
    apply(game, OfferPrivate(entity="AR", target="KO", price=10))
    apply(game, Respond(entity="p2", accept=False))
    assert set(offers(game)) == {"SMAS"}


def test_private_offer_accepted_pays_the_owner_en_buying_private_companies() -> None:
    game = buying_privates("3", cash=1000)
    ar, p1 = game.companies["AR"], game.player("p1")
    cash, p1_cash = ar.cash, p1.cash
    apply(game, OfferPrivate(entity="AR", target="VES", price=75))
    apply(game, Respond(entity="p1", accept=True))
    assert game.privates["VES"].owner == "AR" and "VES" in ar.privates
    assert ar.cash == cash - 75 and p1.cash == p1_cash + 75


def revenue_with_and_without(game: SteamOverHolland, company_id: str,
                             private: str) -> tuple[int, int]:
    company = game.companies[company_id]
    without = best_routes(game, company).revenue
    give_private(game, private, company_id)
    return best_routes(game, company).revenue, without


def test_vvl_bonus_route_ending_in_vlissingen_en_calculating_revenue() -> None:
    """Private #4: +20 when the owning company's route starts or ends in Vlissingen."""
    game = fresh()
    start_company(game, "AR", "p0", 100)
    home_token(game, "AR", "J7")
    lay(game, BREDA_VLISSINGEN)
    give_trains(game, "AR", ["2"])
    with_bonus, without = revenue_with_and_without(game, "AR", "VVL")
    assert without > 0 and with_bonus == without + 20
    stops = best_routes(game, game.companies["AR"]).routes[0].stops
    assert "J1" in (stops[0], stops[-1])


def test_ves_bonus_route_over_the_ferry_en_calculating_revenue() -> None:
    """Private #3: +20 when the owning company's route uses the ferry (worth 10 itself)."""
    game = fresh()
    start_company(game, "HYSM", "p0", 100)
    home_token(game, "HYSM", "F9", city=1)
    lay(game, AMSTERDAM_FERRY_LEEUWARDEN)
    give_trains(game, "HYSM", ["2"])
    with_bonus, without = revenue_with_and_without(game, "HYSM", "VES")
    assert without > 0 and with_bonus == without + 20
    assert routing.FERRY_STOP in best_routes(game, game.companies["HYSM"]).routes[0].stops


def test_bonus_private_owned_by_player_gives_nothing_en_notes_on_private_companies() -> None:
    """Privates #1-6 must be bought by a company to use their powers."""
    game = fresh()
    start_company(game, "AR", "p0", 100)
    home_token(game, "AR", "J7")
    lay(game, BREDA_VLISSINGEN)
    give_trains(game, "AR", ["2"])
    before = best_routes(game, game.companies["AR"]).revenue
    give_private(game, "VVL", "p0")
    assert best_routes(game, game.companies["AR"]).revenue == before


def test_ko_share_does_not_count_to_start_nrs_en_private_7() -> None:
    """The #7 share is not one of the shares that start NRS: the owner buys the full
    phase number; in phase 6 that would exceed 60%, so the owner cannot start NRS."""
    game = fresh()
    me = game.acting_entity() or ""
    give_private(game, "KO", me)
    give_nrs_share(game, me)
    apply(game, Par(entity=me, company="NRS", price=100))
    nrs = game.companies["NRS"]
    assert nrs.percent_of(me) == 30 and nrs.cash == 300  # 2 x 100 + subsidy 100
    game = fresh()
    set_phase(game, "6")
    me = game.acting_entity() or ""
    set_cash(game, game.player(me), 1000)
    give_private(game, "KO", me)
    give_nrs_share(game, me)
    pars = {a.company for a in legal_of(game, Par)}
    assert "NRS" not in pars and "AR" in pars
