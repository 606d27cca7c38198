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
"""

from __future__ import annotations

from typing import Any

from railhouse_bots.base import concrete
from railhouse_bots.greedy_facts import FAR, TitleFacts
from railhouse_bots.greedy_stock import _maximum, _pass
from railhouse_bots.greedy_view import View, train_name

#: Trains a company tries to own.
WANTED_TRAINS = 2
#: Presidencies the player starts by parring (Locals made by private closures come on top).
MAX_PRESIDENCIES = 2
#: Shares out of the IPO that float a company (R-7.5.6: at most 40% left in the IPO).
FLOAT_SHARES = 6
#: Cash kept after buying a private in the auction, to start a company afterwards.
AUCTION_RESERVE = 120
#: What a private is worth beyond its face value (its income, certificates, powers).
PRIVATE_BONUS = {"JJB": 40, "LVG": 20, "SRV": 20, "KR": 60, "KF": 120, "DRU": 80,
                 "CM": -100, "STK": 80, "CO": 40, "AB": 40, "AV": 60}
#: Runs a company is expected to withhold before its trains rust.
WITHHELD_RUNS = 1
#: What selling shares raises, as a fraction of their price (each sale moves it left).
SALE_YIELD = 0.6
#: Sets of operating rounds without a phase change after which the game counts as stalled:
#: companies then save for and buy trains up to the limit, players par beyond the maximum
#: (a game ends only once the last phase is reached or a price tops the market).
STALL_SETS = 3
#: Operating rounds of charges a player keeps cash for (a set has up to three).
CHARGED_ORS = 3
#: Cash a company keeps above its need before spending on track or stations.
SPEND_MARGIN = 0


# -- reading the position -----------------------------------------------------------------
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


# -- operating: the company's decisions ---------------------------------------------------
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
        return concrete(min(depot, key=_price)) if depot else None
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
        if len(trains) < wanted and lasting and cash - _price(choice) >= 0:
            return concrete(choice)
    if not covered:
        cheap = _own_train(facts, view)
        if cheap is not None:
            return cheap
    return _pass(view)


def _price(choice: dict[str, Any]) -> int:
    return int(choice.get("price") or 0)


def _lifetime(facts: TitleFacts, choice: dict[str, Any]) -> tuple[int, int]:
    rusts = facts.rusts_at.get(train_name(str(choice.get("train"))))
    return (FAR if rusts is None else rusts, -_price(choice))


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
    """A station only with a train and cash to spare beyond the need."""
    cid = view.entity
    tokens = view.choices("place_token")
    spare = cash_of(view, cid) - need(facts, view, cid) - SPEND_MARGIN
    if tokens and trains_of(view, cid) and spare >= facts.station:
        return concrete(tokens[0])
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


# -- as a player --------------------------------------------------------------------------
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
        return worth(str(choice.get("target"))) - _price(choice)

    cash = view.cash()
    good = [b for b in buys if gain(b) >= 0 and cash - _price(b) >= AUCTION_RESERVE]
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
