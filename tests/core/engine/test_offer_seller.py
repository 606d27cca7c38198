"""``Game.operating_company_holding`` (a company offer's seller) against the search over
``operating_companies()``: every train of every company and every train in the depot, at
every position of seeded playouts of both titles, and on clones of them with a company
holding trains closed and another unfloated (trains left with a company out of play); and
a title's own ``operating_companies`` decides it (one rule of which companies operate)."""

from __future__ import annotations

import random

import pytest

from railhouse.bench.positions import choose_playing
from railhouse.engine.entities import Company
from railhouse.engine.game import Game
from railhouse.engine.record import new_game


def listed_holder(game: Game, train_id: str) -> Company | None:
    for company in game.operating_companies():
        if any(train.id == train_id for train in company.trains):
            return company
    return None


@pytest.mark.parametrize(("title", "seed"), [("soh", 4), ("soh", 9), ("1839", 1)])
def test_the_seller_found_is_the_listed_operating_company_holding_the_train(
        title: str, seed: int) -> None:
    game = new_game(title, ["A", "B", "C", "D"], None, seed)
    rng = random.Random(seed)
    held = 0
    while not game.over:
        held += check(game)
        if len(game.actions) % 10 == 0:  # a company holding trains closed, another unfloated
            twin = game.clone()
            holding = [c for c in twin.companies.values() if c.trains]
            if holding:
                holding[0].closed = True
                holding[-1].floated = False
                check(twin)
        game.apply(choose_playing(rng, game.legal_actions()))
    assert held > 0


def check(game: Game) -> int:
    """Compares every train asked about; returns how many had a holder."""
    asked = {t.id for c in game.companies.values() for t in c.trains}
    asked |= {t.id for t in game.depot.available()}
    held = 0
    for train_id in [*asked, "no-such-train"]:
        found = game.operating_company_holding(train_id)
        assert found is listed_holder(game, train_id), train_id
        held += found is not None
    return held


def test_a_titles_own_operating_companies_decides_the_seller(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A title that takes a company out of operation (its ``operating_companies``) takes
    it out of the sellers too: the rule of which companies operate lives in one place."""
    game = new_game("soh", ["A", "B", "C", "D"], None, 4)
    rng = random.Random(4)
    while not any(c.trains for c in game.operating_companies()):
        game.apply(choose_playing(rng, game.legal_actions()))
    holder = next(c for c in game.operating_companies() if c.trains)
    train_id = holder.trains[0].id
    assert game.operating_company_holding(train_id) is holder
    others = [c for c in game.operating_companies() if c is not holder]
    monkeypatch.setattr(game, "operating_companies", lambda: others)
    assert game.operating_company_holding(train_id) is None
