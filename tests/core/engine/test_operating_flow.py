"""The operating round's shortcuts answer as the plain rules would, at every position of
seeded playouts of both titles: ``current_step`` (which remembers the step it found) is
the first step not done, also in clones; ``answerer`` hands an action to the step exactly
when the round would pass it on; ``StockMarket.order`` sorts as the plain sort does;
``next_company`` (which orders only the companies yet to operate) is the first company
of the whole order that has not operated; ``BuyPrivateStep.nothing_for_sale`` (its
``auto``) says its legal set is empty exactly when it is."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.actions import Action
from railhouse.engine.market import StockMarket
from railhouse.engine.record import new_game
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.engine.steps import BuyPrivateStep

TITLES = ["soh", "1839"]


def first_open(round_: OperatingRound[Any]) -> Any:
    """The first step not done, found from scratch."""
    return next((step for step in round_.steps if not step.done), None)


def plain_order(market: StockMarket, companies: list[str] | None) -> list[str]:
    """Descending price, then row, then stack depth: the order from its definition."""
    entries = [(-market.cell(pos).price, pos[0], depth, company)
               for pos, stack in market.stacks.items()
               for depth, company in enumerate(stack)
               if companies is None or company in companies]
    return [entry[3] for entry in sorted(entries)]


def positions(title: str, seed: int) -> Any:
    """Each position of a seeded random playout, with the action chosen there."""
    game = new_game(title, seat_names(4), None, seed)
    rng = random.Random(seed)
    while not game.over:
        action = choose_playing(rng, game.legal_actions())
        yield game, action
        game.apply(action)


def plain_next(round_: OperatingRound[Any]) -> Any:
    """The next company to operate, from the whole order."""
    waiting = [c for c in round_.order() if c not in round_.operated]
    return round_.game.companies[waiting[0]] if waiting else None


def check_current_step(round_: OperatingRound[Any]) -> None:
    assert OperatingRound.current_step(round_) is first_open(round_)


def passed_on(round_: OperatingRound[Any], action: Action) -> bool:
    """Whether the round passes ``action`` on to its current step (not an any-moment
    choice, which the round judges itself)."""
    return not isinstance(action, round_.anytime_kinds) and first_open(round_) is not None


@pytest.mark.parametrize("title", TITLES)
def test_operating_shortcuts_agree_with_the_plain_rules(title: str) -> None:
    seen = privates_seen = 0
    for index, (game, action) in enumerate(positions(title, 7)):
        for market in game.markets.values():
            floated = [c.id for c in game.operating_companies()]
            assert market.order(floated) == plain_order(market, floated)
            assert market.order() == plain_order(market, None)
        round_ = game.round
        if not isinstance(round_, OperatingRound):
            continue
        check_current_step(round_)
        assert round_.next_company() is plain_next(round_)
        for step in round_.steps:
            if isinstance(step, BuyPrivateStep) and not step.done:
                assert step.nothing_for_sale() == (not step.legal_actions())
                privates_seen += not step.nothing_for_sale()
        if not game.pending:
            answering = round_.answerer(action)
            expected = first_open(round_) if passed_on(round_, action) else round_
            assert answering is expected
            seen += 1
        if index % 7 == 0:  # a clone finds its own step, not the original's
            twin = game.clone()
            twin_round = twin.round
            assert isinstance(twin_round, OperatingRound)
            check_current_step(twin_round)
            if first_open(round_) is not None:
                assert OperatingRound.current_step(twin_round) is not first_open(round_)
    assert seen > 20
    assert privates_seen > 0 or title == "1839"  # 1839 buys privates at any moment


def test_a_finished_step_is_not_answered_again() -> None:
    """Once the remembered step is done the search moves on, in the same list."""
    for game, _action in positions("soh", 3):
        round_ = game.round
        if isinstance(round_, OperatingRound) and first_open(round_) is not None:
            step = OperatingRound.current_step(round_)
            assert step is not None
            step.done = True
            check_current_step(round_)
            assert OperatingRound.current_step(round_) is not step
            return
    raise AssertionError("no operating decision in the playout")


def test_a_turn_counts_only_for_a_company_still_in_play() -> None:
    """``end_turn`` counts the turn as an operating turn of the company, unless the company
    left play during it (a title's nationalisation un-floats it: 1839 R-14.7.3 brings a
    Local back as a new company, whose first run is its first operation, R-8.3.1)."""
    for game, _action in positions("soh", 3):
        round_ = game.round
        if isinstance(round_, OperatingRound) and round_.company is not None:
            company = round_.company
            count = company.operated_count
            other = game.clone()
            company.floated = False  # as a title's reset in the middle of the turn
            round_.end_turn()
            assert company.operated_count == count
            other_round = other.round
            assert isinstance(other_round, OperatingRound) and other_round.company is not None
            other_round.end_turn()
            assert other.companies[company.id].operated_count == count + 1
            return
    raise AssertionError("no operating turn in the playout")
