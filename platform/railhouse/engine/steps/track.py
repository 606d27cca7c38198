"""The track step: lay new tiles and upgrade through :mod:`railhouse.map.lays`.

The map decides which lays fit (tile colours and shapes, the company's network, barriers,
markers fitting after an upgrade) and prices them (terrain, upgrade fees, costed edges); the
step decides how many lays the turn has and what each may be (:attr:`TrackStep.tile_lays`,
in the manner of the 18xx.games engine's ``TILE_LAYS``), which private powers add or change
a lay (:class:`LayPower`, :mod:`railhouse.engine.steps.trackopts`), and what a lay with
a power costs (:meth:`TrackStep.lay_cost`; a plain lay costs the map's price).  Every lay
is paid from the company's treasury and must be affordable (SOH EN "Laying track"; 1839
R-8.3.A.3).  Override points: :attr:`~TrackStep.tile_lays`, :meth:`~TrackStep.powers`,
:meth:`~TrackStep.only_hexes`, :meth:`~TrackStep.no_upgrade`,
:meth:`~TrackStep.track_restriction` (:mod:`railhouse.map.restriction`),
:meth:`~TrackStep.terrain_cost`, :meth:`~TrackStep.lay_cost`,
:meth:`~TrackStep.lay_action` (reading only the lay, the ability, the step's class and
company: the listing keeps a hex's actions) and :meth:`~TrackStep.laid`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from railhouse.engine.actions import Action, LayTile, LayTileAllocated, LegalAction, Pass
from railhouse.engine.cloning import MemoTable
from railhouse.engine.errors import IllegalAction
from railhouse.engine.privates import close_private
from railhouse.engine.rounds.base import G
from railhouse.engine.steps.base import T
from railhouse.engine.steps.mapstep import MapStep

# the turn's allowances and powers, re-exported: titles import them from here
from railhouse.engine.steps.trackopts import NOT_IF_UPGRADED as NOT_IF_UPGRADED
from railhouse.engine.steps.trackopts import LayPower as LayPower
from railhouse.engine.steps.trackopts import LaySlot as LaySlot
from railhouse.engine.steps.trackopts import lay_options as lay_options
from railhouse.engine.steps.trackopts import power_of as power_of
from railhouse.map.layalloc import HexLays
from railhouse.map.lays import (
    LayOptions,
    TileLay,
    hex_lays_on,
    hex_listings,
    lay_floor,
    legal_tile_lays,
    listed_turn,
)
from railhouse.map.restriction import PERMISSIVE, SEMI_RESTRICTIVE, adds_usable_track

#: the companies' actions kept with one hex's lays (``HexLays.derived``) before they start
#: afresh: every company whose network reaches a hex alike shares its lays
DERIVED_LIMIT = 16

#: what :meth:`TrackStep.find` answers: the legal lay and the power it uses
Found = tuple[TileLay, LayPower | None]

#: per hex, the plain lays a listing offered there and their actions, in listing order
#: (:meth:`TrackStep._plain_actions`)
Offered = dict[str, tuple[list[LegalAction], list[TileLay]]]

#: the key of the step's memo table under which its latest listing keeps the legal set it
#: made and the plain lays it offered (:data:`Offered`): :meth:`TrackStep.find` looks a
#: lay up there while that set is the game's known one at this position
LISTED = "listed"


def listed_lay(offered: Offered, action: LayTile) -> Found | None:
    """:meth:`TrackStep.find` of a plain lay (``action.ability`` empty) at the position
    of a listing that ``offered`` these lays: the first lay offered on the hex whose
    action is ``action``, as the search finds it (the same lays in the same order: the
    listing is of the same options; a hex it left out offers no lay)."""
    entry = offered.get(action.hex)
    if entry is not None:
        for choice, lay in zip(*entry, strict=True):
            if choice.action == action:
                return lay, None
    return None


class TrackStep(MapStep[G, T]):
    """Lay or upgrade tiles: the turn's lays (:attr:`tile_lays`) and private powers'
    lays, then pass (or stop when no lay is left)."""

    rule = "track"
    #: :meth:`auto` asks :meth:`any_lay` alone, which is True exactly when the listing is
    #: not empty (:meth:`legal_actions` lists Pass only beside a lay); :meth:`validate`
    #: admits listed lays alone
    open_if_chosen = True
    #: the turn's lays; the default is the common one lay or upgrade
    tile_lays: tuple[LaySlot, ...] = (LaySlot(),)
    #: the director chooses where a hex's markers go on a lay with several results
    #: (``TileLay.tokens``, 1839 R-15.3.5): such a lay is the action
    #: :class:`~railhouse.engine.actions.LayTileAllocated`; otherwise the board's default
    #: allocation
    allocates = False
    #: the event of a marker that found no circle after an upgrade and left the map
    dropped_event = "token_discarded"

    def __init__(self, game: G, entity: str) -> None:
        super().__init__(game, entity)
        self.lays_used = 0
        self.upgraded = False
        # clones share the lays searched and the record of the latest listing (LISTED)
        self._cache: dict[object, Any] = MemoTable()
        #: the last lay looked up by :meth:`normalise` or :meth:`validate`: (the action,
        #: the position it was found at, what :meth:`find` answered), reused by the
        #: validation and processing of that very action object (``Game.apply``)
        self._found: tuple[LayTile, tuple[int, ...], Found | None] | None = None

    # -- override points ---------------------------------------------------------------
    def powers(self) -> list[LayPower]:
        """The lay powers the company may use now, in the order they are listed."""
        return []

    def only_hexes(self) -> frozenset[str] | None:
        """Hexes every lay is restricted to now (None: no restriction)."""
        return None

    def no_upgrade(self) -> frozenset[str]:
        """Hexes that may not be upgraded now: by default those laid this turn."""
        return frozenset(self.turn.laid_hexes)

    def track_restriction(self) -> str:
        """18xx.games' ``TRACK_RESTRICTION`` of the turn's own lays
        (:mod:`railhouse.map.restriction`): :data:`PERMISSIVE` (connected is enough) or
        :data:`SEMI_RESTRICTIVE` (an upgrade must add track the company can use or change
        a stop's value; a private's lay is not checked further, as 18xx.games does)."""
        return PERMISSIVE

    def may_lay(self, lay: TileLay, power: LayPower | None) -> bool:
        """A further test of a lay the map allows: the track restriction (not an override
        point: a lay that does not :meth:`walks` passes, and the listing relies on it)."""
        return (not self.walks(lay.upgrade, power)
                or adds_usable_track(self.board, self.operator(), lay))

    def walks(self, upgrade: bool, power: LayPower | None) -> bool:
        """Whether :meth:`may_lay` judges a lay (an ``upgrade`` or not, with ``power``) by
        walking the network: the semi-restrictive test of a turn's own upgrade, a copy of
        the board and a walk from every token.  "Is there a lay?" (:meth:`any_lay`)
        judges such lays only when no other lay is offered."""
        return power is None and upgrade and self.track_restriction() == SEMI_RESTRICTIVE

    def terrain_cost(self, lay: TileLay, fee: int) -> int:
        """The terrain part of ``lay``'s price (``fee``: what the step added to it)."""
        hexdef = self.board.map.hexes[lay.hex]
        return lay.cost - fee - (hexdef.upgrade_cost if lay.upgrade else 0)

    def lay_cost(self, lay: TileLay, power: LayPower | None, fee: int) -> int:
        """What the company pays for ``lay`` with ``power`` (the map's price, with the
        step's ``fee``, unless the power prices it).  A plain lay (``power`` None) costs
        its map price: it is not asked (:meth:`_priced`)."""
        if power is None:
            return lay.cost
        if power.cost is not None:
            return power.cost
        if power.pays_terrain:
            return lay.cost - self.terrain_cost(lay, fee)
        return lay.cost

    def lay_action(self, lay: TileLay, ability: str) -> LayTile:
        """The action of a legal lay (with :attr:`allocates`, a lay carrying an allocation
        is :class:`~railhouse.engine.actions.LayTileAllocated`)."""
        if self.allocates and lay.tokens is not None:
            return LayTileAllocated(entity=self.entity, hex=lay.hex, tile=lay.tile,
                                    rotation=lay.rotation, ability=ability, tokens=lay.tokens)
        return LayTile(entity=self.entity, hex=lay.hex, tile=lay.tile, rotation=lay.rotation,
                       ability=ability)  # fmt: skip

    def laid(self, action: LayTile, lay: TileLay, power: LayPower | None) -> None:
        """Called after a lay, before its event (e.g. to remember a power's hex)."""

    # -- what is legal -------------------------------------------------------------------
    def options(self, power: LayPower | None,
                hexes: frozenset[str] | None = None) -> LayOptions | None:
        """The map's options of a lay with ``power`` (None: a plain lay) now, on ``hexes``
        only if given; None when the turn has no such lay left."""
        if power is not None and power.extra:
            new_tiles, upgrades, fee = True, power.upgrade, power.fee
        else:
            if self.lays_used >= len(self.tile_lays):
                return None
            slot = self.tile_lays[self.lays_used]
            new_tiles = slot.lay
            upgrades = slot.upgrade is True or (slot.upgrade == NOT_IF_UPGRADED
                                                and not self.upgraded)
            fee = slot.fee + (power.fee if power is not None else 0)
        only = self.only_hexes()
        for narrower in (power.hexes if power is not None else None, hexes):
            if narrower is not None:
                only = frozenset(narrower) if only is None else only & frozenset(narrower)
        return lay_options(frozenset(self.game.phase.tiles), new_tiles, upgrades, only,
                           self.no_upgrade(), fee)

    def lays(self, power: LayPower | None = None,
             hexes: frozenset[str] | None = None) -> list[TileLay]:
        """The legal lays now with ``power`` (None: plain lays), priced; on ``hexes`` only
        if given (direct validation searches one hex)."""
        opts = self.options(power, hexes)
        if opts is None:
            return []
        cash, fee, priced = self.company.cash, opts.extra_cost, self._priced
        out = []
        for lay in self._fitting(opts, power):
            offered = priced(lay, power, fee, cash)
            if offered is not None:
                out.append(offered)
        return out

    def _fitting(self, opts: LayOptions, power: LayPower | None) -> list[TileLay]:
        """The lays the map allows with ``opts`` (``power``'s hexes when it need not
        connect), not yet priced nor judged by :meth:`may_lay`."""
        if power is not None and not power.connected:
            return self._unconnected(opts, power.hexes or ())
        return self.search(opts)

    def _priced(self, lay: TileLay, power: LayPower | None, fee: int,
                cash: int) -> TileLay | None:
        """``lay`` at the company's price if it is offered (payable from ``cash``), else
        None."""
        if power is None:  # the map's price (what _plain_actions assumes of a plain lay)
            return lay if lay.cost <= cash and self.may_lay(lay, None) else None
        if power.pays_terrain and self.terrain_cost(lay, fee) == 0:
            return None  # nothing for the power to pay here
        cost = self.lay_cost(lay, power, fee)
        if cost > cash or not self.may_lay(lay, power):
            return None
        return lay if cost == lay.cost else lay.costing(cost)

    def search(self, opts: LayOptions) -> list[TileLay]:
        """``legal_tile_lays`` memoised on everything it reads (the board's track and
        token versions, the operator, the options), so listing and validation at one
        position search once."""
        board, op = self.board, self.operator()
        key = (board.track_version, board.token_version, op, opts)
        found: list[TileLay] | None = self._cache.get(key)
        if found is None:
            if len(self._cache) > 16:
                self._cache.clear()
            found = self._cache[key] = legal_tile_lays(board, op, opts)
        return found

    def _unconnected(self, opts: LayOptions, hexes: tuple[str, ...]) -> list[TileLay]:
        """The lays on ``hexes`` (in order, within ``opts.only_hexes``) that need not
        connect: the map lets a company lay where it has a marker, so each is judged on
        a copy of the board with one on the hex (``Board.with_marker``)."""
        out: list[TileLay] = []
        op = self.operator()
        for coord in hexes:
            if opts.only_hexes is not None and coord not in opts.only_hexes:
                continue
            marked = self.board.with_marker(coord, self.entity)
            out.extend(legal_tile_lays(marked, op, replace(opts, only_hexes=frozenset({coord}))))
        return out

    def legal_actions(self) -> list[LegalAction]:
        offered: Offered = {}
        legal = self._plain_actions(offered)
        for power in self.powers():
            legal += [LegalAction(self.lay_action(lay, power.private))
                      for lay in self.lays(power)]
        if legal:
            legal.append(LegalAction(Pass(entity=self.entity)))
        self._cache[LISTED] = (legal, offered)
        return legal

    def _plain_actions(self, offered: Offered | None = None) -> list[LegalAction]:
        """The actions of :meth:`lays` (plain lays), hex by hex.  Where every lay of a hex
        is offered as the map lists it (at its map price, which the treasury covers, and
        without a walk to judge it: :meth:`_priced` and :meth:`may_lay`), its actions are
        made once and kept with the hex's memoised lays (``HexLays.derived``), keyed on
        the step's class and the company: all :meth:`lay_action` reads besides the lay.
        So a hex whose lays did not change since the company's last listing (the map
        memoises them on their content, across revisions, turns and games, and shares
        them between companies) costs one look-up; another hex is priced and judged lay
        by lay.  Whether a hex's lays are
        judged by a walk (:meth:`walks`) depends on nothing but whether they upgrade: it
        is asked twice per listing, not once per hex.  A hex whose every lay costs more
        than the treasury holds is not searched (``hex_listings``' ``within``).
        ``offered``, if given, gets each hex's offered lays and their actions (for
        :meth:`find`)."""
        opts = self.options(None)
        if opts is None:
            return []
        board, cash, fee = self.board, self.company.cash, opts.extra_cost
        if fee + lay_floor(board.map) > cash:
            return []  # every lay costs the fee at least
        key = (type(self), self.entity)
        walked = (self.walks(False, None), self.walks(True, None))
        out: list[LegalAction] = []
        for found in hex_listings(board, self.operator(), opts, within=cash):
            if found.dearest > cash or walked[found.upgrade]:  # not as listed
                lays = []
                for lay in found.listed(board):
                    priced = self._priced(lay, None, fee, cash)
                    if priced is not None:
                        lays.append(priced)
                actions = [LegalAction(self.lay_action(lay, "")) for lay in lays]
            else:
                lays = found.listed(board)
                derived = found.derived
                kept: list[LegalAction] | None = derived.get(key)
                if kept is None:
                    if len(derived) >= DERIVED_LIMIT:
                        derived.clear()
                    kept = derived[key] = [LegalAction(self.lay_action(lay, ""))
                                           for lay in lays]
                actions = kept
            out += actions
            if offered is not None:
                offered[found.coord] = (actions, lays)
        return out

    def auto(self) -> bool:
        """Done at once when no lay is possible (the listing would be empty)."""
        if not self.any_lay():
            self.done = True
        return self.done

    def any_lay(self) -> bool:
        """Whether :meth:`legal_actions` would list a lay, searching hex by hex and
        stopping at the first one found; lays judged by a walk (:meth:`walks`) are
        judged last, once every other lay is known not to be offered (the answer is the
        same: one offered lay is enough, in whatever order they are judged).  A plain lay
        is offered at its map price: the hexes whose every lay costs more than the
        treasury holds (``hex_listings``' ``within``), or every hex when the step's fee
        alone does, are not searched."""
        board, op = self.board, self.operator()
        for power in (None, *self.powers()):
            opts = self.options(power)
            if opts is None:
                continue
            if power is not None and not power.connected:
                if self.lays(power):
                    return True
                continue
            fee, cash = opts.extra_cost, self.company.cash
            if power is None and fee + lay_floor(board.map) > cash:
                continue  # no plain lay is affordable: each costs the fee at least

            def offered(lay: TileLay, power: LayPower | None = power, fee: int = fee,
                        cash: int = cash) -> bool:
                return self._priced(lay, power, fee, cash) is not None

            # the hexes' lays without the fee, which is added here (no repriced copies)
            priced = opts.budget is not None
            extra = 0 if priced else fee
            walked: list[HexLays] = []  # judged by a walk: only if no other lay is offered
            within = cash if power is None else None  # a plain lay costs its price
            for found in hex_listings(board, op, opts, priced, within=within):
                if power is not None:
                    if found.first(offered, extra) is not None:
                        return True
                elif found.cheapest + extra > cash:
                    continue  # no plain lay of the hex is affordable (_priced)
                elif self.walks(found.upgrade, None):
                    walked.append(found)
                else:
                    return True  # its cheapest lay is offered at its map price (_priced)
            if any(found.first(offered, extra) is not None for found in walked):
                return True
        return False

    def power_named(self, private: str) -> LayPower | None:
        return next((p for p in self.powers() if p.private == private), None)

    def find(self, action: LayTile) -> Found | None:
        """The legal lay ``action`` makes, and its power; None if it is not legal.  A
        plain lay is looked up in the step's latest listing (:func:`listed_lay`) while
        the game knows that listing as this position's legal set (``known_legal``: the
        game drops it whenever the state changes); else its hex is searched."""
        if not action.ability:
            record = self._cache.get(LISTED)
            if record is not None and self.game.known_legal(self) is record[0]:
                return listed_lay(record[1], action)
        power = self.power_named(action.ability) if action.ability else None
        if action.ability and power is None:
            return None
        # the first listed lay that is this action: price and judge only the lays that
        # spell it (``may_lay`` may be costly), in the listing's order
        cash = self.company.cash
        if power is not None and not power.connected:
            opts = self.options(power, frozenset({action.hex}))
            if opts is None:
                return None
            lays = self._fitting(opts, power)
        else:  # a connected lay: the listing of its hex alone
            opts = self.options(power)
            if opts is None:
                return None
            found = hex_lays_on(self.board, self.operator(), opts, action.hex)
            lays = [] if found is None else found.listed(self.board)
        for lay in lays:
            if self.lay_action(lay, action.ability) == action:
                priced = self._priced(lay, power, opts.extra_cost, cash)
                if priced is not None:
                    return priced, power
        return None

    def _find_once(self, action: LayTile, fresh: bool = False) -> Found | None:
        """:meth:`find`, remembered for ``action`` (this object) at this position: the
        normalisation, validation and processing of one lay ask the same (``may_lay`` may
        be costly).  ``fresh``: look again whatever was remembered."""
        at = (self.board.track_version, self.board.token_version, self.company.cash,
              self.lays_used, len(self.turn.laid_hexes))
        memo = self._found
        if not fresh and memo is not None and memo[0] is action and memo[1] == at:
            return memo[2]
        found = self.find(action)
        self._found = (action, at, found)
        return found

    def normalise(self, action: Action) -> Action:
        """A lay spelled with another turn of a symmetric tile is the listed lay."""
        if not isinstance(action, LayTile) or self._find_once(action, fresh=True) is not None:
            return action
        power = self.power_named(action.ability) if action.ability else None
        if action.ability and power is None:
            return action
        listed = (self.lay_action(lay, action.ability)
                  for lay in self.lays(power, frozenset({action.hex})))
        return listed_turn(action, listed, self.board.map.tiles)

    def validate(self, action: Action) -> None:
        if isinstance(action, Pass) and action.entity == self.entity:
            return
        if not isinstance(action, LayTile) or self._find_once(action) is None:
            raise IllegalAction(f"{action!r} is not a legal tile lay now", self.rule)

    # -- doing it ------------------------------------------------------------------------
    def process_lay_tile_allocated(self, action: LayTileAllocated) -> None:
        self.process_lay_tile(action)

    def process_lay_tile(self, action: LayTile) -> None:
        found = self._find_once(action)
        self._found = None
        assert found is not None, "validated"
        lay, power = found
        game, company = self.game, self.company
        game.pay(company, game.bank, lay.cost)
        dropped = self.board.lay_tile(action.hex, action.tile, action.rotation,
                                      lay.tokens if self.allocates else None)
        if power is None or not power.extra:
            self.lays_used += 1
            self.upgraded = self.upgraded or lay.upgrade
        self.turn.laid_hexes = (*self.turn.laid_hexes, action.hex)
        self.laid(action, lay, power)
        if power is not None and power.closes:
            close_private(game, power.private, "power used")
        game.event("tile", {"company": company.id, "hex": action.hex, "tile": action.tile,
                            "rotation": action.rotation, "cost": lay.cost,
                            "ability": action.ability})  # fmt: skip
        for city, owner in dropped:  # markers of discardable owners without a circle
            game.event(self.dropped_event, {"company": company.id, "hex": action.hex,
                                            "city": city, "owner": owner})  # fmt: skip
