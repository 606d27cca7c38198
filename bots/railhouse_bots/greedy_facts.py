"""Title knowledge for the greedy bot: which train comes next, what it costs, when each
train rusts, what a tile lay costs -- a title's published tables, read from its plugin's
data (as :mod:`railhouse_bots.greedy_track` reads the map), never from a running game.

With it the bot can tell, from the observation alone, how soon a company will be left
without a train and what the train it will then be forced to buy costs.  Only titles with
:class:`TitleFacts` get the solvency policies of :mod:`railhouse_bots.greedy_1839` (1839
today: its trains rust fast and a company's missing train is paid by its director).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from railhouse_bots.greedy_view import train_name

#: Purchases treated as "no phase change in sight" (an unlimited rank, the last phase).
FAR = 99


@dataclass(frozen=True)
class TitleFacts:
    """A title's phases and trains: ``starts[i]`` is the train whose first purchase starts
    phase ``phases[i]``; ``rusts_at[name]`` is the index of the phase that rusts it."""

    phases: tuple[str, ...]
    starts: tuple[str, ...]
    price: Mapping[str, int]
    rusts_at: Mapping[str, int | None]
    limits: tuple[int, ...]
    water: frozenset[str] = frozenset()  # hexes whose first tile pays ``terrain``
    upgrade_fee: frozenset[str] = frozenset()  # hexes whose every upgrade pays ``terrain``
    terrain: int = 0
    second_lay: int = 0  # extra fee of a second tile lay in one turn
    station: int = 0  # fee of a station marker
    locals: frozenset[str] = frozenset()  # companies that start on the Local market
    local_fee: int = 0  # a Local's float fee, roughly (R-7.5.9: twice its homes' revenue)
    no_first_train: frozenset[str] = frozenset()  # trains not handed out as a first train

    def lay_cost(self, hex_id: str, state: dict[str, Any]) -> int:
        """What laying a tile on ``hex_id`` costs now (terrain, upgrade fee, second lay)."""
        board = state.get("board") or {}
        upgrade = hex_id in (board.get("tiles") or {})
        cost = self.second_lay if board.get("laid_this_turn") else 0
        if hex_id in self.water and not upgrade:
            cost += self.terrain
        if hex_id in self.upgrade_fee and upgrade:
            cost += self.terrain
        return cost

    def phase(self, state: dict[str, Any]) -> int:
        name = str(state.get("phase", ""))
        return self.phases.index(name) if name in self.phases else 0

    def limit(self, state: dict[str, Any]) -> int:
        return self.limits[self.phase(state)]

    def survives(self, train: str, phase: int) -> bool:
        """Whether ``train`` (an id or a name) is still owned once ``phase`` has begun."""
        rusts = self.rusts_at.get(train_name(train))
        return rusts is None or rusts > phase

    def purchases_to_change(self, state: dict[str, Any]) -> int:
        """Depot purchases until the next phase begins (the one that buys its first train)."""
        current = self.phase(state)
        if current + 1 >= len(self.phases):
            return FAR
        remaining = (state.get("depot") or {}).get("remaining") or {}
        left = remaining.get(self.starts[current], 0)
        return FAR if left is None else int(left) + 1

    def next_price(self, state: dict[str, Any]) -> int:
        """The price of the train on sale once the next phase has begun."""
        current = self.phase(state)
        upcoming = self.starts[min(current + 1, len(self.starts) - 1)]
        return self.price[upcoming]

    def triggers(self, train: str, state: dict[str, Any]) -> int | None:
        """The phase that buying depot ``train`` starts, or None if it starts none."""
        name = train_name(train)
        if name not in self.starts:
            return None
        index = self.starts.index(name)
        return index if index > self.phase(state) else None


@functools.lru_cache(maxsize=2)
def _m1839_facts() -> TitleFacts:
    from railhouse_m1839.data import LOCAL_IDS, STATION_FEE, phases, trains
    from railhouse_m1839.mapdata import BIG_CITIES, TERRAIN_COST, WATER
    from railhouse_m1839.track import SECOND_LAY_FEE
    from railhouse_m1839.turnsteps import NO_FIRST_TRAIN

    specs = trains()
    phase_specs = phases()
    names = tuple(p.name for p in phase_specs)
    starts = tuple(p.on_trains[0] if p.on_trains else specs[0].name for p in phase_specs)
    return TitleFacts(
        phases=names,
        starts=starts,
        price={t.name: t.price for t in specs},
        rusts_at={t.name: (names.index(t.rusts_on) if t.rusts_on else None) for t in specs},
        limits=tuple(p.train_limit for p in phase_specs),
        water=frozenset(WATER),
        upgrade_fee=frozenset(BIG_CITIES),
        terrain=TERRAIN_COST,
        second_lay=SECOND_LAY_FEE,
        station=STATION_FEE,
        locals=frozenset(LOCAL_IDS),
        local_fee=80,  # two yellow 20-value homes
        no_first_train=frozenset(NO_FIRST_TRAIN),
    )


def facts_for(title: str) -> TitleFacts | None:
    """The facts of ``title``, or None when the bot has none for it."""
    if title != "1839":
        return None
    try:
        return _m1839_facts()
    except ImportError:  # the title plugin is not installed alongside the bot
        return None
