"""The core conformance suite on 1839 for 2, 3 and 4 players (issue 6)."""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.parametrize("players", [2, 3, 4])
def test_1839_conformance_random_playouts(railhouse_conformance: Callable[..., None],
                                          players: int) -> None:
    railhouse_conformance("1839", players=players, seeds=range(2), probe_every=40)
