"""Scenarios for EN "Phases", "Available trains", "Number of trains per company",
"Train costs" and the notes on privates #6 and the closing of privates (built positions)."""

from __future__ import annotations

from soh_scenario import (
    BREDA_ANTWERPEN,
    apply,
    ar_buying,
    depot_buys,
    fresh,
    give_private,
    give_trains,
    home_token,
    lay,
    legal,
    legal_of,
    operate,
    set_phase,
    start_company,
    to_step,
)

from railhouse.engine.actions import BuyTrain, DiscardTrain, OfferTrain, Pass, Range, Respond
from railhouse.engine.phases import DiscardDecider
from railhouse_soh.game import SteamOverHolland
from railhouse_soh.trainbuy import BuyTrainStep


def test_available_trains_next_type_only_after_sold_out_en_available_trains() -> None:
    game = ar_buying("2", ("2",), sold_out=False)
    assert set(depot_buys(game)) == {"2"}
    game = ar_buying("2", ("2",))
    assert set(depot_buys(game)) == {"3"}


def test_six_and_3e_on_sale_together_en_available_trains() -> None:
    game = ar_buying("5", ("5",))
    assert depot_buys(game) == {"6": 500, "3E": 600}


def test_phase_changes_at_end_of_buying_turn_en_phases() -> None:
    """The first 3 train starts phase 3 at the end of the buying company's turn."""
    game = ar_buying("2", ("2",))
    apply(game, BuyTrain(entity="AR", train="3-0", price=200))
    assert game.phase.name == "2"  # still phase 2 during the turn
    apply(game, Pass(entity="AR"))
    assert game.phase.name == "3"


def test_rusting_at_phase_change_en_phases() -> None:
    """Phase 4 removes every 2 train, of every company, at the end of the turn."""
    game = ar_buying("3", ("2", "3"))
    start_company(game, "NCS", "p1", 100)
    give_trains(game, "NCS", ["2", "2"])
    apply(game, BuyTrain(entity="AR", train="4-0", price=300))
    assert [t.name for t in game.companies["NCS"].trains] == ["2", "2"]
    apply(game, Pass(entity="AR"))
    assert game.phase.name == "4"
    assert game.companies["NCS"].trains == []
    assert sorted(t.name for t in game.companies["AR"].trains) == ["3", "4"]


def test_train_limit_blocks_purchase_even_if_it_would_rust_en_train_count_limits() -> None:
    """"A company which has the same number of trains as the current train limit may not
    buy another train, even if the new train would trigger a phase change and rust"."""
    game = ar_buying("3", ("2", "2", "3", "3"))
    assert depot_buys(game) == {}
    assert [type(c.action) for c in game.legal_actions()] == [Pass]


def test_discard_excess_trains_after_phase_change_en_train_count_limits() -> None:
    """Over the new limit (4 -> 3 in phase 4) the president discards trains of his choice;
    they are removed from the game."""
    game = ar_buying("3", ("3", "3", "3"))
    apply(game, BuyTrain(entity="AR", train="4-0", price=300))
    apply(game, Pass(entity="AR"))
    assert isinstance(game.decider(), DiscardDecider)
    assert {a.train.split("-")[0] for a in legal_of(game, DiscardTrain)} == {"3", "4"}
    ar = game.companies["AR"]
    discarded = next(t for t in ar.trains if t.name == "3")
    apply(game, DiscardTrain(entity="AR", train=discarded.id))
    assert len(ar.trains) == 3 and discarded in game.depot.discarded
    assert discarded not in game.depot.trains
    assert game.depot.discarded[game.depot.discarded.index(discarded)].owner is None


def ar_may_buy_the_first_5() -> SteamOverHolland:
    """Phase 4, the 4-trains sold out; AR (owning Werkspoor, P1 owning VES) at its
    buy-train step."""
    game = fresh()
    set_phase(game, "4")
    give_private(game, "VES", "p1")
    start_company(game, "AR", "p0", 100, cash=1000)
    give_private(game, "W", "AR")
    home_token(game, "AR", "J7")
    lay(game, BREDA_ANTWERPEN)
    give_trains(game, "AR", ["4"])
    for train in [t for t in game.depot.trains if t.name == "4"]:
        game.depot.trains.remove(train)
    operate(game, "AR")
    to_step(game, BuyTrainStep)
    return game


