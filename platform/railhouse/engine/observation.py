"""The public state of a game as a JSON-ready dict (the protocol's observation).

Shape (stable; documented key by key in docs/observation.md, checked by a test):
``title``, ``phase``, ``round``,
``acting``, ``priority``, ``bank``, ``players`` (id, name, cash, certificates),
``companies`` (id, cash, president, started, floated, closed, price, market position,
shares by owner in percent, trains, tokens placed, privates), ``privates`` (id, owner,
closed, value, revenue), ``markets`` (stacks per cell), ``depot`` (available and remaining
trains), ``board`` (tiles and tokens, from ``railhouse.map``) and ``over``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railhouse.engine.game import Game


def observe(game: Game) -> dict[str, Any]:
    round_ = game.round.describe() if game.round is not None else None
    obs: dict[str, Any] = {
        "title": game.title_id,
        "phase": game.phase.name,
        "round": round_,
        "acting": game.acting_entity(),
        "priority": f"p{game.priority}",
        "bank": {"cash": game.bank.cash if game.bank.limit is not None else None,
                 "broken": game.bank.broken},
        "players": [_player(game, p.id) for p in game.seats],
        "companies": {c.id: _company(game, c.id) for c in game.companies.values()},
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
        "over": game.over,
    }
    board = getattr(game, "board", None)
    if board is not None:
        obs["board"] = board.to_dict()
    return obs


def _player(game: Game, player_id: str) -> dict[str, Any]:
    player = game.player(player_id)
    return {
        "id": player.id,
        "name": player.name,
        "cash": player.cash,
        "shares": {c.id: c.percent_of(player.id) for c in game.companies.values()
                   if c.percent_of(player.id)},
        "bankrupt": player.bankrupt,
    }


def _company(game: Game, company_id: str) -> dict[str, Any]:
    company = game.companies[company_id]
    market = game.market_of(company)
    pos = market.positions.get(company.id)
    owners: dict[str, int] = {}
    for cert in company.certs:
        owners[cert.owner] = owners.get(cert.owner, 0) + cert.percent
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
    counts: dict[str, int | None] = {}
    for train in game.depot.trains:
        value = counts.get(train.name) or 0
        counts[train.name] = value + 1
    for name in game.depot.unlimited:
        counts[name] = None
    return counts
