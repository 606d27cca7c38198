"""The base of Steam Over Holland's operating steps."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railhouse.engine.entities import Company
from railhouse.engine.rounds.base import Step
from railhouse.map.graph import Operator

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland


class SohStep(Step):
    @property
    def soh(self) -> SteamOverHolland:
        return self.game  # type: ignore[return-value]

    @property
    def company(self) -> Company:
        return self.game.companies[self.entity]

    @property
    def turn(self) -> dict[str, Any]:
        round_ = self.game.round
        return round_.turn  # type: ignore[union-attr, no-any-return]

    def operator(self) -> Operator:
        return Operator(self.entity, column=self.game.phase.offboard_column)
