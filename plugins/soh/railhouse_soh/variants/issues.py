"""Issuing shares under the two rule sets (EN "Sell or buy its own shares"; facts §11.2).

EN: the price drops one step fewer than the shares issued, ledges do not apply.
18xx.games: its ledge code treats the issuing company as a non-president seller, so in the
bands above a ledge (110-140, 160-210, 240-300, 330) an issue lands the price on the
ledge's cell (110, 160, 240 or 330) whatever the count: 1 share from 125 drops one step,
from 140 two; from 110/160/240/330 nothing; a large issue from those bands stops there.
At 100 or less, and at 360 (the top), the EN drop applies.  (This is our reading of T's
code, as facts §11.2 records it; no report of it was found.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.market import StockMarket
from railhouse_soh.variants.ruleset import Ruleset

if TYPE_CHECKING:
    from railhouse_soh.stepbase import SohTurn

LEDGE_CELLS = (110, 160, 240, 330)  # prices that sit just above a ledge (EN)
TOP = 360
POOL_SHARE_LIMIT = 5  # 18xx.games: an issue leaves at most 5 shares in the pool


def issue_steps(ruleset: Ruleset, market: StockMarket, company: str, normal: int) -> int:
    """Steps down the price of ``company`` moves for an issue whose EN drop is ``normal``."""
    price = market.price(company)
    if not ruleset.issue_ledges or price <= LEDGE_CELLS[0] - 10 or price >= TOP:
        return normal
    floor = max(p for p in LEDGE_CELLS if p <= price)
    row, col = market.positions[company]
    steps = 0
    while market.cell((row, col - steps)).price > floor:
        steps += 1
    return steps


def may_issue(ruleset: Ruleset, turn: SohTurn, emergency: bool = False) -> bool:
    """Whether another issue action fits this turn.  T (facts §11.2 "One issue or buy-back
    per turn"): one issue or one buy-back per turn (``issues_per_turn`` counts both), and
    no emergency issue after a voluntary one (an emergency issue after a buy-back is
    allowed: T's ``issued_shares`` records issues only).  EN/FAQ: any number within the
    limit."""
    if emergency:
        return ruleset.emergency_issue_after_issue or turn.issue_actions == 0
    return ruleset.issues_per_turn is None or share_deals(turn) < ruleset.issues_per_turn


def may_buy_back(ruleset: Ruleset, turn: SohTurn) -> bool:
    """T forbids buying back after issuing in the same turn, and a second buy-back (one
    issue or one buy-back per turn); EN does not."""
    if ruleset.issues_per_turn is not None and share_deals(turn) >= ruleset.issues_per_turn:
        return False
    return ruleset.buyback_after_issue or not turn.issued


def share_deals(turn: SohTurn) -> int:
    """Issue and buy-back actions taken this turn."""
    return turn.issue_actions + turn.buy_backs
