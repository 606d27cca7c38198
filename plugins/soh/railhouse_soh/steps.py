"""Steam Over Holland's operating turn, step by step (EN "Operating Rounds").

Order (EN, "Each company then takes the following steps in this order"): home token on the
first run, sell or buy its own shares, buy privates (phases 3-4), lay track, place a token,
run trains, pay or withhold, buy trains; a phase change triggered in the turn happens at its
end (EN "Phases").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from railhouse.engine.actions import (
    Action,
    BuyBackShares,
    IssueShares,
    LegalAction,
    Pass,
    Range,
    RunRoutes,
)
from railhouse.engine.entities import POOL, TREASURY, Company
from railhouse.engine.errors import IllegalAction
from railhouse.engine.phases import apply_pending_phase
from railhouse.engine.rounds.base import Step
from railhouse.engine.shares import buyback_limit, move_shares
from railhouse.engine.steps import DividendStep as CoreDividendStep
from railhouse.engine.steps import HomeTokenStep as CoreHomeTokenStep
from railhouse.engine.steps import TokenPower, power_of
from railhouse.engine.steps import TokenStep as CoreTokenStep
from railhouse_soh import routing, track, trainbuy
from railhouse_soh.mapdata import AMSTERDAM_HEX
from railhouse_soh.stepbase import SohStep, SohTurn
from railhouse_soh.treasury import issue, issue_limit
from railhouse_soh.variants import issues, upgrades
from railhouse_soh.variants import routes as variant_routes

if TYPE_CHECKING:
    from railhouse_soh.game import SteamOverHolland


class HomeTokenStep(CoreHomeTokenStep["SteamOverHolland", SohTurn]):
    """EN "Placing a company token": the first token goes on the starting city (the city
    of the home hex reserved for the company: Amsterdam has two) free of charge when the
    company operates for the first time."""

    rule = "SOH EN 'Placing a company token'"

    def homes(self) -> list[tuple[str, ...]]:
        return [self.company.spec.home[:1]] if self.company.tokens_placed == 0 else []

    def placed(self, coord: str, city: int) -> None:
        self.turn.home_token = True


class ShareDealingStep(SohStep):
    """EN "Sell or buy its own shares": sell treasury shares to the open market, up to the
    number all players hold together and keeping the market at 50% or less (price down one
    step fewer than shares sold, ledges ignored), or buy its own shares back from the
    market (no price change).  One of the two, once per turn (our reading of the heading)."""

    rule = "SOH EN 'Sell or buy its own shares'"

    def __init__(self, game: SteamOverHolland, entity: str, late: bool = False) -> None:
        super().__init__(game, entity)
        self.late = late

    def legal_actions(self) -> list[LegalAction]:
        """18xx-games rule set, the late step (T's issue step stays open until the
        dividend step passes, facts §11.2): only while a dividend decision is still to
        come, i.e. the trains earned something (with no train or no route T skips the
        dividend at once, closing the issue step)."""
        if self.late and self.turn.revenue <= 0:
            return []
        legal = []
        ruleset = self.game.ruleset
        top = issue_limit(self.game, self.company, self.turn.issued)
        if top > 0 and issues.may_issue(ruleset, self.turn):
            legal.append(LegalAction(IssueShares(entity=self.entity, count=1),
                                     {"count": Range(1, top)}))
        back = buyback_limit(self.game, self.company)
        if back > 0 and issues.may_buy_back(ruleset, self.turn):
            legal.append(LegalAction(BuyBackShares(entity=self.entity, count=1),
                                     {"count": Range(1, back)}))
        if legal:
            legal.append(LegalAction(Pass(entity=self.entity)))
        return legal

    def process_issue_shares(self, action: IssueShares) -> None:
        issue(self.game, self.company, action.count)
        self.done = True

    def process_buy_back_shares(self, action: BuyBackShares) -> None:
        game, company = self.game, self.company
        price = game.share_price(company)
        game.pay(company, game.bank, price * action.count)
        move_shares(company, POOL, TREASURY, action.count)
        self.turn.buy_backs += 1
        game.event("buy_back", {"company": company.id, "count": action.count, "price": price})
        self.done = True


class TokenStep(CoreTokenStep["SteamOverHolland", SohTurn]):
    """EN "Placing a company token": one token per turn in a reachable, unblocked city; the
    second costs 40, the third and fourth 100; never two in one city (18xx-games rule set:
    in one hex); another company's home only after an upgrade opened a second slot.
    Designer ruling (facts §5): no token besides the home token in the company's first
    operating turn.  Private #5 places one free (EN "Notes on private companies")."""

    rule = "SOH EN 'Placing a company token'"

    def token_cost(self) -> int | None:
        return None if self.turn.home_token else super().token_cost()

    def one_per(self) -> str:
        """EN: per city; online (SUM) and 18xx.games (facts §11.2): per hex."""
        return "hex" if self.game.ruleset.one_token_per_hex else self.game.online.token_limit

    def powers(self) -> list[TokenPower]:
        free = power_of(self.game, self.company, "free_token")
        return [] if free is None else [TokenPower(free)]

    def may_place(self, coord: str, power: TokenPower | None) -> bool:
        return power is None or self.free_token_allowed(coord)

    def free_token_allowed(self, hex_id: str) -> bool:
        """Private #5's free token (EN "Notes on private companies": any city); the
        18xx-games rule set: not in Amsterdam (facts §11.2 "Private #5")."""
        return self.game.ruleset.free_token_amsterdam or hex_id != AMSTERDAM_HEX


