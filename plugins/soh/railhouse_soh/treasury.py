"""A company selling (issuing) and buying back its own shares (EN "Sell or buy its own
shares")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from railhouse.engine.entities import POOL, TREASURY, Company
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.engine.shares import move_shares
from railhouse_soh.stepbase import SohTurn
from railhouse_soh.variants.issues import POOL_SHARE_LIMIT, issue_steps

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland


def issue_limit(game: SteamOverHolland, company: Company, already: int) -> int:
    """Shares the company may still sell this turn (FAQ: the limit is cumulative).
    EN: the market may hold at most the pool limit (50%) afterwards; the 18xx-games rule
    set counts shares instead, ``5 - pool shares`` whatever the title's pool limit (facts
    §11.2 "Issuing shares"; the two agree at the printed 50%)."""
    players = sum(company.shares_of(p.id) for p in game.seats)
    treasury = len([c for c in company.certs_of(TREASURY) if not c.president])
    if game.ruleset.issue_limit_pool_shares:
        room = POOL_SHARE_LIMIT - company.shares_of(POOL)
    else:
        limit = game.config.pool_limit_percent or 100
        room = (limit - company.percent_of(POOL)) // 10
    return max(0, min(players - already, treasury, room))


def issue(game: SteamOverHolland, company: Company, count: int) -> None:
    """Sell ``count`` treasury shares to the market: the price drops one step fewer than
    the shares sold.  FAQ (facts §10): the drop is figured on the turn's total, so with
    ``already`` shares issued earlier in the turn the price ends ``already + count - 1``
    steps below where the turn started (e.g. 1 + 1 shares: down one in all)."""
    price = game.share_price(company)
    move_shares(company, TREASURY, POOL, count)
    game.pay(game.bank, company, price * count)
    turn = cast(SohTurn, cast(OperatingRound[Any], game.round).turn)
    already = turn.issued
    market = game.market_of(company)
    steps = issue_steps(game.ruleset, market, company.id, issue_drop(already, count))
    market.move(company.id, "down", steps)
    turn.issued = already + count
    turn.issue_actions += 1
    game.event("issue", {"company": company.id, "count": count, "price": price})


def issue_drop(already: int, count: int) -> int:
    """Steps to move now when ``count`` shares follow ``already`` issued this turn."""
    return (already + count - 1) - max(already - 1, 0)
