"""Which variant plugins a game registers, from its options (README "Rule hooks": the
title's rules plugin first, then variant plugins, which may wrap its hooks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse_soh.online_rules import OnlineEdition, needs_variant
from railhouse_soh.priority_deal import PriorityDeal

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland


def variant_plugins(game: SteamOverHolland) -> list[object]:
    """The variant plugins ``game``'s options switch on, in registration order."""
    plugins: list[object] = []
    if needs_variant(game.online):
        plugins.append(OnlineEdition())
    if game.options["priority_deal"]:
        plugins.append(PriorityDeal())  # EN optional rule "Start card / priority deal"
    return plugins
