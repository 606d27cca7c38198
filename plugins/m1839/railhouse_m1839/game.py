"""1839: the game, its rules plugin and the factory the registry loads.

State beyond the core's: the map (``board``: the core board of ``mapdata.build_map``), the
number cards (``cards``), the brown privates' Majors (``brown_assignment``), DRU's train
(``dru_train`` / ``dru_holder``), companies that have operated since floating
(``operated_since_float``, A-08), players barred from parring (``barred_from_par``,
R-7.3.9), queued new-Local powers and the set/purple bookkeeping.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from railhouse.engine.entities import IPO, Company, Train
from railhouse.engine.game import Game
from railhouse.engine.rounds.base import Round
from railhouse.engine.rounds.sequence import RoundSequence
from railhouse.engine.scoring import worth
from railhouse.gamehooks import GameHooks
from railhouse.hookspecs import hookimpl
from railhouse.map.board import Board
from railhouse.map.trains import RouteView
from railhouse.map.trains import TrainSpec as RouteTrain
from railhouse_m1839 import data, routing, trains
from railhouse_m1839.auction import DiscountAuction
from railhouse_m1839.cards import NumberCards
from railhouse_m1839.mapdata import build_map
from railhouse_m1839.observe import title_state
from railhouse_m1839.operating import M1839OperatingRound, operating_steps
from railhouse_m1839.plugin import TITLE
from railhouse_m1839.setup import setup
from railhouse_m1839.stock import M1839StockRound
from railhouse_m1839.turn import M1839Turn


class M1839(Game):
    info = TITLE
    config = data.config()
    turn_state = M1839Turn
    route_rules = routing.RULES
    hooks_shareable = True  # M1839Rules keeps no state
    board: Board
    phase_events = trains.PHASE_EVENTS
    #: R-8.3.D.4 / R-16.4.3: each train is its own choice (R trains that ran differ)
    each_train_a_choice = True

    def __init__(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
                 seed: int = 0) -> None:
        self.cards = NumberCards()
        self.brown_assignment: dict[str, str] = {}
        self.dru_train: Train | None = None
        self.dru_holder: str | None = None
        self.operated_since_float: set[str] = set()
        self.barred_from_par: set[str] = set()
        self.new_local_queue: list[str] = []
        self.nationalisation_due = False
        self.ors_played = 0
        self.set_number = 0
        self.set_started_in_purple = False
        self.sr_count = 0
        super().__init__(players, options, seed)

    def _make_hooks(self) -> GameHooks:
        return GameHooks(rules=M1839Rules())

    def _build(self) -> None:
        super()._build()
        self.board = Board(build_map(self.options))

    train_limit = trains.train_limit
    on_private_closed = trains.private_closed

    def concede(self, player_id: str) -> None:
        """R-9.1: a concession is handled as a bankruptcy (R-9.2-R-9.9)."""
        from railhouse_m1839.money import go_bankrupt

        go_bankrupt(self, player_id)

    def players_after(self, player_id: str) -> list[str]:
        """R-7.6.3/4 (A-41): presidency ties go by the rotating card order."""
        rotation = self.cards.rotation_after(player_id)  # a fresh list
        for seat in self.seats:  # (a plain loop: fewer instructions than map/attrgetter)
            if seat.bankrupt:  # (the cards name seats only: a set of ids, no seat look-up)
                gone = {s.id for s in self.seats if s.bankrupt}
                return [p for p in rotation if p not in gone]
        return rotation

    def reset_company(self, company: Company) -> None:
        """After nationalisation: a Major is gone, a Local returns to the supply (R-14.7.3)."""
        company.floated = company.started = False
        company.president = None
        company.par_price = None
        company.operated_count = 0
        company.tokens_placed = 0
        self.operated_since_float.discard(company.id)
        spec = self.config.company(company.id)
        if spec.kind == "major":
            company.closed = True
        company.spec = spec  # the charter's (frozen: shared, as clones share it)
        ledger = company.ledger
        ledger.give(list(range(len(ledger.owners))), IPO)  # every certificate, one change

    def redeal_by_cash(self) -> None:
        """R-6.8: re-deal the cards by ascending cash, ties keeping their previous order."""
        order = self.cards.order()
        ranked = sorted(order, key=lambda p: (self.player(p).cash, order.index(p)))
        self.cards.redeal(ranked)
        self.event("cards", {"order": ranked})

    # -- the route question (railhouse.engine.routes; R-16 in routing.py) --------------
    route_operator = routing.operator
    route_run = routing.run_context

    def route_train(self, train: Train) -> RouteTrain:
        return routing.route_train(train.spec, train.id)

    def route_bonus_applies(self, company: Company) -> bool:
        """R-12.4.3: only a Major reaches Ruhrgebiet (Locals run no off-board)."""
        return not routing.is_local(company)


class M1839Rules(RoundSequence["M1839"]):
    """The v2 rules as hook implementations (stateless; state lives in the game); the
    rounds (R-5.1, R-5.2): the auction, then SR and a set of ORs whose size is fixed by the
    phase at the end of the SR."""

    @hookimpl
    def railhouse_setup_game(self, game: M1839) -> None:
        setup(game)

    @hookimpl
    def railhouse_observe_title_state(self, game: M1839) -> dict[str, Any]:
        """R-5.4: the public state only 1839 has (number cards, DRU's train, ...)."""
        return title_state(game)

    def first_round(self, game: M1839) -> Round[Any]:
        """R-5.1: the auction of the privates still in the game."""
        return DiscountAuction(game, [p.id for p in game.privates.values() if not p.closed])

    def stock_round(self, game: M1839) -> Round[Any]:
        game.sr_count += 1
        return M1839StockRound(game, first=game.sr_count == 1)

    def operating_round(self, game: M1839, number: int, of: int) -> Round[Any]:
        """R-5.2: a set of ORs, as many as the phase at the end of the SR says."""
        if number == 1:
            game.barred_from_par.clear()
            game.set_number += 1
            game.set_started_in_purple = game.phase.name == "PU"
        return M1839OperatingRound(game, number, of, game.set_number)

    def end_after_set(self, game: M1839) -> str | None:
        """R-10.1.4 (A-31): the first set of ORs that starts in purple (option: the set in
        which purple began) ends the game."""
        if game.options["purple_end"] == "purple_began":
            over = game.phase.name == "PU"
        else:
            over = game.set_started_in_purple
        return "purple_set_complete" if over else None

    @hookimpl
    def railhouse_operating_steps(self, game: M1839, company: Any) -> list[Any]:
        return operating_steps(game, company)

    @hookimpl
    def railhouse_route_bonus(self, game: M1839, route: RouteView) -> int:
        """R-12.4.3 / A-37: Ruhrgebiet's value on a Major's route."""
        return routing.ruhr_bonus(game, route)

    @hookimpl
    def railhouse_price_moves_after_dividend(self, game: M1839, company: Any, kind: str,
                                             total: int) -> list[str]:
        """R-8.3.C.6: below the price left one (one more if 0 for lack of a train); at least
        the price right one, at least twice the price right two."""
        price = game.share_price(company)
        if total < price:
            return ["left", "left"] if total == 0 and not company.trains else ["left"]
        return ["right", "right"] if total >= 2 * price else ["right"]

    @hookimpl
    def railhouse_final_scores(self, game: M1839) -> list[int]:
        """R-10.2: cash + privates' face value (RH 0) + shares at current price; a bankrupt
        player scores 0 (R-9.6)."""
        return [0 if p.bankrupt else worth(game, p.id, privates=True) for p in game.seats]


def new_game(players: Sequence[str], options: Mapping[str, Any] | None = None,
             seed: int = 0) -> M1839:
    return M1839(players, options, seed)
