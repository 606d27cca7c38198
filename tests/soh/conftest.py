from __future__ import annotations

from collections.abc import Callable

import pytest

from railhouse.map.mapdef import MapDef
from railhouse_soh.game import SteamOverHolland, new_game
from railhouse_soh.mapdata import build_map


@pytest.fixture
def make_game() -> Callable[..., SteamOverHolland]:
    def make(players: int = 4, seed: int = 1, **options: object) -> SteamOverHolland:
        return new_game([f"P{i}" for i in range(players)], options, seed)

    return make


@pytest.fixture(scope="module")
def soh() -> MapDef:
    return build_map()
