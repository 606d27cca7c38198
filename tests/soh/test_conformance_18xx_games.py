"""The core conformance suite on Steam Over Holland under the 18xx-games rule set
(issue 5: "The core conformance suite passes for 2, 3, 4 and 5 players and both rule
sets"; facts §11.2)."""

from __future__ import annotations

from typing import Any

import pytest

from railhouse.testing.conformance import check_title


def xx_games_factory(**kwargs: Any) -> Any:
    """The SOH factory with ``rules="18xx-games"`` added to the options."""
    from railhouse.plugins import registry

    factory = registry().title("soh").load_factory()
    options = dict(kwargs.pop("options") or {})
    options["rules"] = "18xx-games"
    return factory(options=options, **kwargs)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_soh_18xx_games_conformance_random_playouts(players: int) -> None:
    game = xx_games_factory(players=[f"P{i}" for i in range(players)], options=None, seed=0)
    assert game.ruleset.name == "18xx-games"
    check_title(xx_games_factory, players, range(2), probe_every=40)
