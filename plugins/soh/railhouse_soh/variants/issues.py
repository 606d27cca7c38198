"""The price drop of an issue under the two rule sets (EN "Sell or buy its own shares";
facts §11.2); the limits are the core's ``IssueRules`` (``Ruleset.issues``).

EN: the price drops one step fewer than the shares issued, ledges do not apply; FAQ (facts
§10): the drop is figured on the turn's total, so with ``already`` shares issued earlier
in the turn the price ends ``already + count - 1`` steps below where the turn started
(e.g. 1 + 1 shares: down one in all; :func:`issue_drop`).
18xx.games: its ledge code treats the issuing company as a non-president seller, so in the
bands above a ledge (110-140, 160-210, 240-300, 330) an issue lands the price on the
ledge's cell (110, 160, 240 or 330) whatever the count: 1 share from 125 drops one step,
from 140 two; from 110/160/240/330 nothing; a large issue from those bands stops there.
One exception: two shares from the second cell above a ledge (140, 210, 300) drop one
step, the EN drop (T's "at most two drops" cell sets a drop to 2 unless it is 1; the
differential, seed 118).  At 100 or less, and at 360 (the top), the EN drop applies.
(This is our reading of T's code, as facts §11.2 records it; no report of it was found.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.entities import Company
from railhouse.engine.market import StockMarket
from railhouse_soh.variants.ruleset import Ruleset

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland

LEDGE_CELLS = (110, 160, 240, 330)  # prices that sit just above a ledge (EN)
TOP = 360


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
    return normal if steps == 2 and normal == 1 else steps


def issue_drop(already: int, count: int) -> int:
    """EN steps to move now when ``count`` shares follow ``already`` issued this turn."""
    return (already + count - 1) - max(already - 1, 0)


def issue_price_drop(game: SteamOverHolland, company: Company, already: int, count: int) -> int:
    """The drop of an issue of ``count`` after ``already``: EN's (cumulative, FAQ) or the
    18xx-games rule set's ledge drop."""
    return issue_steps(game.ruleset, game.market_of(company), company.id,
                       issue_drop(already, count))
