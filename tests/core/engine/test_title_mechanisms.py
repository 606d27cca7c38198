"""Core mechanisms a title uses as data or small overrides: the buy-or-discount auction
(1839 R-6), a company leaving play (SOH EN "Bankruptcy", 1839 R-14.7.2), a company window
(1839 R-8.3.8), ``Game.phase_reached``, the tile catalogue and the half dividend."""

from __future__ import annotations

import pytest
from engine_positions import floated_a, mini
from minititle import MiniGame

from railhouse.engine.actions import BuyPrivate, Discount, LegalAction, Pass
from railhouse.engine.entities import IPO, Company
from railhouse.engine.errors import IllegalAction
from railhouse.engine.privates import update_private
from railhouse.engine.rounds.discount import BuyOrDiscountAuction
from railhouse.engine.rounds.window import CompanyWindow
from railhouse.engine.steps import DividendStep
from railhouse.engine.turnstate import TurnState
from railhouse.engine.windup import wind_up
from railhouse.map import library


class Sale(BuyOrDiscountAuction[MiniGame]):
    ended = False

    def on_end(self) -> None:
        self.ended = True


def _sale(players: int = 3) -> tuple[MiniGame, Sale]:
    game = mini(players)
    sale = Sale(game, ["P1", "P2"])  # face values 40 and 60
    game.round = sale
    return game, sale


def test_discount_auction_two_actions_then_the_next_seat_r_6_4() -> None:
    game, sale = _sale()
    assert sale.acting_entity() == "p0"
    game.apply(Discount(entity="p0", target="P2"))
    assert sale.price("P2") == 40
    # an item discounted this turn cannot be bought in the same turn
    assert BuyPrivate(entity="p0", target="P2", price=40) not in [
        c.action for c in game.legal_actions()]
    game.apply(BuyPrivate(entity="p0", target="P1", price=40))
    assert game.privates["P1"].owner == "p0" and sale.acting_entity() == "p1"


def test_discount_auction_free_item_bought_first_and_no_discount_r_6_5_1() -> None:
    game, sale = _sale()
    sale.discounts["P1"] = 40
    sale._start_turn()
    legal = [c.action for c in game.legal_actions()]
    assert legal == [BuyPrivate(entity="p0", target="P1", price=0)]


def test_discount_auction_ends_when_the_last_item_is_bought() -> None:
    game, sale = _sale(2)
    game.apply(BuyPrivate(entity="p0", target="P1", price=40))
    game.apply(BuyPrivate(entity="p0", target="P2", price=60))
    assert sale.finished and sale.ended


def test_concession_is_the_titles_and_refused_by_default() -> None:
    game = mini()
    with pytest.raises(IllegalAction):
        game.concede("p0")


def test_wind_up_empties_the_company() -> None:
    game, company = floated_a(cash=300)
    train = game.depot.take(game.depot.available()[0].id)
    company.trains.append(train.to(company.id))
    update_private(game, "P1", owner=company.id)
    company.privates.append("P1")
    bank = game.bank.cash
    wind_up(game, company, certificates_to=IPO, reason="test")
    assert company.cash == 0 and game.bank.cash == bank + 300
    assert not company.trains and train in game.depot.discarded and train.owner is None
    assert game.privates["P1"].closed and not company.privates
    assert all(c.owner == IPO for c in company.certs)
    assert company.id not in game.market_of(company).positions


class Window(CompanyWindow[MiniGame]):
    def eligible(self, company: Company) -> bool:
        return company.id != "B"

    def legal_actions(self) -> list[LegalAction]:
        company = self.current()
        return [] if company is None else [LegalAction(Pass(entity=company.id))]


def test_company_window_asks_each_eligible_company_once_then_closes() -> None:
    game = mini()
    window = Window(game, ["A", "B", "C"])
    game.pending.append(window)
    assert window.acting_entity() == "A"
    window.process(Pass(entity="A"))
    assert window.acting_entity() == "C"  # B is not eligible
    window.process(Pass(entity="C"))
    assert window not in game.pending and window.current() is None


def test_phase_reached() -> None:
    game = mini()
    first, second = (p.name for p in game.config.phases[:2])
    assert game.phase_reached(first) and not game.phase_reached(second)
    assert not game.phase_reached("no such phase")


def test_tile_catalogue_own_tiles_over_standard_ones() -> None:
    tiles = library.catalogue(["57", "X1"], {"X1": ("yellow", "c30x1:0,3", "Z")})
    assert list(tiles) == ["57", "X1"]
    assert tiles["57"] is library.get("57")
    assert tiles["X1"].label == "Z" and tiles["X1"].stops[0].revenue == 30


def test_half_dividend_keeps_half_rounded_down_to_ten_1839_r_8_3_c_3() -> None:
    game, company = floated_a(cash=0)
    step = DividendStep[MiniGame, TurnState](game, company.id)
    assert step.split("half", 150) == (8, 70)  # A-12: the shareholders' part rounds up
    assert step.split("half", 140) == (7, 70)
