"""The station step's offers memoised per board revision: KR moves (R-14.3.5; per operator
and NRS's state, ``kabinet._offers``) and swaps (R-8.3.B.3; per company and partners,
``stations.swap_offers``).  At every position of seeded playouts where they are open, each
company's offers must equal those of a clone of the game whose board has nothing memoised;
and a change on the clone's board must leave the original's offers alone."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from railhouse.bench.positions import playout
from railhouse.engine.actions import Action, LegalAction
from railhouse.engine.steps.tokens import place_token
from railhouse.engine.tokendeals import SwapStation
from railhouse_m1839.kabinet import MoveStation, kr_active, kr_moves
from railhouse_m1839.stations import swap_offers

Ask = Callable[[Any, str], Sequence[Action]]


def _compared(ask: Ask, open_to: Callable[[Any, Any], bool],
              change: Callable[[Any, Action], None], seeds: Sequence[int]) -> Counter[str]:
    """Compare ``ask(game, company)`` with a fresh answer at every position of the seeded
    playouts for each company ``open_to`` names; on ten clones, ``change`` the clone's
    board after the first offer and compare both sides again."""
    checked: Counter[str] = Counter()

    def fresh(game: Any, company: str) -> Sequence[Action]:
        clone = game.clone()
        clone.board.cache = {}
        return ask(clone, company)

    def visit(game: Any, legal: list[LegalAction]) -> None:
        checked["positions"] += 1
        for company in game.companies.values():
            if not open_to(game, company):
                continue
            offers = ask(game, company.id)
            assert offers == fresh(game, company.id), f"action {game.action_count}"
            checked["offers"] += len(offers)
            if offers and checked["clones"] < 10:
                clone = game.clone()
                change(clone, offers[0])
                assert ask(clone, company.id) == fresh(clone, company.id)
                assert ask(game, company.id) == offers
                checked["clones"] += 1
                checked["changed"] += ask(clone, company.id) != offers

    for seed in seeds:
        playout("1839", 4, seed, visit=visit)
    return checked


def test_kr_moves_equal_a_fresh_listing_at_every_position() -> None:
    def open_to(game: Any, company: Any) -> bool:
        return (kr_active(game) and not company.closed
                and bool(game.board.company_cities(company.id)))

    def change(clone: Any, move: Action) -> None:
        assert isinstance(move, MoveStation)
        place_token(clone.board, move.to_hex, move.to_city, "X", move.replaces)

    checked = _compared(kr_moves, open_to, change, (1000, 1001, 1002))
    assert checked["offers"] > 100 and checked["changed"], checked


def test_swap_offers_equal_a_fresh_listing_at_every_position() -> None:
    def swaps(game: Any, company: str) -> list[Action]:
        return [c.action for c in swap_offers(game, game.board, company)]

    def open_to(game: Any, company: Any) -> bool:
        return game.action_count % 3 == 0 and not company.closed and company.operated_count

    def change(clone: Any, swap: Action) -> None:
        assert isinstance(swap, SwapStation)
        clone.board.replace_token(swap.other_hex, swap.other_city, swap.other, "NS")

    checked = _compared(swaps, open_to, change, (1000, 1001))
    assert checked["offers"] > 500 and checked["changed"], checked
