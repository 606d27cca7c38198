"""The core conformance suite on Steam Over Holland (issue 5: 2, 3, 4 and 5 players)."""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_soh_conformance_random_playouts(railhouse_conformance: Callable[..., None],
                                         players: int) -> None:
    railhouse_conformance("soh", players=players, seeds=range(2), probe_every=40)


def test_soh_conformance_deal_distribution(railhouse_conformance: Callable[..., None]) -> None:
    from railhouse.plugins import registry
    from railhouse.testing.conformance import check_replay, random_playout

    factory = registry().title("soh").load_factory()

    def dealt(**kwargs: object) -> object:
        return factory(players=kwargs["players"], options={"distribution": "deal"},
                       seed=kwargs["seed"])

    game = random_playout(dealt, 3, 7)
    check_replay(game)
