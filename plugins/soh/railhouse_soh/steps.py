"""Steam Over Holland's operating turn, step by step (EN "Operating Rounds").

Order (EN, "Each company then takes the following steps in this order"): home token on the
first run, sell or buy its own shares, buy privates (phases 3-4), lay track, place a token,
run trains, pay or withhold, buy trains; a phase change triggered in the turn happens at its
end (EN "Phases").
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from railhouse.engine.rounds.base import Step
from railhouse.engine.rounds.turnplan import StepFactory
from railhouse.engine.steps import BuyPrivateStep as CoreBuyPrivateStep
from railhouse.engine.steps import DividendStep as CoreDividendStep
from railhouse.engine.steps import HomeTokenStep as CoreHomeTokenStep
from railhouse.engine.steps import PhaseChangeStep as CorePhaseChangeStep
from railhouse.engine.steps import TokenPower, power_of
from railhouse.engine.steps import TokenStep as CoreTokenStep
from railhouse.engine.steps.issues import IssueRules, ShareIssueStep
from railhouse_soh import track, trainbuy
from railhouse_soh.mapdata import AMSTERDAM_HEX
from railhouse_soh.routing import ClaimedRouteStep, RouteStep
from railhouse_soh.stepbase import SohTurn
from railhouse_soh.variants.issues import issue_price_drop

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


class ShareDealingStep(ShareIssueStep["SteamOverHolland", SohTurn]):
    """EN "Sell or buy its own shares": sell treasury shares to the open market, up to the
    number all players hold together and keeping the market at 50% or less (price down one
    step fewer than shares sold, ledges ignored), or buy its own shares back from the
    market (no price change): the core's step, with the rule set's limits
    (``Ruleset.issues``) and price drop (``variants/issues.py``)."""

    rule = "SOH EN 'Sell or buy its own shares'"

    def __init__(self, game: SteamOverHolland, entity: str, late: bool = False) -> None:
        super().__init__(game, entity)
        self.late = late

    def issue_rules(self) -> IssueRules:
        return self.game.ruleset.issues

    def price_drop(self, already: int, count: int) -> int:
        return issue_price_drop(self.game, self.company, already, count)

    def open_now(self) -> bool:
        """18xx-games rule set, the late step (T's issue step stays open until the
        dividend step passes, facts §11.2): only while a dividend decision is still to
        come, i.e. the trains earned something (with no train or no route T skips the
        dividend at once, closing the issue step)."""
        return not self.late or self.turn.revenue > 0


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


class BuyPrivateStep(CoreBuyPrivateStep["SteamOverHolland", SohTurn]):
    """EN "Buying private companies": in phases 3 and 4 (marked ``privates_buyable``) a
    company may buy a private from any player for 1 up to its printed value, if the owner
    agrees (the core's step).  "The current owner ... may decline to sell": read as
    declining for the rest of the buyer's turn, so a refused private is not offered again
    in it (the core's ``TurnState.declined``)."""

    rule = "SOH EN 'Buying private companies'"


class PhaseChangeStep(CorePhaseChangeStep["SteamOverHolland", SohTurn]):
    """EN "Phases": a new phase begins at the end of the turn in which the first train of a
    new type was bought (the core's step)."""

    rule = "SOH EN 'Phases'"


class DividendStep(CoreDividendStep["SteamOverHolland", SohTurn]):
    """EN "Paying dividends": withhold (all to the treasury) or pay out 10% per share to
    its holder; treasury shares pay the company, market shares pay nobody (the core's
    step); "Adjusting share price" is the rules' price-move hook."""

    rule = "SOH EN 'Paying dividends'"


def operating_plan(game: SteamOverHolland) -> list[StepFactory]:
    """The factories of a company's steps, in turn order (module doc): the round makes each
    step when the turn reaches it (:mod:`railhouse.engine.rounds.turnplan`)."""
    late: list[StepFactory] = []
    before_dividend: list[StepFactory] = []
    if game.ruleset.late_issue:
        before_dividend.append(partial(ShareDealingStep, late=True))
    if game.ruleset.late_private_purchase:
        late.append(BuyPrivateStep)
    return [
        HomeTokenStep,
        ShareDealingStep,
        BuyPrivateStep,
        track.TrackStep,
        TokenStep,
        ClaimedRouteStep if game.ruleset.player_routes else RouteStep,
        *before_dividend,
        DividendStep,
        trainbuy.BuyTrainStep,
        *late,
        PhaseChangeStep,
    ]


def operating_steps(game: SteamOverHolland, company_id: str) -> list[Step[SteamOverHolland]]:
    """A company's steps, all made now (:func:`operating_plan`)."""
    return [make(game, company_id) for make in operating_plan(game)]
