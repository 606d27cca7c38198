"""Player bankruptcy and concession (R-9), on built positions."""

from __future__ import annotations

from m1839_positions import after_auction, float_company, give_train, refresh

from railhouse.engine.actions import BuyShares, Concede, Par, Pass, Redeem
from railhouse.engine.entities import IPO, POOL, TREASURY
from railhouse.engine.privates import update_private
from railhouse.engine.shares import president_cert
from railhouse_m1839.auction import DiscountAuction
from railhouse_m1839.game import M1839, new_game
from railhouse_m1839.money import RaiseDecider, go_bankrupt
from railhouse_m1839.stock import M1839StockRound


def _fresh_major(game: M1839) -> str:
    """An unparred Major with every certificate in the IPO (none attached to a private)."""
    return next(c.id for c in game.companies.values() if c.spec.kind == "major"
                and not c.started and all(cert.owner == IPO for cert in c.certs))


def _sr_game(players: int = 4) -> M1839:
    game = after_auction(players, seed=1)
    assert isinstance(game.round, M1839StockRound)
    return game


def test_R_9_5_director_may_redeem_the_bankrupts_shares() -> None:
    """AMS has not operated since floating: the shares are sold at the space to the left
    (R-7.2.4, f61) but redeemed at the current price (R-7.4.1, f67)."""
    game = _sr_game()
    ams = float_company(game, "AMS", "p0", cash=500, others={"p1": 3}, operated=False)
    price = game.share_price(ams)
    assert price == 67
    go_bankrupt(game, "p1")
    assert game.acting_entity() == "AMS"  # offer to AMS's director
    game.apply(Redeem(entity="AMS", company="AMS", count=3))
    assert ams.shares_of(TREASURY) == 3 and ams.shares_of(POOL) == 0
    assert ams.cash == 500 - 3 * price and game.share_price(ams) == price


def test_R_9_5_declined_redemption_sends_shares_to_the_pool() -> None:
    game = _sr_game()
    ams = float_company(game, "AMS", "p0", cash=500, others={"p1": 3})
    before = game.market_of(ams).positions["AMS"]
    go_bankrupt(game, "p1")
    game.apply(Pass(entity="AMS"))
    assert ams.shares_of(POOL) == 3
    after = game.market_of(ams).positions["AMS"]
    assert after != before and game.share_price(ams) < 67  # moved left per share


def test_R_9_5_no_offer_when_the_treasury_cannot_pay() -> None:
    game = _sr_game()
    ams = float_company(game, "AMS", "p0", cash=10, others={"p1": 2})
    go_bankrupt(game, "p1")
    assert ams.shares_of(POOL) == 2 and game.pending == []


def test_R_9_3_R_9_6_floated_companies_nationalised_cash_to_bank() -> None:
    game = _sr_game()
    ams = float_company(game, "AMS", "p1", others={"p0": 3})
    give_train(game, ams)
    p0_cash = game.player("p0").cash
    others = [p for p in game.cards.order() if p != "p1"]
    go_bankrupt(game, "p1")
    assert ams.closed and game.player("p1").cash == 0 and game.player("p1").bankrupt
    assert ams.cash == 0 and not ams.trains  # its treasury goes to the bank
    assert ams.shares_of("p0") == 0  # shareholders get nothing
    assert game.player("p0").cash == p0_cash
    # the card leaves, the others keep their relative order, numbered 1..3
    assert game.cards.order() == others
    assert sorted(game.cards.current.values()) == [1, 2, 3]


def test_R_9_4_unfloated_director_passes_to_a_holder_of_two_shares() -> None:
    game = _sr_game()
    nbds = float_company(game, _fresh_major(game), "p1", shares=2, others={"p2": 2}, operated=False)
    nbds.floated = False
    go_bankrupt(game, "p1")
    assert nbds.president == "p2" and president_cert(nbds).owner == "p2"
    assert nbds.shares_of(POOL) == 2  # the exchanged ordinary shares were sold to the pool


def test_R_9_4_R_7_6_4_the_holder_with_most_shares_takes_the_directorship() -> None:
    """Three candidates: the one with most shares wins, neither the first nor the last in
    card order after the bankrupt player."""
    game = _sr_game()
    first, second, third = game.cards.rotation_after("p1")
    cid = _fresh_major(game)
    company = float_company(game, cid, "p1", shares=2, others={first: 2, second: 3, third: 2},
                            operated=False)
    company.floated = False
    go_bankrupt(game, "p1")
    assert company.president == second and president_cert(company).owner == second
    assert company.shares_of(first) == company.shares_of(third) == 2
    assert company.shares_of(POOL) == 2


