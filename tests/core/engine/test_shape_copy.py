"""Objects copied by copiers written per shape (class and attribute names:
``fastcopy._copy_open_object``, ``recordcopy.write_shape_copier``) equal their copies made
from the attribute dict (``fastcopy._dict_copy``, the generic way): over seeded playouts of
both titles, a clone made each way at every 13th action has the same whole state, and so
do both after playing the same ten actions on."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from test_clone_full_state import state_dump

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine import fastcopy
from railhouse.engine.record import new_game

TITLES = ["soh", "1839"]


def generic_clone(game: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """``game.clone()`` with every plain object copied through its attribute dict."""
    with monkeypatch.context() as patch:
        patch.setattr(fastcopy, "_SHAPES", {})
        patch.setattr(fastcopy, "_LAST_SHAPE", {})
        patch.setattr(fastcopy, "_SHAPES_LIMIT", 0)
        return game.clone()


def whole_state(game: Any) -> Any:
    """:func:`state_dump` of ``game`` but the legal-set cache (keyed by the clone's deciders):
    its entries in order instead, each decider by its class; as text, without addresses."""
    cache = game._legal
    game._legal = {}
    try:
        dump = state_dump(game)
    finally:
        game._legal = cache
    legal = [(type(decider).__qualname__, choices) for decider, choices in cache.items()]
    return ADDRESS.sub("", repr((dump, legal)))  # a bound method's repr shows its object's


ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def play(game: Any, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        if not game.over:
            game.apply(choose_playing(rng, game.legal_actions()))


@pytest.mark.parametrize("title", TITLES)
def test_shape_copies_equal_copies_of_the_attribute_dict(
        title: str, monkeypatch: pytest.MonkeyPatch) -> None:
    compared = 0
    for seed in (2, 3):
        game = new_game(title, seat_names(4), None, seed)
        rng = random.Random(seed)
        while not game.over:
            if game.action_count % 13 == 0:
                shaped, generic = game.clone(), generic_clone(game, monkeypatch)
                assert type(shaped.round) is type(generic.round)
                assert whole_state(shaped) == whole_state(generic)
                play(shaped, game.action_count)
                play(generic, game.action_count)
                assert whole_state(shaped) == whole_state(generic)
                compared += 1
            game.apply(choose_playing(rng, game.legal_actions()))
    assert compared > 20
    assert any(shape[0].__name__ == "OperatingRound" or "Step" in shape[0].__name__
               for shape in fastcopy._SHAPES)  # the rounds' and steps' shapes were written


def test_a_shape_with_a_settable_class_attribute_copies_through_the_dict() -> None:
    """A property with a setter would see a stored value: such a shape is not written."""

    class Guarded:
        def __init__(self) -> None:
            self.__dict__["price"] = 5
            self.items = [1]

        @property
        def price(self) -> int:
            return 0

        @price.setter
        def price(self, value: int) -> None:
            raise AssertionError("the copier went through the property")

    original = Guarded()
    twin = fastcopy.fast_deepcopy(original, {})
    assert vars(twin) == {"price": 5, "items": [1]} and twin.items is not original.items


class Shifting:
    """A class whose instances hold their attributes in different orders and numbers."""


def shifting(*names: str) -> Shifting:
    item = Shifting()
    for number, name in enumerate(names):
        setattr(item, name, [number] if name == "items" else number)
    return item


def test_a_class_with_several_shapes_copies_each_in_its_own_order() -> None:
    """Each class's last shape is tried first (``fastcopy._LAST_SHAPE``): instances of one
    class in other orders or with other attributes, one after the other, each get the
    copier of their own shape (their attributes, in their order, the lists copied)."""
    items = [shifting("a", "items"), shifting("items", "a"), shifting("a", "items"),
             shifting("a", "items", "b"), shifting("a"), shifting("items", "a")]
    for twins in (fastcopy.fast_deepcopy(items, {}),
                  [fastcopy.fast_deepcopy(item, {}) for item in items]):
        for item, twin in zip(items, twins, strict=True):
            assert list(vars(twin).items()) == list(vars(item).items())
            assert type(twin) is Shifting
            if hasattr(item, "items"):
                assert getattr(twin, "items") is not getattr(item, "items")  # noqa: B009
