"""pytest plugin (entry point ``pytest11``): fixtures for railhouse titles.

``railhouse_conformance`` gives a title's tests the conformance checker::

    def test_conformance(railhouse_conformance):
        railhouse_conformance("soh", players=4, seeds=range(5))
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from railhouse.testing.conformance import check_title


@pytest.fixture
def railhouse_conformance() -> Callable[..., None]:
    def run(title_id: str, players: int, seeds: range, probe_every: int = 25) -> None:
        from railhouse.plugins import registry

        factory = registry().title(title_id).load_factory()
        check_title(factory, players, seeds, probe_every)

    return run