def test_R_9_4_A_25_otherwise_the_certificate_returns_to_the_ipo() -> None:
    game = _sr_game()
    assert game.acting_entity() == "p1"
    cid = _fresh_major(game)
    nbds = float_company(game, cid, "p3", shares=2, others={"p2": 1}, operated=False)
    nbds.floated = False
    go_bankrupt(game, "p3")
    assert president_cert(nbds).owner == IPO and nbds.president is None
    assert nbds.shares_of(POOL) == 2 and nbds.started  # two IPO shares for the certificate
    game.player("p1").cash = 500
    refresh(game)
    buys = [c.action for c in game.legal_actions()
            if isinstance(c.action, BuyShares) and c.action.company == cid]
    assert buys == [BuyShares(entity="p1", company=cid, source=IPO, count=2)]
    price = game.share_price(nbds)
    assert price < 67  # the two shares sold to the pool moved the price
    game.apply(buys[0])
    assert nbds.president == "p1" and game.player("p1").cash == 500 - 2 * price


def test_R_9_9_one_player_left_ends_the_game() -> None:
    game = _sr_game(2)
    ams = float_company(game, "AMS", "p0", others={"p1": 3})
    go_bankrupt(game, "p1")
    assert game.over and game.end_reason == "one_player_left"
    assert ams.shares_of(POOL) == 3 and game.pending == []


def test_R_9_1_concede_after_acting_in_an_sr_turn() -> None:
    game = _sr_game()
    me = game.acting_entity()
    assert me is not None
    cid = _fresh_major(game)
    game.player(me).cash = 500
    refresh(game)
    game.apply(Par(entity=me, company=cid, price=67))
    assert game.acting_entity() == me
    assert any(isinstance(c.action, Concede) for c in game.legal_actions())
    game.apply(Concede(entity=me))
    assert game.player(me).bankrupt and game.acting_entity() != me


def test_R_9_1_concede_in_the_auction() -> None:
    game = new_game(["A", "B", "C"], None, 3)
    assert isinstance(game.round, DiscountAuction)
    me = game.acting_entity()
    assert me is not None and any(isinstance(c.action, Concede) for c in game.legal_actions())
    game.apply(Concede(entity=me))
    assert game.player(me).bankrupt and not game.over
    assert game.acting_entity() not in (None, me)


def test_R_9_1_concede_instead_of_raising_money() -> None:
    game = _sr_game()
    float_company(game, "NBDS", "p2", others={"p3": 1})
    game.player("p3").cash = 0
    game.pending.append(RaiseDecider(game, None, 100, lambda: None, debtor="p3"))
    refresh(game)
    assert any(isinstance(c.action, Concede) for c in game.legal_actions())
    game.apply(Concede(entity="p3"))
    assert game.player("p3").bankrupt


def test_R_9_2_privates_discarded_without_closure_powers() -> None:
    game = _sr_game()
    for private_id in ("JJB", "KR"):
        update_private(game, private_id, owner="p3", closed=False)
    go_bankrupt(game, "p3")
    assert game.privates["JJB"].closed and game.privates["KR"].closed
    assert game.new_local_queue == [] and not game.pending  # no new Local for JJB


def test_A_30_brown_private_closes_when_its_major_is_nationalised_by_bankruptcy() -> None:
    game = _sr_game()
    brown, major = next(iter(game.brown_assignment.items()))
    update_private(game, brown, owner="p2", closed=False)
    company = game.companies[major]
    if company.started:
        game.market_of(company).remove(major)
    for cert in company.certs:
        cert.owner = IPO
    float_company(game, major, "p3")
    go_bankrupt(game, "p3")
    assert company.closed and game.privates[brown].closed
    assert game.new_local_queue == [brown]  # p2 creates a Local after the decision point


def test_R_9_8_a_concession_discards_supply_trains_too() -> None:
    """v2 §9 lists the extra discards among the effects of every bankruptcy or concession."""
    game = _sr_game()
    me = game.acting_entity()
    assert me is not None and game.phase.name == "LY"
    count = {name: sum(1 for t in game.depot.trains if t.name == name)
             for name in ("2", "2+1", "3", "3+", "4+", "R5")}
    game.apply(Concede(entity=me))
    after = {name: sum(1 for t in game.depot.trains if t.name == name) for name in count}
    # ranks 1, 3, 5 (current and every second after) lose one; 2, 4, 6 keep theirs
    assert after == {"2": count["2"] - 1, "2+1": count["2+1"], "3": count["3"] - 1,
                     "3+": count["3+"], "4+": count["4+"] - 1, "R5": count["R5"]}
    assert game.phase.name == "LY"
