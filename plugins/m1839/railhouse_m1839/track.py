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
(``TileLay.tokens``), and such a lay is the action :class:`LayTileAllocated`.

Per-OR state that must outlive company turns (the hexes each company laid this OR) lives
in the dict ``game.round.or_state``, created on the round object if the round has none.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from railhouse.engine.actions import Action, LayTile, LegalAction, Pass, register_action
from railhouse.engine.privates import close_private
from railhouse.map.lays import LayOptions, TileLay, legal_tile_lays, listed_turn
from railhouse_m1839.mapdata import BLOCKED_HEX, NRS_CHOICE
from railhouse_m1839.routing import MapStep

if TYPE_CHECKING:
    from railhouse.engine.game import Game
    from railhouse_m1839.game import M1839

SECOND_LAY_FEE = 20
LVG_FEE = 20
SRV_COST = 80
LVG = "LVG"
SRV = "SRV"
#: A cost no treasury reaches: the core prices every lay, the step applies the budget.
_NO_BUDGET = 10**12
_PHANTOM_CITY = 99


class LayTileAllocated(LayTile, frozen=True, kw_only=True, tag="lay_tile_allocated"):
    """A lay whose markers go to the tile's cities as the director chose (R-15.3.5):
    old city ``k`` -> new city ``tokens[k]``."""

    tokens: tuple[int, ...]


register_action(LayTileAllocated)


def lay_action(entity: str, ability: str, lay: TileLay) -> LayTile:
    """The action of a legal lay: :class:`LayTileAllocated` when it carries an allocation."""
    if lay.tokens is None:
        return LayTile(entity=entity, hex=lay.hex, tile=lay.tile, rotation=lay.rotation,
                       ability=ability)  # fmt: skip
    return LayTileAllocated(entity=entity, hex=lay.hex, tile=lay.tile, rotation=lay.rotation,
                            ability=ability, tokens=lay.tokens)  # fmt: skip


def or_state(game: Game) -> dict[str, Any]:
    """The per-OR dict (``game.round.or_state``), created on first use."""
    round_ = game.round
    state: dict[str, Any] | None = getattr(round_, "or_state", None)
    if state is None:
        state = {}
        round_.or_state = state  # type: ignore[union-attr]
    return state


def laid_this_or(game: Game, company_id: str) -> set[str]:
    """The hexes ``company_id`` laid a tile on this OR (R-15.4.5), any lay (LVG too)."""
    laid: dict[str, set[str]] = or_state(game).setdefault("laid", {})
    return laid.setdefault(company_id, set())


def owned_power(game: Game, company_id: str, private_id: str) -> bool:
    """True if ``company_id`` owns the open private ``private_id`` (R-14.2.3)."""
    private = game.privates.get(private_id)
    return private is not None and not private.closed and private.owner == company_id


