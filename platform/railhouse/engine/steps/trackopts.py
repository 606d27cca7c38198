"""What a track step's turn allows (:mod:`railhouse.engine.steps.track`): the turn's lays
(:class:`LaySlot`), the private powers that add or change a lay (:class:`LayPower`), and
the map's options of a lay, made once per distinct content (:func:`lay_options`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from railhouse.engine.entities import Company
from railhouse.map.lays import LayOptions

if TYPE_CHECKING:
    from railhouse.engine.game import Game

#: :attr:`LaySlot.upgrade`: the lay may upgrade unless an earlier lay of the turn did
NOT_IF_UPGRADED = "not_if_upgraded"


@dataclass(frozen=True, slots=True)
class LaySlot:
    """One of the turn's tile lays, in order: whether it may lay a new tile, whether it
    may upgrade (True, False or :data:`NOT_IF_UPGRADED`), and a fee added to its price."""

    lay: bool = True
    upgrade: bool | str = True
    fee: int = 0


@dataclass(frozen=True, slots=True)
class LayPower:
    """A private company's power to lay track, offered as lays whose action names the
    private (``LayTile.ability``).

    ``extra``: a lay besides the turn's lays (else it is the turn's next lay, with that
    lay's allowance); ``upgrade``: whether an extra lay may upgrade.  ``hexes``: only on
    these; ``connected=False``: they need not connect to the company's network.  ``cost``:
    a flat price for the lay (tile, terrain and all), else the map's price plus ``fee``;
    ``pays_terrain``: the power pays the lay's terrain (offered only where there is some).
    ``closes``: using the power closes the private."""

    private: str
    extra: bool = False
    upgrade: bool = True
    hexes: tuple[str, ...] | None = None
    connected: bool = True
    cost: int | None = None
    fee: int = 0
    pays_terrain: bool = False
    closes: bool = True


def power_of(game: Game, company: Company, ability: str) -> str | None:
    """The id of an open private owned by ``company`` that has ``ability``, if any."""
    for private_id in company.privates:
        private = game.privates[private_id]
        if not private.closed and ability in private.spec.abilities:
            return private_id
    return None


#: the options made so far, per their fields (:func:`lay_options`)
_OPTIONS: dict[tuple[object, ...], LayOptions] = {}
#: options kept before :data:`_OPTIONS` starts afresh (bounds memory in long sessions)
OPTIONS_LIMIT = 4096


def lay_options(colors: frozenset[str], new_tiles: bool, upgrades: bool,
                only: frozenset[str] | None, no_upgrade: frozenset[str],
                fee: int) -> LayOptions:
    """``LayOptions`` with these fields, made once per process and then looked up (a
    track step asks for its options several times per position, and making the frozen
    dataclass costs several microseconds; it is immutable, so any step, game or clone
    may share it).  Keyed on every field it is given, so an entry is never stale."""
    key = (colors, new_tiles, upgrades, only, no_upgrade, fee)
    hit = _OPTIONS.get(key)
    if hit is None:
        if len(_OPTIONS) >= OPTIONS_LIMIT:
            _OPTIONS.clear()
        hit = _OPTIONS[key] = LayOptions(colors=colors, new_tiles=new_tiles,
                                         upgrades=upgrades, only_hexes=only,
                                         no_upgrade=no_upgrade, extra_cost=fee)
    return hit
