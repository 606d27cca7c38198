"""``LegalAction.admits`` (ranged and free fields checked, the rest compared as one struct)
agrees with its field-by-field definition, and ``admitted`` (a plain choice found by the
list's own search) with ``find_admitting``, on the choices of seeded playouts of both
titles and on candidates that move one field at a time."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.actions import (
    Action,
    LegalAction,
    Range,
    SellShares,
    admitted,
    find_admitting,
)
from railhouse.engine.record import new_game


def admits_by_field(choice: LegalAction, candidate: Action) -> bool:
    """The definition: every field free, inside its range, or equal to the listed one."""
    if type(candidate) is not type(choice.action):
        return False
    for name in candidate.__struct_fields__:
        if name in choice.free:
            continue
        value = getattr(candidate, name)
        bounds = choice.ranges.get(name)
        if bounds is not None:
            if value not in bounds:
                return False
        elif value != getattr(choice.action, name):
            return False
    return True


def variants(action: Action) -> list[Action]:
    """``action`` with each field moved a little (numbers) or renamed (strings)."""
    moved: list[Action] = [action]
    for name in action.__struct_fields__:
        value = getattr(action, name)
        if isinstance(value, bool):
            changes: list[Any] = [not value]
        elif isinstance(value, int):
            changes = [value - 1, value + 1, value + 7, -value]
        elif isinstance(value, str):
            changes = [value + "x"]
        else:
            continue
        moved += [msgspec.structs.replace(action, **{name: change}) for change in changes]
    return moved


def test_a_range_a_free_field_and_a_fixed_field() -> None:
    sell = SellShares(entity="p1", company="A", count=2)
    ranged = LegalAction(sell, {"count": Range(1, 3)})
    free = LegalAction(sell, free=("company",))
    both = LegalAction(sell, {"count": Range(2, 4, 2)}, free=("count",))
    stepped = LegalAction(sell, {"count": Range(1, 7, 3)})
    for choice in (ranged, free, both, stepped, LegalAction(sell)):
        for candidate in [*variants(sell), SellShares(entity="p1", company="B", count=5),
                          SellShares(entity="p1", company="A", count=4)]:
            assert choice.admits(candidate) == admits_by_field(choice, candidate), (
                choice, candidate)


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_the_choices_of_seeded_playouts(title: str) -> None:
    game = new_game(title, seat_names(4), None, 2)
    rng = random.Random(2)
    judged = 0
    while not game.over and judged < 20_000:
        legal = game.legal_actions()
        for choice in legal:
            for candidate in variants(choice.action):
                expected = admits_by_field(choice, candidate)
                assert choice.admits(candidate) == expected, (choice, candidate)
                found = find_admitting(legal, candidate)
                listed = any(admits_by_field(c, candidate) for c in legal)
                assert (found is not None) == listed == admitted(legal, candidate)
                judged += 1
        game.apply(choose_playing(rng, legal))
    assert judged > 1000


def test_the_listed_action_itself_is_admitted_only_as_its_choice_admits_it() -> None:
    """``admitted`` finds the very listed object by identity first; that shortcut admits
    no more than the choice does (a listed value outside its own range is not legal)."""
    sell = SellShares(entity="p1", company="A", count=5)
    outside = LegalAction(sell, {"count": Range(1, 3)})
    assert not admitted([outside], sell)
    assert admitted([outside, LegalAction(SellShares(entity="p1", company="A", count=5))], sell)
    plain = LegalAction(sell)
    assert admitted([plain], sell)
    assert admitted([plain], SellShares(entity="p1", company="A", count=5))  # an equal copy
    assert not admitted([plain], SellShares(entity="p1", company="A", count=4))


def test_a_range_over_no_field_raises_as_reading_it_by_name_does() -> None:
    """The single-range checker of a name that is no field of the action (a listing's
    bug) raises ``AttributeError`` as the field-by-field reading did, and a range over
    a field of another type than int admits nothing."""
    sell = SellShares(entity="p1", company="A", count=2)
    with pytest.raises(AttributeError):
        LegalAction(sell, {"price": Range(1, 3)}).admits(sell)
    assert not LegalAction(sell, {"company": Range(1, 3)}).admits(sell)
