"""The share-dealing step decides "nothing to ask" from its limits, without listing its
choices (``ShareIssueStep.auto``): every time seeded playouts ask it, under both rule sets,
the limits are (0, 0) exactly when the listing is empty."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing
from railhouse.engine.record import new_game
from railhouse.engine.steps.issues import ShareIssueStep

PLAYOUTS: list[tuple[dict[str, str] | None, int]] = [
    (None, 3), (None, 11), ({"rules": "18xx-games"}, 5)]


def test_limits_are_zero_exactly_when_nothing_is_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: set[bool] = set()
    auto = ShareIssueStep.auto

    def checked_auto(step: ShareIssueStep[Any, Any]) -> bool:
        nothing = step.limits() == (0, 0)
        assert nothing == (step.legal_actions() == [])
        seen.add(nothing)
        return auto(step)

    monkeypatch.setattr(ShareIssueStep, "auto", checked_auto)
    for options, seed in PLAYOUTS:
        game = new_game("soh", ["A", "B", "C", "D"], options, seed)
        rng = random.Random(seed)
        while not game.over:
            game.apply(choose_playing(rng, game.legal_actions()))
    assert seen == {True, False}
