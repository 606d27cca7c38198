"""The core's buy-train step (railhouse.engine.steps.trains) on the mini title: depot
purchases (SOH EN "Purchasing trains", "Available trains"; 1839 R-8.3.D.3), the train limit
(SOH EN "Number of trains per company"; 1839 R-16.4.1), trains between companies (SOH EN
"Train costs"; 1839 R-8.3.D.4, R-11.1), the forced purchase with emergency money (SOH EN
"Forced train purchases"; 1839 R-8.3.D.6, R-8.4) and the phase change (1839 R-5.3)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from engine_positions import set_cash, start
from minititle import DividendStep, MiniGame, MiniRules

from railhouse.engine.actions import (
    Bankrupt,
    BuyTrain,
    IssueShares,
    OfferTrain,
    Pass,
    Respond,
    SellShares,
    decode_json,
    encode_json,
)
from railhouse.engine.emergency import EmergencyRaise, EmergencyRules
from railhouse.engine.entities import Company, Train
from railhouse.engine.errors import IllegalAction
from railhouse.engine.invariants import check_invariants
from railhouse.engine.phases import DiscardDecider
from railhouse.engine.privates import update_private
from railhouse.engine.rounds.base import Step
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.engine.steps import BuyTrainStep, ForcedPurchase
from railhouse.engine.turnstate import TurnState
from railhouse.gamehooks import GameHooks
from railhouse.hookspecs import hookimpl
from railhouse.testing.conformance import random_playout


class MiniBuy(BuyTrainStep[MiniGame, TurnState]):
    """The core step as it is (the default emergency raise, :class:`ForcedPurchase`)."""


class EveryTrainRemembered(MiniBuy):
    remembered: set[str] = set()

    def declined(self) -> set[str]:
        return self.remembered


class NeverForced(MiniBuy):
    def must_buy_without_train(self, cheapest: Train) -> bool:
        return False


class HostedRaise(EmergencyRaise):
    """SOH's shape: the issue is a choice, the president's cash counts but is paid by the
    purchase itself."""

    def __init__(self, step: HostingBuy, price: int) -> None:
        super().__init__(step.game, step.company, price, EmergencyRules(
            treasury_choice=True, contribute_at_spend=True, bankrupt_by_choice=True))

    def raised(self) -> None:
        pass

    def bankrupt(self) -> None:
        self.company.closed = True


class HostingBuy(MiniBuy):
    hosts_raise = True

    def emergency_raise(self, train_id: str, price: int) -> EmergencyRaise:
        return HostedRaise(self, price)


#: the operating turn of the games made here
STEPS: list[type[Step[Any]]] = [MiniBuy]


class BuyRules(MiniRules):
    @hookimpl
    def railhouse_operating_steps(self, game: MiniGame, company: Company) -> list[Step[Any]]:
        return [step(game, company.id) for step in STEPS]


class BuyGame(MiniGame):
    def _make_hooks(self) -> GameHooks:
        return GameHooks(rules=BuyRules())


def buying(step: type[MiniBuy] = MiniBuy, cash: int = 500, trains: int = 1,
           b_president: str = "p1") -> BuyGame:
    """A's buy-train step: A (p0, ``cash``, ``trains`` 2-trains), B (``b_president``, 500,
    one 2-train and one 3-train)."""
    STEPS[:] = [step]
    game = BuyGame(["P0", "P1", "P2"])
    for company_id, president, money in (("A", "p0", cash), ("B", b_president, 500)):
        company = start(game, company_id, president, 70, {president: 4})
        company.floated = True
        game.pay(game.bank, company, money)
    for owner, name in [("A", "2")] * trains + [("B", "2"), ("B", "2"), ("B", "3")]:
        train = next(t for t in game.depot.trains if t.name == name)
        game.depot.trains.remove(train)
        game.companies[owner].trains.append(train.to(owner))
    game.round = OperatingRound(game, 1, 1)
    game.round.operated.append("B")  # only A operates
    game.forget_legal_actions()
    game._settle()
    assert game.acting_entity() == "A"
    return game


def owner_of(game: MiniGame, train: Train) -> str | None:
    """Who holds ``train`` now (trains are values: a move makes a new one)."""
    for company in game.companies.values():
        for held in company.trains:
            if held.id == train.id:
                assert held.owner == company.id
                return company.id
    return None


def actions(game: MiniGame) -> list[Any]:
    return [c.action for c in game.legal_actions()]


def test_depot_trains_on_sale_at_their_price_then_others_trains_and_pass() -> None:
    """SOH EN "Available trains" / 1839 R-8.3.D.3: the next train on sale (the last 2),
    at its printed price; B's trains one per type (identical trains are one choice), at
    1 up to the cash, offered to B's president (SOH EN "Train costs")."""
    game = buying()
    legal = game.legal_actions()
    depot_two = next(t for t in game.depot.trains if t.name == "2")
    b_two, _, b_three = game.companies["B"].trains
    assert [c.action for c in legal] == [
        BuyTrain(entity="A", train=depot_two.id, price=80),
        OfferTrain(entity="A", train=b_two.id, price=1),
        OfferTrain(entity="A", train=b_three.id, price=1),
        Pass(entity="A")]
    assert legal[1].ranges["price"].min == 1 and legal[1].ranges["price"].max == 500


