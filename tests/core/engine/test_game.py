"""Game mechanics on the mini title: bank, privates, auction, operating rounds, replay,
undo, clone and records."""

from __future__ import annotations

import json
import random

import pytest
from engine_positions import mini, start
from minititle import MiniGame, new_game

from railhouse.engine import record as record_module
from railhouse.engine.actions import Bid, Pass, from_builtins
from railhouse.engine.errors import IllegalAction, RecordError
from railhouse.engine.invariants import check_invariants
from railhouse.engine.privates import close_private, revenue_of, update_private
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.testing.conformance import choose


def played(seed: int, players: int = 3, limit: int = 10_000) -> MiniGame:
    game = mini(players, seed)
    rng = random.Random(seed)
    while not game.over and len(game.actions) < limit:
        game.apply(choose(rng, game.legal_actions()))
    return game


def test_finite_bank_breaks_with_a_signal_and_unlimited_never_does() -> None:
    game = mini()
    assert game.bank.limit == 4000 and not game.bank.broken
    game.pay(game.bank, game.seats[0], game.bank.cash + 1)
    assert game.bank.broken and game.bank.cash == -1
    assert [e.kind for e in game._events].count("bank_broken") == 1
    game.bank.limit = None
    game.bank.broken = False
    game.pay(game.bank, game.seats[1], 10)
    assert not game.bank.broken


def test_a_payer_without_the_money_is_refused() -> None:
    game = mini()
    with pytest.raises(IllegalAction, match="cannot pay"):
        game.pay(game.seats[0], game.bank, game.seats[0].cash + 1)


def test_private_revenue_fixed_growing_and_negative_with_any_owner() -> None:
    game = mini()
    company = start(game, "A", "p1", 70)
    game.pay(game.bank, company, 50)
    owners = {"P1": "p0", "P2": "A", "P3": "p2"}
    for private_id, owner in owners.items():
        update_private(game, private_id, owner=owner)
    company.privates.append("P2")
    before = (game.seats[0].cash, company.cash, game.seats[2].cash)
    OperatingRound(game, 1, 1).pay_private_income()
    assert (game.seats[0].cash, company.cash, game.seats[2].cash) == (
        before[0] + 10, before[1] + 5, before[2] - 20)
    game.phase_index = 2
    assert revenue_of(game, game.privates["P2"]) == 30
    check_invariants(game)


def test_closing_a_private_stops_its_income_and_removes_it_from_its_company() -> None:
    game = mini()
    company = game.companies["A"]
    update_private(game, "P2", owner="A")
    company.privates.append("P2")
    close_private(game, "P2", "test")
    assert game.privates["P2"].closed and company.privates == []
    cash = company.cash
    OperatingRound(game, 1, 1).pay_private_income()
    assert company.cash == cash


def test_bid_up_auction_last_bidder_buys_en_phase_1() -> None:
    game = mini(players=2, seed=1)
    first = game.acting_entity()
    assert first is not None
    other = "p1" if first == "p0" else "p0"
    game.apply(Bid(entity=first, target="P1", price=40))
    with pytest.raises(IllegalAction):
        game.apply(Bid(entity=other, target="P1", price=42))  # raise by at least 5
    game.apply(Bid(entity=other, target="P1", price=45))
    game.apply(Pass(entity=first))
    assert game.privates["P1"].owner == other and game.privates["P1"].price_paid == 45


def test_an_item_nobody_bids_on_is_removed() -> None:
    game = mini(players=2, seed=1)
    for _ in range(2):
        game.apply(Pass(entity=game.acting_entity() or ""))
    assert game.privates["P1"].closed and game.privates["P1"].owner is None


def test_operating_order_is_recomputed_after_each_company_r_8_2_3() -> None:
    game = mini()
    for cid, price in (("A", 70), ("B", 60)):
        start(game, cid, "p0", price).floated = True
    round_ = OperatingRound(game, 1, 1)
    assert round_.next_company() is game.companies["A"]
    round_.operated.append("A")
    game.markets["main"].move("A", "down", 2)
    game.markets["main"].move("B", "up")  # B now highest; A already operated
    assert round_.order()[0] == "B" and round_.next_company() is game.companies["B"]


