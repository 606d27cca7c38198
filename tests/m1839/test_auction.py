"""The private buy-or-discount auction (R-6)."""

from __future__ import annotations

from collections.abc import Callable

from m1839_helpers import finish_auction, tags

from railhouse.engine.actions import BuyPrivate, Discount, Par
from railhouse_m1839.auction import DiscountAuction
from railhouse_m1839.game import M1839


def _auction(game: M1839) -> DiscountAuction:
    assert isinstance(game.round, DiscountAuction)
    return game.round


def test_A_04_R_6_1_rh_is_never_auctioned(make_game: Callable[..., M1839]) -> None:
    assert "RH" not in _auction(make_game(4)).items


def test_R_6_3_R_6_4_two_actions_then_the_next_card(make_game: Callable[..., M1839]) -> None:
    game = make_game(3)
    first = game.cards.first()
    game.apply(Discount(entity=first, target="LP"))
    assert game.acting_entity() == first
    game.apply(Discount(entity=first, target="LP"))  # the same private twice
    assert _auction(game).price("LP") == 50
    assert game.acting_entity() == game.cards.next_after(first)


def test_R_6_4_1_no_buying_what_you_discounted_this_turn(make_game: Callable[..., M1839]) -> None:
    game = make_game(3)
    me = game.cards.first()
    game.apply(Discount(entity=me, target="JJB"))
    targets = {c.action.target for c in game.legal_actions()
               if isinstance(c.action, BuyPrivate)}
    assert "JJB" not in targets and "LP" in targets


def test_R_6_5_1_free_private_must_be_taken(make_game: Callable[..., M1839]) -> None:
    game = make_game(3)
    _auction(game).discounts["LP"] = 100  # price -10
    _auction(game)._start_turn()
    me = game.acting_entity()
    assert me is not None
    assert tags(game) == {"buy_private", "concede"}  # conceding is always allowed
    assert [c.action for c in game.legal_actions()][:-1] == [BuyPrivate(entity=me, target="LP",
                                                                        price=0)]
    cash = game.player(me).cash
    game.apply(BuyPrivate(entity=me, target="LP", price=0))
    assert game.player(me).cash == cash and game.privates["LP"].owner == me
    assert "discount" not in tags(game)  # the whole turn


def test_R_6_5_2_nobody_else_can_afford(make_game: Callable[..., M1839]) -> None:
    game = make_game(2)
    me = game.acting_entity()
    other = next(p for p in game.active_players() if p != me)
    game.pay(game.player(other), game.bank, game.player(other).cash - 10)
    _auction(game)._start_turn()
    assert tags(game) == {"buy_private", "concede"}


def test_R_6_6_brown_pars_differ(make_game: Callable[..., M1839]) -> None:
    game = make_game(3)
    auction = _auction(game)
    for brown in ("CO", "AB"):
        me = game.acting_entity()
        assert me is not None
        game.apply(BuyPrivate(entity=me, target=brown, price=auction.price(brown)))
        pars = sorted(c.action.price for c in game.legal_actions())  # type: ignore[attr-defined]
        company = game.brown_assignment[brown]
        game.apply(Par(entity=me, company=company, price=pars[-1]))
        assert game.companies[company].president == me
        assert game.companies[company].percent_of(me) == 30
    prices = [c.par_price for c in game.companies.values() if c.par_price]
    assert len(prices) == len(set(prices)) == 2


def test_R_6_7_attached_certificates_follow_the_private(make_game: Callable[..., M1839]) -> None:
    game = make_game(3)
    me = game.acting_entity()
    assert me is not None
    game.apply(BuyPrivate(entity=me, target="STK", price=240))
    assert game.companies[game.brown_assignment["AV"]].percent_of(me) == 20


def test_R_6_8_cards_redealt_by_ascending_cash(make_game: Callable[..., M1839]) -> None:
    game = make_game(4, seed=2)
    finish_auction(game)
    order = game.cards.order()
    cash = [game.player(p).cash for p in order]
    assert cash == sorted(cash)
    assert all(p.closed or p.owner for p in game.privates.values())
