"""The presidency's standing noted in a ledger's memo (``shares.SETTLED``: "no active
player holds more shares than this president"), which lets another player's sale to the
pool skip re-evaluating the presidency (``sell_to_pool``), against the rule worked out
from scratch: every noted fact holds at every position of seeded playouts of both titles,
and every sale made with a fact comes out as the same sale made without it (the fact
dropped on a clone, so ``update_president`` judges the holdings in full): the same
presidents, certificates and events."""

from __future__ import annotations

import random

import pytest
from engine_positions import in_stock_round, start

from railhouse.bench.positions import choose_playing
from railhouse.engine.actions import SellShares
from railhouse.engine.game import Game
from railhouse.engine.record import new_game
from railhouse.engine.shares import SETTLED, sell_to_pool, update_president


def stands(game: Game, company_id: str, president: str) -> bool:
    """No player after ``president`` in the tie-break order holds more 10% units of the
    company than ``president``: face-up certificates counted one by one."""
    ledger = game.companies[company_id].ledger
    units: dict[str, int] = {}
    for owner, percent, down in zip(ledger.owners, ledger.percents, ledger.face_down,
                                    strict=True):
        if not down:
            units[owner] = units.get(owner, 0) + percent
    own = units.get(president, 0) // 10
    return all(units.get(p, 0) // 10 <= own for p in game.players_after(president))


def check_facts(game: Game) -> int:
    noted = 0
    for company in game.companies.values():
        for key in company.ledger.memo:
            if isinstance(key, tuple) and key[0] == SETTLED:
                assert stands(game, company.id, key[1]), (company.id, key)
                noted += 1
    return noted


def state(game: Game) -> list[object]:
    return [(c.id, c.president, c.ledger.owners, c.ledger.face_down)
            for c in game.companies.values()]


@pytest.mark.parametrize(("title", "seed"), [("soh", 11), ("soh", 16), ("1839", 0)])
def test_noted_standings_hold_and_sales_match_a_full_re_evaluation(title: str,
                                                                   seed: int) -> None:
    game = new_game(title, ["A", "B", "C", "D"], None, seed)
    rng = random.Random(seed)
    noted = compared = 0
    while not game.over:
        noted += check_facts(game)
        action = choose_playing(rng, game.legal_actions())
        if isinstance(action, SellShares):
            company = game.companies[action.company]
            if (SETTLED, company.president) in company.ledger.memo:
                twin = game.clone()
                twin.companies[action.company].ledger.memo = {}  # (the clone's own memo)
                at = len(game.actions)
                twin.apply(action)
                game.apply(action)
                assert state(twin) == state(game)
                assert twin.events_since(at) == game.events_since(at)
                compared += 1
                continue
        game.apply(action)
    assert noted > 0 and compared > 0


def test_another_players_sale_re_evaluates_a_presidency_not_known_to_stand() -> None:
    """A sale by a non-president with no standing noted (holdings dealt without a
    re-evaluation) hands the presidency to the player holding more; with one noted, the
    sale keeps it and notes it again."""
    game = in_stock_round(players=4)
    company = start(game, "A", "p1", 70, {"p0": 3, "p2": 2})  # p1 holds 20%, p0 30%
    sale = sell_to_pool(game, company, "p2", 1)
    assert not sale.by_president and company.president == "p0"
    assert update_president(game, company) is None  # p0's standing noted
    sell_to_pool(game, company, "p2", 1)
    assert company.president == "p0" and (SETTLED, "p0") in company.ledger.memo
