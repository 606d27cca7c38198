"""The one-pass stock listing (``StockChoices.company_rows`` asked for every kind at once)
lists exactly what the per-kind listings do one after the other (sales, pars, purchases,
redemptions, each in company order): at every stock-round decision of seeded random
games of both titles, with and without the turn's purchase made."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing
from railhouse.engine.actions import LegalAction, SellShares
from railhouse.engine.record import new_game
from railhouse.engine.rounds.plainchoices import concede_choice, pass_choice
from railhouse.engine.rounds.sales import fresh_sale_choice
from railhouse.engine.rounds.stockchoices import StockChoices, _keeps_core_rows
from railhouse.engine.shares import buyback_limit


def kind_by_kind(decider: StockChoices[Any], me: str) -> list[LegalAction]:
    """The choices naming a company, listed by the per-kind methods in the listing's order."""
    legal = decider.sell_choices(me) if decider.may_sell_now() else []
    if not decider.bought_this_turn:
        legal += decider.par_choices(me) + decider.buy_choices(me)
        legal += decider.redeem_choices(me)
    return legal


def stock_decisions(title: str, seed: int) -> Any:
    """(game, decider) at every stock-round decision of a seeded random playout."""
    game = new_game(title, ["A", "B", "C", "D"], None, seed)
    rng = random.Random(seed)
    while not game.over:
        legal = game.legal_actions()
        decider = game.decider()
        if isinstance(decider, StockChoices):
            yield game, decider
        game.apply(choose_playing(rng, legal))


@pytest.mark.parametrize(("title", "seed"), [("soh", 3), ("soh", 11), ("1839", 4)])
def test_one_pass_equals_the_per_kind_listings(title: str, seed: int) -> None:
    compared = 0
    for _, decider in stock_decisions(title, seed):
        if not decider.must_sell(decider.player_id()):
            assert _keeps_core_rows(type(decider))
            me = decider.player_id()
            selling = decider.may_sell_now()
            acquiring = not decider.bought_this_turn
            rows = decider.company_rows(me, sells=selling, pars=acquiring, buys=acquiring,
                                        redeems=acquiring and decider.redeem_in_turn)
            assert [choice for row in rows for choice in row] == kind_by_kind(decider, me)
            compared += 1
    assert compared > 50


@pytest.mark.parametrize(("title", "seed"), [("soh", 3), ("soh", 12), ("1839", 4)])
def test_memoised_purchases_equal_fresh_ones(title: str, seed: int) -> None:
    """``StockChoices.purchases`` (memoised in the ledger under the player, the price and
    the cash; 1839's under the player, its price read in place) equals a computation on
    an empty memo, for every player and started company at every stock-round decision
    of seeded games (the memo kept meanwhile)."""
    compared = 0
    for game, decider in stock_decisions(title, seed):
        for company in game.companies.values():
            if not company.started or company.closed:
                continue
            for seat in game.seats:
                kept = decider.purchases(seat.id, company)
                ledger = company.ledger
                saved, ledger.memo = ledger.memo, {}
                try:
                    assert decider.purchases(seat.id, company) == kept
                finally:
                    ledger.memo = saved
                compared += 1
    assert compared > 200


@pytest.mark.parametrize(("title", "seed"), [("soh", 3), ("soh", 11), ("1839", 4)])
def test_listed_sales_equal_fresh_ones(title: str, seed: int) -> None:
    """The listing's sales (``may_sell``'s tests and ``sale_choice``'s memo read inside
    its loop) equal a computation from scratch, company by company: ``may_sell``, then
    ``fresh_sale_choice`` (no memo), at every stock-round decision where sales are open,
    companies sold earlier in the turn among them."""
    compared = after_sales = 0
    for game, decider in stock_decisions(title, seed):
        me = decider.player_id()
        if not decider.may_sell_now():
            continue
        listed = decider.company_rows(me, sells=True, pars=False, buys=False,
                                      redeems=False)[0]
        fresh = [fresh_sale_choice(game, company, me, company.president == me)
                 for company in game.companies.values() if decider.may_sell(me, company)]
        assert listed == [choice for choice in fresh if choice is not None]
        compared += 1
        after_sales += bool(decider.sold_this_turn)
    assert compared > 50
    assert after_sales > 0