def test_a_train_the_company_cannot_pay_is_not_offered() -> None:
    game = buying(cash=79)
    assert not any(isinstance(a, BuyTrain) for a in actions(game))


def test_no_purchase_at_the_train_limit_soh_en_number_of_trains() -> None:
    """SOH EN "Number of trains per company" / 1839 R-16.4.1: at the limit only a pass."""
    game = buying()
    a, b = game.companies["A"], game.companies["B"]
    a.trains += b.trains  # four trains: the limit of phase 2
    b.trains.clear()
    game.forget_legal_actions()
    assert actions(game) == [Pass(entity="A")]


def test_one_president_on_both_sides_buys_at_once_r_11_1() -> None:
    """1839 R-11.1: one director of both companies: a ``BuyTrain`` from the other company,
    no consent asked; the price moves between the treasuries."""
    game = buying(b_president="p0")
    b_three = game.companies["B"].trains[2]
    assert BuyTrain(entity="A", train=b_three.id, price=1, source="B") in actions(game)
    game.apply(BuyTrain(entity="A", train=b_three.id, price=120, source="B"))
    assert not game.pending and owner_of(game, b_three) == "A"
    assert game.companies["A"].cash == 380 and game.companies["B"].cash == 620
    check_invariants(game)


def test_an_offer_asks_the_sellers_president_and_a_refusal_ends_the_asking() -> None:
    """SOH EN "Train costs": "The presidents of both companies must agree on the price";
    1839 R-11.1.  A refused train (one per type: its identical twins too) is not offered
    again in the turn, so offers and refusals cannot repeat without end; an accepted offer
    pays the seller; a fresh turn asks again."""
    game = buying()
    b_two, _twin, b_three = game.companies["B"].trains
    game.apply(OfferTrain(entity="A", train=b_two.id, price=50))
    assert game.acting_entity() == "B"
    game.apply(Respond(entity="B", accept=False))
    round_ = game.round
    assert isinstance(round_, OperatingRound)
    assert owner_of(game, b_two) == "B" and round_.turn.declined == {b_two.id}
    assert [a.train for a in actions(game) if isinstance(a, OfferTrain)] == [b_three.id]
    game.apply(OfferTrain(entity="A", train=b_three.id, price=60))
    game.apply(Respond(entity="B", accept=True))
    assert owner_of(game, b_three) == "A" and game.companies["B"].cash == 560
    round_.turn = game.turn_state()  # the next turn forgets the refusal
    game.forget_legal_actions()
    assert b_two.id in [a.train for a in actions(game) if isinstance(a, OfferTrain)]


def test_every_train_and_declined_trains_remembered_r_11_1() -> None:
    """1839 R-11.1: each train is a choice; a train refused is not asked for again."""
    EveryTrainRemembered.remembered = set()
    game = buying(EveryTrainRemembered)
    game.each_train_a_choice = True  # the title's knob (1839)
    b_two, b_two_again, b_three = game.companies["B"].trains
    offers = [a.train for a in actions(game) if isinstance(a, OfferTrain)]
    assert offers == [b_two.id, b_two_again.id, b_three.id]
    game.apply(OfferTrain(entity="A", train=b_three.id, price=50))
    game.apply(Respond(entity="B", accept=False))
    assert EveryTrainRemembered.remembered == {b_three.id}
    offers = [a.train for a in actions(game) if isinstance(a, OfferTrain)]
    assert offers == [b_two.id, b_two_again.id]