def test_privates_close_when_phase_5_begins_en_notes_on_private_companies() -> None:
    """Privates close at the beginning of phase 5, i.e. at the end of the turn that bought
    the first 5 train; Werkspoor still discounts that 5 train."""
    game = ar_may_buy_the_first_5()
    assert depot_buys(game) == {"5": 360}  # 10% off 400
    apply(game, BuyTrain(entity="AR", train="5-0", price=360))
    assert not game.privates["VES"].closed and not game.privates["W"].closed
    apply(game, Pass(entity="AR"))
    assert game.phase.name == "5"
    assert game.privates["VES"].closed and game.privates["W"].closed


def test_privates_are_removed_from_the_game_at_the_beginning_of_phase_5_en_notes() -> None:
    """EN "Notes on private companies": "At the beginning of Phase 5 ... are removed from
    the game" -- a company's privates leave its charter (and the observation) as they do
    when closed by use (issue 17, item 2)."""
    game = ar_may_buy_the_first_5()
    apply(game, BuyTrain(entity="AR", train="5-0", price=360))
    apply(game, Pass(entity="AR"))
    assert game.phase.name == "5"
    assert game.companies["AR"].privates == []
    assert game.observation()["companies"]["AR"]["privates"] == []


def test_werkspoor_discount_bank_trains_only_en_private_6() -> None:
    """Private #6: 10% off trains bought from the bank; not on trains from a company."""
    game = ar_buying("2", ("2",), sold_out=False, cash=500)
    give_private(game, "W", "AR")
    assert depot_buys(game) == {"2": 90}
    start_company(game, "NCS", "p1", 100)
    give_trains(game, "NCS", ["2"])
    offer = next(c for c in legal(game, OfferTrain))
    assert offer.ranges["price"] == Range(1, game.companies["AR"].cash)


def test_train_from_other_company_any_price_from_1_en_train_costs() -> None:
    """Trains from another company: at least 1, no maximum, both presidents agree (one
    player on both sides is not asked)."""
    game = ar_buying("2", ("2",), sold_out=False, cash=500)
    start_company(game, "NCS", "p0", 100)
    (train,) = give_trains(game, "NCS", ["2"])
    buy = next(c for c in legal(game)
               if isinstance(c.action, BuyTrain) and c.action.source == "NCS")
    assert buy.ranges["price"] == Range(1, game.companies["AR"].cash)  # withheld revenue too
    apply(game, BuyTrain(entity="AR", train=train.id, price=321, source="NCS"))
    assert game.companies["NCS"].cash == 521 and game.companies["NCS"].trains == []


def test_a_declined_train_is_not_offered_again_this_turn_en_train_costs() -> None:
    """EN "Train costs": "The presidents of both companies must agree on the price".  Our
    reading: a refusal is the seller's president declining to sell that train -- and its
    identical twins, one choice in SOH -- for the rest of the buyer's turn (as 1839 R-11.1
    says outright), so an offer cannot be repeated without end; next turn it may be asked
    for again."""
    game = ar_buying("2", ("2",), sold_out=False, cash=500)
    start_company(game, "NCS", "p1", 100)
    two, two_again, three = give_trains(game, "NCS", ["2", "2", "3"])
    assert [o.train for o in legal_of(game, OfferTrain)] == [two.id, three.id]
    apply(game, OfferTrain(entity="AR", train=two.id, price=50))
    apply(game, Respond(entity="NCS", accept=False))
    assert [o.train for o in legal_of(game, OfferTrain)] == [three.id]
    apply(game, OfferTrain(entity="AR", train=three.id, price=1))
    apply(game, Respond(entity="NCS", accept=False))
    assert legal_of(game, OfferTrain) == [] and Pass(entity="AR") in legal_of(game, Pass)
    assert two_again.owner == "NCS"
