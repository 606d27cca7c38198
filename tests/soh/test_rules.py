"""Steam Over Holland rules, each test named after the EN rulebook section it checks."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from railhouse.engine.actions import Bid, BuyShares, IssueShares, Par, Pass, SellShares
from railhouse.engine.errors import IllegalAction
from railhouse_soh.game import SteamOverHolland
from railhouse_soh.rounds import SohStockRound, richest_seat
from railhouse_soh.stepbase import SohTurn

Make = Callable[..., SteamOverHolland]


def finish_auction(game: SteamOverHolland) -> None:
    while game.round is not None and game.round.kind == "auction":
        game.apply(Pass(entity=game.acting_entity() or ""))


def test_starting_cash_by_player_count_game_preparation(make_game: Make) -> None:
    for players, cash in {2: 600, 3: 400, 4: 300, 5: 240}.items():
        game = make_game(players, distribution="auction")
        assert [p.cash for p in game.seats] == [cash] * players


def test_phase1_privates_auctioned_in_ascending_order(make_game: Make) -> None:
    game = make_game(4)
    numbers = [game.privates[p].spec.number for p in game.dealt_privates]
    assert numbers == sorted(numbers) and len(numbers) == 4
    assert game.round is not None and game.round.kind == "auction"


def test_phase1_minimum_bid_is_face_value_and_raise_is_5(make_game: Make) -> None:
    game = make_game(3)
    first = game.dealt_privates[0]
    value = game.privates[first].spec.value
    bid = next(c for c in game.legal_actions() if isinstance(c.action, Bid))
    assert bid.ranges["price"].min == value
    game.apply(Bid(entity=game.acting_entity() or "", target=first, price=value))
    raise_ = next(c for c in game.legal_actions() if isinstance(c.action, Bid))
    assert raise_.ranges["price"].min == value + 5
    with pytest.raises(IllegalAction):
        game.apply(Bid(entity=game.acting_entity() or "", target=first, price=value + 4))


def test_phase1_unbid_private_is_removed(make_game: Make) -> None:
    game = make_game(3)
    first = game.dealt_privates[0]
    for _ in range(3):
        game.apply(Pass(entity=game.acting_entity() or ""))
    assert game.privates[first].closed and game.privates[first].owner is None


def test_phase1_start_card_tie_rule(make_game: Make) -> None:
    """After the auction the start card goes to the richest player; a tie including the
    holder keeps it; otherwise the first tied player to the holder's left."""
    game = make_game(4)
    for player, cash in zip(game.seats, (100, 200, 200, 50), strict=True):
        player.cash = cash
    assert richest_seat(game, holder=1) == 1
    assert richest_seat(game, holder=3) == 1
    assert richest_seat(game, holder=2) == 2


def to_stock_round(make_game: Make, players: int = 4) -> SteamOverHolland:
    game = make_game(players)
    finish_auction(game)
    assert isinstance(game.round, SohStockRound)
    return game


def test_starting_a_company_buys_phase_number_shares_at_a_yellow_par(make_game: Make) -> None:
    game = to_stock_round(make_game)
    me = game.acting_entity() or ""
    pars = {c.action.price for c in game.legal_actions() if isinstance(c.action, Par)}
    assert pars == {65, 70, 75, 80, 90, 100}
    game.apply(Par(entity=me, company="AR", price=90))
    ar = game.companies["AR"]
    assert ar.percent_of(me) == 20 and ar.cash == 180 and ar.president == me
    assert game.share_price(ar) == 90


def test_buying_shares_one_per_turn_and_pays_company_treasury(make_game: Make) -> None:
    game = to_stock_round(make_game)
    first = game.acting_entity() or ""
    game.apply(Par(entity=first, company="AR", price=90))
    second = game.acting_entity() or ""
    assert second != first
    game.apply(BuyShares(entity=second, company="AR", source="treasury"))
    assert game.companies["AR"].cash == 270
    assert game.acting_entity() != second  # the purchase ended the turn


