"""What the greedy bot reads off one request: the observation, its legal choices by type,
and the few derived facts its policies need.

Everything here comes from the protocol alone -- the tracked observation (shape in
docs/observation.md), the request's ``legal`` list and the action log -- never from the
rules engine, so the same reading works for any title that uses the core's vocabulary
(``bid``, ``par``, ``buy_shares``, ``lay_tile``, ``dividend``, ...).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

#: Price assumed for a train type the bot has not yet seen offered by the depot.
DEFAULT_TRAIN_PRICE = 100


@dataclass
class Memory:
    """What the bot learns across requests of one game: depot prices by train name."""

    train_prices: dict[str, int] = field(default_factory=dict)

    def learn(self, legal: list[dict[str, Any]]) -> None:
        for choice in legal:
            if choice.get("type") == "buy_train" and "ranges" not in choice:
                name = train_name(choice.get("train", ""))
                price = choice.get("price")
                if isinstance(price, int) and name:
                    known = self.train_prices.get(name)
                    self.train_prices[name] = price if known is None else max(known, price)

    def cheapest_train(self, state: dict[str, Any]) -> int:
        """The price of the cheapest train the depot sells now (a guess until seen)."""
        names = state.get("depot", {}).get("available") or []
        prices = [self.train_prices.get(n, DEFAULT_TRAIN_PRICE) for n in names]
        return min(prices, default=DEFAULT_TRAIN_PRICE)


def train_name(train_id: str) -> str:
    """``"3E-2"`` -> ``"3E"``: train ids are ``NAME-NUMBER``."""
    name, _, _ = train_id.rpartition("-")
    return name or train_id


@dataclass
class View:
    """One request seen by the bot: ``me`` is this seat's player id, ``entity`` who acts."""

    state: dict[str, Any]
    request: dict[str, Any]
    actions: list[dict[str, Any]]
    memory: Memory
    events: list[dict[str, Any]] = field(default_factory=list)
    by_type: dict[str, list[dict[str, Any]]] = field(init=False)

    def __post_init__(self) -> None:
        grouped: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for choice in self.request["legal"]:
            grouped[choice.get("type", "")].append(choice)
        self.by_type = dict(grouped)

    @property
    def me(self) -> str:
        return str(self.request["player"])

    @property
    def entity(self) -> str:
        return str(self.request["entity"])

    def choices(self, kind: str) -> list[dict[str, Any]]:
        return self.by_type.get(kind, [])

    def player(self, player_id: str | None = None) -> dict[str, Any]:
        wanted = player_id or self.me
        for player in self.state.get("players", []):
            if player.get("id") == wanted:
                return dict(player)
        return {}

    def cash(self) -> int:
        return int(self.player().get("cash") or 0)

    def company(self, company_id: str) -> dict[str, Any]:
        return dict(self.state.get("companies", {}).get(company_id) or {})

    def presided(self) -> list[str]:
        """Ids of the open companies this seat's player is president of."""
        return [cid for cid, c in self.state.get("companies", {}).items()
                if c.get("president") == self.me and not c.get("closed")]

    def price(self, company_id: str) -> int:
        return int(self.company(company_id).get("price") or 0)

    def last_revenue(self, company_id: str) -> int:
        """The revenue of ``company_id``'s latest run (its latest ``routes`` event), 0 if none."""
        for event in reversed(self.events):
            data = event.get("data") or {}
            if event.get("kind") == "routes" and data.get("company") == company_id:
                return int(data.get("revenue") or 0)
        return 0

    def last_offer(self) -> dict[str, Any] | None:
        """The most recent ``offer_*`` action of the log (what a ``respond`` answers)."""
        for applied in reversed(self.actions):
            action = applied.get("action") or {}
            if str(action.get("type", "")).startswith("offer_"):
                return dict(action)
        return None
