"""The stock round's quick check of one action (``StockChoices.validate`` through
``candidates_for``) and membership in the listed legal set always agree: on every legal
action and on near misses of it, at every stock-round decision of random mini games."""

from __future__ import annotations

import random

import msgspec
import pytest
from engine_positions import mini
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railhouse.bench.positions import choose_playing
from railhouse.engine.actions import Action, BuyShares, Par, Redeem, SellShares
from railhouse.engine.errors import IllegalAction
from railhouse.engine.game import Game
from railhouse.engine.record import new_game
from railhouse.engine.rounds.stock import StockRound
from railhouse.testing.conformance import choose


def near_misses(action: Action, companies: list[str]) -> list[Action]:
    """``action`` and variants of it one field off: another count, price, source or
    company."""
    variants = [action]
    if isinstance(action, SellShares | BuyShares | Redeem):
        variants += [msgspec.structs.replace(action, count=action.count + d) for d in (-1, 1, 2)]
    if isinstance(action, BuyShares):
        variants += [msgspec.structs.replace(action, source=s) for s in ("pool", "ipo", "p0")]
    if isinstance(action, Par):
        variants += [msgspec.structs.replace(action, price=action.price + d) for d in (-10, 10)]
    if isinstance(action, SellShares | BuyShares | Par | Redeem):
        variants += [msgspec.structs.replace(action, company=c) for c in companies]
    return variants


def accepted(game: Game, action: Action, *, listed: bool) -> bool:
    """Whether the stock round accepts ``action``: checked against the listed legal set
    (``listed``) or by the quick check alone."""
    if listed:
        game.legal_actions()
    else:
        game.forget_legal_actions()
    assert game.round is not None
    try:
        game.round.validate(action)
    except IllegalAction:
        return False
    return True


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**16))
def test_the_quick_check_and_the_listed_set_agree(players: int, seed: int) -> None:
    game = mini(players, seed)
    rng = random.Random(seed)
    companies = sorted(game.companies)
    checked = 0
    while not game.over and checked < 60:
        legal = game.legal_actions()
        if isinstance(game.decider(), StockRound):
            for choice in legal:
                for action in near_misses(choice.action, companies):
                    listed = accepted(game, action, listed=True)
                    assert accepted(game, action, listed=False) == listed, action
                    if action is choice.action:
                        assert listed, action
                    checked += 1
            legal = game.legal_actions()
        game.apply(choose(rng, legal))


@pytest.mark.parametrize(("title", "seed"), [("soh", 5), ("soh", 17), ("1839", 5)])
def test_the_quick_check_agrees_with_the_listed_set_in_both_titles(title: str, seed: int) -> None:
    """The titles keep the core's listings, so their sales, pars and (1839) redemptions
    are checked directly on the one company named (``sale_choice_of``, ``pars_among``,
    ``company_rows``): on every legal stock action and its near misses (another company,
    count, price, source), the direct check and membership in the listed set agree."""
    game = new_game(title, ["A", "B", "C", "D"], None, seed)
    rng = random.Random(seed)
    companies = sorted(game.companies)[::3]  # (near misses naming another company: a few)
    checked = 0
    while not game.over and len(game.actions) < 500:
        legal = game.legal_actions()
        if isinstance(game.decider(), StockRound) and len(game.actions) % 4 == 0:
            for choice in legal:
                for action in near_misses(choice.action, companies):
                    listed = accepted(game, action, listed=True)
                    assert accepted(game, action, listed=False) == listed, action
                    checked += 1
            legal = game.legal_actions()
        game.apply(choose_playing(rng, legal))
    assert checked > 100
