"""Built positions shared by the 1839 private and Local/Major rule tests (R-14): the stock
round's first player, MSS operating on a small network, AMS buying the first gray train, and
the check that holding a private changes no choice."""

from __future__ import annotations

from conftest_map import lay
from m1839_positions import (
    buy_next_train,
    cleared,
    float_company,
    give_train,
    legal,
    operating_turn,
    own_private,
    refresh,
    to_phase,
    to_rank,
)

from railhouse.engine.entities import Company
from railhouse.engine.privates import update_private
from railhouse_m1839.game import M1839
from railhouse_m1839.turnsteps import TrainBuyStep

SR_PLAYER = "p1"  # the first player of the SR in the seed-1, 4-player position


def mss_network(game: M1839, director: str = SR_PLAYER, cash: int = 1000) -> Company:
    """MSS floated, operated once, markers at Eindhoven K12 and Groningen B19, track from
    K12 west to Tilburg K10 and south-east to Weert L13, one train."""
    mss = float_company(game, "MSS", director, cash=cash)
    mss.operated_count = 1
    game.board.place_token("K12", 0, "MSS")
    game.board.place_token("B19", 0, "MSS")
    lay(game.board, ("K12", "6", 5), ("K10", "57", 1), ("L13", "57", 2))
    give_train(game, mss)
    return mss


def same_choices_whoever_owns(game: M1839, private_id: str, owner: str) -> None:
    """The legal set is the same with ``private_id`` held by ``owner`` and unowned."""
    with_it = legal(game)
    update_private(game, private_id, owner=None)
    refresh(game)
    assert legal(game) == with_it
    update_private(game, private_id, owner=owner)
    refresh(game)


def ams_before_gray(private_id: str, owner: str) -> M1839:
    """Dark red; AMS (p0, f1000) holds one train; ``owner`` holds the open ``private_id``."""
    game = cleared()
    ams = float_company(game, "AMS", "p0", cash=1000)
    to_phase(game, "DR")
    give_train(game, ams)
    own_private(game, private_id, owner)
    return game


def to_gray(game: M1839, buyer: str = "AMS") -> None:
    """``buyer`` (floated, f1000, one train) buys the first gray 4 through apply."""
    to_rank(game, "DR")
    operating_turn(game, buyer, at=TrainBuyStep)
    buy_next_train(game, buyer)
    assert game.phase.name == "GR"
