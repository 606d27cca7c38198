"""The four game ends (R-10.1) and scoring (R-10.2), each reached through the engine."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from m1839_helpers import finish_auction
from m1839_positions import give_train

from railhouse.engine.actions import Concede, Dividend, Pass
from railhouse.engine.privates import update_private
from railhouse.testing.conformance import choose
from railhouse_m1839.game import M1839
from railhouse_m1839.operating import M1839OperatingRound
from railhouse_m1839.stock import M1839StockRound
from railhouse_m1839.turnsteps import DividendStep


def _to_sr(make_game: Callable[..., M1839], players: int = 3, seed: int = 4) -> M1839:
    game = make_game(players, seed)
    finish_auction(game, seed)
    assert isinstance(game.round, M1839StockRound)
    return game


def _hold_all(game: M1839, company_id: str, price: int) -> None:
    company = game.companies[company_id]
    company.started = company.floated = True
    company.president = "p0"
    for cert in company.certs:
        cert.owner = "p0"
    game.market_of(company).place_at_price(company_id, price)


def _play_passive(game: M1839, limit: int = 3000) -> None:
    """Pass wherever allowed, otherwise a seeded random legal action (never conceding)."""
    rng = random.Random(0)
    for _ in range(limit):
        if game.over:
            return
        legal = [c for c in game.legal_actions() if not isinstance(c.action, Concede)]
        passes = [c for c in legal if isinstance(c.action, Pass)]
        game.apply(passes[0].action if passes else choose(rng, legal))


def test_R_10_1_1_one_player_left(make_game: Callable[..., M1839]) -> None:
    game = _to_sr(make_game, players=2)
    me = game.acting_entity()
    assert me is not None
    game.apply(Concede(entity=me))
    assert game.over and game.end_reason == "one_player_left"
    scores = game.result().scores
    assert scores[int(me[1:])] == 0 and max(scores) > 0


def test_R_10_1_3_price_300_in_an_sr_ends_at_once(make_game: Callable[..., M1839]) -> None:
    game = _to_sr(make_game)
    company = next(c.id for c in game.companies.values()
                   if not c.started and c.spec.kind == "major")
    _hold_all(game, company, 270)
    for _ in range(3):
        game.apply(Pass(entity=game.acting_entity() or ""))
    assert game.over and game.end_reason == "price_300_in_sr"


def test_R_10_1_3_price_300_in_an_or_ends_after_the_or(
        make_game: Callable[..., M1839], monkeypatch: pytest.MonkeyPatch) -> None:
    game = _to_sr(make_game)
    company = next(c.id for c in game.companies.values()
                   if not c.started and c.spec.kind == "major")
    _hold_all(game, company, 270)
    game.companies[company].certs[1].owner = "ipo"  # no right move at the end of the SR
    later = next(c.id for c in game.companies.values()
                 if not c.started and c.spec.kind == "major")
    _hold_all(game, later, 67)  # operates after the f300 company in the same OR
    game.companies[later].certs[1].owner = "ipo"
    give_train(game, game.companies[later])
    game.operated_since_float.add(later)
    original = DividendStep.auto

    def rich_run(step: DividendStep) -> bool:  # the routes are the map's: fix the revenue
        if step.entity == company:
            step.turn.revenue = 600
        return original(step)

    monkeypatch.setattr(DividendStep, "auto", rich_run)
    for _ in range(3):
        game.apply(Pass(entity=game.acting_entity() or ""))
    assert isinstance(game.round, M1839OperatingRound)
    rng = random.Random(1)
    for _ in range(500):
        if game.acting_entity() == company and any(
                isinstance(c.action, Dividend) for c in game.legal_actions()):
            game.apply(Dividend(entity=company, kind="half"))
            break
        legal = game.legal_actions()
        passes = [c for c in legal if isinstance(c.action, Pass)]
        game.apply(passes[0].action if passes else choose(rng, legal))
    assert game.pending_end == "price_300_in_or"
    assert not game.over  # not at once: the OR is finished first
    _play_passive(game)
    assert game.over and game.end_reason == "price_300_in_or"
    assert isinstance(game.round, M1839OperatingRound)
    assert game.round.finished and later in game.round.operated  # the whole OR was played


def test_R_10_1_4_first_set_starting_in_purple(make_game: Callable[..., M1839]) -> None:
    game = _to_sr(make_game)
    game.phase_index = 11
    _play_passive(game)
    assert game.over and game.end_reason == "purple_set_complete"
    ors = [e for e in game.events_since(0) if e.kind == "round"
           and e.data["round"]["kind"] == "operating" and e.data["round"]["set"] == 1]
    assert len(ors) == 3  # the whole set of three ORs was played


def test_R_10_2_scores_cash_privates_and_shares(make_game: Callable[..., M1839]) -> None:
    from railhouse_m1839.game import M1839Rules

    game = _to_sr(make_game)
    rules = M1839Rules()
    before = rules.railhouse_final_scores(game)[1]
    company = next(c.id for c in game.companies.values()
                   if not c.started and c.spec.kind == "major")
    _hold_all(game, company, 82)
    for cert in game.companies[company].certs[1:4]:
        cert.owner = "p1"
    assert rules.railhouse_final_scores(game)[1] == before + 3 * 82
    update_private(game, "RH", owner="p1", closed=False)
    assert rules.railhouse_final_scores(game)[1] == before + 3 * 82  # RH counts f0
    game.player("p1").cash += 5
    assert rules.railhouse_final_scores(game)[1] == before + 3 * 82 + 5
    # a closed private is worth nothing, an open one its face value
    update_private(game, "LP", owner="p1", closed=True)
    assert rules.railhouse_final_scores(game)[1] == before + 3 * 82 + 5
    update_private(game, "LP", closed=False)
    assert rules.railhouse_final_scores(game)[1] == before + 3 * 82 + 5 + 90
    # shares of a parred but unfloated company count at its current price too
    unfloated = next(c for c in game.companies.values()
                     if not c.started and c.spec.kind == "major")
    _hold_all(game, unfloated.id, 74)
    unfloated.floated = False
    for cert in unfloated.certs[1:3]:
        cert.owner = "p1"
    assert rules.railhouse_final_scores(game)[1] == before + 3 * 82 + 5 + 90 + 2 * 74
