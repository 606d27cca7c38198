"""The greedy bot's 1839 decisions for a company in an operating round (see
:mod:`railhouse_bots.greedy_1839` for the overview): each keeps the company, and its
director, able to pay for the trains it will be forced to buy.

* **Dividends**: pay (half or full) unless the treasury then falls short of its need;
  withhold otherwise.
* **Trains**: a company without a surviving train buys the longest-lived train on sale;
  one with fewer than :data:`WANTED_TRAINS` buys when it can pay; none starts a phase that
  would leave another of the player's companies trainless and unable to pay.  A company
  short of a surviving train may buy one for f1 from another company of the same player.
* **Spending**: no station, costly tile or green private that eats into the need.
* **Nationalisation**: hand a company to the state (R-14.7) when its shortfall would ruin
  its director.
* **Offers**: never sell a company's last surviving train.
* **DRU's train** goes to the player's company that needs a train.
"""

from __future__ import annotations

from typing import Any

from railhouse_bots.base import concrete
from railhouse_bots.greedy_1839_need import (
    cash_of,
    choice_price,
    exposure,
    mine,
    need,
    sellable_value,
    shortfall,
    stalled,
    trains_of,
    want,
)
from railhouse_bots.greedy_1839_stock import auction
from railhouse_bots.greedy_facts import FAR, TitleFacts
from railhouse_bots.greedy_stock import _maximum, _pass
from railhouse_bots.greedy_view import View, train_name

#: Trains a company tries to own.
WANTED_TRAINS = 2
#: Runs a company is expected to withhold before its trains rust.
WITHHELD_RUNS = 1
#: What selling shares raises, as a fraction of their price (each sale moves it left).
SALE_YIELD = 0.6
#: Cash a company keeps above its need before spending on track or stations.
SPEND_MARGIN = 0


def dividend(facts: TitleFacts, view: View) -> dict[str, Any] | None:
    """Pay (half before blue, full after) unless the treasury would fall short of its need."""
    kinds = {c.get("kind"): c for c in view.choices("dividend")}
    cid = view.entity
    revenue = view.last_revenue(cid)
    pay = "payout" if "payout" in kinds else "half" if "half" in kinds else None
    if pay is None:
        return None
    kept = revenue // 20 * 10 if pay == "half" else 0
    if "withhold" in kinds and cash_of(view, cid) + kept < want(facts, view, cid):
        return concrete(kinds["withhold"])
    return concrete(kinds[pay])


def buy_train(facts: TitleFacts, view: View) -> dict[str, Any] | None:
    choices = view.choices("buy_train")
    depot = [c for c in choices if "ranges" not in c]
    cid = view.entity
    trains = trains_of(view, cid)
    if not trains:  # compulsory: the depot's first train is the only choice
        return concrete(min(depot, key=choice_price)) if depot else None
    state = view.state
    phase = facts.phase(state)
    covered = any(facts.survives(t, phase + 1) for t in trains)
    cash = cash_of(view, cid)
    for choice in sorted(depot, key=lambda c: _lifetime(facts, c), reverse=True):
        starts = facts.triggers(str(choice.get("train")), state)
        if starts is not None and covered and _hurts_own(facts, view, starts, cid):
            continue
        after = max(phase, starts or phase)
        lasting = facts.survives(str(choice.get("train")), after + 1)
        if not covered and lasting:
            return concrete(choice)
        wanted = facts.limit(state) if stalled(view) else min(WANTED_TRAINS, facts.limit(state))
        if len(trains) < wanted and lasting and cash - choice_price(choice) >= 0:
            return concrete(choice)
    if not covered:
        cheap = _own_train(facts, view)
        if cheap is not None:
            return cheap
    return _pass(view)


def _lifetime(facts: TitleFacts, choice: dict[str, Any]) -> tuple[int, int]:
    rusts = facts.rusts_at.get(train_name(str(choice.get("train"))))
    return (FAR if rusts is None else rusts, -choice_price(choice))


def _hurts_own(facts: TitleFacts, view: View, starts: int, buyer: str) -> bool:
    """Whether starting phase ``starts`` leaves another of the player's companies without a
    train and without the cash for one."""
    price = facts.price[facts.starts[starts]]
    for cid in mine(view):
        if cid == buyer:
            continue
        trains = trains_of(view, cid)
        if trains and all(not facts.survives(t, starts) for t in trains) \
                and cash_of(view, cid) < price:
            return True
    return False


