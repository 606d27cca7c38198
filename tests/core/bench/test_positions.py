"""railhouse.bench.positions: the same seeds give the same positions."""

from __future__ import annotations

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
