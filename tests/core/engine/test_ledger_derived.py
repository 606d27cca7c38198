"""The answers memoised in a share ledger (``ShareLedger.derived``: sale sizes, purchase
sources, certificate sizes, a player's purchases at a price and cash, the presidency's
standing) and in a stock listing (``StockChoices.listing_memo``) never go stale: at every
stock-round decision of seeded random games of both titles, and of their clones after
either side moved on, the memoised answers equal a fresh computation and the listed legal
set equals the one listed with every memo dropped."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_positions import mini

from railhouse.bench.positions import choose_playing
from railhouse.engine.actions import BuyShares, LegalAction
from railhouse.engine.entities import IPO, Company
from railhouse.engine.game import Game
from railhouse.engine.record import new_game
from railhouse.engine.rounds import offers, sales
from railhouse.engine.rounds.holderanswers import UNKNOWN, HolderAnswers
from railhouse.engine.rounds.stock import StockRound
from railhouse.engine.shares import SETTLED
from railhouse.engine.steps import issues


def fresh_answers(game: Game, company: Company) -> dict[Any, Any]:
    """What every memoised ledger answer would be computed from scratch now."""
    ledger = company.ledger
    answers: dict[Any, Any] = {}
    for key, known in ledger.derived().items():
        if isinstance(known, HolderAnswers):  # a player's answers, under the player's id
            answers[key] = fresh_holder_answers(game, company, key, known)
            continue
        kind, *rest = key
        if kind == "sellable":
            seller, president = rest
            answers[key] = sales._sellable_units(game, ledger, seller, president)
        elif kind == "step":
            seller, president = rest
            answers[key] = sales._sale_step(ledger, seller, president)
        elif kind == "sources":
            answers[key] = offers.buy_sources_at(ledger, rest[0])
        elif kind == "sizes":
            answers[key] = offers.ordinary_sizes(ledger, rest[0])
        elif kind == "offers":  # the core's certificates on offer: (source, size)
            answers[key] = [
                (source, percent)
                for source in offers.buy_sources_at(ledger, game.unsold_location())
                for percent in offers.ordinary_sizes(ledger, source)]
        elif kind == "buys":  # the core's purchases for (player, price, cash)
            me, price, cash = rest
            room = game.config.max_holding_percent - ledger.percent_of(me)
            answers[key] = [
                LegalAction(BuyShares(entity=me, company=company.id, source=source,
                                      count=percent // 10))
                for source in offers.buy_sources_at(ledger, game.unsold_location())
                for percent in offers.ordinary_sizes(ledger, source)
                if price * (percent // 10) <= cash and percent <= room]
        elif kind == "issues.issuable":  # the share-dealing step's (steps/issues.py)
            answers[key] = issues.fresh_issuable(game, company)
        elif kind == SETTLED:  # the presidency's standing (shares.update_president's)
            units = {p: ledger.percent_of(p) // 10 for p in game.players_after(rest[0])}
            answers[key] = all(n <= ledger.percent_of(rest[0]) // 10 for n in units.values())
        else:
            raise AssertionError(f"a ledger memo key nobody checks: {key!r}")
    return answers


def fresh_holder_answers(game: Game, company: Company, player: str,
                         known: HolderAnswers) -> HolderAnswers:
    """``known`` (``player``'s answers about ``company``) with every slot it has worked out
    computed from scratch instead."""
    fresh = HolderAnswers()
    if known.sale is not UNKNOWN:
        fresh.sale = sales.fresh_sale_choice(game, company, player, False)
    if known.sale_as_president is not UNKNOWN:
        fresh.sale_as_president = sales.fresh_sale_choice(game, company, player, True)
    if known.purchases is not None:  # 1839's: the director's certificate in the IPO,
        # or the purchases of one share
        ledger = company.ledger
        sources = offers.buy_sources_at(ledger, game.unsold_location())
        in_ipo = ledger.president_owner() == IPO
        fresh.purchases = (in_ipo, [
            LegalAction(BuyShares(entity=player, company=company.id, source=IPO,
                                  count=2))] if in_ipo else [
            LegalAction(BuyShares(entity=player, company=company.id, source=source))
            for source in sources])
    return fresh


def check_memos(game: Game) -> None:
    for company in game.companies.values():
        assert company.ledger.derived() == fresh_answers(game, company), company.id


def listed_without_memos(game: Game) -> list[Any]:
    twin = game.clone()
    for company in twin.companies.values():
        company.ledger.memo = {}
    return twin.legal_actions()


def play_and_check(game: Game, seed: int, limit: int) -> int:
    rng = random.Random(seed)
    checked = 0
    side: Game | None = None
    while not game.over and len(game.actions) < limit:
        legal = game.legal_actions()
        if isinstance(game.decider(), StockRound):
            check_memos(game)
            assert legal == listed_without_memos(game)
            checked += 1
            if side is not None:  # a clone that went its own way keeps its own answers
                check_memos(side)
                if not side.over:
                    assert side.legal_actions() == listed_without_memos(side)
            if checked % 10 == 0:
                side = game.clone()
                if not side.over:
                    side.apply(choose_playing(random.Random(seed + checked),
                                              side.legal_actions()))
        game.apply(choose_playing(rng, legal))
    return checked


@pytest.mark.parametrize("title", ["soh", "1839"])
@pytest.mark.parametrize("seed", [3, 11])
def test_memoised_stock_answers_equal_fresh_ones_in_random_games(title: str, seed: int) -> None:
    game = new_game(title, ["A", "B", "C", "D"], None, seed)
    assert play_and_check(game, seed, limit=400) > 20


def test_memoised_stock_answers_equal_fresh_ones_in_mini_games() -> None:
    for seed in range(4):
        play_and_check(mini(3, seed), seed, limit=400)


def test_a_change_to_the_ledger_drops_its_memo_on_that_side_only() -> None:
    game = mini(3, 1)
    company = next(iter(game.companies.values()))
    memo = company.ledger.derived()
    memo["sources", "ipo"] = ["stale"]
    twin = game.clone()
    twin_company = twin.companies[company.id]
    assert twin_company.ledger.derived() is memo  # shared while the two are equal
    twin_company.certs[1].owner = "p2"
    assert twin_company.ledger.derived() == {} and company.ledger.derived() is memo
    company.certs[2].face_down = True
    assert company.ledger.derived() == {}
    memo = company.ledger.derived()
    memo["x"] = 1
    company.certs[2].percent = 20
    assert company.ledger.derived() == {}



def sellable_by_trying_each_size(game: Game, company: Company, seller: str) -> int:
    """``sales._sellable_units`` by brute force: the largest sale that fits the pool's
    room and either keeps the president's certificate's worth or leaves another seat
    (holding at least that much) with more."""
    ledger = company.ledger
    held = ledger.percent_of(seller) // 10
    limit = game.config.pool_limit_percent
    room = held if limit is None else (limit - ledger.percent_of("pool")) // 10
    if company.president != seller:
        return max(min(held, room), 0)
    keep = ledger.percents[ledger.president_index()] // 10
    rival = max((ledger.percent_of(p.id) // 10 for p in game.seats if p.id != seller),
                default=0)
    return max((k for k in range(1, held + 1) if k <= room and (
        held - k >= keep or (rival >= keep and held - k < rival))), default=0)

@pytest.mark.parametrize(("title", "seed"), [("soh", 5), ("1839", 2), ("1839", 7)])
def test_sellable_units_equal_the_max_over_rivals(title: str, seed: int) -> None:
    """For every seat and started company after every action of seeded games (the
    presidents' sales, where the best rival holding matters, among them)."""
    game = new_game(title, ["A", "B", "C", "D"], None, seed)
    rng = random.Random(seed)
    presidents = 0
    while not game.over:
        for company in game.companies.values():
            if not company.started or company.closed:
                continue
            for seat in game.seats:
                president = company.president == seat.id
                assert sales._sellable_units(game, company.ledger, seat.id, president) == (
                    sellable_by_trying_each_size(game, company, seat.id))
                presidents += president
        game.apply(choose_playing(rng, game.legal_actions()))
    assert presidents > 100
