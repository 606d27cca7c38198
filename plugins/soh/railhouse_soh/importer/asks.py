"""When 18xx.games' track step still waits for a pass (facts §11.2; ``Step::Track``,
``Tracker#can_lay_tile?``), which our track step does not ask for: used by the import
and the export of 18xx.games games.

18xx.games keeps a company's track step open until it has made two lays (or passed),
whether or not a lay is left, and beyond that while the company owns private #1's extra
lay or, in phases 3-4, could buy from a player a private that lays track (#1, #2) for its
minimum price of 1 (``tile_lay_abilities_should_block?``, ``can_buy_tile_laying_company?``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland

TILE_LAYS = 2  # 18xx.games TILE_LAYS for SOH: a lay or upgrade, then a lay


def track_step_open(game: SteamOverHolland, company_id: str, lays: int) -> bool:
    """Whether 18xx.games still asks ``company_id`` to lay track or pass after ``lays``
    normal lays this turn."""
    if lays < TILE_LAYS:
        return True
    company = game.companies[company_id]
    owned = [game.privates[p] for p in company.privates]
    if any(not p.closed and "extra_tile" in p.spec.abilities for p in owned):
        return True
    if "privates_buyable" not in game.phase.events or company.cash < 1:
        return False
    return any(not p.closed and (p.owner or "").startswith("p")
               and {"extra_tile", "river_free"} & set(p.spec.abilities)
               for p in game.privates.values())
