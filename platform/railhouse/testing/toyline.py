""""Toy Line": a small but complete 18xx built from the core, the worked example of
``docs/writing-a-title.md``.

Rules (this docstring is the rulebook the title cites):

- **Map** (T-1): one printed line, all track pre-printed gray: the off-board *West* (20,
  from phase 4 on 40), *Ashby* (city 20, two slots), *Cole* (town 10), *Bexley* (city 30,
  two slots), the off-board *East* (30, then 60).  Each company's home token stands on its
  home city from the start.
- **Privates** (T-2): two, sold in a bid-up auction before the first stock round; unsold
  ones pass to the next player.  In phase 3 (marked ``privates_buyable``) a company may buy
  one from a player for 1 up to face value, the holder agreeing.  Phase 4 closes them all.
- **Stock round** (T-3): par a company at 60 or 80 (the president's 20% certificate), buy
  10% shares from the treasury (paying the company) or the pool, sell to the pool.  A
  company floats at 50% sold.
- **Operating turn** (T-4), in order: buy a private, run trains (the maximum; a route from
  off-board to off-board earns 50 more), pay out (a tenth per share to each holder, price
  right) or withhold (price left), buy trains from the bank or another company (at most
  the phase's limit; a company without a train must buy one, its president raising the
  money), and a phase triggered in the turn begins at its end.
- **Trains and phases** (T-5): 2 (80, rusts in phase 4), 3 (180, starts phase 3: limit 3,
  two ORs), 4 (300, starts phase 4: limit 2, off-boards pay more, privates close).
- **End** (T-6): after four sets of one stock round and the phase's ORs, or at the end of
  the set in which the bank broke; the score is cash plus shares at market price.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from railhouse.engine import config as data
from railhouse.engine.actions import LegalAction, Par
from railhouse.engine.entities import Company
from railhouse.engine.game import Game
from railhouse.engine.rounds.auction import SequentialBidAuction
from railhouse.engine.rounds.base import GameEnd, Round, Step
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.engine.rounds.stock import StockRound
from railhouse.engine.shares import check_float
from railhouse.engine.steps import (
    BuyPrivateStep,
    BuyTrainStep,
    DividendStep,
    PhaseChangeStep,
    RouteStep,
)
from railhouse.engine.turnstate import TurnState
from railhouse.gamehooks import GameHooks
from railhouse.hookspecs import hookimpl
from railhouse.map.board import Board
from railhouse.map.mapdef import HexDef, MapDef, Offboard
from railhouse.map.tiles import tile
from railhouse.map.trains import RouteView
from railhouse.titles import TitleInfo

SETS = 4
THROUGH_BONUS = 50  # T-4: off-board to off-board

TITLE = TitleInfo(
    id="toyline", name="Toy Line (worked example)", designer="railhouse", min_players=2,
    max_players=4, version="1", rules_source="railhouse.testing.toyline module docstring",
    game_factory="railhouse.testing.toyline:new_game", distribution="railhouse",
)  # fmt: skip


def build_map() -> MapDef:
    """T-1: West - Ashby - Cole - Bexley - East, west to east (edge 1 = W, 4 = E)."""
    hexes = {
        "A1": HexDef("A1", tile("", "red", "o:4"), "West", fixed=True,
                     offboard=Offboard("A1", (20, 40))),
        "A3": HexDef("A3", tile("", "gray", "c20x2:1,4"), "Ashby", fixed=True),
        "A5": HexDef("A5", tile("", "gray", "t10:1,4"), "Cole", fixed=True),
        "A7": HexDef("A7", tile("", "gray", "c30x2:1,4"), "Bexley", fixed=True),
        "A9": HexDef("A9", tile("", "red", "o:1"), "East", fixed=True,
                     offboard=Offboard("A9", (30, 60))),
    }  # fmt: skip
    return MapDef(hexes=hexes, tiles={}, supply={})


C = data.MarketCell
CONFIG = data.TitleConfig(
    starting_cash={2: 500, 3: 400, 4: 300},
    certificate_limit={2: 14, 3: 10, 4: 8},
    companies=(
        data.CompanySpec("RED", "Red Line", home=("A3",), float_percent=50),
        data.CompanySpec("BLU", "Blue Line", home=("A7",), float_percent=50),
    ),
    privates=(
        data.PrivateSpec("P1", 1, "Ashby Tramway", value=40, revenue=10),
        data.PrivateSpec("P2", 2, "Cole Quarry", value=70, revenue=15),
    ),
    trains=(
        data.TrainSpec("2", 2, 80, {2: 4, 3: 4, 4: 5}, rusts_on="4"),
        data.TrainSpec("3", 3, 180, {2: 2, 3: 3, 4: 3}, group=1),
        data.TrainSpec("4", 4, 300, {2: None, 3: None, 4: None}, group=2),
    ),
    phases=(
        data.PhaseSpec("2", (), ("gray",), train_limit=4, operating_rounds=1),
        data.PhaseSpec("3", ("3",), ("gray",), train_limit=3, operating_rounds=2,
                       events=("privates_buyable",)),
        data.PhaseSpec("4", ("4",), ("gray",), train_limit=2, operating_rounds=2,
                       events=("close_privates",), offboard_column=1),
    ),
    markets=(data.MarketSpec("main", ((C(40), C(50), C(60, par=True), C(70), C(80, par=True),
                                       C(100), C(120), C(150)),)),),
    bank_cash=6000,
    phase_change_at_end_of_turn=True,
)


class ToyLine(Game):
    info = TITLE
    config = CONFIG
    board: Board

    def __init__(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                 seed: int = 0) -> None:
        self.set_number = 0
        super().__init__(players, options, seed)

    def _make_hooks(self) -> GameHooks:
        return GameHooks(rules=ToyRules())

    def _build(self) -> None:
        super()._build()
        self.board = Board(build_map())
        for company in self.companies.values():  # T-1: home tokens from the start
            self.board.place_token(company.spec.home[0], 0, company.id)
            company.tokens_placed = 1


class ToyAuction(SequentialBidAuction[ToyLine]):
    """T-2: the privates, in number order, each bid up from face value."""


class ToyStockRound(StockRound[ToyLine]):
    """T-3: par at a par cell (the president's 20% certificate), buy from the treasury
    (paying the company) or the pool; floating at 50% sold."""

    def par_choices(self, me: str) -> list[LegalAction]:
        game = self.game
        cash = game.player(me).cash
        if not self.can_take_certificates(me, 1):
            return []
        return [LegalAction(Par(entity=me, company=company.id, price=cell.price))
                for company in game.companies.values() if not company.started
                for _, cell in game.market_of(company).par_cells(game.phase.name)
                if cell.price * 2 <= cash]

    def process_par(self, action: Par) -> None:
        game, company = self.game, self.game.company(action.company)
        market = game.market_of(company)
        market.place(company.id, market.find_par(action.price, game.phase.name))
        company.started, company.president, company.par_price = True, action.entity, action.price
        game.pay(game.player(action.entity), company, action.price * 2)
        company.certs[0].owner = action.entity
        self.started_this_round.add(company.id)
        self.after_purchase(action.entity)

    def after_purchase(self, me: str) -> None:
        for company in self.game.companies.values():
            check_float(self.game, company)
        super().after_purchase(me)


class ToyRouteStep(RouteStep[ToyLine, TurnState]):
    """T-4: the core runs the maximum; the through bonus is the rules' route bonus."""

    rule = "Toy Line T-4"


class ToyRules:
    """The rule hooks (T-2 .. T-6)."""

    @hookimpl
    def railhouse_setup_game(self, game: ToyLine) -> None:
        game.priority = game.rng.randrange(len(game.seats))

    @hookimpl
    def railhouse_next_round(self, game: ToyLine, finished: Round[Any] | None) -> Round[Any]:
        if finished is None:
            return ToyAuction(game, sorted(game.privates), game.priority)
        if isinstance(finished, OperatingRound) and finished.number < finished.of:
            return OperatingRound(game, finished.number + 1, finished.of, game.set_number)
        if isinstance(finished, ToyStockRound):
            return OperatingRound(game, 1, game.phase.operating_rounds, game.set_number)
        if game.bank.broken:
            return GameEnd(game, "bank_broken")
        if game.set_number >= SETS:
            return GameEnd(game, "fixed_rounds")
        game.set_number += 1
        return ToyStockRound(game)

    @hookimpl
    def railhouse_operating_steps(self, game: ToyLine, company: Company) -> list[Step[Any]]:
        return [
            BuyPrivateStep[ToyLine, TurnState](game, company.id),
            ToyRouteStep(game, company.id),
            DividendStep[ToyLine, TurnState](game, company.id),
            BuyTrainStep[ToyLine, TurnState](game, company.id),
            PhaseChangeStep[ToyLine, TurnState](game, company.id),
        ]

    @hookimpl
    def railhouse_route_bonus(self, route: RouteView) -> int:
        """T-4: a route from off-board to off-board earns 50 more."""
        return THROUGH_BONUS if route.kinds[0] == route.kinds[-1] == "offboard" else 0

    @hookimpl
    def railhouse_price_moves_after_dividend(self, kind: str, total: int) -> list[str]:
        return ["right"] if kind == "payout" and total > 0 else ["left"]

    @hookimpl
    def railhouse_check_game_end(self, game: ToyLine, moment: str) -> str | None:
        return None  # T-6: the end comes through railhouse_next_round

    @hookimpl
    def railhouse_final_scores(self, game: ToyLine) -> list[int]:
        """T-6: cash plus shares at market price."""
        return [player.cash + sum(company.shares_of(player.id) * game.share_price(company)
                                  for company in game.companies.values() if company.started)
                for player in game.seats]


class ToyLinePlugin:
    """The title's registration (entry point group ``railhouse.titles``)."""

    @hookimpl
    def railhouse_register_titles(self, register: Any) -> None:
        register(TITLE)


def new_game(players: Sequence[str], options: Mapping[str, Any] | None = None,
             seed: int = 0) -> ToyLine:
    return ToyLine(players, options, seed)

