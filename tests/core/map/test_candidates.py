"""Train kinds (:func:`railhouse.map.candidates.train_kinds`): trains are one kind exactly
when they are equal but for their name, and the per-train key it remembers
(:func:`~railhouse.map.candidates.kind_key`) answers as made afresh, for every train set
the companies of seeded SOH and 1839 games run, and for a train made where an earlier
one was dropped (its identity may be reused)."""

from __future__ import annotations

import gc
import random
from dataclasses import replace

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.record import new_game
from railhouse.map.candidates import kind_key, train_kinds
from railhouse.map.trains import TrainSpec


def _kinds_afresh(trains: tuple[TrainSpec, ...]) -> tuple[TrainSpec, ...]:
    """Each train replaced by the first one equal to it without the name."""
    return tuple(next(f for f in trains if replace(f, name="") == replace(t, name=""))
                 for t in trains)


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_train_kinds_are_the_trains_equal_but_for_the_name(title: str) -> None:
    game = new_game(title, seat_names(4), None, 11)
    rng = random.Random(11)
    asked = 0
    while not game.over:
        for company in game.companies.values():
            trains = game.route_run(company).trains
            kinds = train_kinds(trains)
            assert len(kinds) == len(trains)
            assert all(k is f for k, f in zip(kinds, _kinds_afresh(trains), strict=True))
            asked += len(trains) > 1
        game.apply(choose_playing(rng, game.legal_actions()))
    assert asked > 0


def test_a_train_made_where_an_earlier_one_was_dropped_has_its_own_key() -> None:
    for cities in range(2, 40):
        train = TrainSpec("t", cities, multiplier=cities % 3)
        assert kind_key(train) == kind_key(replace(train, name="u"))
        assert kind_key(train) != kind_key(replace(train, cities=cities + 1))
        assert kind_key(train) == (TrainSpec, cities, None, True, cities % 3, None, False)
        del train
        gc.collect()  # the next train may take this one's identity
