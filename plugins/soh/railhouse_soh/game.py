"""Steam Over Holland: the game, its rules plugin, and the factory the registry loads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from railhouse.engine.entities import Company
from railhouse.engine.game import Game
from railhouse.engine.privates import buy_from_bank, update_private
from railhouse.engine.rounds.base import Round
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.engine.rounds.sequence import (
    BANK_BROKEN,
    CURRENT_OR,
    FULL_OR,
    MARKET_TOP,
    RoundSequence,
)
from railhouse.engine.scoring import worth
from railhouse.gamehooks import GameHooks
from railhouse.hookspecs import hookimpl
from railhouse.map.board import Board
from railhouse.map.trains import RunContext, shared_run
from railhouse_soh import data, routing, steps
from railhouse_soh.mapdata import build_map
from railhouse_soh.online import SETS, OnlineSettings, settings_for
from railhouse_soh.plugin import TITLE
from railhouse_soh.priority_deal import PriorityDeal
from railhouse_soh.rounds import SohAuction, SohStockRound, give_nrs_share, richest_seat
from railhouse_soh.stepbase import SohTurn
from railhouse_soh.variants import Ruleset, ruleset_for
from railhouse_soh.variants.setup import forced_draw, forced_start_seat

#: facts §11.2 "Number of 6 / 3E trains": EN's 27 train cards imply a stack of six 6-trains
#: and a stack of six 3E-trains; 18xx.games has one stack of six cards, each bought as a 6
#: or a 3E (21 trains in all): the printed stacks stay, and a purchase of either takes the
#: next card of the other out of the game (the core's ``Depot.twins``)
SHARED_6_3E_STACK = {"6": "3E", "3E": "6"}


class SteamOverHolland(Game):
    info = TITLE
    config = data.config()
    turn_state = SohTurn
    route_rules = routing.RULES
    hooks_shareable = True  # SohRules and PriorityDeal keep no state
    board: Board

    def __init__(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> None:
        self.nrs_subsidy_due = False
        self.dealt_privates: list[str] = []
        self.set_number = 0
        self.ruleset: Ruleset = ruleset_for(options or {})
        self.online: OnlineSettings = settings_for(self.info.resolve_options(options))
        if self.ruleset.score_privates:  # 18xx.games scores privates still held
            self.online = replace(self.online, score_privates=True)
        if self.online.bank is not None:  # a finite bank (online edition, online.py)
            self.config = replace(data.config(), bank_cash=self.online.bank)
        super().__init__(players, options, seed)

    def _make_hooks(self) -> GameHooks:
        """The printed rules, then the variant plugins the options switch on (README
        "Rule hooks"): EN's optional rule "Start card / priority deal"."""
        variants = [PriorityDeal()] if self.options["priority_deal"] else []
        return GameHooks(rules=SohRules(), variants=variants)

    def _build(self) -> None:
        super()._build()
        self.board = Board(build_map(antwerpen_brown=self.options["antwerpen_brown"]))
        if self.ruleset.shared_6_3e_stack:
            self.depot.twins = dict(SHARED_6_3E_STACK)

    def phase_change_at_end_of_turn(self) -> bool:
        """EN "Phases": at the end of the buying company's turn; at once under the
        18xx-games rule set (facts §11.2 "When a phase change takes effect": rusting, train
        limits, private closing and tile colours change mid-turn)."""
        return not self.ruleset.immediate_phase

    def route_bonus_applies(self, company: Company) -> bool:
        """EN "Calculating revenue": only the owner of a bonus private earns a bonus."""
        return routing.has_bonus_private(self, company)

    def route_run(self, company: Company) -> RunContext:
        """The core's run; a bonus is earned only on a route through its private's stop
        (``routing.bonus_stops``): the core's trains with those stops, one shared value
        (``map.trains.shared_run``; the core's run has no other extras)."""
        run = super().route_run(company)
        stops = routing.bonus_stops(self, company)
        if stops is None:
            return run
        return shared_run(run.trains, run.offboards_allowed, run.ignore_tokens, stops)

    def discards_for_sale(self) -> bool:
        """EN "Number of trains per company": a discarded train leaves the game; under the
        18xx-games rule set it goes back on sale until its type rusts (facts §11.2 "More T
        deviations", "Discarded trains": T's ``DISCARDED_TRAINS = :discard``)."""
        return self.ruleset.discards_to_depot


