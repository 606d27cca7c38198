"""The greedy bot's decisions as a company president in an operating round.

Each policy returns the chosen action object, or None for "no opinion".  The reasoning:

* **Trains first.**  A company without a train earns nothing and may force its president
  to pay for one.  Buy the cheapest depot train when it has none, another while it has
  fewer than :data:`WANTED_TRAINS`; raise money by issuing shares only when it has no
  train and cannot afford one.
* **Dividends: pay out** (wealth is the players' cash and share prices, and paying raises
  the price), unless the company is short of a train it cannot afford: then withhold.
* **Track that raises revenue.**  Without the title's map the bot cannot price routes, so it
  prefers upgrades (in 18xx they raise city values), hexes holding its own tokens, then
  hexes close to them (extending its own network rather than wandering off).
* **Tokens** are placed when the company already runs a train (a token never starves it).
* **Privates**: the company buys its president's own private at the top price (company
  cash does not count as wealth, personal cash does) when it can spare the money.
* **Offers**: never made; answered yes only when the price is at least the fair value
  (a train's depot price, a private's printed value).
"""

from __future__ import annotations

import random
from typing import Any

from railhouse_bots.base import concrete
from railhouse_bots.greedy_stock import _maximum, _minimum, _pass
from railhouse_bots.greedy_track import TrackModel, best_lays
from railhouse_bots.greedy_view import View, train_name

#: Trains a company tries to own.
WANTED_TRAINS = 2


def _company(view: View) -> dict[str, Any]:
    return view.company(view.entity)


def _needs_train(view: View) -> bool:
    return not _company(view).get("trains")


def _short_of_money(view: View) -> bool:
    company = _company(view)
    return int(company.get("cash") or 0) < view.memory.cheapest_train(view.state)


def buy_train(view: View) -> dict[str, Any] | None:
    """Cheapest depot train while the company owns fewer than :data:`WANTED_TRAINS`."""
    depot = [c for c in view.choices("buy_train") if "ranges" not in c]
    owned = len(_company(view).get("trains") or [])
    if not depot or (owned >= WANTED_TRAINS and view.choices("pass")):
        return _pass(view) if depot else None
    return concrete(min(depot, key=lambda c: int(c.get("price") or 0)))


def dividend(view: View) -> dict[str, Any] | None:
    kinds = {c.get("kind"): c for c in view.choices("dividend")}
    company = _company(view)
    few_trains = len(company.get("trains") or []) < WANTED_TRAINS
    if "withhold" in kinds and few_trains and _short_of_money(view):
        return concrete(kinds["withhold"])
    for kind in ("payout", "full", "half"):
        if kind in kinds:
            return concrete(kinds[kind])
    return None


def issue_shares(view: View) -> dict[str, Any] | None:
    """Issue just enough shares to afford a train when the company has none."""
    issues = view.choices("issue_shares")
    if not issues or not _needs_train(view) or not _short_of_money(view):
        return _pass(view)
    choice = issues[0]
    price = max(1, view.price(view.entity))
    gap = view.memory.cheapest_train(view.state) - int(_company(view).get("cash") or 0)
    low, high = _minimum(choice, "count", 1), _maximum(choice, "count", 1)
    count = min(high, max(low, -(-gap // price)))
    return concrete(choice, {"count": count} if "ranges" in choice else None)


def place_token(view: View) -> dict[str, Any] | None:
    tokens = view.choices("place_token")
    if tokens and not _needs_train(view):
        return concrete(tokens[0])
    return _pass(view)


def buy_private(view: View) -> dict[str, Any] | None:
    """Buy the president's own private at its top price, if the company can spare it."""
    privates = view.state.get("privates", {})
    cash = int(_company(view).get("cash") or 0)
    for choice in view.choices("buy_private"):
        private = privates.get(choice.get("target")) or {}
        top = _maximum(choice, "price", 0)
        spare = cash - top >= (0 if not _needs_train(view) else view.memory.cheapest_train(
            view.state))
        if private.get("owner") == view.me and spare:
            return concrete(choice, {"price": top} if "ranges" in choice else None)
    return _pass(view)


def respond(view: View) -> dict[str, Any] | None:
    """Accept an offer only at a fair price (the respondent is the seller)."""
    answers = {c.get("accept"): c for c in view.choices("respond")}
    offer = view.last_offer()
    accept = offer is not None and int(offer.get("price") or 0) >= _fair_value(view, offer)
    chosen = answers.get(accept) or answers.get(False)
    return concrete(chosen) if chosen is not None else None


def _fair_value(view: View, offer: dict[str, Any]) -> int:
    if offer.get("type") == "offer_train":
        name = train_name(str(offer.get("train", "")))
        return view.memory.train_prices.get(name, view.memory.cheapest_train(view.state))
    private = view.state.get("privates", {}).get(offer.get("target")) or {}
    return int(private.get("value") or 1)


def lay_tile(view: View, rng: random.Random, model: TrackModel | None) -> dict[str, Any] | None:
    """The lay that raises revenue most (when the bot knows the title's map), ties and
    unknown maps broken by the geometric preference described in the module docstring."""
    lays = view.choices("lay_tile")
    if not lays:
        return None
    if model is not None and view.entity in view.state.get("companies", {}):
        default = view.state.get("depot", {}).get("available") or []
        lays = best_lays(model, view.state, view.entity, lays, sorted(default)[:1])
    board = view.state.get("board") or {}
    homes = _token_hexes(board, view.entity)
    laid = board.get("tiles") or {}

    def score(choice: dict[str, Any]) -> float:
        hex_id = str(choice.get("hex"))
        value = 3.0 if hex_id in laid else 0.0
        value += 2.0 if hex_id in homes else 0.0
        if homes:
            value -= 0.5 * min(hex_distance(hex_id, h) for h in homes)
        return value + rng.random() * 0.1  # break ties (rotations) at random

    return concrete(max(lays, key=score))


def _token_hexes(board: dict[str, Any], company: str) -> set[str]:
    """Hexes where ``company`` has a token (board token keys are ``HEX.cN``)."""
    return {key.partition(".")[0] for key, owners in (board.get("tokens") or {}).items()
            if company in owners}


def hex_distance(a: str, b: str) -> int:
    """Steps between two hexes named letter + number on a doubled-coordinate grid (the
    18xx convention: neighbours differ by one letter and one number, or two numbers).

    >>> hex_distance("H9", "H11"), hex_distance("H9", "I10"), hex_distance("H9", "K12")
    (1, 1, 3)
    """
    (la, na), (lb, nb) = _split(a), _split(b)
    dx, dy = abs(la - lb), abs(na - nb)
    return dx + max(0, (dy - dx) // 2)


def _split(hex_id: str) -> tuple[int, int]:
    letters = "".join(ch for ch in hex_id if ch.isalpha())
    digits = "".join(ch for ch in hex_id if ch.isdigit())
    column = 0
    for ch in letters.upper():
        column = column * 26 + ord(ch) - ord("A") + 1
    return column, int(digits or 0)