def _own_train(facts: TitleFacts, view: View) -> dict[str, Any] | None:
    """A surviving train bought for the minimum from another company of the same player,
    which keeps a surviving train of its own."""
    phase = facts.phase(view.state)
    for choice in view.choices("buy_train"):
        seller = choice.get("source")
        if "ranges" not in choice or seller not in mine(view):
            continue
        train = str(choice.get("train"))
        if not facts.survives(train, phase + 1):
            continue
        rest = [t for t in view.company(str(seller)).get("trains") or [] if t != train]
        if any(facts.survives(t, phase + 1) for t in rest):
            return concrete(choice)
    return None


def lay_tile_affordable(facts: TitleFacts, view: View) -> list[dict[str, Any]]:
    """The lays that leave the company its need (free lays always)."""
    cid = view.entity
    spare = cash_of(view, cid) - need(facts, view, cid) - SPEND_MARGIN
    return [c for c in view.choices("lay_tile")
            if facts.lay_cost(str(c.get("hex")), view.state) <= max(0, spare)]


def place_token(facts: TitleFacts, view: View) -> dict[str, Any] | None:
    """A station only with a train and cash to spare beyond the need, in the first city
    offered; where that city offers both an empty circle and its NS marker (§8.3.2.2), the
    empty circle: the NS marker stays and keeps blocking other Majors (§14.4)."""
    cid = view.entity
    tokens = view.choices("place_token")
    spare = cash_of(view, cid) - need(facts, view, cid) - SPEND_MARGIN
    if tokens and trains_of(view, cid) and spare >= facts.station:
        city = (tokens[0].get("hex"), tokens[0].get("city"))
        ways = [t for t in tokens if (t.get("hex"), t.get("city")) == city]
        return concrete(min(ways, key=lambda t: bool(t.get("replaces"))))
    return _pass(view)


def buy_private(facts: TitleFacts, view: View) -> dict[str, Any] | None:
    """The president's own green private at its top price, only from spare cash; in the
    auction round this is the auction's business."""
    if (view.state.get("round") or {}).get("kind") == "auction":
        return auction(facts, view)
    cid = view.entity
    spare = cash_of(view, cid) - need(facts, view, cid)
    privates = view.state.get("privates", {})
    for choice in view.choices("buy_private"):
        private = privates.get(choice.get("target")) or {}
        top = _maximum(choice, "price", 0)
        if private.get("owner") == view.me and spare >= top:
            return concrete(choice, {"price": top} if "ranges" in choice else None)
    return _pass(view)


def nationalise(facts: TitleFacts, view: View) -> dict[str, Any] | None:
    """Give a company to the state (R-14.7) when its shortfall, less what it earns in
    :data:`WITHHELD_RUNS` more withheld runs, would ruin its director."""
    for choice in view.choices("nationalise"):
        cid = str(choice.get("company"))
        short = shortfall(facts, view, cid) - WITHHELD_RUNS * view.last_revenue(cid)
        if short <= 0:
            continue
        sellable = int(SALE_YIELD * sellable_value(view, cid))
        liquid = view.cash() + sellable - exposure(facts, view, cid)
        if short > liquid:
            return concrete(choice)
    return None


def respond(facts: TitleFacts, view: View) -> dict[str, Any] | None:
    """Never sell a company's last surviving train (it would have to buy a dearer one);
    otherwise the plain greedy answer (no opinion here)."""
    offer = view.last_offer()
    answers = {c.get("accept"): c for c in view.choices("respond")}
    if offer is None or offer.get("type") != "offer_train" or False not in answers:
        return None
    phase = facts.phase(view.state)
    train = str(offer.get("train"))
    rest = [t for t in view.company(view.entity).get("trains") or [] if t != train]
    if not any(facts.survives(t, phase + 1) for t in rest):
        return concrete(answers[False])
    return None


def give_dru_train(facts: TitleFacts, view: View) -> dict[str, Any] | None:
    """DRU's train to a company of the player that needs a train (else no opinion)."""
    for choice in view.choices("give_dru_train"):
        cid = str(choice.get("company"))
        if cid in mine(view) and need(facts, view, cid) > 0:
            return concrete(choice)
    return None

