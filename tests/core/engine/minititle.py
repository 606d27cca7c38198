""""Mini": a small complete title built only from core parts, for the engine's unit tests.

Not a real game.  It has two independent markets (a 2-D ``main`` with a ledge, a
phase-dependent par cell and an end cell, and a 1-D ``local``), four companies with
certificates of several sizes, three privates (fixed, growing, negative revenue), trains
that rust at once or after their next run, three phases (OR count 1, 2, 3; train limits 4,
3, 2), a bid-up auction, stock rounds with parring, and operating turns of two steps
(dividend, buy train).  The game ends when the bank breaks (end of the OR set) or after
``SETS`` sets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from railhouse.engine.actions import BuyTrain, Dividend, LegalAction, Par, Pass
from railhouse.engine.config import (
    CompanySpec,
    MarketCell,
    MarketSpec,
    PhaseSpec,
    PrivateSpec,
    TitleConfig,
    TrainSpec,
)
from railhouse.engine.entities import Company
from railhouse.engine.game import Game
from railhouse.engine.phases import train_bought
from railhouse.engine.rounds.auction import SequentialBidAuction
from railhouse.engine.rounds.base import Round, Step
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.engine.rounds.sequence import RoundSequence
from railhouse.engine.rounds.stock import StockRound
from railhouse.engine.shares import check_float, move_shares
from railhouse.gamehooks import GameHooks
from railhouse.hookspecs import hookimpl
from railhouse.titles import TitleInfo

SETS = 4
C = MarketCell
MAIN = MarketSpec(
    "main",
    (
        (C(60), C(70, par=True), C(80), C(100, par=True, par_phases=("3", "4")),
         C(150, end_game=True)),
        (C(50), C(60, par=True), C(70, ledge_below=True), C(90), None),
        (C(40), C(50), C(60), None, None),
    ),
    one_dimensional=False,
)
LOCAL = MarketSpec("local", ((C(10), C(20), C(30, par=True), C(40), C(60), C(90)),))

CONFIG = TitleConfig(
    starting_cash={2: 600, 3: 400, 4: 300},
    certificate_limit={2: 12, 3: 9, 4: 7},
    companies=(
        CompanySpec("A", "Alpha", home=()),
        CompanySpec("B", "Beta", home=()),
        CompanySpec("C", "Gamma", home=(), shares=(20, 20, 20, 20, 20)),
        CompanySpec("L", "Local", home=(), shares=(40, 20, 20, 20), market="local",
                    kind="local", float_percent=40),
    ),
    privates=(
        PrivateSpec("P1", 1, "Fixed", value=40, revenue=10),
        PrivateSpec("P2", 2, "Growing", value=60, revenue=5, revenue_by_phase={"3": 15, "4": 30}),
        PrivateSpec("P3", 3, "Burden", value=20, revenue=-20),
    ),
    trains=(
        TrainSpec("2", 2, 80, {2: 3, 3: 4, 4: 5}, rusts_on="4"),
        TrainSpec("3", 3, 180, {2: 2, 3: 3, 4: 3}, group=1, rusts_on="4", rust_after_run=True),
        TrainSpec("4", 4, 300, {2: 2, 3: 2, 4: 2}, group=2),
        TrainSpec("D", 6, 500, {2: None, 3: None, 4: None}, group=3),
    ),
    phases=(
        PhaseSpec("2", (), (), train_limit=4, operating_rounds=1),
        PhaseSpec("3", ("3",), (), train_limit=3, operating_rounds=2),
        PhaseSpec("4", ("4",), (), train_limit=2, operating_rounds=3),
    ),
    markets=(MAIN, LOCAL),
    bank_cash=4000,
    unsold_shares_at="ipo",
)

MINI = TitleInfo(
    id="mini", name="Mini (engine test title)", designer="railhouse", min_players=2,
    max_players=4, version="1", rules_source="tests/core/engine/minititle.py",
    game_factory="minititle:new_game",
)  # fmt: skip


class MiniGame(Game):
    info = MINI
    config = CONFIG

    def __init__(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                 seed: int = 0, *, hooks: Any = None) -> None:
        self.set_number = 0
        super().__init__(players, options, seed, hooks=hooks)

    def _make_hooks(self) -> GameHooks:
        return GameHooks(rules=MiniRules())


class MiniAuction(SequentialBidAuction["MiniGame"]):
    def on_end(self) -> None:
        self.game.priority = self.opener


class MiniStockRound(StockRound["MiniGame"]):
    """Par: buy the president's certificate at a par price open in this phase."""

    def par_choices(self, me: str) -> list[LegalAction]:
        game = self.game
        cash = game.player(me).cash
        legal = []
        for company in game.companies.values():
            if company.started or not self.can_take_certificates(me, 1):
                continue
            units = company.certs[0].percent // 10
            for _, cell in game.market_of(company).par_cells(game.phase.name):
                if cell.price * units <= cash:
                    legal.append(LegalAction(Par(entity=me, company=company.id, price=cell.price)))
        return legal

    def process_par(self, action: Par) -> None:
        game = self.game
        company = game.company(action.company)
        market = game.market_of(company)
        market.place(company.id, market.find_par(action.price, game.phase.name))
        company.started, company.president, company.par_price = True, action.entity, action.price
        pres = company.certs[0]
        game.pay(game.player(action.entity), game.bank, action.price * pres.percent // 10)
        pres.owner = action.entity
        self.started_this_round.add(company.id)
        self.after_purchase(action.entity)

    def process_buy_shares(self, action: Any) -> None:
        company = self.game.company(action.company)
        if action.source == "ipo":  # IPO shares pay the company (incremental capital)
            game = self.game
            game.pay(game.player(action.entity), company,
                     game.share_price(company) * action.count)
            move_shares(company, "ipo", action.entity, action.count)
            self.after_purchase(action.entity)
        else:
            super().process_buy_shares(action)

    def buy_sources(self, company: Company) -> list[str]:
        sources = ["ipo"] if any(not c.president for c in company.certs_of("ipo")) else []
        return sources + (["pool"] if company.certs_of("pool") else [])

    def after_purchase(self, me: str) -> None:
        for company in self.game.companies.values():
            check_float(self.game, company)
        super().after_purchase(me)

    def on_round_end(self) -> None:
        """Sold-out companies move up (right on a 1-D market)."""
        for company in self.game.operating_companies():
            if company.player_percent() == 100:
                self.game.market_of(company).move(company.id, "up")
        self.game.check_end("end_of_sr")


class DividendStep(Step["MiniGame"]):
    """Revenue 10 per city a train reaches (its distance); pay out or withhold."""

    rule = "mini dividends"

    def revenue(self) -> int:
        return sum(10 * t.spec.distance for t in self.game.companies[self.entity].trains)

    def legal_actions(self) -> list[LegalAction]:
        if self.revenue() == 0:
            return []
        return [LegalAction(Dividend(entity=self.entity, kind=k)) for k in ("payout", "withhold")]

    def auto(self) -> bool:
        if not self.legal_actions():
            self.settle("withhold", 0)
            self.done = True
        return self.done

    def process_dividend(self, action: Dividend) -> None:
        self.settle(action.kind, self.revenue())
        self.done = True

    def settle(self, kind: str, revenue: int) -> None:
        game = self.game
        company = game.companies[self.entity]
        kept = []
        for train in company.trains:
            if train.rusted:  # "rusts after its next run" (1839)
                game.depot.discarded.append(train.to(None))
            else:
                kept.append(train.having_run())
        company.trains[:] = kept
        if kind == "payout" and revenue:
            per_share = revenue // 10
            for player in game.seats:
                game.pay(game.bank, player, per_share * company.shares_of(player.id))
            game.pay(game.bank, company, per_share * company.shares_of("pool"))
        elif revenue:
            game.pay(game.bank, company, revenue)
        market = game.market_of(company)
        moves = game.hooks.price_moves_after_dividend(game, company, kind, revenue)
        for move in moves:
            market.move(company.id, move, operated=True)
        if not moves:
            market.move(company.id, "up", 0, operated=True)


class BuyTrainStep(Step["MiniGame"]):
    rule = "mini trains"

    def legal_actions(self) -> list[LegalAction]:
        game = self.game
        company = game.companies[self.entity]
        if len(company.trains) >= game.phase.train_limit:
            return []
        legal = [LegalAction(BuyTrain(entity=self.entity, train=t.id, price=t.spec.price))
                 for t in game.depot.available() if t.spec.price <= company.cash]
        return [*legal, LegalAction(Pass(entity=self.entity))] if legal else []

    def process_buy_train(self, action: BuyTrain) -> None:
        game = self.game
        company = game.companies[self.entity]
        train = game.depot.take(action.train)
        game.pay(company, game.bank, action.price)
        company.trains.append(train.to(company.id))
        game.event("train_bought", {"company": company.id, "train": train.id})
        train_bought(game, train.name)


class MiniRules(RoundSequence["MiniGame"]):
    """Auction, then sets of one stock round and ``phase.operating_rounds`` ORs (the
    core's :class:`RoundSequence`)."""

    @hookimpl
    def railhouse_setup_game(self, game: MiniGame) -> None:
        game.priority = game.rng.randrange(len(game.seats))

    def first_round(self, game: MiniGame) -> Round[Any]:
        return MiniAuction(game, sorted(game.privates), game.priority)

    def stock_round(self, game: MiniGame) -> Round[Any]:
        game.set_number += 1
        return MiniStockRound(game)

    def operating_round(self, game: MiniGame, number: int, of: int) -> Round[Any]:
        return OperatingRound(game, number, of, game.set_number)

    def end_after_set(self, game: MiniGame) -> str | None:
        if game.bank.broken:
            return "bank_broken"
        return "fixed_round" if game.set_number >= SETS else None

    @hookimpl
    def railhouse_operating_steps(self, game: MiniGame, company: Company) -> list[Step[Any]]:
        return [DividendStep(game, company.id), BuyTrainStep(game, company.id)]

    @hookimpl
    def railhouse_price_moves_after_dividend(self, game: MiniGame, company: Company, kind: str,
                                              total: int) -> list[str]:
        return ["right"] if kind == "payout" and total > 0 else ["left"]

    @hookimpl
    def railhouse_check_game_end(self, game: MiniGame, moment: str) -> str | None:
        return None

    @hookimpl
    def railhouse_final_scores(self, game: MiniGame) -> list[int]:
        scores = []
        for player in game.seats:
            worth = player.cash
            for company in game.operating_companies():
                worth += company.shares_of(player.id) * game.share_price(company)
            scores.append(worth)
        return scores


def new_game(players: Sequence[str], options: Mapping[str, Any] | None = None,
             seed: int = 0) -> MiniGame:
    return MiniGame(players, options, seed)
