"""The game log as a player reads it: one sentence per action, with player names, what it
cost and what followed from it (routes run, dividends, price moves, phase changes, trains
rusting, presidencies changing hands), under readable round names.

Everything comes from the action and the events the engine logged while processing it,
so a title's own actions and events read sensibly too: an action or event without a
sentence of its own is written as its type and fields in words.

>>> round_title({"kind": "operating", "number": 2, "of": 3, "set": 4})
'Operating round 4.2'
>>> Narrator(["Ann", "Bo"]).sentence({"type": "lay_tile", "entity": "NBD", "hex": "E14",
...     "tile": "57", "rotation": 2}, [("tile", {"cost": 0})], {"E14": "Apeldoorn"})
'NBD lays tile 57 on E14 (Apeldoorn)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from railhouse.render.routelegend import train_name

Events = Sequence[tuple[str, Mapping[str, Any]]]
#: Actions whose event says all (and more) of what the action's own sentence would.
SAID_BY_EVENT = {"run_routes": "routes", "dividend": "dividend"}
#: Sentences of actions that need nothing but their fields (``who``: the actor's name).
ACTIONS = {
    "pass": "{who} passes",
    "bid": "{who} bids {price} for {target}",
    "buy_private": "{who} buys {target} for {price}",
    "par": "{who} starts {company} at {price}",
    "run_routes": "{who} runs its trains",
    "dividend": "{who} decides: {kind}",
    "bankrupt": "{who} goes bankrupt",
}
#: Sentences of events that followed an action (``new`` and ``player`` are named).
EVENTS = {
    "phase": "phase {phase} begins",
    "float": "{company} floats",
    "president": "{new} becomes president of {company}",
    "private_closed": "{private} closes",
    "private_removed": "{private} closes",
    "private_sold": "{player} buys {private} for {price}",
}


def round_title(described: Any, stock_rounds: int = 0) -> str:
    """``{"kind": "operating", "set": 2, "number": 1}`` -> ``"Operating round 2.1"``;
    ``stock_rounds`` numbers a stock round (its describe() carries no number)."""
    if not isinstance(described, Mapping):
        return str(described)
    kind = str(described.get("kind", "round"))
    if kind == "operating":
        number, group = described.get("number"), described.get("set")
        return f"Operating round {group}.{number}" if group is not None else \
            f"Operating round {number}"
    if kind == "stock":
        return f"Stock round {stock_rounds}" if stock_rounds else "Stock round"
    if kind == "auction":
        return "Auction of the private companies"
    if kind == "game_end":
        return "Game end"
    words = kind.replace("_", " ").capitalize()
    return words if words.endswith("round") else f"{words} round"


@dataclass
class Narrator:
    """Writes sentences with the players' names for ``p0``, ``p1`` ..."""

    players: Sequence[str]
    _names: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._names = {f"p{i}": name for i, name in enumerate(self.players)}

    def name(self, entity: Any) -> str:
        return self._names.get(str(entity), str(entity))

    def sentence(self, action: Mapping[str, Any], events: Events,
                 places: Mapping[str, str]) -> str:
        """The action's sentence, then what followed from it, separated by "; "."""
        kinds = {kind for kind, _ in events}
        told = SAID_BY_EVENT.get(str(action.get("type")))
        first = [] if told in kinds else [self._action(action, events, places)]
        rest = [text for kind, data in events if (text := self._event(kind, data)) is not None]
        return "; ".join([*first, *rest]) or self._action(action, events, places)

    def _action(self, a: Mapping[str, Any], events: Events, places: Mapping[str, str]) -> str:
        who, kind = self.name(a.get("entity", "?")), str(a.get("type", "?"))
        paid = {k: d for k, d in events}

        def where(coord: Any) -> str:
            place = places.get(str(coord))
            return f"{coord} ({place})" if place else str(coord)

        def cost(kind_: str) -> str:
            amount = paid.get(kind_, {}).get("cost")
            return f" for {amount}" if amount else ""

        if kind in ACTIONS and (text := _fill(ACTIONS[kind], {**a, "who": who})):
            return text
        if kind == "discount":
            price = paid.get("discount", {}).get("price")
            return f"{who} lowers the price of {a['target']}" + (f" to {price}" if price else "")
        if kind == "buy_shares":
            count = int(a.get("count", 1))
            price = paid.get("buy", {}).get("price")
            shares = "a share" if count == 1 else f"{count} shares"
            return (f"{who} buys {shares} of {a['company']} from the {a['source']}"
                    + (f" at {price}" if price else ""))
        if kind == "sell_shares":
            count = int(a["count"])
            price = paid.get("sell", {}).get("price")
            shares = "a share" if count == 1 else f"{count} shares"
            return f"{who} sells {shares} of {a['company']}" + (f" at {price}" if price else "")
        if kind.startswith("lay_tile"):
            return f"{who} lays tile {a['tile']} on {where(a['hex'])}{cost('tile')}"
        if kind == "place_token":
            return f"{who} places a station in {where(a['hex'])}{cost('token')}"
        if kind == "buy_train":
            source = a.get("source", "depot")
            frm = "" if source == "depot" else f" from {self.name(source)}"
            return f"{who} buys a {train_name(str(a['train']))}-train{frm} for {a['price']}"
        if kind == "respond":
            return f"{who} {'accepts' if a.get('accept') else 'declines'}"
        details = ", ".join(f"{k.replace('_', ' ')} {self.name(v)}" for k, v in a.items()
                            if k not in ("type", "entity"))
        return f"{who}: {kind.replace('_', ' ')}" + (f" ({details})" if details else "")

    def _event(self, kind: str, d: Mapping[str, Any]) -> str | None:
        """What followed from an action, or None for an event its sentence already says."""
        if kind == "routes":
            trains = [f"{train_name(str(r.get('train', '')))}-train {r.get('revenue', 0)}"
                      for r in d.get("routes", ())]
            if not trains:
                return f"{d['company']} runs no route"
            return f"{d['company']} runs {', '.join(trains)}: {d['revenue']} in all"
        if kind == "dividend":
            return self._dividend(d)
        if kind in EVENTS:
            named = {k: self.name(v) if k in ("new", "player") else v for k, v in d.items()}
            return _fill(EVENTS[kind], named)
        if kind == "rust":
            return f"{len(d.get('trains', ()))} trains rust"
        if kind == "game_over":
            return f"the game ends ({str(d.get('reason', '')).replace('_', ' ')})"
        if kind in ("bank_broken", "nationalised", "bankrupt", "company_bankrupt",
                    "converted", "emergency_sale", "new_local", "merge", "merged"):
            subject = d.get("company") or self.name(d.get("player", ""))
            return f"{subject} {kind.replace('_', ' ')}".strip()
        return None

    def _dividend(self, d: Mapping[str, Any]) -> str:
        company, kind, revenue = d["company"], d.get("kind", ""), d.get("revenue", 0)
        per_share = d.get("per_share")
        if kind == "withhold":
            return f"{company} withholds {revenue}"
        if kind == "half":
            return f"{company} pays half of {revenue}" + (
                f", {per_share} per share" if per_share else "")
        if per_share:
            return f"{company} pays out {per_share} per share"
        return f"{company} pays out {revenue}"


def _fill(template: str, fields: Mapping[str, Any]) -> str | None:
    """``template`` filled from ``fields``; None if a title's action or event lacks one."""
    try:
        return template.format(**fields)
    except (KeyError, IndexError):
        return None


def price_moves(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """``"NBD 100 -> 110"`` for every company whose share price changed (frames' rows)."""
    out = []
    for company, row in after.items():
        old = before.get(company, {}).get("price")
        new = row.get("price")
        if old is not None and new is not None and old != new:
            out.append(f"{company} price {old} \u2192 {new}")
    return out
