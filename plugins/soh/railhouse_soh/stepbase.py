"""The base of Steam Over Holland's operating steps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.steps import TurnStep
from railhouse.map.graph import Operator

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland


class SohStep(TurnStep):
    game: SteamOverHolland

    def operator(self) -> Operator:
        return Operator(self.entity, column=self.game.phase.offboard_column)
