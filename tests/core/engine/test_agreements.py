"""Two-party agreements (railhouse.engine.agreements) on the mini title with a trade step:
private sales to a company (SOH EN "Buying private companies", 1839 R-8.3.10), trains
between companies of different presidents (SOH EN "Train costs", 1839 R-8.3.D.4) and a
title's own deal (the shape of a 1839 station swap, R-14.3.5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from engine_positions import start
from minititle import BuyTrainStep, DividendStep, MiniGame, MiniRules

from railhouse.engine.actions import (
    LegalAction,
    OfferPrivate,
    OfferTrain,
    Pass,
    Range,
    Respond,
    decode_json,
    encode_json,
)
from railhouse.engine.agreements import (
    AgreementDecider,
    Deal,
    PrivateSale,
    TrainSale,
    propose,
)
from railhouse.engine.entities import Company
from railhouse.engine.errors import IllegalAction
from railhouse.engine.invariants import check_invariants
from railhouse.engine.privates import update_private
from railhouse.engine.rounds.base import Step
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.gamehooks import GameHooks
from railhouse.hookspecs import hookimpl
from railhouse.testing.conformance import random_playout


class TradeStep(Step["MiniGame"]):
    """Offers to buy a player's private or another company's train; an offer declined is
    not repeated in the same turn (1839 R-8.3.10)."""

    rule = "mini trades"

    def __init__(self, game: MiniGame, entity: str) -> None:
        super().__init__(game, entity)
        self.declined: list[str] = []
        self.asked: str = ""

    def legal_actions(self) -> list[LegalAction]:
        game, me = self.game, self.entity
        cash = game.companies[me].cash
        if cash < 1:
            return []
        legal = [
            LegalAction(OfferPrivate(entity=me, target=p.id, price=1), {"price": Range(1, cash)})
            for p in game.privates.values()
            if p.owner is not None and p.owner.startswith("p") and not p.closed
            and p.id not in self.declined
        ]
        legal += [
            LegalAction(OfferTrain(entity=me, train=t.id, price=1), {"price": Range(1, cash)})
            for c in game.companies.values() if c.id != me for t in c.trains
            if t.id not in self.declined
        ]
        return [*legal, LegalAction(Pass(entity=me))] if legal else []

    def process_offer_private(self, action: OfferPrivate) -> None:
        self.asked = action.target
        propose(self.game, PrivateSale(self.game, self.entity, action.target, action.price),
                then=self.answered)

    def process_offer_train(self, action: OfferTrain) -> None:
        seller = next(c.id for c in self.game.companies.values()
                      if any(t.id == action.train for t in c.trains))
        self.asked = action.train
        propose(self.game, TrainSale(self.game, self.entity, seller, action.train, action.price),
                then=self.answered)

    def answered(self, accepted: bool) -> None:
        if not accepted:
            self.declined.append(self.asked)


class TradeRules(MiniRules):
    @hookimpl
    def railhouse_operating_steps(self, game: MiniGame, company: Company) -> list[Step[Any]]:
        return [TradeStep(game, company.id), DividendStep(game, company.id),
                BuyTrainStep(game, company.id)]


class TradeGame(MiniGame):
    def _make_hooks(self) -> GameHooks:
        return GameHooks(rules=TradeRules())


def trade_game(players: Sequence[str], options: Mapping[str, Any] | None = None,
               seed: int = 0) -> TradeGame:
    return TradeGame(players, options, seed)


def trading() -> TradeGame:
    """A's trade step: A (p0, 500 cash), B (p1, 500 cash, one train); p1 owns P1, p0 P2."""
    game = TradeGame(["P0", "P1", "P2"])
    for company_id, president in (("A", "p0"), ("B", "p1")):
        company = start(game, company_id, president, 70, {president: 4})
        company.floated = True
        game.pay(game.bank, company, 500)
    train = game.depot.take(game.depot.available()[0].id)
    game.companies["B"].trains.append(train.to("B"))
    update_private(game, "P1", owner="p1")
    update_private(game, "P2", owner="p0")
    game.round = OperatingRound(game, 1, 1)
    game.forget_legal_actions()
    game._settle()
    assert game.acting_entity() == "A"
    return game


def test_a_private_offer_asks_its_owner_and_acceptance_executes_it() -> None:
    game = trading()
    game.apply(OfferPrivate(entity="A", target="P1", price=30))
    assert game.acting_entity() == "p1" and game.acting_seat() == 1
    assert [c.action for c in game.legal_actions()] == [
        Respond(entity="p1", accept=True), Respond(entity="p1", accept=False)]
    p1_cash = game.seats[1].cash
    game.apply(Respond(entity="p1", accept=True))
    check_invariants(game)
    assert game.privates["P1"].owner == "A" and game.companies["A"].privates == ["P1"]
    assert game.companies["A"].cash == 470 and game.seats[1].cash == p1_cash + 30
    assert game.acting_entity() == "A"  # back to the proposing company's turn
    kinds = [e.kind for e in game.events_since(0)]
    assert kinds.count("offer") == 1 and kinds.count("agreement") == 1