class SohRules(RoundSequence["SteamOverHolland"]):
    """The printed rules as hook implementations (stateless; state lives in the game);
    EN "Game play": the auction, then 5 sets of a stock round and two ORs."""

    @hookimpl
    def railhouse_setup_game(self, game: SteamOverHolland) -> None:
        """EN "Phase 1": deal as many privates as players, the rest leave the game; the
        start card goes to a player chosen at random (EN "Game preparation")."""
        privates = sorted(game.privates)
        game.rng.shuffle(privates)
        privates = forced_draw(game.options, privates, set(game.privates))
        dealt = sorted(privates[: len(game.seats)], key=lambda p: game.privates[p].spec.number)
        for private_id in privates[len(game.seats):]:
            update_private(game, private_id, closed=True)
        game.dealt_privates = dealt
        game.priority = forced_start_seat(
            game.options, game.rng.randrange(len(game.seats)), len(game.seats))
        if game.options["distribution"] == "deal":
            deal_privates(game, dealt)

    def first_round(self, game: SteamOverHolland) -> Round[Any] | None:
        """EN "Phase 1": the privates' auction (none when they are dealt)."""
        if game.options["distribution"] == "auction":
            return SohAuction(game, game.dealt_privates, game.priority)
        return None

    def stock_round(self, game: SteamOverHolland) -> Round[Any]:
        game.set_number += 1
        return SohStockRound(game)

    def operating_round(self, game: SteamOverHolland, number: int, of: int) -> Round[Any]:
        return OperatingRound(game, number, of, game.set_number)

    def operating_rounds(self, game: SteamOverHolland) -> int:
        """EN "Game play": two per set; the online edition's count by phase (SUM
        "Operating Rounds", ``railhouse_soh.online``)."""
        return game.online.ors_per_set(game.phase.name)

    def end_after_set(self, game: SteamOverHolland) -> str | None:
        """EN "Game end": after the fifth set (the online option ``round_limit=no`` goes
        on until another ending)."""
        return "fixed_round" if game.set_number >= SETS and game.online.round_limit else None

    @hookimpl
    def railhouse_operating_steps(self, game: SteamOverHolland, company: Any) -> list[Any]:
        return steps.operating_plan(game)

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

    def game_end_checks(self, game: SteamOverHolland) -> dict[str, str]:
        """EN "Game end": a share price at the top ends the game after the current OR.
        Online edition (SUM "End of Game", option ``bank_break_end``): so does the end of
        the last OR of a set with a broken bank (in that set's stock round or ORs:
        ``railhouse_soh.online`` note [c]); the market top wins a tie."""
        checks = {MARKET_TOP: CURRENT_OR}
        if game.online.bank_break_end:
            checks[BANK_BROKEN] = FULL_OR
        return checks

    @hookimpl
    def railhouse_final_scores(self, game: SteamOverHolland) -> list[int]:
        """EN "Game end": cash plus the value of the player's shares; the online edition
        (SUM "End of Game") and the 18xx-games rule set also count the privates held."""
        return [worth(game, p.id, privates=game.online.score_privates) for p in game.seats]


def deal_privates(game: SteamOverHolland, dealt: list[str]) -> None:
    """EN "Alternative distribution": one private each, paying its printed value; the start
    card goes to the player with the most cash left."""
    order = list(dealt)
    game.rng.shuffle(order)
    for seat, private_id in enumerate(order):
        buy_from_bank(game, private_id, f"p{seat}", game.privates[private_id].spec.value)
        if private_id == "KO":
            give_nrs_share(game, f"p{seat}")
    game.priority = richest_seat(game, game.priority)


def new_game(
    players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
) -> SteamOverHolland:
    return SteamOverHolland(players, options, seed)
