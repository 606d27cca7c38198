"""A company leaving play: the one mechanism behind SOH's company bankruptcy (EN
"Bankruptcy") and 1839's nationalisation (R-14.7.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.privates import close_private

if TYPE_CHECKING:
    from railhouse.engine.entities import Company
    from railhouse.engine.game import Game


def wind_up(game: Game, company: Company, *, certificates_to: str, reason: str,
            tokens_to: str | None = None) -> None:
    """``company`` leaves play: its tokens leave the map (or, with ``tokens_to``, become
    that owner's: 1839's NS markers, R-14.7.2) and its home reservations go; its cash goes
    to the bank; its certificates go to ``certificates_to`` (SOH: removed; 1839: back to
    the supply, unpaid); its trains leave the game; its privates close (``reason``); its
    marker leaves the market.  What becomes of the company itself is the title's."""
    board = game.board
    if board is not None:
        for hex_id, city in board.company_cities(company.id):
            board.remove_token(hex_id, city, company.id)
            if tokens_to is not None:
                board.place_token(hex_id, city, tokens_to)
        board.drop_reservations(company.id)
    game.pay(company, game.bank, company.cash)
    for cert in company.certs:
        cert.owner = certificates_to
    for train in company.trains:
        game.depot.discarded.append(train.to(None))
    company.trains.clear()
    for private_id in list(company.privates):
        close_private(game, private_id, reason)
    game.market_of(company).remove(company.id)