class RouteStep(SohStep):
    """EN "Running trains": the company must run the routes with maximum revenue; the engine
    computes them (no decision).  18xx-games rule set: the president claims routes (18xx.games
    does not force the maximum); the legal entry carries the best claim and ``routes`` is
    free, so any claim is admitted and checked here before anything changes."""

    rule = "SOH EN 'Running trains'"
    #: the last claim validated and its (revenue, routes), reused by its processing
    checked: tuple[RunRoutes, tuple[int, list[dict[str, Any]]]] | None = None

    def chosen_by_president(self) -> bool:
        """18xx-games rule set: the president claims the routes (a RunRoutes action), when
        18xx.games asks: the company has trains and a route by its reach test (towns
        counting); otherwise the engine runs what there is (nothing, or a town route's 0)."""
        game = self.game
        if not (game.ruleset.player_routes and self.company.trains):
            return False
        if not game.ruleset.towns_make_a_route or upgrades.route_available(
                game.board, self.operator()):
            return True
        # our stand-in for 18xx.games' walk follows our order, which may miss a stop its
        # own order reaches; a route that earns proves the stops are reached
        return routing.best_routes(game, self.company).revenue > 0

    def auto(self) -> bool:
        if self.chosen_by_president():
            return False
        result = routing.best_routes(self.game, self.company)
        self.record(result.revenue, result.routes)
        return True

    def legal_actions(self) -> list[LegalAction]:
        """The best claim (by index: the maximum); any legal set of routes may be claimed."""
        if not self.chosen_by_president():
            return []
        best = routing.best_routes(self.game, self.company)
        claim = tuple(variant_routes.claim_of(r["train"], r["stops"], r["segments"])
                      for r in best.routes)
        return [LegalAction(RunRoutes(entity=self.entity, routes=claim), free=("routes",))]

    def validate(self, action: Action) -> None:
        """The claim is traced and checked now (``IllegalRoute`` names the rule broken)."""
        if not (self.chosen_by_president() and isinstance(action, RunRoutes)):
            raise IllegalAction(f"{action!r} is not legal now", self.rule)
        if action.entity != self.entity:
            raise IllegalAction(f"it is {self.entity}'s decision", self.rule)
        self.checked = (action, variant_routes.run_claimed(self.game, self.company,
                                                           action.routes))

    def process_run_routes(self, action: RunRoutes) -> None:
        if self.checked is None or self.checked[0] is not action:
            self.validate(action)
        assert self.checked is not None
        revenue, routes = self.checked[1]
        self.checked = None
        self.record(revenue, routes)

    def record(self, revenue: int, routes: Any) -> None:
        self.turn.revenue = revenue
        self.turn.routes = routes
        for train in self.company.trains:
            train.ran = True
        self.game.event("routes", {"company": self.entity, "revenue": revenue,
                                   "routes": routes})
        self.done = True


class DividendStep(CoreDividendStep["SteamOverHolland", SohTurn]):
    """EN "Paying dividends": withhold (all to the treasury) or pay out 10% per share to
    its holder; treasury shares pay the company, market shares pay nobody (the core's
    step); "Adjusting share price" is the rules' price-move hook."""

    rule = "SOH EN 'Paying dividends'"


class PhaseChangeStep(SohStep):
    """EN "Phases": a new phase begins at the end of the turn in which the first train of a
    new type was bought."""

    def auto(self) -> bool:
        apply_pending_phase(self.game)
        self.game.board.new_turn()
        self.done = True
        return True


def operating_steps(game: SteamOverHolland, company_id: str) -> list[Step[SteamOverHolland]]:
    late: list[Step[SteamOverHolland]] = []
    before_dividend: list[Step[SteamOverHolland]] = []
    if game.ruleset.late_issue:
        before_dividend.append(ShareDealingStep(game, company_id, late=True))
    if game.ruleset.late_private_purchase:
        late.append(trainbuy.BuyPrivateStep(game, company_id))
    return [
        HomeTokenStep(game, company_id),
        ShareDealingStep(game, company_id),
        trainbuy.BuyPrivateStep(game, company_id),
        track.TrackStep(game, company_id),
        TokenStep(game, company_id),
        RouteStep(game, company_id),
        *before_dividend,
        DividendStep(game, company_id),
        trainbuy.BuyTrainStep(game, company_id),
        *late,
        PhaseChangeStep(game, company_id),
    ]


def route_bonus(game: SteamOverHolland, company: Company, route: Any) -> int:
    return routing.bonus(game, company, route)
