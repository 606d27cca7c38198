"""The public state of a game as a JSON-ready dict (the protocol's observation).

Shape (stable; documented key by key in docs/observation.md, checked by a test):
``title``, ``phase``, ``round``,
``acting``, ``priority``, ``bank``, ``players`` (id, name, cash, certificates),
``companies`` (id, cash, president, started, floated, closed, price, market position,
shares by owner in percent, trains, tokens placed, privates), ``privates`` (id, owner,
closed, value, revenue), ``markets`` (stacks per cell), ``depot`` (available and remaining
trains), ``board`` (tiles and tokens, from ``railhouse.map``), ``title_state`` (the title's
own public state, from ``railhouse_observe_title_state``) and ``over``.

:func:`observe` runs once per decision (the protocol's referee calls it for every
position), so it walks each company's certificates once and derives the players' holdings
from that walk.  Every container it returns is new and of a builtin JSON type (dict,
list): a caller may keep it as it is, and the engine never changes it afterwards
(``railhouse.protocol.feed`` relies on this).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from railhouse.engine.entities import Company
    from railhouse.engine.game import Game


def observe(game: Game) -> dict[str, Any]:
    """The observation of ``game``'s current position (see the module docstring)."""
    # a copy in builtin types: a title's describe() may hand out its own containers
    round_ = msgspec.to_builtins(game.round.describe()) if game.round is not None else None
    player_shares: dict[str, dict[str, int]] = {p.id: {} for p in game.seats}
    companies = {c.id: _company(game, c, player_shares) for c in game.companies.values()}
    obs: dict[str, Any] = {
        "title": game.title_id,
        "phase": game.phase.name,
        "round": round_,
        "acting": game.acting_entity(),
        "priority": f"p{game.priority}",
        "bank": {"cash": game.bank.cash if game.bank.limit is not None else None,
                 "broken": game.bank.broken},
        "players": [
            {"id": p.id, "name": p.name, "cash": p.cash, "shares": player_shares[p.id],
             "bankrupt": p.bankrupt}
            for p in game.seats
        ],
        "companies": companies,
        "privates": {p.id: {"owner": p.owner, "closed": p.closed, "value": p.spec.value,
                            "revenue": p.spec.revenue} for p in game.privates.values()},
        "markets": {
            m.spec.id: {f"{r},{c}": list(stack) for (r, c), stack in sorted(m.stacks.items())
                        if stack}
            for m in game.markets.values()
        },
        "depot": {
            "available": sorted({t.name for t in game.depot.available()}),
            "remaining": _remaining(game),
        },
        "title_state": msgspec.to_builtins(game.hooks.observe_title_state(game)),
        "over": game.over,
    }  # fmt: skip
    if game.board is not None:
        obs["board"] = game.board.to_dict()
    return obs


def _company(
    game: Game, company: Company, player_shares: dict[str, dict[str, int]]
) -> dict[str, Any]:
    """One company's entry; adds its active certificates to ``player_shares`` (player id ->
    company id -> percent; face-down certificates count for the company's ``shares`` but
    not for the player's, as ``Company.percent_of`` says)."""
    market = game.market_of(company)
    pos = market.positions.get(company.id)
    ledger = company.ledger
    face_down = any(ledger.face_down)  # usually none
    owners: dict[str, int]
    if face_down:
        owners = {}
        for owner, percent in zip(ledger.owners, ledger.percents, strict=True):
            owners[owner] = owners.get(owner, 0) + percent
    else:  # the ledger's totals are these, listed here by first certificate (the ledger
        totals = ledger.held()  # keeps them in no fixed order)
        owners = {owner: totals[owner] for owner in dict.fromkeys(ledger.owners)}
    for owner, percent in owners.items():
        held = player_shares.get(owner)
        if held is not None and percent:
            held[company.id] = percent
    if face_down:
        for owner, percent, down in zip(ledger.owners, ledger.percents, ledger.face_down,
                                        strict=True):
            held = player_shares.get(owner)
            if down and held is not None and company.id in held:
                held[company.id] -= percent
                if not held[company.id]:
                    del held[company.id]
    return {
        "cash": company.cash,
        "president": company.president,
        "started": company.started,
        "floated": company.floated,
        "closed": company.closed,
        "operated": company.operated_count,
        "price": market.cell(pos).price if pos is not None else None,
        "market": None if pos is None else [market.spec.id, pos[0], pos[1]],
        "shares": owners,
        "trains": [t.id for t in company.trains],
        "tokens_placed": company.tokens_placed,
        "privates": list(company.privates),
    }


def _remaining(game: Game) -> dict[str, int | None]:
    counts: dict[str, int | None] = dict(Counter(train.spec.name for train in game.depot.trains))
    for name in game.depot.unlimited:
        counts[name] = None
    return counts
