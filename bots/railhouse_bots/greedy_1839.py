"""The greedy bot's policies for a title whose trains rust fast and whose directors pay for
a company's missing train (1839): stay solvent first, then grow.

Every policy takes the :class:`~railhouse_bots.greedy_view.View` and the title's
:class:`~railhouse_bots.greedy_facts.TitleFacts` and returns an action, or None to leave
the decision to the next policy.  The one idea behind them is a company's **need**: the
cash it must hold for the train it will be forced to buy -- nothing while it owns a train
that survives the next phase change, else the price of the train on sale after that change
(:func:`need`).  A need not covered by the treasury is a *shortfall*, which its director
pays when the time comes (R-8.4); the sum over a player's companies is their *exposure*.

* **Dividends**: pay (half or full) unless the treasury then falls short of its need;
  withhold otherwise.
* **Trains**: a company without a surviving train buys the longest-lived train on sale;
  one with fewer than :data:`WANTED_TRAINS` buys when it can pay; none starts a phase that
  would leave another of the player's companies trainless and unable to pay.  A company
  short of a surviving train may buy one for f1 from another company of the same player.
* **Spending**: no station, costly tile or green private that eats into the need.
* **Stock rounds**: keep cash for the exposure (sell others' shares, then own non-director
  shares, when short); par only what can be floated at once; buy own shares from what is
  left.
* **Emergencies**: sell one share at a time (the last sale may overshoot; nothing more),
  others' companies first, the most valuable first.
* **Nationalisation**: hand a company to the state (R-14.7) when its shortfall would ruin
  its director.
* **DRU's train** goes to the player's company that needs a train.
* **Stalls**: after :data:`STALL_SETS` sets without a phase change companies save for and
  buy trains up to the limit and players par more companies, so that the game moves on.
* **Auction**: buy a private at a discount to its worth, keeping cash to start a company;
  otherwise discount the private closest to a bargain.

The planning (need, shortfall, exposure, stalls) is in :mod:`railhouse_bots.greedy_1839_need`,
a company's decisions are in :mod:`railhouse_bots.greedy_1839_operate` and a player's in
:mod:`railhouse_bots.greedy_1839_stock`; this module gathers them under one name.
"""

from __future__ import annotations

from railhouse_bots.greedy_1839_need import (
    CHARGED_ORS,
    STALL_SETS,
    cash_of,
    choice_price,
    exposure,
    fundable,
    is_local,
    mine,
    need,
    sellable_value,
    shortfall,
    stalled,
    trains_of,
    want,
)
from railhouse_bots.greedy_1839_operate import (
    SALE_YIELD,
    SPEND_MARGIN,
    WANTED_TRAINS,
    WITHHELD_RUNS,
    buy_private,
    buy_train,
    dividend,
    give_dru_train,
    lay_tile_affordable,
    nationalise,
    place_token,
    respond,
)
from railhouse_bots.greedy_1839_stock import (
    AUCTION_RESERVE,
    FLOAT_SHARES,
    MAX_PRESIDENCIES,
    PRIVATE_BONUS,
    auction,
    emergency_sale,
    stock,
)

__all__ = [
    "AUCTION_RESERVE",
    "CHARGED_ORS",
    "FLOAT_SHARES",
    "MAX_PRESIDENCIES",
    "PRIVATE_BONUS",
    "SALE_YIELD",
    "SPEND_MARGIN",
    "STALL_SETS",
    "WANTED_TRAINS",
    "WITHHELD_RUNS",
    "auction",
    "buy_private",
    "buy_train",
    "cash_of",
    "choice_price",
    "dividend",
    "emergency_sale",
    "exposure",
    "fundable",
    "give_dru_train",
    "is_local",
    "lay_tile_affordable",
    "mine",
    "nationalise",
    "need",
    "place_token",
    "respond",
    "sellable_value",
    "shortfall",
    "stalled",
    "stock",
    "trains_of",
    "want",
]