class TrackStep(MapStep):
    rule = "1839 R-8.3.A / R-15"

    def __init__(self, game: M1839, entity: str) -> None:
        super().__init__(game, entity)
        self.lays = 0
        self.upgraded = False

    # -- what is legal ---------------------------------------------------------------
    def _options(self, extra: int, yellow_only: bool = False) -> LayOptions:
        colors = frozenset(self.game.phase.tiles)
        return LayOptions(
            colors=frozenset({"yellow"}) if yellow_only else colors,
            upgrades=not yellow_only and not self.upgraded and len(colors) > 1,
            no_upgrade=frozenset(laid_this_or(self.game, self.entity)),
            extra_cost=extra,
            budget=_NO_BUDGET,
        )

    def normal_lays(self) -> list[TileLay]:
        """R-8.3.A.1: the first lay, or the second for f20; never twice on one hex."""
        if self.lays >= 2:
            return []
        extra = SECOND_LAY_FEE if self.lays == 1 else 0
        lays = legal_tile_lays(self.board, self.operator(), self._options(extra))
        return self._affordable(lays)

    def lvg_lays(self) -> list[TileLay]:
        """R-14.3.3: the extra yellow lay (f20 + terrain, none at H7)."""
        if not owned_power(self.game, self.entity, LVG):
            return []
        lays = legal_tile_lays(self.board, self.operator(), self._options(LVG_FEE, True))
        lays = [replace(x, cost=LVG_FEE) if x.hex == BLOCKED_HEX else x for x in lays]
        return self._affordable(lays)

    def srv_lays(self) -> list[TileLay]:
        """R-14.3.4 / A-19: a lay or upgrade on I16/K16, unconnected, flat f80."""
        if self.lays >= 2 or not owned_power(self.game, self.entity, SRV):
            return []
        if self.turn.srv_hex or self.company.cash < SRV_COST:
            return []
        out: list[TileLay] = []
        for coord in NRS_CHOICE:
            # "need not be connected": the core lets a company lay on a hex where it has a
            # marker, so a copy of the board holds a phantom marker of the company there
            # (outside every real city, so it neither fills a circle nor starts a trace).
            phantom = self.board.clone()
            phantom.tokens[(coord, _PHANTOM_CITY)] = [self.entity]
            only = replace(self._options(0), only_hexes=frozenset({coord}))
            lays = legal_tile_lays(phantom, self.operator(), only)
            out.extend(replace(x, cost=SRV_COST) for x in lays)
        return out

    def _affordable(self, lays: list[TileLay]) -> list[TileLay]:
        done = self.turn.laid_hexes
        cash = self.company.cash
        return [x for x in lays if x.cost <= cash and x.hex not in done]

    def choices(self) -> list[tuple[str, TileLay]]:
        """``(ability, lay)`` for every legal lay now (ability ``""`` for a normal lay)."""
        out = [("", lay) for lay in self.normal_lays()]
        out += [(LVG, lay) for lay in self.lvg_lays()]
        out += [(SRV, lay) for lay in self.srv_lays()]
        return out

    def legal_actions(self) -> list[LegalAction]:
        me = self.entity
        legal = [LegalAction(lay_action(me, ability, x)) for ability, x in self.choices()]
        if legal:
            legal.append(LegalAction(Pass(entity=me)))
        return legal

    def normalise(self, action: Action) -> Action:
        """A lay spelled with another turn of a symmetric tile is the listed lay."""
        if not isinstance(action, LayTile):
            return action
        listed = (c.action for c in self.game.legal_for(self) if isinstance(c.action, LayTile))
        return listed_turn(action, listed, self.board.map.tiles)

    # -- doing it --------------------------------------------------------------------
    def process_lay_tile_allocated(self, action: LayTileAllocated) -> None:
        self.process_lay_tile(action)

    def process_lay_tile(self, action: LayTile) -> None:
        tokens = action.tokens if isinstance(action, LayTileAllocated) else None
        key = (action.hex, action.tile, action.rotation, tokens)
        lay = next(
            x for ability, x in self.choices()
            if ability == action.ability and (x.hex, x.tile, x.rotation, x.tokens) == key
        )  # fmt: skip
        game, company = self.game, self.company
        game.pay(company, game.bank, lay.cost)
        dropped = self.board.lay_tile(action.hex, action.tile, action.rotation, lay.tokens)
        laid_this_or(game, company.id).add(action.hex)
        self.turn.laid_hexes = (*self.turn.laid_hexes, action.hex)
        if action.ability == LVG:
            close_private(game, LVG, "power used")
        else:
            self.lays += 1
            self.upgraded = self.upgraded or lay.upgrade
        if action.ability == SRV:
            self.turn.srv_hex = action.hex
        game.event("tile", {"company": company.id, "hex": action.hex, "tile": action.tile,
                            "rotation": action.rotation, "cost": lay.cost,
                            "ability": action.ability})  # fmt: skip
        for city, owner in dropped:  # NS markers without a circle leave the map
            game.event("ns_marker_discarded", {"company": company.id, "hex": action.hex,
                                               "city": city, "owner": owner})  # fmt: skip
