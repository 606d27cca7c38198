"""The shared route values a title states at every route question: a shared run, a shared
route train and a copied run are the values made afresh."""

from __future__ import annotations

from dataclasses import replace

from railhouse.engine.config import TrainSpec as TrainType
from railhouse.engine.entities import Train
from railhouse.engine.routes import default_train, shared_train
from railhouse.map.trains import RunContext, TrainSpec, but, shared_run


def test_shared_run_is_the_fresh_value() -> None:
    a, b = TrainSpec("2-0", cities=2), TrainSpec("3-0", cities=3)
    run = shared_run((a, b))
    assert run == RunContext((a, b))
    assert shared_run((a, b)) is run
    assert shared_run((b, a)) == RunContext((b, a)) and shared_run((b, a)) is not run
    local = shared_run((a,), offboards_allowed=False, ignore_tokens=frozenset({"X.c0"}),
                       bonus_stops=frozenset({"R"}))
    assert local == RunContext((a,), False, ignore_tokens=frozenset({"X.c0"}),
                               bonus_stops=frozenset({"R"}))
    # an equal train that is another object is another key (identity), same value
    twin = TrainSpec("2-0", cities=2)
    assert shared_run((twin, b)) == run


def test_but_is_replace() -> None:
    run = RunContext((TrainSpec("2-0", cities=2),), ignore_tokens=frozenset({"A.c0"}))

    def bonus(_: object) -> int:
        return 1

    copied = but(run, route_bonus=bonus)
    assert copied == replace(run, route_bonus=bonus)
    assert run.route_bonus is None  # the original is unchanged


def test_shared_train_per_card_and_type() -> None:
    two = TrainType("2", 2, 80, {4: 6})
    three = TrainType("3", 3, 180, {4: 5})
    first = default_train(Train("2-0", two))
    assert first == TrainSpec("2-0", cities=2)
    assert default_train(Train("2-0", two, owner="A", ran=True)) is first
    # the same id with another type (another title) is made afresh
    assert default_train(Train("2-0", three)) == TrainSpec("2-0", cities=3)

    def other(name: str, spec: TrainType) -> TrainSpec:
        return TrainSpec(name, cities=spec.distance, multiplier=2)

    assert shared_train("2-0", two, other) == TrainSpec("2-0", cities=2, multiplier=2)
