"""The action reference lists what a title may offer, including the rare types of the optional
core rule modules it uses (1839's token deals: R-8.3.B.3 swap, R-14.3.5 return), and nothing
of a rule module it does not use."""

from __future__ import annotations

import pytest

from railhouse.protocol.actions_doc import title_action_tags


def test_a_title_that_uses_the_token_deals_lists_their_actions() -> None:
    pytest.importorskip("railhouse_m1839")
    import railhouse_m1839.game  # noqa: F401  (loads the title's modules)

    tags = title_action_tags("railhouse_m1839")
    assert {"return_station", "swap_station", "move_station", "nationalise"} <= tags


def test_the_shared_turns_actions_are_listed_only_when_offered() -> None:
    pytest.importorskip("railhouse_soh")
    import railhouse_soh.game  # noqa: F401

    tags = title_action_tags("railhouse_soh")
    assert not tags & {"return_station", "swap_station", "lay_tile", "pass", "toy_take"}
