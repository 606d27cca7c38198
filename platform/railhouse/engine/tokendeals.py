"""Token deals: two-party agreements (:mod:`railhouse.engine.agreements`) that exchange or
move station tokens, and the choice of the token that goes back to the charter when a
company ends up with two in one hex.

1839's station swap (R-8.3.B.3) is a :class:`TokenSwap` (the fee the proposer pays and the
marker that takes a returned token's circle are its override points :attr:`TokenSwap.fee`
and :attr:`TokenSwap.vacated`); KABINET-ROCHUSSEN's move (R-14.3.5) is a title's own deal
that queues :func:`queue_returns` after its move.  A company left with two tokens in one
hex returns one of them (:class:`ReturnDecider`), the proposer's director choosing first
(R-8.3.B.3); the ``vacated`` marker (1839's NS) takes the freed circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railhouse.engine.actions import Action, LegalAction, register_action
from railhouse.engine.agreements import Deal
from railhouse.engine.errors import IllegalAction
from railhouse.engine.rounds.base import Decider

if TYPE_CHECKING:
    from railhouse.engine.game import Game
    from railhouse.map.board import Board


class SwapStation(Action, frozen=True, tag="swap_station"):
    """The acting company offers to exchange its token in ``hex``/``city`` with
    ``other``'s token in ``other_hex``/``other_city`` (1839 R-8.3.B.3); ``other`` answers."""

    city: int
    hex: str
    other: str
    other_hex: str
    other_city: int


class ReturnStation(Action, frozen=True, tag="return_station"):
    """The director returns its token in ``hex``/``city`` to the charter (1839 R-8.3.B.3,
    R-14.3.5 exception); the title's ``vacated`` marker takes the circle."""

    hex: str
    city: int


register_action(SwapStation)
register_action(ReturnStation)


def board_of(game: Game) -> Board:
    board = game.board
    assert board is not None, "token deals need a title with a board"
    return board


def doubled_circles(board: Board, company: str, coord: str) -> list[tuple[str, int]]:
    """``company``'s token places in hex ``coord``."""
    return [(h, k) for h, k in board.company_cities(company) if h == coord]


def queue_returns(game: Game, vacated: str, *doubled: tuple[str, str]) -> None:
    """For each ``(company, hex)`` where the company now has two tokens, queue its choice of
    the one to return; ``game.pending`` is a stack, so the last pair chooses first."""
    for company, coord in doubled:
        if len(doubled_circles(board_of(game), company, coord)) > 1:
            game.pending.append(ReturnDecider(game, company, coord, vacated))


class ReturnDecider(Decider["Game"]):
    """1839 R-14.3.5 exception and R-8.3.B.3: the director picks which of the company's two
    tokens in a hex goes back to the charter (``vacated``, e.g. an NS marker, takes its
    circle; "" leaves it empty)."""

    rule = "1839 R-8.3.B.3 / R-14.3.5"

    def __init__(self, game: Game, company: str, coord: str, vacated: str) -> None:
        super().__init__(game)
        self.company = company
        self.coord = coord
        self.vacated = vacated

    def acting_entity(self) -> str | None:
        return self.company

    def legal_actions(self) -> list[LegalAction]:
        return [LegalAction(ReturnStation(entity=self.company, hex=h, city=k))
                for h, k in doubled_circles(board_of(self.game), self.company, self.coord)]

    def process_return_station(self, action: ReturnStation) -> None:
        board = board_of(self.game)
        self.game.pending.remove(self)
        if self.vacated:
            board.replace_token(action.hex, action.city, self.company, self.vacated)
        else:
            board.remove_token(action.hex, action.city, self.company)
        self.game.event(f"token_to_{self.vacated.lower() or 'charter'}", {
            "company": self.company, "hex": action.hex, "city": action.city})


class TokenSwap(Deal):
    """The offer's two tokens exchange places and the proposer pays :attr:`fee` to the bank
    (1839 R-8.3.B.3); a company left with two tokens in one hex returns one
    (:func:`queue_returns`, the proposer's director first)."""

    rule = "token swap"
    fee = 0
    vacated = ""  # what takes a returned token's circle ("": nothing)

    def __init__(self, game: Game, offer: SwapStation) -> None:
        super().__init__(game, offer.entity, offer.other)
        self.offer = offer

    def check(self) -> None:
        offer, tokens = self.offer, board_of(self.game).tokens
        if (offer.entity not in tokens.get((offer.hex, offer.city), ())
                or offer.other not in tokens.get((offer.other_hex, offer.other_city), ())
                or self.game.companies[offer.entity].cash < self.fee):
            raise IllegalAction("the swap is no longer possible", self.rule)

    def execute(self) -> None:
        game, offer = self.game, self.offer
        a, b, board = offer.entity, offer.other, board_of(game)
        board.replace_token(offer.hex, offer.city, a, b)
        board.replace_token(offer.other_hex, offer.other_city, b, a)
        game.pay(game.companies[a], game.bank, self.fee)
        queue_returns(game, self.vacated, (b, offer.hex), (a, offer.other_hex))
        game.event("swap", {"company": a, "other": b, "hex": offer.hex, "city": offer.city,
                            "other_hex": offer.other_hex, "other_city": offer.other_city,
                            "cost": self.fee})

    def describe(self) -> dict[str, object]:
        offer = self.offer
        return {**super().describe(), "hex": offer.hex, "city": offer.city,
                "other_hex": offer.other_hex, "other_city": offer.other_city}
