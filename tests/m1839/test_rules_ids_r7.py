"""R-7 stock-round rule IDs not covered elsewhere, one test per ID (digest
/work/shared/facts/1839.md, authority rules/1839/rules.md), on built positions."""

from __future__ import annotations

import pytest
from conftest_map import lay
from m1839_positions import (
    after_auction,
    float_company,
    give_train,
    operating_turn,
    refresh,
    to_phase,
)

from railhouse.engine.actions import (
    BuyShares,
    BuyTrain,
    Dividend,
    Par,
    Pass,
    Redeem,
    SellShares,
)
from railhouse.engine.emergency import Payment
from railhouse.engine.entities import IPO, POOL, TREASURY
from railhouse.engine.errors import IllegalAction
from railhouse.engine.shares import move_shares, president_cert
from railhouse_m1839.game import M1839
from railhouse_m1839.money import RaiseDecider, raise_money
from railhouse_m1839.shares import check_float
from railhouse_m1839.stock import M1839StockRound
from railhouse_m1839.track import TrackStep
from railhouse_m1839.turnsteps import TrainBuyStep

ME = "p1"  # the first player of the SR in the seed-1, 4-player position


def _sr(cash: int = 1000) -> M1839:
    game: M1839 = after_auction(4, seed=1)
    assert isinstance(game.round, M1839StockRound) and game.acting_entity() == ME
    game.round.first = False  # selling allowed (R-7.2.2 only bars the first SR)
    game.player(ME).cash = cash
    refresh(game)
    return game


def _majors(game: M1839, n: int) -> list[str]:
    return [c.id for c in game.companies.values() if c.spec.kind == "major"
            and not c.started and all(cert.owner == IPO for cert in c.certs)][:n]


def _actions(game: M1839, kind: type, company: str | None = None) -> list[object]:
    return [c.action for c in game.legal_actions() if isinstance(c.action, kind)
            and (company is None or getattr(c.action, "company", None) == company)]


def test_R_7_1_1_sr_starts_with_card_one_and_wraps() -> None:
    game = _sr()
    cards = game.cards
    assert game.acting_entity() == next(p for p, n in cards.current.items() if n == 1)
    order = cards.order()
    assert [cards.current[p] for p in order] == [1, 2, 3, 4]
    assert cards.next_after(order[-1]) == order[0]  # wrapping round
    game.apply(Pass(entity=ME))
    assert game.acting_entity() == order[1]


def test_R_7_1_2_sell_then_one_purchase_then_sell() -> None:
    game = _sr()
    a, b, c = _majors(game, 3)
    float_company(game, a, "p2", others={ME: 2}, cash=0)  # no redemption offer
    float_company(game, b, "p2", others={ME: 2}, cash=0)
    float_company(game, c, "p3")
    refresh(game)
    game.apply(SellShares(entity=ME, company=a, count=1))  # sell ...
    game.apply(BuyShares(entity=ME, company=c, source=IPO))  # ... one purchase ...
    assert not _actions(game, BuyShares) and not _actions(game, Par)
    assert not _actions(game, Redeem)
    game.apply(SellShares(entity=ME, company=b, count=1))  # ... sell again
    assert game.acting_entity() == ME
    game.apply(Pass(entity=ME))  # passing after acting ends the turn, not a pass
    assert game.acting_entity() != ME and ME not in game.cards.other


def test_R_7_2_3_unfloated_parred_shares_sell_at_the_reduced_price() -> None:
    game = _sr()
    (cid,) = _majors(game, 1)
    company = float_company(game, cid, "p2", shares=2, others={ME: 1}, operated=False)
    company.floated = False
    refresh(game)
    assert _actions(game, SellShares, cid) == [SellShares(entity=ME, company=cid, count=1)]
    cash = game.player(ME).cash
    game.apply(SellShares(entity=ME, company=cid, count=1))
    assert game.player(ME).cash == cash + 61  # the space left of f67
    assert company.shares_of(POOL) == 1


def test_R_7_2_5_several_companies_sold_in_the_sellers_order() -> None:
    game = _sr()
    a, b = _majors(game, 2)
    float_company(game, a, "p2", others={ME: 2}, cash=0)
    float_company(game, b, "p2", others={ME: 2}, cash=0)
    refresh(game)
    game.apply(SellShares(entity=ME, company=b, count=2))
    assert game.share_price(game.companies[b]) < 67 == game.share_price(game.companies[a])
    game.apply(SellShares(entity=ME, company=a, count=1))
    assert game.share_price(game.companies[a]) < 67


