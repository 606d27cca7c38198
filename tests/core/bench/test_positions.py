"""railhouse.bench.positions: the same seeds give the same positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import late_snapshots, playout


def test_playout_is_deterministic() -> None:
    first = playout("soh", 3, 5)
    second = playout("soh", 3, 5)
    assert first.over and first.to_record() == second.to_record()


def test_late_snapshots_are_late_copies_at_the_stride() -> None:
    shots = list(late_snapshots("soh", 3, range(1), every=20, late=0.5))
    assert shots
    for shot in shots:
        assert shot.index % 20 == 0
        assert shot.index >= 0.5 * shot.length
        assert len(shot.game.actions) == shot.index
        assert not shot.game.over or shot.index == shot.length
    again = list(late_snapshots("soh", 3, range(1), every=20, late=0.5))
    assert [s.game.to_record() for s in shots] == [s.game.to_record() for s in again]


def test_playouts_never_give_up_while_something_else_is_legal() -> None:
    import random

    from railhouse.bench.positions import choose_playing
    from railhouse.engine.actions import Bankrupt, Concede, LegalAction, Pass

    rng = random.Random(0)
    giving_up = [LegalAction(Concede(entity="P0")), LegalAction(Bankrupt(entity="A"))]
    legal = [*giving_up, LegalAction(Pass(entity="P0"))]
    assert {type(choose_playing(rng, legal)) for _ in range(50)} == {Pass}
    assert isinstance(choose_playing(rng, giving_up), Concede | Bankrupt)


def reference_choice(rng: Any, legal: list[Any]) -> Any:
    """The choice as first written: the legal set without giving up, unless that is all."""
    from railhouse.bench.positions import GIVING_UP
    from railhouse.testing.conformance import choose

    playing = [c for c in legal if not isinstance(c.action, GIVING_UP)]
    return choose(rng, playing or legal)


@pytest.mark.parametrize(("title", "seed", "options", "gives_up"), [
    ("soh", 1000, {}, False), ("1839", 1000, {}, True), ("1839", 1001, {}, True),
    ("1839", 1002, {"agreed_end": True}, True)])
def test_choose_playing_chooses_as_filtering_the_set_first(
        title: str, seed: int, options: dict[str, Any], gives_up: bool) -> None:
    """At every decision of seeded random games (1839's offer concessions and
    bankruptcies, its agreed ends proposals), ``choose_playing``, which looks at the
    kinds listed before filtering, draws what choosing from the filtered set draws, and
    leaves the generator where that leaves it; in 1839 some sets offered a way of giving
    up."""
    from railhouse.bench.positions import GIVING_UP, choose_playing, seat_names
    from railhouse.engine.record import new_game

    game = new_game(title, seat_names(4), options, seed)
    rng, twin = random.Random(seed), random.Random(seed)
    offered = 0
    while not game.over:
        legal = game.legal_actions()
        offered += any(isinstance(c.action, GIVING_UP) for c in legal)
        action = choose_playing(rng, legal)
        assert action == reference_choice(twin, legal)
        assert rng.getstate() == twin.getstate()
        game.apply(action)
    assert bool(offered) is gives_up
