"""Stock-round rules on built positions (R-7.3, R-7.4.5, R-7.5, R-7.6, R-7.3.9, R-8.4 in an
SR), each driven through ``game.apply``."""

from __future__ import annotations

from m1839_positions import after_auction, float_company, refresh

from railhouse.engine.actions import Bankrupt, BuyShares, Par, Redeem, SellShares
from railhouse.engine.entities import IPO, POOL, TREASURY
from railhouse.engine.shares import move_shares, president_cert, start_company
from railhouse_m1839.game import M1839, M1839Rules
from railhouse_m1839.homes import float_fee, set_homes
from railhouse_m1839.money import go_bankrupt, nationalise
from railhouse_m1839.stock import M1839StockRound

ME = "p1"  # the first player of the SR in the seed-1, 4-player position


def _sr(cash: int = 1000) -> M1839:
    game = after_auction(4, seed=1)
    assert isinstance(game.round, M1839StockRound) and game.acting_entity() == ME
    game.round.first = False  # selling allowed (R-7.2.2 only bars the first SR)
    game.player(ME).cash = cash
    refresh(game)
    return game


def _fresh_major(game: M1839, skip: tuple[str, ...] = ()) -> str:
    return next(c.id for c in game.companies.values() if c.spec.kind == "major"
                and c.id not in skip and not c.started
                and all(cert.owner == IPO for cert in c.certs))


def _buys(game: M1839, company: str) -> list[BuyShares]:
    return [c.action for c in game.legal_actions()
            if isinstance(c.action, BuyShares) and c.action.company == company]


def test_R_7_3_4_director_certificate_first() -> None:
    game = _sr()
    cid = _fresh_major(game)
    game.apply(Par(entity=ME, company=cid, price=74))
    assert president_cert(game.companies[cid]).owner == ME
    assert game.player(ME).cash == 1000 - 148  # 2 x par for the 20% certificate


def test_R_7_3_6_treasury_only_when_the_ipo_is_empty() -> None:
    game = _sr()
    cid = _fresh_major(game)
    company = float_company(game, cid, "p2", shares=4, others={"p3": 2}, cash=100)
    move_shares(company, IPO, TREASURY, 1)
    refresh(game)
    assert {b.source for b in _buys(game, cid)} == {IPO}
    move_shares(company, IPO, TREASURY, company.shares_of(IPO))
    refresh(game)
    assert {b.source for b in _buys(game, cid)} == {TREASURY}
    game.apply(BuyShares(entity=ME, company=cid, source=TREASURY))
    assert company.cash == 100 + 67 and company.shares_of(ME) == 1  # paid to the company


def test_R_7_3_1_pool_shares_are_bought_from_the_bank() -> None:
    game = _sr()
    cid = _fresh_major(game)
    company = float_company(game, cid, "p2", cash=100)
    move_shares(company, IPO, POOL, 2)
    refresh(game)
    assert {b.source for b in _buys(game, cid)} == {IPO, POOL}
    game.apply(BuyShares(entity=ME, company=cid, source=POOL))
    assert company.shares_of(POOL) == 1 and company.cash == 100


def test_R_7_4_5_director_redeems_pool_shares_as_the_turns_purchase() -> None:
    game = _sr()
    cid = _fresh_major(game)
    company = float_company(game, cid, ME, cash=150)
    move_shares(company, IPO, POOL, 3)
    refresh(game)
    redeem = next(c for c in game.legal_actions() if isinstance(c.action, Redeem))
    assert redeem.ranges["count"].max == 2  # f150 buys two shares at f67
    game.apply(Redeem(entity=ME, company=cid, count=2))
    assert company.shares_of(TREASURY) == 2 and company.cash == 150 - 134
    kinds = {type(c.action) for c in game.legal_actions()}
    assert BuyShares not in kinds and Par not in kinds and Redeem not in kinds


def test_R_7_4_5_only_for_a_company_the_player_directs() -> None:
    game = _sr()
    cid = _fresh_major(game)
    company = float_company(game, cid, "p2", cash=500, others={ME: 2})
    move_shares(company, IPO, POOL, 3)
    refresh(game)
    assert not any(isinstance(c.action, Redeem) for c in game.legal_actions())
    assert {b.source for b in _buys(game, cid)} == {IPO, POOL}  # buying is still open


def test_R_7_6_3_more_shares_than_the_director_takes_over() -> None:
    game = _sr()
    cid = _fresh_major(game)
    company = float_company(game, cid, "p2", shares=3, others={ME: 3})
    refresh(game)
    game.apply(BuyShares(entity=ME, company=cid, source=IPO))
    assert company.president == ME and president_cert(company).owner == ME
    assert company.shares_of("p2") == 3  # the old director got two shares back


def test_R_7_6_3_equal_shares_do_not_take_over() -> None:
    game = _sr()
    cid = _fresh_major(game)
    company = float_company(game, cid, "p2", shares=4, others={ME: 3})
    refresh(game)
    game.apply(BuyShares(entity=ME, company=cid, source=IPO))
    assert company.president == "p2"