def test_a_declined_offer_changes_nothing_and_is_not_repeated_this_turn() -> None:
    game = trading()
    before = game.observation()
    game.apply(OfferPrivate(entity="A", target="P1", price=30))
    game.apply(Respond(entity="p1", accept=False))
    after = game.observation()
    assert after["players"] == before["players"] and after["companies"] == before["companies"]
    assert game.privates["P1"].owner == "p1"
    offered = {c.action.target for c in game.legal_actions()
               if isinstance(c.action, OfferPrivate)}
    assert "P1" not in offered and "P2" in offered


def test_one_seat_on_both_sides_is_not_asked() -> None:
    game = trading()
    p0_cash = game.seats[0].cash
    game.apply(OfferPrivate(entity="A", target="P2", price=25))  # p0 presides A and owns P2
    assert not game.pending and game.privates["P2"].owner == "A"
    assert game.seats[0].cash == p0_cash + 25 and game.companies["A"].cash == 475
    assert [e.kind for e in game.events_since(0)].count("offer") == 0
    check_invariants(game)


def test_ask_same_seat_asks_even_one_seat_on_both_sides() -> None:
    game = trading()
    propose(game, PrivateSale(game, "A", "P2", 25), ask_same_seat=True)
    assert isinstance(game.pending[-1], AgreementDecider) and game.acting_entity() == "p0"


def test_a_train_between_companies_of_different_presidents_needs_the_seller() -> None:
    game = trading()
    (train,) = game.companies["B"].trains
    game.apply(OfferTrain(entity="A", train=train.id, price=1))
    assert game.acting_entity() == "B" and game.acting_seat() == 1
    with pytest.raises(IllegalAction, match="turn order"):
        game.apply(Respond(entity="A", accept=True))
    game.apply(Respond(entity="B", accept=True))
    check_invariants(game)
    assert game.companies["A"].trains == [train] and game.companies["A"].trains[0].owner == "A"
    assert game.companies["B"].trains == [] and game.companies["B"].cash == 501


def test_deals_are_checked_when_offered() -> None:
    game = trading()
    with pytest.raises(IllegalAction, match="cannot pay"):
        propose(game, PrivateSale(game, "A", "P1", 501))
    with pytest.raises(IllegalAction, match="no train"):
        propose(game, TrainSale(game, "A", "B", "D-9", 10))
    with pytest.raises(IllegalAction, match="no owner"):
        PrivateSale(game, "A", "P3", 10)  # P3 was never sold
    with pytest.raises(IllegalAction):
        game.apply(OfferPrivate(entity="A", target="P1", price=501))  # outside the range
    assert not game.pending


def test_a_clone_with_a_pending_offer_answers_alone() -> None:
    game = trading()
    game.apply(OfferPrivate(entity="A", target="P1", price=30))
    twin = game.clone()
    twin.apply(Respond(entity="p1", accept=False))
    step = twin.round.current_step()  # type: ignore[union-attr]
    assert isinstance(step, TradeStep) and step.declined == ["P1"]
    original = game.round.current_step()  # type: ignore[union-attr]
    assert isinstance(original, TradeStep) and original.declined == []
    assert game.acting_entity() == "p1"


class TokenSwap(Deal):
    """A title's own deal: two companies exchange their placed-token counts (the shape of
    a 1839 station swap: the proposer's director offers, the other director answers)."""

    def execute(self) -> None:
        mine, theirs = self.game.company(self.proposer), self.game.company(self.respondent)
        mine.tokens_placed, theirs.tokens_placed = theirs.tokens_placed, mine.tokens_placed


def test_a_title_defined_deal_goes_through_the_same_offer_and_answer() -> None:
    game = trading()
    game.companies["A"].tokens_placed, game.companies["B"].tokens_placed = 1, 3
    propose(game, TokenSwap(game, "A", "B"))
    assert game.acting_entity() == "B"
    game.apply(Respond(entity="B", accept=True))
    assert (game.companies["A"].tokens_placed, game.companies["B"].tokens_placed) == (3, 1)


def test_random_playouts_with_offers_keep_invariants_and_replay() -> None:
    answers: list[object] = []
    for players, seed in [(2, 0), (3, 1), (3, 2), (4, 3), (3, 4)]:
        game = random_playout(trade_game, players, seed, probe_every=7)
        answers += [e.data["accepted"] for e in game.events_since(0) if e.kind == "agreement"]
        again = trade_game(list(game.players), None, seed)
        for action in game.actions:
            again.apply(decode_json(encode_json(action)))
        assert again.observation() == game.observation() and again.result() == game.result()
    assert True in answers and False in answers  # both answers were exercised