def test_an_action_goes_to_the_first_step_that_is_not_done() -> None:
    for seed in range(6):
        game = mini(3, seed)
        rng = random.Random(seed)
        while not game.over:
            round_ = game.round
            if isinstance(round_, OperatingRound) and round_.steps and not game.pending:
                step = round_.current_step()
                assert step is not None and all(s.done for s in round_.steps[
                    : round_.steps.index(step)])
                assert game.legal_actions() == step.legal_actions()
            game.apply(choose(rng, game.legal_actions()))


def test_replay_reproduces_every_state_and_undo_is_replay_of_a_prefix() -> None:
    game = played(seed=5)
    rec = json.loads(json.dumps(game.to_record()))
    again = MiniGame(rec["players"], rec["options"], rec["seed"])
    for index, raw in enumerate(rec["actions"]):
        again.apply(from_builtins(raw))
        if index == 10:
            undone = MiniGame(rec["players"], rec["options"], rec["seed"])
            for prior in rec["actions"][:11]:
                undone.apply(from_builtins(prior))
            assert undone.observation() == again.observation()
    assert again.observation() == game.observation() and again.result() == game.result()


def test_clone_equals_replay_and_is_independent() -> None:
    game = mini(3, 2)
    rng = random.Random(2)
    for _ in range(25):
        game.apply(choose(rng, game.legal_actions()))
    twin = game.clone()
    assert twin.observation() == game.observation()
    twin.apply(choose(rng, twin.legal_actions()))
    assert len(game.actions) == 25 and len(twin.actions) == 26


def test_record_round_trip_through_record_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record_module, "new_game", lambda title, players, options, seed:
                        new_game(players, options, seed))
    game = played(seed=7)
    rec = game.to_record()
    assert rec["format"] == "railhouse-record/1" and rec["result"]["reason"] == game.end_reason
    again = record_module.replay(json.loads(json.dumps(rec)), check=True)
    assert again.result() == game.result()
    half = record_module.replay(rec, upto=5)
    assert len(half.actions) == 5
    rec["actions"][3] = {"type": "bid", "entity": "p9", "target": "P1", "price": 1}
    with pytest.raises(RecordError, match="action 3 does not replay"):
        record_module.replay(rec)


def test_undo_drops_the_last_actions_and_replays_leaving_the_original() -> None:
    game = played(seed=5, limit=40)
    before = game.observation()
    once = record_module.undo(game)
    assert len(once.actions) == 39 and game.observation() == before
    prefix = mini(3, 5)
    for action in game.actions[:35]:
        prefix.apply(action)
    assert record_module.undo(game, 5).observation() == prefix.observation()
    assert record_module.undo(game, 0).observation() == before
    again = record_module.undo(game, 40)
    assert again.actions == () and again.observation() == mini(3, 5).observation()
    with pytest.raises(ValueError, match="cannot undo 41 of 40"):
        record_module.undo(game, 41)


def test_events_since_an_action_are_every_event_from_it_on() -> None:
    """``events_since`` bisects the event log (recorded in action order) and merges in
    the actions' events: the same events as a scan of them all, for every index of a
    played game (tests/core/engine/test_action_events.py: the actions' events)."""
    game = mini(3, 5)
    rng = random.Random(5)
    while not game.over and len(game.actions) < 150:
        game.apply(choose(rng, game.legal_actions()))
    events = game.events_since(-1)
    assert [e.index for e in events] == sorted(e.index for e in events)
    for index in range(-2, len(game.actions) + 2):
        assert game.events_since(index) == [e for e in events if e.index >= index]


@pytest.mark.parametrize("bad", ["p-1", "p01", "x1", "p", "", "p3", "P1", "p1 "])
def test_player_ids_are_matched_exactly_not_parsed_loosely(bad: str) -> None:
    """A player id names one seat as the engine wrote it ("p0", "p1", ...): "p-1" is not
    the last seat, nor "p01" or "x1" seat 1 -- a bot's typo gets a clear IllegalAction."""
    game = mini(3)
    assert [game.player(p.id) for p in game.seats] == game.seats
    with pytest.raises(IllegalAction, match="no player"):
        game.player(bad)
