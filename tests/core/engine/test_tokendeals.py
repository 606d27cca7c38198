"""The core token swap and the return of a doubled token (1839 R-8.3.B.3 / R-14.3.5 in
general form) on the Toy Line, where RED's home is Ashby A3 and BLU's Bexley A7."""

from __future__ import annotations

import pytest

from railhouse.engine.actions import Respond
from railhouse.engine.agreements import AgreementDecider, propose
from railhouse.engine.errors import IllegalAction
from railhouse.engine.tokendeals import ReturnDecider, ReturnStation, SwapStation, TokenSwap
from railhouse.map import HexDef, MapDef, tile
from railhouse.map.board import Board
from railhouse.testing.toyline import ToyLine


class FeeSwap(TokenSwap):
    fee = 30


def swap(game: ToyLine, deal: TokenSwap) -> None:
    """Offer ``deal`` and let BLU's president accept when another seat is asked."""
    propose(game, deal)
    if game.pending and isinstance(game.pending[-1], AgreementDecider):
        game.pending[-1].process(Respond(entity="BLU", accept=True))


def toy() -> ToyLine:
    game = ToyLine(["p0", "p1"])
    game.companies["RED"].president, game.companies["BLU"].president = "p0", "p1"
    game.companies["RED"].cash = game.companies["BLU"].cash = 100
    return game


def test_tokens_exchange_places_and_the_proposer_pays_the_fee() -> None:
    game = toy()
    bank = game.bank.cash
    offer = SwapStation(entity="RED", hex="A3", city=0, other="BLU", other_hex="A7", other_city=0)
    swap(game, FeeSwap(game, offer))
    assert game.board.tokens[("A3", 0)] == ["BLU"] and game.board.tokens[("A7", 0)] == ["RED"]
    assert game.companies["RED"].cash == 70 and game.bank.cash == bank + 30
    assert not game.pending


def test_a_doubled_hex_returns_one_token_of_the_directors_choice() -> None:
    """On a hex of two one-slot cities, RED ends with both after the swap: its director
    returns one, and with no ``vacated`` marker the circle is left empty."""
    game = toy()
    hexes = {"D3": HexDef("D3", tile("", "white", "c0x1")),
             "C6": HexDef("C6", tile("", "white", "c0x1 c0x1"))}  # fmt: skip
    game.board = Board(MapDef(hexes, {}, {}))
    for coord, city, company in (("D3", 0, "RED"), ("C6", 0, "BLU"), ("C6", 1, "RED")):
        game.board.place_token(coord, city, company)
    offer = SwapStation(entity="RED", hex="D3", city=0, other="BLU", other_hex="C6", other_city=0)
    swap(game, TokenSwap(game, offer))
    assert game.board.tokens[("D3", 0)] == ["BLU"]
    decider = game.pending[-1]
    assert isinstance(decider, ReturnDecider) and decider.acting_entity() == "RED"
    returns = {ReturnStation(entity="RED", hex="C6", city=k) for k in (0, 1)}
    assert {a.action for a in decider.legal_actions()} == returns
    decider.process(ReturnStation(entity="RED", hex="C6", city=1))
    assert game.board.tokens[("C6", 0)] == ["RED"] and ("C6", 1) not in game.board.tokens
    assert not game.pending


def test_a_swap_whose_token_has_gone_is_refused() -> None:
    game = toy()
    offer = SwapStation(entity="RED", hex="A7", city=0, other="BLU", other_hex="A3", other_city=0)
    with pytest.raises(IllegalAction, match="no longer possible"):
        propose(game, TokenSwap(game, offer))