def test_a_company_without_a_train_must_buy_from_the_depot_r_8_3_d_6() -> None:
    """1839 R-8.3.D.6: no pass and no train from another company."""
    game = buying(trains=0)
    depot_two = next(t for t in game.depot.trains if t.name == "2")
    assert actions(game) == [BuyTrain(entity="A", train=depot_two.id, price=80)]
    game.apply(BuyTrain(entity="A", train=depot_two.id, price=80))
    assert owner_of(game, depot_two) == "A" and Pass(entity="A") in actions(game)


def test_must_buy_without_train_is_the_titles_decision() -> None:
    """SOH EN "Forced train purchases": only a company with a route must buy (the
    title's override); otherwise it may pass or buy from another company."""
    game = buying(NeverForced, trains=0)
    assert Pass(entity="A") in actions(game)
    assert any(isinstance(a, OfferTrain) for a in actions(game))


def test_short_of_money_the_purchase_starts_the_emergency_raise_r_8_4() -> None:
    """1839 R-8.4: offered the cheapest train only; buying it raises the money (here the
    president's cash, R-8.4.3), then the purchase completes."""
    game = buying(trains=0, cash=30)
    depot_two = next(t for t in game.depot.trains if t.name == "2")
    assert actions(game) == [BuyTrain(entity="A", train=depot_two.id, price=80)]
    p0_cash = game.seats[0].cash
    game.apply(BuyTrain(entity="A", train=depot_two.id, price=80))
    assert owner_of(game, depot_two) == "A" and game.companies["A"].cash == 0
    assert game.seats[0].cash == p0_cash - 50
    check_invariants(game)


def test_a_pending_raise_completes_the_purchase_once_the_president_sold() -> None:
    """1839 R-8.4.4: a president without cash sells shares of their choice; the purchase
    follows the sale that covers the price (also in a clone of the position)."""
    game = buying(trains=0, cash=30)
    for cert in [c for c in game.companies["B"].certs if c.owner == "ipo"][:2]:
        cert.owner = "p0"
    set_cash(game, "p0", 0)
    depot_two = next(t for t in game.depot.trains if t.name == "2")
    game.apply(BuyTrain(entity="A", train=depot_two.id, price=80))
    assert isinstance(game.pending[-1], ForcedPurchase) and game.acting_entity() == "p0"
    assert owner_of(game, depot_two) is None
    twin = game.clone()  # the continuation is copied with the pending raise
    game.apply(SellShares(entity="p0", company="B", count=1))
    assert owner_of(game, depot_two) == "A" and not game.pending
    assert game.companies["A"].cash == 0 and game.seats[0].cash == 70 - 50
    check_invariants(game)
    twin.apply(SellShares(entity="p0", company="B", count=1))
    assert [t.id for t in twin.companies["A"].trains] == [depot_two.id]
    assert game.companies["A"].trains[0] is not twin.companies["A"].trains[0]


def test_a_hosted_raise_asks_for_the_issue_before_offering_the_purchase() -> None:
    """SOH EN "Forced train purchases": the company first sells its own shares, then the
    president pays the balance with the purchase."""
    game = buying(HostingBuy, trains=0, cash=0)
    for cert in game.companies["A"].certs_of("ipo")[:1]:
        cert.owner = "treasury"
    game.forget_legal_actions()
    assert game.acting_entity() == "A"
    assert [type(a) for a in actions(game)] == [IssueShares]
    game.apply(IssueShares(entity="A", count=1))
    depot_two = next(t for t in game.depot.trains if t.name == "2")
    assert actions(game) == [BuyTrain(entity="A", train=depot_two.id, price=80)]
    cash, p0_cash = game.companies["A"].cash, game.seats[0].cash
    game.apply(BuyTrain(entity="A", train=depot_two.id, price=80))
    assert owner_of(game, depot_two) == "A" and game.companies["A"].cash == 0
    assert game.seats[0].cash == p0_cash - (80 - cash)
    check_invariants(game)


