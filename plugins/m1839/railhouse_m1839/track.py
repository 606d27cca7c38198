"""Track building in 1839 (R-8.3.A, R-12, R-15): :class:`TrackStep`.

Per OR a company makes up to two lays (R-8.3.A.1): a yellow lay or (light green on) an
upgrade, then a lay on a different hex for f20 more (A-43: only the second lay pays it); at
most one upgrade per OR, and a company cannot upgrade a tile it laid itself this OR
(R-15.4.5; §8.3.1 "a yellow track tile it placed", §15.3.2 "a track tile it has placed":
another company's tile of this OR may be upgraded). The core's ``legal_tile_lays`` checks
tile types and shapes (R-15.2, R-15.4.2), stubs (R-12.8), off-board/gray/map edges (R-12.3,
R-12.4), barriers (R-12.7), H7 (R-12.6), connectivity (R-15.3.2) and markers/reservations
fitting after an upgrade (R-15.4.4; NS markers do not count and those without a circle are
discarded, R-14.6.4, event ``ns_marker_discarded``); it prices f80 water on the first lay
(R-12.5) and f80 per big-city upgrade (R-15.3.4). A lay must be payable from the treasury
(R-8.3.A.3).

Powers (R-14.3.12):

* LVG (R-14.3.3, A-44): one extra yellow lay for f20 plus terrain (none at H7), even as a
  third lay, never an upgrade; using it closes the private.
* SRV (R-14.3.4, A-19): a yellow lay or an upgrade on Arnhem I16 or Venlo K16 that need not
  connect, for a flat f80 covering the tile, its terrain and a station placed there by
  :class:`railhouse_m1839.stations.StationStep` in the same turn; it counts as the turn's
  lay or upgrade.  The private closes when the turn's station step ends.

R-15.3.5: a yellow tile laid on an OO hex (or Amsterdam) that already holds markers lets
the director allocate them to the tile's cities: the core offers one lay per distinct result
(``TileLay.tokens``, ``allocates``), and such a lay is the core's ``LayTileAllocated``.

The core's track step (:mod:`railhouse.engine.steps.track`) does the rest; a company
operates once per OR, so the tiles it laid this OR are those of its turn (R-15.4.5: the
core's default).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import LayTile
from railhouse.engine.steps.track import NOT_IF_UPGRADED, LayPower, LaySlot, power_of
from railhouse.engine.steps.track import TrackStep as CoreTrackStep
from railhouse.map.lays import TileLay
from railhouse_m1839.data import EXTRA_LAY, NRS_HEX_LAY
from railhouse_m1839.mapdata import BLOCKED_HEX, NRS_CHOICE
from railhouse_m1839.routing import MapStep
from railhouse_m1839.turn import M1839Turn

if TYPE_CHECKING:
    from railhouse_m1839.game import M1839  # noqa: F401  (the step's game type)

SECOND_LAY_FEE = 20
LVG_FEE = 20
SRV_COST = 80
LVG = "LVG"
SRV = "SRV"


#: the powers (frozen: made once, not at every question of the step)
LVG_POWER = LayPower(LVG, extra=True, upgrade=False, fee=LVG_FEE)
SRV_POWER = LayPower(SRV, hexes=NRS_CHOICE, connected=False, cost=SRV_COST, closes=False)


class TrackStep(CoreTrackStep["M1839", M1839Turn], MapStep):
    rule = "1839 R-8.3.A / R-15"
    #: R-8.3.A.1: a lay or upgrade, then a lay on another hex for f20 (A-43), at most one
    #: of them an upgrade
    tile_lays = (LaySlot(), LaySlot(upgrade=NOT_IF_UPGRADED, fee=SECOND_LAY_FEE))
    allocates = True
    dropped_event = "ns_marker_discarded"

    def powers(self) -> list[LayPower]:
        """LVG's extra yellow lay (R-14.3.3) and SRV's lay on I16/K16 (R-14.3.4, A-19),
        once a turn; SRV closes when the turn's station step ends."""
        out = []
        if power_of(self.game, self.company, EXTRA_LAY):
            out.append(LVG_POWER)
        if not self.turn.srv_hex and power_of(self.game, self.company, NRS_HEX_LAY):
            out.append(SRV_POWER)
        return out

    def lay_cost(self, lay: TileLay, power: LayPower | None, fee: int) -> int:
        """R-14.3.3: LVG's lay costs f20 plus terrain, and H7 has none."""
        if power is not None and power.private == LVG and lay.hex == BLOCKED_HEX:
            return LVG_FEE
        return super().lay_cost(lay, power, fee)

    def laid(self, action: LayTile, lay: TileLay, power: LayPower | None) -> None:
        if power is not None and power.private == SRV:
            self.turn.srv_hex = action.hex
