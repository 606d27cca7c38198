"""The helpers behind ``railhouse bench``'s core metrics (no timing assertions)."""

from __future__ import annotations

from engine_positions import mini

from railhouse.engine.bench import apply_and_legal_timings, state_size_kb


def test_timings_cover_n_decisions_and_skip_map_decisions_for_legal() -> None:
    apply_us, legal_us = apply_and_legal_timings("soh", 3, 1, 120)
    assert len(apply_us) == 120 and 0 < len(legal_us) <= 120
    assert all(t > 0 for t in apply_us + legal_us)


def test_state_size_excludes_what_clones_share() -> None:
    game = mini()
    size = state_size_kb(game)
    assert 0 < size < 200
    assert state_size_kb(game.clone()) == size