def test_the_first_train_of_a_type_changes_the_phase_and_asks_for_discards_r_5_3() -> None:
    """1839 R-5.3 / R-16.4.3: the first 3-train starts phase 3 (limit 3): B, with four
    trains, discards through ``Game.discard_decider``."""
    game = buying()
    last_two = next(t for t in game.depot.trains if t.name == "2")
    game.depot.trains.remove(last_two)
    game.companies["B"].trains.append(last_two)
    game.forget_legal_actions()
    three = next(t for t in game.depot.trains if t.name == "3")
    game.apply(BuyTrain(entity="A", train=three.id, price=180))
    assert game.phase.name == "3"
    assert isinstance(game.pending[-1], DiscardDecider) and game.acting_entity() == "B"


def test_a_train_the_other_company_does_not_own_cannot_be_bought_from_it() -> None:
    game = buying(b_president="p0")
    (own,) = game.companies["A"].trains
    with pytest.raises(IllegalAction):
        game.apply(BuyTrain(entity="A", train=own.id, price=1, source="B"))


def test_by_default_a_president_who_cannot_raise_the_money_ends_the_game() -> None:
    """The core's default bankruptcy (titles with their own override the raise): nothing
    to sell and too little cash: bankruptcy is the only choice."""
    game = buying(trains=0, cash=30)
    set_cash(game, "p0", 0)
    for cert in game.companies["A"].certs:
        if cert.owner == "p0" and not cert.president:
            cert.owner = "p2"
    depot_two = next(t for t in game.depot.trains if t.name == "2")
    game.apply(BuyTrain(entity="A", train=depot_two.id, price=80))
    assert actions(game) == [Bankrupt(entity="p0")]
    game.apply(Bankrupt(entity="p0"))
    assert game.over and game.end_reason == "bankruptcy" and depot_two.owner is None


class TenPercentGame(BuyGame):
    """Only the companies of 10% certificates (A, B): the core's emergency sales offer
    single 10% units, which C's and L's 20% certificates cannot make (no title has such
    certificates yet; the stock round steps its sale ranges by certificate size)."""

    config = dataclasses.replace(BuyGame.config, companies=tuple(
        c for c in BuyGame.config.companies if c.id in ("A", "B")))


def test_random_playouts_with_the_core_step_keep_invariants_and_replay() -> None:
    """Whole games of the mini title whose turn is the mini dividend and the core step:
    purchases, offers and phase changes keep the money invariants, the legal cache is
    consistent, and the record replays to the same position."""
    STEPS[:] = [DividendStep, MiniBuy]
    kinds: set[str] = set()
    for players, seed in [(2, 0), (4, 2), (3, 4), (4, 14)]:
        game = random_playout(TenPercentGame, players, seed, probe_every=5)
        kinds |= {e.kind for e in game.events_since(0)}
        again = TenPercentGame(list(game.players), None, seed)
        for action in game.actions:
            again.apply(decode_json(encode_json(action)))
        assert again.observation() == game.observation() and again.result() == game.result()
    assert {"train_bought", "phase", "agreement"} <= kinds


class DiscountBuy(MiniBuy):
    train_discount_percent = 10


class ThreesDiscounted(DiscountBuy):
    def discounted(self, train: Train) -> bool:
        return train.name == "3"


def test_a_train_discount_private_lowers_the_depot_price_soh_en_private_6() -> None:
    """SOH EN private #6 (Werkspoor): 10% off the trains its company buys from the bank;
    the 18xx-games rule set limits it to some trains (``discounted``)."""
    for step, owned, price in ((MiniBuy, True, 80), (DiscountBuy, False, 80),
                               (DiscountBuy, True, 72), (ThreesDiscounted, True, 80)):
        game = buying(step)
        private = game.privates["P1"]
        update_private(game, "P1", spec=dataclasses.replace(private.spec,
                                                            abilities=("train_discount",)))
        if owned:
            update_private(game, "P1", owner="A")
            game.companies["A"].privates.append("P1")
        game.forget_legal_actions()
        (depot,) = [a for a in actions(game) if isinstance(a, BuyTrain)]
        assert depot.price == price
