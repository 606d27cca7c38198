"""The greedy bot's decisions as a player: auction bids, pars, share buys and sales.

Each policy takes a :class:`~railhouse_bots.greedy_view.View` and returns the chosen
action object, or None when it has no opinion (the bot then falls back to simple rules).

The reasoning, for an 18xx where wealth is cash plus shares at market price:

* A private is worth its printed value: it pays its revenue every operating round and may
  later be sold to one's own company at face value.  Bid the minimum while that is at most
  the value and leaves enough cash to start a company.
* Start a company when presiding none (or one, with cash to spare): par as high as keeps
  a reserve, because a higher par gives the company more capital for trains.
* Buy shares of one's own companies (treasury first: the money capitalises the company),
  since the bot pays dividends and those prices rise.  Never buy into companies run by
  others, never sell voluntarily: selling drops the price of what one still holds.
"""

from __future__ import annotations

from typing import Any

from railhouse_bots.base import concrete
from railhouse_bots.greedy_view import View

#: Fraction of cash a par (president's certificate) may use.
PAR_BUDGET = 0.75
#: Cash kept after an auction bid, to be able to start a company afterwards.
AUCTION_RESERVE = 130
#: Most companies the bot wants to preside.
MAX_PRESIDENCIES = 2


def auction(view: View) -> dict[str, Any] | None:
    """Bid the minimum on a private worth at least that much; else pass."""
    best: dict[str, Any] | None = None
    for choice in view.choices("bid"):
        private = view.state.get("privates", {}).get(choice.get("target")) or {}
        low = _minimum(choice, "price")
        if low is None or low > int(private.get("value") or 0):
            continue
        if view.cash() - low < AUCTION_RESERVE:
            continue
        if best is None or low < _minimum(best, "price", 0):
            best = choice
    if best is not None:
        return concrete(best)
    return _pass(view)


def stock(view: View) -> dict[str, Any] | None:
    """Par, then buy own shares, else pass (never a voluntary sale)."""
    par = _par(view)
    if par is not None:
        return par
    buy = _buy_own(view)
    if buy is not None:
        return buy
    return _pass(view)


def _par(view: View) -> dict[str, Any] | None:
    presided = view.presided()
    pars = view.choices("par")
    if not pars or len(presided) >= MAX_PRESIDENCIES:
        return None
    budget = view.cash() * PAR_BUDGET
    if presided:
        budget = view.cash() * 0.5  # a second company only with cash to spare
    affordable = [c for c in pars if _par_cost(c) <= budget]
    if not affordable:
        return None
    best = max(affordable, key=lambda c: (_par_price(c), -pars.index(c)))
    return concrete(best)


def _par_price(choice: dict[str, Any]) -> int:
    return int(choice.get("price") or 0)


def _par_cost(choice: dict[str, Any]) -> int:
    """A president's certificate is two shares at the par price (the 18xx norm)."""
    return 2 * _par_price(choice)


def _buy_own(view: View) -> dict[str, Any] | None:
    mine = set(view.presided())
    candidates = [c for c in view.choices("buy_shares") if c.get("company") in mine]
    if not candidates:
        return None
    # treasury shares first (they capitalise the company), then the poorest company
    def rank(choice: dict[str, Any]) -> tuple[int, int]:
        company = view.company(str(choice.get("company")))
        return (0 if choice.get("source") == "treasury" else 1, int(company.get("cash") or 0))

    return concrete(min(candidates, key=rank))


def emergency_sale(view: View) -> dict[str, Any] | None:
    """Forced to raise money: sell what hurts least -- others' companies first, biggest
    lot first (fewer price drops per florin), own companies last."""
    sales = view.choices("sell_shares")
    if not sales:
        return None
    mine = set(view.presided())

    def rank(choice: dict[str, Any]) -> tuple[int, int]:
        own = 1 if choice.get("company") in mine else 0
        return (own, -_maximum(choice, "count", 1))

    best = min(sales, key=rank)
    return concrete(best, {"count": _maximum(best, "count", 1)} if "ranges" in best else None)


def _pass(view: View) -> dict[str, Any] | None:
    passes = view.choices("pass")
    return concrete(passes[0]) if passes else None


def _minimum(choice: dict[str, Any], name: str, default: int | None = None) -> Any:
    bounds = (choice.get("ranges") or {}).get(name)
    if bounds is not None:
        return int(bounds["min"])
    value = choice.get(name)
    return int(value) if isinstance(value, int) else default


def _maximum(choice: dict[str, Any], name: str, default: int) -> int:
    bounds = (choice.get("ranges") or {}).get(name)
    if bounds is not None:
        return int(bounds["max"])
    value = choice.get(name)
    return int(value) if isinstance(value, int) else default