def test_selling_not_allowed_for_company_started_this_round(make_game: Make) -> None:
    game = to_stock_round(make_game)
    first = game.acting_entity() or ""
    game.apply(Par(entity=first, company="AR", price=90))
    second = game.acting_entity() or ""
    game.apply(BuyShares(entity=second, company="AR", source="treasury"))
    while game.acting_entity() != second:
        game.apply(Pass(entity=game.acting_entity() or ""))
    assert not any(isinstance(c.action, SellShares) for c in game.legal_actions())


def test_adjusting_share_price_ledge_stops_non_president_sale(make_game: Make) -> None:
    """EN "Adjusting share price": a non-president's sale cannot drop through a ledge."""
    game = to_stock_round(make_game)
    market = game.markets["main"]
    ar = game.companies["AR"]
    ar.started = ar.floated = True
    ar.president = "p0"
    market.place("AR", (0, 11))  # 140, with a ledge between 110 and 100
    round_ = game.round
    assert isinstance(round_, SohStockRound)
    round_.sale_price_moves(ar, 3, by_president=False)
    assert game.share_price(ar) == 110
    round_.sale_price_moves(ar, 3, by_president=True)
    assert game.share_price(ar) == 80  # a president's sale ignores ledges


@pytest.mark.parametrize(
    ("total", "moves"),
    [(0, ["down"]), (90, []), (100, []), (101, ["up"]), (200, ["up"]), (201, ["up", "up"])],
)
def test_adjusting_share_price_after_dividend_table(make_game: Make, total: int,
                                                   moves: list[str]) -> None:
    game = to_stock_round(make_game)
    game.apply(Par(entity=game.acting_entity() or "", company="NCS", price=100))
    ncs = game.companies["NCS"]
    assert game.hooks.price_moves_after_dividend(game, ncs, "payout", total) == moves
    assert game.hooks.price_moves_after_dividend(game, ncs, "withhold", total) == ["down"]


def test_certificate_limit_by_player_count(make_game: Make) -> None:
    for players, limit in {2: 18, 3: 16, 4: 14, 5: 12}.items():
        game = to_stock_round(make_game, players)
        assert isinstance(game.round, SohStockRound)
        assert game.round.certificate_limit() == limit


def test_sell_or_buy_own_shares_issue_drops_one_step_fewer(make_game: Make) -> None:
    from railhouse.engine.steps.issues import issue_limit, issue_shares
    from railhouse_soh.variants.issues import issue_price_drop

    game = to_stock_round(make_game)
    me = game.acting_entity() or ""
    game.apply(Par(entity=me, company="AR", price=100))
    ar = game.companies["AR"]
    assert issue_limit(game, ar, game.ruleset.issues, 0) == 2  # players hold 2 together
    issue_shares(game, ar, 2, SohTurn(), issue_price_drop(game, ar, 0, 2))
    assert game.share_price(ar) == 90 and ar.cash == 400
    assert IssueShares(entity="AR", count=1).count == 1


def test_game_end_after_fifteen_rounds(make_game: Make) -> None:
    from railhouse.testing.conformance import random_playout
    from railhouse_soh.game import new_game

    game = random_playout(lambda **kw: new_game(**kw), 3, 11, check=False)
    assert game.over and game.result().reason in {"fixed_round", "market_top"}
    if game.result().reason == "fixed_round":
        assert game.set_number == 5


def test_privates_close_at_phase_5(make_game: Make) -> None:
    game = to_stock_round(make_game)
    owned = [p for p in game.privates.values() if p.owner is not None]
    game.hooks.phase_changed(game, game.config.phases[3], game.config.phases[3])
    assert all(p.closed for p in owned)


def test_nrs_subsidy_for_private_7_share_faq5(make_game: Make) -> None:
    """FAQ 5: private 7 bought, NRS started at 75 -> NRS treasury 2 x 75 + 75."""
    from railhouse_soh.rounds import give_nrs_share

    game = to_stock_round(make_game)
    me = game.acting_entity() or ""
    other = "p1" if me != "p1" else "p2"
    give_nrs_share(game, other)
    game.apply(Par(entity=me, company="NRS", price=75))
    assert game.companies["NRS"].cash == 225
