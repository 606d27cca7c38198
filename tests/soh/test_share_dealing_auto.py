"""The share-dealing step's shortcuts: it decides "nothing to ask" from its limits,
without listing its choices (``ShareIssueStep.auto``), and reads the shares players hold
and the treasury's ordinary certificates from the ledger's derived memo (``_issuable``).
Every time seeded playouts ask, under both rule sets, the limits are (0, 0) exactly when
the listing is empty, and at every position the memo equals a fresh count."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing
from railhouse.engine.entities import TREASURY
from railhouse.engine.record import new_game
from railhouse.engine.steps import issues
from railhouse.engine.steps.issues import ShareIssueStep

PLAYOUTS: list[tuple[dict[str, str] | None, int]] = [
    (None, 3), (None, 11), ({"rules": "18xx-games"}, 5)]


def fresh_issuable(game: Any, company: Any) -> tuple[int, int]:
    held = company.ledger.held()
    players = sum(held.get(p.id, 0) // 10 for p in game.seats)
    treasury = sum(1 for c in company.certs if c.owner == TREASURY and not c.president)
    return players, treasury


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


def test_the_remembered_shares_equal_a_fresh_count() -> None:
    for options, seed in PLAYOUTS:
        game = new_game("soh", ["A", "B", "C", "D"], options, seed)
        rng = random.Random(seed)
        while not game.over:
            for company in game.companies.values():
                assert issues._issuable(game, company) == fresh_issuable(game, company)
            game.apply(choose_playing(rng, game.legal_actions()))