def test_R_7_2_7_no_buying_a_company_after_selling_it_this_sr() -> None:
    game = _sr()
    (cid,) = _majors(game, 1)
    float_company(game, cid, "p2", others={ME: 2}, cash=0)
    refresh(game)
    assert _actions(game, BuyShares, cid)
    game.apply(SellShares(entity=ME, company=cid, count=1))
    assert not _actions(game, BuyShares, cid)
    game.apply(Pass(entity=ME))
    for _ in range(3):  # round the table back to ME: still barred in this SR
        who = game.acting_entity()
        assert who is not None and who != ME
        game.apply(Pass(entity=who))
    assert game.acting_entity() == ME
    assert not _actions(game, BuyShares, cid)


def test_R_7_3_2_one_certificate_per_turn() -> None:
    game = _sr()
    a, b = _majors(game, 2)
    float_company(game, a, "p2")
    float_company(game, b, "p3")
    refresh(game)
    game.apply(BuyShares(entity=ME, company=a, source=IPO))
    assert not _actions(game, BuyShares) and not _actions(game, Par)
    game.apply(Pass(entity=ME))
    assert game.acting_entity() != ME


def test_R_7_3_7_ordinary_shares_only_of_parred_companies() -> None:
    game = _sr()
    (cid,) = _majors(game, 1)
    refresh(game)
    assert not _actions(game, BuyShares, cid)
    assert _actions(game, Par, cid)


def test_R_7_3_10_directorship_checked_after_a_pool_purchase() -> None:
    game = _sr()
    (cid,) = _majors(game, 1)
    company = float_company(game, cid, "p2", shares=3, others={ME: 3})
    move_shares(company, IPO, POOL, 1)
    refresh(game)
    game.apply(BuyShares(entity=ME, company=cid, source=POOL))
    assert company.president == ME and president_cert(company).owner == ME


def test_R_7_4_2_redeemed_shares_do_not_move_the_price() -> None:
    game = _sr()
    (cid,) = _majors(game, 1)
    company = float_company(game, cid, "p2", others={ME: 2}, cash=500)
    refresh(game)
    game.apply(SellShares(entity=ME, company=cid, count=2))
    assert game.acting_entity() == cid  # the director decides
    game.apply(Redeem(entity=cid, company=cid, count=2))
    assert game.share_price(company) == 67 and company.shares_of(TREASURY) == 2
    assert company.cash == 500 - 2 * 67


@pytest.mark.parametrize(("phase", "kind", "treasury", "per_share"),
                         [("BL", "payout", 0, 7), ("DG", "half", 30, 4)])
def test_R_7_4_3_treasury_shares_pay_the_treasury(phase: str, kind: str, treasury: int,
                                                  per_share: int) -> None:
    """MSS runs f70 in its OR turn (Eindhoven K12 - Helmond - Venlo - Ruhrgebiet) and its
    director chooses the dividend through apply: its three treasury shares pay the treasury
    like the players' shares pay the players; the IPO share pays nobody."""
    game = _sr()
    mss = float_company(game, "MSS", "p2", others={ME: 2}, cash=0)
    move_shares(mss, IPO, TREASURY, 3)
    assert mss.shares_of(IPO) == 1
    mss.operated_count = 1
    give_train(game, mss, "3")
    to_phase(game, phase)
    game.board.place_token("K12", 0, "MSS")
    lay(game.board, ("K12", "57", 1), ("K14", "4", 1), ("K16", "57", 1))
    operating_turn(game, "MSS", at=TrackStep)
    while not _actions(game, Dividend):  # no lay, no station: on to the run
        game.apply(Pass(entity="MSS"))
    assert game.round.turn.revenue == 70  # type: ignore[union-attr]
    cash = {p: game.player(p).cash for p in ("p2", ME)}
    bank = game.bank.cash
    game.apply(Dividend(entity="MSS", kind=kind))
    assert mss.cash == treasury + 3 * per_share
    assert game.player("p2").cash == cash["p2"] + 4 * per_share
    assert game.player(ME).cash == cash[ME] + 2 * per_share
    assert bank - game.bank.cash == treasury + 9 * per_share


