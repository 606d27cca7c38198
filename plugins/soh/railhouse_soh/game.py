"""Steam Over Holland: the game, its rules plugin, and the factory the registry loads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from railhouse.engine.entities import Company
from railhouse.engine.game import Game
from railhouse.engine.rounds.base import Decider, GameEnd, Round
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.gamehooks import GameHooks
from railhouse.hookspecs import hookimpl
from railhouse.map.board import Board
from railhouse_soh import data, routing, steps
from railhouse_soh.mapdata import build_map
from railhouse_soh.online import OnlineSettings, settings_for
from railhouse_soh.optional import variant_plugins
from railhouse_soh.plugin import TITLE
from railhouse_soh.rounds import SohAuction, SohStockRound, give_nrs_share, richest_seat
from railhouse_soh.stepbase import SohTurn
from railhouse_soh.variants import Ruleset, ruleset_for
from railhouse_soh.variants import trains as variant_trains
from railhouse_soh.variants.setup import forced_draw, forced_start_seat

SETS = 5  # EN "Development notes": 5 sets of 1 stock round and 2 operating rounds
ORS_PER_SET = 2  # EN "Game play"


class SteamOverHolland(Game):
    info = TITLE
    config = data.config()
    turn_state = SohTurn
    route_rules = routing.RULES
    board: Board

    def __init__(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> None:
        self.nrs_subsidy_due = False
        self.dealt_privates: list[str] = []
        self.reclaimed: list[str] = []  # discarded trains for sale again (18xx-games)
        self.set_number = 0
        self.ruleset: Ruleset = ruleset_for(options or {})
        self.online: OnlineSettings = settings_for(self.info.resolve_options(options))
        if self.ruleset.score_privates:  # 18xx.games scores privates still held
            self.online = replace(self.online, score_privates=True)
        if self.online.bank is not None:  # a finite bank (online edition, online.py)
            self.config = replace(data.config(), bank_cash=self.online.bank)
        super().__init__(players, options, seed)

    def _make_hooks(self) -> GameHooks:
        return GameHooks(rules=SohRules(), variants=variant_plugins(self))

    def _build(self) -> None:
        super()._build()
        self.board = Board(build_map(antwerpen_brown=self.options["antwerpen_brown"]))

    def phase_change_at_end_of_turn(self) -> bool:
        """EN "Phases": at the end of the buying company's turn; at once under the
        18xx-games rule set (facts §11.2 "When a phase change takes effect": rusting, train
        limits, private closing and tile colours change mid-turn)."""
        return not self.ruleset.immediate_phase

    def route_bonus_applies(self, company: Company) -> bool:
        """EN "Calculating revenue": only the owner of a bonus private earns a bonus."""
        return routing.has_bonus_private(self, company)

    def discard_decider(self, company: Company) -> Decider[Any]:
        """EN "Number of trains per company": the core's discard (the train leaves the
        game); under the 18xx-games rule set it goes back on sale (facts §11.2)."""
        return variant_trains.DiscardBackToDepot(self, company)


class SohRules:
    """The printed rules as hook implementations (stateless; state lives in the game)."""

    @hookimpl
    def railhouse_setup_game(self, game: SteamOverHolland) -> None:
        """EN "Phase 1": deal as many privates as players, the rest leave the game; the
        start card goes to a player chosen at random (EN "Game preparation")."""
        privates = sorted(game.privates)
        game.rng.shuffle(privates)
        privates = forced_draw(game.options, privates, set(game.privates))
        dealt = sorted(privates[: len(game.seats)], key=lambda p: game.privates[p].spec.number)
        for private_id in privates[len(game.seats):]:
            game.privates[private_id].closed = True
        game.dealt_privates = dealt
        game.priority = forced_start_seat(
            game.options, game.rng.randrange(len(game.seats)), len(game.seats))
        if game.options["distribution"] == "deal":
            deal_privates(game, dealt)

    @hookimpl
    def railhouse_phase_changed(self, game: SteamOverHolland, old: Any, new: Any) -> None:
        """18xx-games rule set (facts §11.2, "discarded trains"): the discards put back on
        sale rust with their type, as the phase's own rusting takes the others."""
        variant_trains.rusted(game, new.name)

    @hookimpl
    def railhouse_next_round(
        self, game: SteamOverHolland, finished: Round[Any] | None
    ) -> Round[Any]:
        """EN "Game play": the auction, then 5 sets of a stock round and two ORs."""
        if finished is None and game.options["distribution"] == "auction":
            return SohAuction(game, game.dealt_privates, game.priority)
        if finished is None or isinstance(finished, SohAuction):
            game.set_number = 1
            return SohStockRound(game)
        if isinstance(finished, SohStockRound):
            return OperatingRound(game, 1, ORS_PER_SET, game.set_number)
        assert isinstance(finished, OperatingRound)
        if game.pending_end:
            return GameEnd(game, game.pending_end)
        if finished.number < finished.of:
            return OperatingRound(game, finished.number + 1, finished.of, game.set_number)
        if game.set_number >= SETS:
            return GameEnd(game, "fixed_round")
        game.set_number += 1
        return SohStockRound(game)

    @hookimpl
    def railhouse_operating_steps(self, game: SteamOverHolland, company: Any) -> list[Any]:
        return steps.operating_steps(game, company.id)

    @hookimpl
    def railhouse_route_bonus(self, game: SteamOverHolland, company: Any, route: Any) -> int:
        """EN "Calculating revenue": the ferry and Vlissingen bonuses."""
        return routing.bonus(game, company, route)

    @hookimpl
    def railhouse_price_moves_after_dividend(
        self, game: SteamOverHolland, company: Any, kind: str, total: int
    ) -> list[str]:
        """EN "Adjusting share price": withheld or no revenue: down one; paid total no
        more than the price: stay; more than the price: up one; more than twice: up two."""
        if kind != "payout" or total <= 0:
            return ["down"]
        price = game.share_price(company)
        at_equal = game.ruleset.dividend_up_at_equal  # facts §11.2: 18xx.games moves at >=

        def reaches(limit: int) -> bool:
            return total >= limit if at_equal else total > limit

        if reaches(2 * price):
            return ["up", "up"]
        if reaches(price):
            return ["up"]
        return []

    @hookimpl
    def railhouse_check_game_end(self, game: SteamOverHolland, moment: str) -> str | None:
        """EN "Game end": a share price at the top ends the game after the current OR."""
        if moment == "end_of_or":
            market = game.markets["main"]
            if any(market.cell(pos).end_game for pos in market.positions.values()):
                game.pending_end = "market_top"
                return "market_top"
        return None

    @hookimpl
    def railhouse_final_scores(self, game: SteamOverHolland) -> list[int]:
        """EN "Game end": cash plus the value of the player's shares."""
        scores = []
        for player in game.seats:
            worth = player.cash
            for company in game.companies.values():
                if company.started and not company.closed:
                    worth += company.shares_of(player.id) * game.share_price(company)
            scores.append(worth)
        return scores


def deal_privates(game: SteamOverHolland, dealt: list[str]) -> None:
    """EN "Alternative distribution": one private each, paying its printed value; the start
    card goes to the player with the most cash left."""
    order = list(dealt)
    game.rng.shuffle(order)
    for seat, private_id in enumerate(order):
        player = game.seats[seat]
        private = game.privates[private_id]
        game.pay(player, game.bank, private.spec.value)
        private.owner = player.id
        private.price_paid = private.spec.value
        if private_id == "KO":
            give_nrs_share(game, player.id)
    game.priority = richest_seat(game, game.priority)


def new_game(
    players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
) -> SteamOverHolland:
    return SteamOverHolland(players, options, seed)