def test_R_7_6_4_A_41_sale_tie_goes_round_the_cards_after_the_director() -> None:
    game = _sr()
    cid = _fresh_major(game)
    company = float_company(game, cid, ME, shares=4, others={"p2": 3, "p3": 3}, cash=0)
    rotation = [p for p in game.cards.rotation_after(ME) if p in ("p2", "p3")]
    refresh(game)
    game.apply(SellShares(entity=ME, company=cid, count=2))
    assert company.president == rotation[0] and company.shares_of(ME) == 2
    assert president_cert(company).owner == rotation[0]


def test_R_7_6_4_a_sale_leaving_the_director_tied_does_not_pass_directorship() -> None:
    """The old director must end with strictly fewer shares than the new one."""
    game = _sr()
    cid = _fresh_major(game)
    company = float_company(game, cid, ME, shares=4, others={"p2": 3}, cash=0)
    refresh(game)
    game.apply(SellShares(entity=ME, company=cid, count=1))
    assert company.president == ME and president_cert(company).owner == ME
    assert company.shares_of(ME) == 3 and company.shares_of("p2") == 3


def test_R_7_2_1_director_cannot_sell_below_two_unless_someone_holds_two() -> None:
    game = _sr()
    cid = _fresh_major(game)
    float_company(game, cid, ME, shares=4, others={"p2": 1}, cash=0)
    refresh(game)
    sell = next(c for c in game.legal_actions()
                if isinstance(c.action, SellShares) and c.action.company == cid)
    assert sell.ranges["count"].max == 2  # never the director's certificate itself


def test_R_7_2_1_R_7_6_4_director_may_sell_out_to_a_holder_of_two() -> None:
    """With another player at 20% the director may sell everything: the director's
    certificate is exchanged for that player's two shares, which are then sold."""
    game = _sr()
    cid = _fresh_major(game)
    company = float_company(game, cid, ME, shares=4, others={"p2": 2}, cash=0)
    refresh(game)
    sell = next(c for c in game.legal_actions()
                if isinstance(c.action, SellShares) and c.action.company == cid)
    assert sell.ranges["count"].max == 4
    game.apply(SellShares(entity=ME, company=cid, count=4))
    assert company.president == "p2" and president_cert(company).owner == "p2"
    assert company.shares_of(ME) == 0 and company.shares_of(POOL) == 4


def test_R_7_3_9_R_14_7_4_voluntary_nationaliser_cannot_par_in_the_next_sr() -> None:
    game = _sr()
    cid = _fresh_major(game)
    nationalise(game, float_company(game, cid, ME), voluntary=True)
    refresh(game)
    assert not any(isinstance(c.action, Par) for c in game.legal_actions())
    assert any(isinstance(c.action, BuyShares) for c in game.legal_actions())
    rnd = game.round
    assert isinstance(rnd, M1839StockRound)
    rnd.finished = True
    M1839Rules().railhouse_next_round(game, rnd)  # the SR ends: the bar is lifted
    assert ME not in game.barred_from_par


def test_R_7_5_2_nationalised_major_cannot_be_parred_again() -> None:
    game = _sr()
    cid = _fresh_major(game)
    nationalise(game, float_company(game, cid, "p2"), voluntary=False)
    refresh(game)
    assert not any(isinstance(c.action, Par) and c.action.company == cid
                   for c in game.legal_actions())


def test_R_7_5_9_R_8_4_float_fee_bankruptcy_during_an_sr() -> None:
    """A Local at f10 floats with f100 but owes 2 x (30 + 30): its director must pay the
    rest; with nothing to sell that player goes bankrupt and the SR goes on (R-8.4.6)."""
    game = _sr(cash=10)
    for company in game.companies.values():  # nothing else to sell
        for cert in company.certs_of(ME):
            cert.owner = "p3"
        if company.president == ME:
            company.president = "p3"
    local = game.companies["L1"]
    start_company(game, local, ME, 20)
    set_homes(game, "L1", ("G10", "G16"))
    game.market_of(local).remove("L1")
    game.market_of(local).place_at_price("L1", 10)
    assert float_fee(game, "L1") == 120
    while local.percent_of(IPO) > 50:
        move_shares(local, IPO, "p2", 1)
    refresh(game)
    game.apply(BuyShares(entity=ME, company="L1", source=IPO))
    assert local.floated and local.cash == 100 and game.acting_entity() == ME
    # selling the L1 share would hand L1 to p2 (3 shares each after the sale)
    assert [c.action for c in game.legal_actions()] == [Bankrupt(entity=ME)]
    game.apply(Bankrupt(entity=ME))
    assert game.player(ME).bankrupt and not local.floated and not local.started
    assert not game.over and game.acting_entity() not in (None, ME)


def test_R_7_3_9_barred_player_cannot_buy_a_directors_certificate_from_the_ipo() -> None:
    """The bar covers every director's certificate bought from the IPO, including one
    returned there by R-9.4 (A-25), not only parring."""
    game = _sr()
    cid = _fresh_major(game)
    company = float_company(game, cid, "p3", shares=2, operated=False)
    company.floated = False
    go_bankrupt(game, "p3")
    assert president_cert(company).owner == IPO
    refresh(game)
    assert _buys(game, cid) == [BuyShares(entity=ME, company=cid, source=IPO, count=2)]
    game.barred_from_par.add(ME)
    refresh(game)
    assert _buys(game, cid) == []