def test_R_7_4_4_treasury_shares_are_sold_first_in_an_emergency() -> None:
    game = _sr()
    (cid,) = _majors(game, 1)
    company = float_company(game, cid, "p2", cash=10)
    move_shares(company, IPO, TREASURY, 2)
    director_cash = game.player("p2").cash
    raise_money(game, company, 100, Payment(game, cid, "bank", 100))
    assert company.shares_of(TREASURY) == 0 and company.shares_of(POOL) == 2
    assert game.player("p2").cash == director_cash  # the director paid nothing
    assert not game.pending


def test_R_7_5_4_after_parring_the_other_certificates_are_for_sale() -> None:
    game = _sr()
    (cid,) = _majors(game, 1)
    game.apply(Par(entity=ME, company=cid, price=67))
    game.apply(Pass(entity=ME))
    other = game.acting_entity()
    assert other is not None and other != ME
    game.player(other).cash = 1000
    refresh(game)
    assert _actions(game, BuyShares, cid) == [BuyShares(entity=other, company=cid, source=IPO)]


def test_R_7_5_7_floating_gives_control_to_the_director_certificate_holder() -> None:
    game = _sr()
    (cid,) = _majors(game, 1)
    game.apply(Par(entity=ME, company=cid, price=67))
    company = game.companies[cid]
    move_shares(company, IPO, "p2", 4)
    assert not company.floated
    check_float(game, company)
    assert company.floated and company.president == ME == president_cert(company).owner
    assert company.cash == 670  # with it


def test_R_7_6_1_the_director_holds_the_twenty_percent_certificate() -> None:
    game = _sr()
    (cid,) = _majors(game, 1)
    game.apply(Par(entity=ME, company=cid, price=67))
    company = game.companies[cid]
    cert = president_cert(company)
    assert cert.owner == ME == company.president and cert.percent == 20
    assert company.shares_of(ME) == 2


def test_R_7_6_2_the_directors_certificate_is_never_sold() -> None:
    game = _sr()
    (cid,) = _majors(game, 1)
    company = float_company(game, cid, ME, shares=2, others={"p2": 1})
    refresh(game)
    assert not _actions(game, SellShares, cid)  # only the director's certificate held
    move_shares(company, IPO, "p2", 1)
    refresh(game)
    game.apply(SellShares(entity=ME, company=cid, count=2))  # exchanged, not sold
    assert president_cert(company).owner == "p2" and company.president == "p2"
    assert not any(c.president for c in company.certs_of(POOL))


def test_R_7_6_5_emergency_sales_cannot_move_the_operating_companys_director() -> None:
    """MSS (ME 4 shares, p2 3) must buy its first train with an empty treasury and ME has no
    cash: ME may sell one MSS share (a tie keeps the directorship) but not two, while the
    directorship of NCS, not operating, may go to p3 in the same emergency (two NCS shares
    at f67 cover the f80, R-8.4.5 offering no more)."""
    game = _sr(cash=0)
    mss = float_company(game, "MSS", ME, others={"p2": 3}, cash=0)
    ncs = float_company(game, "NCS", ME, others={"p3": 3}, cash=0)
    operating_turn(game, "MSS", at=TrainBuyStep)
    (buy,) = [c.action for c in game.legal_actions() if isinstance(c.action, BuyTrain)]
    game.apply(buy)  # the compulsory train: ME must raise f80
    assert isinstance(game.pending[-1], RaiseDecider) and game.acting_entity() == ME

    def most() -> dict[str, int]:
        return {c.action.company: c.ranges["count"].max for c in game.legal_actions()
                if isinstance(c.action, SellShares) and c.action.company in ("MSS", "NCS")}

    assert most() == {"MSS": 1, "NCS": 2}
    with pytest.raises(IllegalAction):
        game.apply(SellShares(entity=ME, company="MSS", count=2))
    game.apply(SellShares(entity=ME, company="NCS", count=2))  # ME 2 shares, p3 3
    assert ncs.president == "p3"  # not the operating company: it may change
    assert mss.president == ME and [t.name for t in mss.trains] == ["2"]
    assert not any(isinstance(d, RaiseDecider) for d in game.pending)
