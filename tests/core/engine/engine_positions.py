"""Positions of the mini title for the engine's unit tests."""

from __future__ import annotations

from minititle import MiniGame, MiniStockRound

from railhouse.engine.actions import SellShares
from railhouse.engine.entities import Company
from railhouse.engine.game import Game


def mini(players: int = 3, seed: int = 0) -> MiniGame:
    return MiniGame([f"P{i}" for i in range(players)], None, seed)


def in_stock_round(players: int = 3, priority: int = 0) -> MiniGame:
    """A mini game moved straight to a stock round (no private sold) with ``priority``."""
    game = mini(players)
    game.priority = priority
    game.round = MiniStockRound(game)
    return game


def sale_tops(game: Game) -> list[tuple[str, int]]:
    """``(company, most shares)`` of each legal choice, in order: every choice must be a
    sale (``SellShares`` with a count range)."""
    tops = []
    for choice in game.legal_actions():
        assert isinstance(choice.action, SellShares), choice.action
        tops.append((choice.action.company, choice.ranges["count"].max))
    return tops


def start(game: MiniGame, company_id: str, president: str, price: int,
          holders: dict[str, int] | None = None) -> Company:
    """Par ``company_id`` at ``price`` for ``president`` and hand out ordinary shares
    (``holders``: player -> 10% units) from the IPO, without money changing hands."""
    company = game.companies[company_id]
    market = game.market_of(company)
    market.place(company.id, market.find_par(price))
    company.started, company.president, company.par_price = True, president, price
    company.certs[0].owner = president
    for player, units in (holders or {}).items():
        for cert in [c for c in company.certs if c.owner == "ipo" and not c.president]:
            if units <= 0:
                break
            cert.owner = player
            units -= cert.percent // 10
    return company


def floated_a(cash: int, treasury: int = 0, p0_extra: int = 0) -> tuple[MiniGame, Company]:
    """A mini game with A started at 70 for p0 (president's certificate and ``p0_extra``
    10% units) and p1 (20%), floated with ``cash`` from the bank and ``treasury`` of its IPO
    shares moved to its treasury."""
    game = mini()
    company = start(game, "A", "p0", 70, {"p0": p0_extra, "p1": 2})
    company.floated = True
    for cert in company.certs_of("ipo")[:treasury]:
        cert.owner = "treasury"
    game.pay(game.bank, company, cash)
    return game, company


def set_cash(game: Game, player: str, cash: int) -> None:
    """Give ``player`` exactly ``cash`` (through the bank)."""
    p = game.player(player)
    game.pay(p, game.bank, p.cash)
    game.pay(game.bank, p, cash)