def test_a_titles_own_may_sell_is_asked_by_the_listing() -> None:
    """A title overriding ``may_sell`` (not only ``allow_sell``) has its gate asked for
    every sale listed: the one-pass listing reads the core's tests in place only where
    the core's ``may_sell`` is the one in force."""
    listed = 0
    for _, decider in stock_decisions("soh", 3):
        me = decider.player_id()
        if not any(isinstance(c.action, SellShares) for c in decider.legal_actions()):
            continue
        listed += 1
        kind = type(decider)
        barred = type("NoSales", (kind,), {"may_sell": lambda self, me, company: False})
        decider.__class__ = barred
        try:
            assert not any(isinstance(c.action, SellShares) for c in decider.legal_actions())
            assert decider.sell_choices(me) == []
        finally:
            decider.__class__ = kind
    assert listed > 5


@pytest.mark.parametrize(("title", "seed"), [("1839", 4), ("1839", 9)])
def test_listed_redemptions_equal_fresh_ones(title: str, seed: int) -> None:
    """The listing's redemptions (a company with no certificate in the pool skipped
    before ``buyback_limit``) equal the redemptions worked out from scratch: every
    floated company the player presides over whose ``buyback_limit`` is positive."""
    compared = listed = 0
    for game, decider in stock_decisions(title, seed):
        me = decider.player_id()
        rows = decider.company_rows(me, sells=False, pars=False, buys=False, redeems=True)[3]
        fresh = [(company.id, buyback_limit(game, company))
                 for company in game.companies.values()
                 if not company.closed and company.president == me and company.floated]
        assert [(c.action.company, c.ranges["count"].max) for c in rows] == [
            (company_id, top) for company_id, top in fresh if top > 0]
        compared += 1
        listed += len(rows)
    assert compared > 50 and listed > 10


def listed_by_the_hooks(decider: StockChoices[Any], me: str) -> list[LegalAction]:
    """The stock legal set listed through the per-kind methods and every hook asked as a
    call: ``must_sell`` (on its own ``certificate_room``), then the sales, pars, purchases
    and redemptions, the title's extra choices, pass and concede."""
    selling = decider.may_sell_now()
    if decider.must_sell(me):
        return (decider.sell_choices(me) if selling else []) or [pass_choice(me)]
    legal = kind_by_kind(decider, me) + decider.extra_choices(me)
    if decider.may_pass(me):
        legal.append(pass_choice(me))
    if decider.may_concede:
        legal.append(concede_choice(me))
    return legal



def tightened(decider: StockChoices[Any], limit: int) -> type:
    """``decider``'s class with the certificate limit ``limit`` (its other hooks kept)."""
    return type("Tight", (type(decider),), {"certificate_limit": lambda self: limit})


@pytest.mark.parametrize(("title", "seeds"), [("soh", (3, 11)), ("1839", (4, 9))])
def test_listing_equals_the_hooks_asked_one_by_one(title: str, seeds: tuple[int, ...]) -> None:
    """``legal_actions`` (``me``'s certificate room asked once, ``must_sell``'s test read
    on it in place and the room handed to ``company_rows``) lists exactly what the hooks
    asked one by one list, at every stock-round decision of seeded games and of clones
    taken along them and played on; and again under a certificate limit one below, at
    and one above ``me``'s count (over the limit: ``must_sell``; at it: no purchase)."""
    compared = over_limit = 0
    for seed in seeds:
        for game, decider in stock_decisions(title, seed):
            me = decider.player_id()
            assert decider.legal_actions() == listed_by_the_hooks(decider, me)
            count, kind = decider.certificate_count(me), type(decider)
            for limit in (count - 1, count, count + 1):
                decider.__class__ = tightened(decider, limit)
                try:
                    assert decider.legal_actions() == listed_by_the_hooks(decider, me)
                    over_limit += decider.must_sell(me)
                finally:
                    decider.__class__ = kind
            compared += 1
            if compared % 25 == 0:  # a clone played on with other choices
                twin, rng = game.clone(), random.Random(compared)
                for _ in range(40):
                    if twin.over:
                        break
                    shown = twin.decider()
                    if isinstance(shown, StockChoices):
                        me = shown.player_id()
                        assert shown.legal_actions() == listed_by_the_hooks(shown, me)
                        compared += 1
                    twin.apply(choose_playing(rng, twin.legal_actions()))
    assert compared > 100 and over_limit > 50
