"""The greedy bot's 1839 train and cash planning: what its policies read from a position.

A company's **need** is the cash it must hold for the train it will be forced to buy --
nothing while it owns a train that survives the next phase change, else the price of the
train on sale after that change (:func:`need`).  A need not covered by the treasury is a
*shortfall*, which its director pays when the time comes (R-8.4); the sum over a player's
companies, plus the charges of privates that cost money, is their *exposure*.  After
:data:`STALL_SETS` sets without a phase change the game has *stalled*: then a company
*wants* the cash for another train up to its train limit (:func:`want`).

The policies built on these are in :mod:`railhouse_bots.greedy_1839_operate` (a company's
decisions) and :mod:`railhouse_bots.greedy_1839_stock` (a player's); the overview is in
:mod:`railhouse_bots.greedy_1839`.
"""

from __future__ import annotations

from typing import Any

from railhouse_bots.greedy_facts import TitleFacts
from railhouse_bots.greedy_view import View, train_name

#: Sets of operating rounds without a phase change after which the game counts as stalled:
#: companies then save for and buy trains up to the limit, players par beyond the maximum
#: (a game ends only once the last phase is reached or a price tops the market).
STALL_SETS = 3
#: Operating rounds of charges a player keeps cash for (a set has up to three).
CHARGED_ORS = 3


def trains_of(view: View, company_id: str) -> list[str]:
    return [train_name(t) for t in view.company(company_id).get("trains") or []]


def mine(view: View) -> list[str]:
    """The floated, open companies this seat's player directs."""
    return [cid for cid in view.presided() if view.company(cid).get("floated")]


def need(facts: TitleFacts, view: View, company_id: str) -> int:
    """Cash ``company_id`` should hold for its next compulsory train (module docstring)."""
    state = view.state
    trains = trains_of(view, company_id)
    phase = facts.phase(state)
    if any(facts.survives(t, phase + 1) for t in trains):
        return 0
    if not trains:
        on_sale = (state.get("depot") or {}).get("available") or []
        prices = [facts.price[n] for n in on_sale if n in facts.price]
        return min(prices, default=facts.next_price(state))
    return facts.next_price(state)


def stalled(view: View) -> bool:
    """No phase change for :data:`STALL_SETS` sets of operating rounds."""
    sets: set[int] = set()
    for event in reversed(view.events):
        if event.get("kind") == "phase":
            break
        if event.get("kind") == "round":
            number = ((event.get("data") or {}).get("round") or {}).get("set")
            if isinstance(number, int):
                sets.add(number)
    return len(sets) >= STALL_SETS


def want(facts: TitleFacts, view: View, company_id: str) -> int:
    """The need, or in a stalled game the price of the train on sale while the company is
    below its train limit."""
    needed = need(facts, view, company_id)
    if stalled(view) and len(trains_of(view, company_id)) < facts.limit(view.state):
        on_sale = (view.state.get("depot") or {}).get("available") or []
        prices = [facts.price[n] for n in on_sale if n in facts.price]
        needed = max(needed, min(prices, default=0))
    return needed


def cash_of(view: View, company_id: str) -> int:
    return int(view.company(company_id).get("cash") or 0)


def is_local(facts: TitleFacts, view: View, company_id: str) -> bool:
    market = view.company(company_id).get("market")
    return str(market[0]) == "local" if market else company_id in facts.locals


def fundable(facts: TitleFacts, view: View, company_id: str, price: int) -> bool:
    """Whether ``company_id`` floated now at ``price`` can pay for its first trains from its
    capital (R-7.5.8: 10 x price; a Local pays its float fee and gets its first train free,
    R-8.3.2, unless that is a train no company is handed)."""
    state = view.state
    on_sale = (state.get("depot") or {}).get("available") or []
    first = str(on_sale[0]) if on_sale else facts.starts[-1]
    local = is_local(facts, view, company_id)
    capital = 10 * price - (facts.local_fee if local else 0)
    paid = first in facts.no_first_train or not local
    cost = facts.price.get(first, 0) if paid else 0
    if not facts.survives(first, facts.phase(state) + 1):
        cost += facts.next_price(state)
    return capital >= cost


def shortfall(facts: TitleFacts, view: View, company_id: str) -> int:
    return max(0, need(facts, view, company_id) - cash_of(view, company_id))


def exposure(facts: TitleFacts, view: View, skip: str | None = None) -> int:
    """What this seat's player may have to pay soon: its companies' shortfalls and the
    charges of privates that cost their owner money (RH, R-8.1.2) over a set of ORs."""
    charges = sum(-int(p.get("revenue") or 0) for p in (view.state.get("privates") or {}).values()
                  if p.get("owner") == view.me and not p.get("closed")
                  and int(p.get("revenue") or 0) < 0)
    return CHARGED_ORS * charges + sum(shortfall(facts, view, cid) for cid in mine(view)
                                       if cid != skip)


def sellable_value(view: View, skip: str | None = None) -> int:
    """Cash the player's shares would raise (director's certificates excepted)."""
    total = 0
    for cid, percent in (view.player().get("shares") or {}).items():
        if cid == skip:
            continue
        company = view.company(cid)
        count = int(percent) // 10 - (2 if company.get("president") == view.me else 0)
        total += max(0, count) * int(company.get("price") or 0)
    return total


def choice_price(choice: dict[str, Any]) -> int:
    """The price a legal choice (a train or private on sale) names."""
    return int(choice.get("price") or 0)
