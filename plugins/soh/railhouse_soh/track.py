"""EN "Laying track": two yellow tiles, or one upgrade and one yellow tile, in any order;
privates #1 (SMAS: one extra tile, free) and #2 (KKI: pays one river crossing once).
The core's track step does the rest (:mod:`railhouse.engine.steps.track`)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from railhouse.engine.steps.track import NOT_IF_UPGRADED, LayPower, LaySlot, power_of
from railhouse.engine.steps.track import TrackStep as CoreTrackStep
from railhouse_soh.stepbase import SohTurn

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland  # noqa: F401  (the step's game type)


@cache
def _extra_tile(private: str) -> LayPower:
    """#1's power (made once per private: frozen, asked at every question of the step)."""
    return LayPower(private, extra=True, cost=0)


@cache
def _river_free(private: str) -> LayPower:
    """#2's power (SOH's only terrain: rivers), made once per private."""
    return LayPower(private, pays_terrain=True)


class TrackStep(CoreTrackStep["SteamOverHolland", SohTurn]):
    rule = "SOH EN 'Laying track'"
    tile_lays = (LaySlot(), LaySlot(upgrade=NOT_IF_UPGRADED))

    def powers(self) -> list[LayPower]:
        """EN "Notes on private companies": #1 lays one extra tile free of charge (an
        upgrade too); #2 pays the river crossing of one of the turn's lays."""
        out = []
        smas = power_of(self.game, self.company, "extra_tile")
        if smas is not None:
            out.append(_extra_tile(smas))
        kki = power_of(self.game, self.company, "river_free")
        if kki is not None:
            out.append(_river_free(kki))
        return out

    def only_hexes(self) -> frozenset[str] | None:
        """EN "New tiles": if the starting city has no track, the first track goes there."""
        home = self.company.spec.home[0]
        return None if home in self.board.tiles else frozenset({home})

    def no_upgrade(self) -> frozenset[str]:
        """EN "Laying track" lets a tile laid this turn be upgraded by the second lay; the
        18xx-games rule set does not (facts §11.2 "Lay yellow and upgrade it to green in
        the same turn")."""
        if self.game.ruleset.upgrade_same_turn_lay:
            return frozenset()
        return super().no_upgrade()

    def track_restriction(self) -> str:
        """EN "Laying track": connected is enough; the 18xx-games rule set's upgrades are
        semi-restrictive (facts §11.2 "Upgrades": an upgrade must add usable track)."""
        return self.game.ruleset.track_restriction
