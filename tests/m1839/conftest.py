from __future__ import annotations

from collections.abc import Callable

import pytest

from railhouse_m1839.game import M1839, new_game


@pytest.fixture
def make_game() -> Callable[..., M1839]:
    def make(players: int = 4, seed: int = 1, **options: object) -> M1839:
        return new_game([f"P{i}" for i in range(players)], options, seed)

    return make
