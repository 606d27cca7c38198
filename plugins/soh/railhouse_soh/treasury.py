"""A company selling (issuing) and buying back its own shares (EN "Sell or buy its own
shares")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.entities import POOL, TREASURY, Company
from railhouse.engine.shares import move_shares

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland


def issue_limit(game: SteamOverHolland, company: Company, already: int) -> int:
    """Shares the company may still sell this turn (FAQ: the limit is cumulative)."""
    players = sum(company.shares_of(p.id) for p in game.seats)
    treasury = len([c for c in company.certs_of(TREASURY) if not c.president])
    limit = game.config.pool_limit_percent or 100
    room = (limit - company.percent_of(POOL)) // 10
    return max(0, min(players - already, treasury, room))


def buyback_limit(game: SteamOverHolland, company: Company) -> int:
    price = game.share_price(company)
    return min(company.shares_of(POOL), company.cash // price if price else 0)


def issue(game: SteamOverHolland, company: Company, count: int) -> None:
    """Sell ``count`` treasury shares to the market: the price drops ``count - 1`` steps."""
    price = game.share_price(company)
    move_shares(company, TREASURY, POOL, count)
    game.pay(game.bank, company, price * count)
    game.market_of(company).move(company.id, "down", count - 1)
    round_turn = game.round.turn  # type: ignore[union-attr]
    round_turn["issued"] = round_turn.get("issued", 0) + count
    game.event("issue", {"company": company.id, "count": count, "price": price})
