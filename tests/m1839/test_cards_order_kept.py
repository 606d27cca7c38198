"""``NumberCards.order`` keeps its last answer with a copy of the numbers it came from; at
every position of seeded playouts it must equal the order worked out afresh, also after the
numbers are changed in place, and a clone's cards must order by their own numbers; so must
``rotation_after`` (a memoised rotation of the kept order)."""

from __future__ import annotations

from typing import Any

from railhouse.bench.positions import playout
from railhouse.engine.actions import LegalAction
from railhouse.engine.record import new_game


def _fresh(cards: Any) -> list[str]:
    return sorted(cards.current, key=cards.current.__getitem__)


def test_kept_order_equals_the_fresh_one_at_every_position() -> None:
    checked = 0

    def visit(game: Any, legal: list[LegalAction]) -> None:
        nonlocal checked
        assert game.cards.order() == _fresh(game.cards), len(game.actions)
        for seat in game.seats:  # the memoised rotation of the kept order
            fresh = _fresh(game.cards)
            if seat.id in fresh:
                i = fresh.index(seat.id)
                fresh = fresh[i + 1:] + fresh[:i]
            assert game.cards.rotation_after(seat.id) == fresh, len(game.actions)
        checked += 1

    for seed in (1000, 1001):
        playout("1839", 4, seed, visit=visit)
    assert checked > 1000


def test_numbers_changed_in_place_and_a_clone_order_afresh() -> None:
    game: Any = new_game("1839", ["A", "B", "C", "D"], None, 1)
    cards = game.cards
    before = cards.order()
    first, second = before[0], before[1]
    clone = game.clone()
    cards.current[first], cards.current[second] = cards.current[second], cards.current[first]
    assert cards.order() == _fresh(cards) != before
    assert clone.cards.order() == before
    cards.order().reverse()  # a fresh list: the kept answer is not changed
    assert cards.order() == _fresh(cards)
    cards.rotation_after(first).reverse()  # a fresh list too
    assert cards.rotation_after(first) == [p for p in _fresh(cards) if p != first][1:] + [
        p for p in _fresh(cards) if p != first][:1]
