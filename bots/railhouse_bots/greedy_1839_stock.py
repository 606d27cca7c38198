"""The greedy bot's 1839 decisions as a player: the private auction, stock rounds and
emergency sales (see :mod:`railhouse_bots.greedy_1839` for the overview).

* **Stock rounds**: keep cash for the exposure (sell others' shares, then own non-director
  shares, when short); par only what can be floated at once; buy own shares from what is
  left.
* **Emergencies**: sell one share at a time (the last sale may overshoot; nothing more),
  others' companies first, the most valuable first.
* **Auction**: buy a private at a discount to its worth, keeping cash to start a company;
  otherwise discount the private closest to a bargain.
"""

from __future__ import annotations

from typing import Any

from railhouse_bots.base import concrete
from railhouse_bots.greedy_1839_need import choice_price, exposure, fundable, stalled
from railhouse_bots.greedy_facts import TitleFacts
from railhouse_bots.greedy_stock import _maximum, _pass
from railhouse_bots.greedy_view import View

#: Presidencies the player starts by parring (Locals made by private closures come on top).
MAX_PRESIDENCIES = 2
#: Shares out of the IPO that float a company (R-7.5.6: at most 40% left in the IPO).
FLOAT_SHARES = 6
#: Cash kept after buying a private in the auction, to start a company afterwards.
AUCTION_RESERVE = 120
#: What a private is worth beyond its face value (its income, certificates, powers).
PRIVATE_BONUS = {"JJB": 40, "LVG": 20, "SRV": 20, "KR": 60, "KF": 120, "DRU": 80,
                 "CM": -100, "STK": 80, "CO": 40, "AB": 40, "AV": 60}


def emergency_sale(view: View) -> dict[str, Any] | None:
    """One share at a time: others' companies first, then the highest price."""
    sales = view.choices("sell_shares")
    if not sales:
        return None
    presided = set(view.presided())

    def rank(choice: dict[str, Any]) -> tuple[int, int]:
        cid = str(choice.get("company"))
        return (1 if cid in presided else 0, -view.price(cid))

    return concrete(min(sales, key=rank), {"count": 1})


def stock(facts: TitleFacts, view: View) -> dict[str, Any] | None:
    """Cover the exposure first, then par what can float, then buy own shares."""
    reserve = exposure(facts, view)
    cash = view.cash()
    if cash < reserve:
        sale = _sale_for(view, reserve - cash)
        return sale if sale is not None else _pass(view)
    spare = cash - reserve
    par = _par(facts, view, spare)
    if par is not None:
        return par
    buy = _buy_own(facts, view, spare)
    if buy is not None:
        return buy
    return _pass(view)


def _sale_for(view: View, amount: int) -> dict[str, Any] | None:
    """Shares worth ``amount``: others' companies first, then own non-director shares."""
    sales = view.choices("sell_shares")
    if not sales:
        return None
    presided = set(view.presided())
    best = min(sales, key=lambda c: (1 if c.get("company") in presided else 0,
                                     -view.price(str(c.get("company")))))
    price = max(1, view.price(str(best.get("company"))))
    count = min(_maximum(best, "count", 1), -(-amount // price))
    return concrete(best, {"count": max(1, count)})


def _par(facts: TitleFacts, view: View, spare: int) -> dict[str, Any] | None:
    pars = view.choices("par")
    if not pars or (len(view.presided()) >= MAX_PRESIDENCIES and not stalled(view)):
        return None
    floatable = [c for c in pars if FLOAT_SHARES * int(c.get("price") or 0) <= spare
                 and fundable(facts, view, str(c.get("company")), int(c.get("price") or 0))]
    if not floatable:
        return None
    return concrete(max(floatable, key=lambda c: (int(c.get("price") or 0), -pars.index(c))))


def _buy_own(facts: TitleFacts, view: View, spare: int) -> dict[str, Any] | None:
    """Own companies' shares from spare cash: unfloated ones first (to float them, if they
    can fund their trains), then treasury shares, then the cheapest."""
    presided = set(view.presided())

    def wanted(choice: dict[str, Any]) -> bool:
        cid = str(choice.get("company"))
        price = view.price(cid)
        if cid not in presided or price * int(choice.get("count") or 1) > spare:
            return False
        return bool(view.company(cid).get("floated")) or fundable(facts, view, cid, price)

    candidates = [c for c in view.choices("buy_shares") if wanted(c)]
    if not candidates:
        return None

    def rank(choice: dict[str, Any]) -> tuple[int, int, int]:
        company = view.company(str(choice.get("company")))
        return (1 if company.get("floated") else 0,
                0 if choice.get("source") == "treasury" else 1, int(company.get("price") or 0))

    return concrete(min(candidates, key=rank))


def auction(facts: TitleFacts, view: View) -> dict[str, Any] | None:
    """Buy the best bargain that leaves a reserve; else discount; else (a forced buy) the
    best bargain."""
    del facts
    buys = view.choices("buy_private")
    discounts = view.choices("discount")
    privates = view.state.get("privates", {})

    def worth(pid: str) -> int:
        private = privates.get(pid) or {}
        return int(private.get("value") or 0) + PRIVATE_BONUS.get(pid, 0)

    def gain(choice: dict[str, Any]) -> int:
        return worth(str(choice.get("target"))) - choice_price(choice)

    cash = view.cash()
    good = [b for b in buys if gain(b) >= 0 and cash - choice_price(b) >= AUCTION_RESERVE]
    if good:
        return concrete(max(good, key=gain))
    if discounts:
        cut = (view.state.get("round") or {}).get("discounts") or {}

        def appeal(choice: dict[str, Any]) -> int:
            pid = str(choice.get("target"))
            price = int((privates.get(pid) or {}).get("value") or 0) - int(cut.get(pid, 0))
            return worth(pid) - price

        return concrete(max(discounts, key=appeal))
    if buys:
        return concrete(max(buys, key=gain))
    return None
