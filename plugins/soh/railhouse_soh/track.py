"""EN "Laying track": two yellow tiles, or one upgrade and one yellow tile, in any order;
privates #1 (SMAS: one extra tile, free) and #2 (KKI: pays one river crossing once)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import Action, LayTile, LegalAction, Pass
from railhouse.engine.entities import Company
from railhouse.engine.errors import IllegalAction
from railhouse.engine.privates import close_private
from railhouse.map.lays import LayOptions, TileLay, first_tile_lay, legal_tile_lays, listed_turn
from railhouse_soh.stepbase import SohStep
from railhouse_soh.variants import upgrades

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland


def ability_private(game: SteamOverHolland, company: Company, ability: str) -> str | None:
    """The id of an open private owned by ``company`` with ``ability``, if any."""
    for private_id in company.privates:
        private = game.privates[private_id]
        if not private.closed and ability in private.spec.abilities:
            return private_id
    return None


class TrackStep(SohStep):
    rule = "SOH EN 'Laying track'"

    def __init__(self, game: SteamOverHolland, entity: str) -> None:
        super().__init__(game, entity)
        self.yellow = 0
        self.upgrades = 0
        self.extra_used = False
        self.laid: set[str] = set()
        self._cache: dict[object, list[TileLay]] = {}

    def home_first(self) -> frozenset[str] | None:
        """EN "New tiles": if the starting city has no track, the first track goes there."""
        home = self.company.spec.home[0]
        return None if home in self.game.board.tiles else frozenset({home})

    def options(self, budget: int, free: bool = False,
                hexes: frozenset[str] | None = None) -> LayOptions:
        """The core's lay options now; ``hexes`` narrows the search (direct validation)."""
        colors = frozenset(self.game.phase.tiles)
        only = self.home_first()
        if hexes is not None:
            only = hexes if only is None else only & hexes
        return LayOptions(
            colors=colors,
            new_tiles=free or self.yellow + self.upgrades < 2,
            upgrades=free or (self.upgrades == 0 and self.yellow < 2),
            only_hexes=only,
            no_upgrade=self.no_relay(),
            budget=budget,
        )

    def no_relay(self) -> frozenset[str]:
        """Hexes that may not be upgraded now: EN "Laying track" lets a tile laid this turn
        be upgraded by the second lay; the 18xx-games rule set does not (facts §11.2 "Lay
        yellow and upgrade it to green in the same turn")."""
        if self.game.ruleset.upgrade_same_turn_lay:
            return frozenset()
        return frozenset(self.laid)

    def lays(self, ability: str = "", hexes: frozenset[str] | None = None) -> list[TileLay]:
        """The legal lays now (with private ``ability``), on ``hexes`` only if given."""
        opts = self.lay_options(ability, hexes)
        if opts is None:
            return []
        found = self.search(opts)
        if ability or not self.game.ruleset.semi_restrictive:
            return found  # T checks a private's lay no further
        return [lay for lay in found if self._adds_usable_track(lay)]

    def lay_options(self, ability: str, hexes: frozenset[str] | None) -> LayOptions | None:
        """The options of a lay with private ``ability`` ("" for none); None when no lay
        without a private is left this turn."""
        if ability == "SMAS":
            return self.options(10**9, True, hexes)
        if ability == "KKI":
            return self.options(10**9, hexes=hexes)
        if self.yellow + self.upgrades >= 2:
            return None
        return self.options(self.company.cash, hexes=hexes)

    def search(self, opts: LayOptions) -> list[TileLay]:
        """``legal_tile_lays`` memoised on everything it reads (the board's track and
        token versions, the operator, the options), so listing and validation at one
        position search once."""
        board, op = self.game.board, self.operator()
        key = (board.track_version, board.token_version, op, opts)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 16:
                self._cache.clear()
            found = self._cache[key] = legal_tile_lays(board, op, opts)
        return found

    def legal_actions(self) -> list[LegalAction]:
        me = self.entity
        legal = [LegalAction(LayTile(entity=me, hex=lay.hex, tile=lay.tile,
                                     rotation=lay.rotation)) for lay in self.lays()]
        for ability in ("extra_tile", "river_free"):
            private = ability_private(self.game, self.company, ability)
            if private is None or (ability == "extra_tile" and self.extra_used):
                continue
            for lay in self.lays(private):
                if ability == "river_free" and river_cost(self, lay) == 0:
                    continue  # KKI only pays river crossings; nothing to pay here
                legal.append(LegalAction(LayTile(entity=me, hex=lay.hex, tile=lay.tile,
                                                 rotation=lay.rotation, ability=private)))
        if legal:
            legal.append(LegalAction(Pass(entity=me)))
        return legal

    def auto(self) -> bool:
        """Done at once when no lay is possible (the listing would be empty)."""
        if not self.any_lay():
            self.done = True
        return self.done

    def any_lay(self) -> bool:
        """Whether ``legal_actions`` would list a lay, searching hex by hex and stopping at
        the first one found (the same options as :meth:`lays`)."""
        abilities = [""]
        for ability in ("extra_tile", "river_free"):
            private = ability_private(self.game, self.company, ability)
            if private is not None and not (ability == "extra_tile" and self.extra_used):
                abilities.append(private)
        board, op = self.game.board, self.operator()
        for ability in abilities:
            opts = self.lay_options(ability, None)
            if opts is None:
                continue
            accept = self._pays_river if ability == "KKI" else None
            if not ability and self.game.ruleset.semi_restrictive:
                accept = self._adds_usable_track
            if first_tile_lay(board, op, opts, accept) is not None:
                return True
        return False

    def _pays_river(self, lay: TileLay) -> bool:
        return river_cost(self, lay) != 0

    def normalise(self, action: Action) -> Action:
        """A lay spelled with another turn of a symmetric tile is the listed lay."""
        if not isinstance(action, LayTile) or self.find(action) is not None:
            return action
        listed = (LayTile(entity=action.entity, hex=lay.hex, tile=lay.tile,
                          rotation=lay.rotation, ability=action.ability)
                  for lay in self.lays(action.ability, frozenset({action.hex})))
        return listed_turn(action, listed, self.game.board.map.tiles)

    def _adds_usable_track(self, lay: TileLay) -> bool:
        return not lay.upgrade or upgrades.adds_usable_track(self.game.board, self.operator(),
                                                             lay)

    def validate(self, action: Action) -> None:
        if isinstance(action, Pass):
            return
        if not isinstance(action, LayTile) or self.find(action) is None:
            raise IllegalAction(f"{action!r} is not a legal tile lay now", self.rule)

    def find(self, action: LayTile) -> TileLay | None:
        ability = action.ability
        if ability and (ability_private(self.game, self.company, _ABILITY[ability]) != ability):
            return None
        for lay in self.lays(ability, frozenset({action.hex})):
            if (lay.hex, lay.tile, lay.rotation) == (action.hex, action.tile, action.rotation):
                if ability == "KKI" and river_cost(self, lay) == 0:
                    return None  # as listed: KKI only pays river crossings
                return lay
        return None

    def process_lay_tile(self, action: LayTile) -> None:
        game, company = self.game, self.company
        lay = self.find(action)
        assert lay is not None
        cost = lay.cost
        if action.ability == "SMAS":
            cost = 0
            self.extra_used = True
        elif action.ability == "KKI":
            cost -= river_cost(self, lay)
        if action.ability != "SMAS":
            if lay.upgrade:
                self.upgrades += 1
            else:
                self.yellow += 1
        game.pay(company, game.bank, cost)
        game.board.lay_tile(action.hex, action.tile, action.rotation)
        self.laid.add(action.hex)
        if action.ability:
            close_private(game, action.ability, "power used")
        game.event("tile", {"company": company.id, "hex": action.hex, "tile": action.tile,
                            "rotation": action.rotation, "cost": cost})


_ABILITY = {"SMAS": "extra_tile", "KKI": "river_free"}


def river_cost(step: TrackStep, lay: TileLay) -> int:
    """The river part of a lay's cost (SOH has no other terrain; EN "Rivers")."""
    return lay.cost
