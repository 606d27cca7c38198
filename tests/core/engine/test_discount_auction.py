"""Buy-or-discount auction (1839 R-6) on the mini title's privates."""

from __future__ import annotations

import pytest
from engine_positions import mini
from minititle import MiniGame

from railhouse.engine.actions import BuyPrivate, Discount
from railhouse.engine.errors import IllegalAction
from railhouse.engine.rounds.discount import BuyOrDiscountAuction


def auction(players: int = 3) -> tuple[MiniGame, BuyOrDiscountAuction]:
    game = mini(players)
    round_ = BuyOrDiscountAuction(game, ["P1", "P2", "P3"], 0)
    game.round = round_
    return game, round_


def kinds(game: MiniGame) -> set[tuple[str, str]]:
    legal = game.legal_actions()
    return {(type(c.action).__name__, getattr(c.action, "target", "")) for c in legal}


def test_a_turn_is_exactly_two_actions_r_6_4() -> None:
    game, round_ = auction()
    game.apply(Discount(entity="p0", target="P1"))
    assert game.acting_entity() == "p0" and round_.price("P1") == 20
    game.apply(Discount(entity="p0", target="P1"))
    assert game.acting_entity() == "p1" and round_.price("P1") == 0


def test_no_buying_what_you_discounted_this_turn_r_6_4_1() -> None:
    game, _ = auction()
    game.apply(Discount(entity="p0", target="P2"))
    assert ("BuyPrivate", "P2") not in kinds(game)
    with pytest.raises(IllegalAction):
        game.apply(BuyPrivate(entity="p0", target="P2", price=40))


def test_a_free_private_must_be_taken_r_6_5_1() -> None:
    game, round_ = auction()
    round_.discounts["P3"] = 20
    round_._new_turn()
    assert kinds(game) == {("BuyPrivate", "P3")}
    game.apply(BuyPrivate(entity="p0", target="P3", price=0))
    assert game.privates["P3"].owner == "p0"


def test_no_discount_when_nobody_else_can_afford_anything_r_6_5_2() -> None:
    game, round_ = auction(players=2)
    p1 = game.player("p1")
    game.pay(p1, game.bank, p1.cash - 5)
    round_._new_turn()
    assert {k for k, _ in kinds(game)} == {"BuyPrivate"}


def test_a_player_who_can_afford_nothing_may_still_discount_r_6_5_2_second_clause() -> None:
    game, round_ = auction(players=2)
    for player in ("p0", "p1"):
        p = game.player(player)
        game.pay(p, game.bank, p.cash)
    round_._new_turn()
    assert round_.no_discount  # nobody else can afford anything ...
    assert {k for k, _ in kinds(game)} == {"Discount"}  # ... but p0 cannot buy either


def test_the_round_ends_when_the_last_private_is_bought_r_6_8() -> None:
    game, round_ = auction()
    for target, price in (("P1", 40), ("P2", 60)):
        game.apply(BuyPrivate(entity="p0", target=target, price=price))
    game.apply(BuyPrivate(entity="p1", target="P3", price=20))
    assert round_.finished and game.round is not round_
