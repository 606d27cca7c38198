"""The knobs that separate the printed rules from 18xx.games' implementation.

A :class:`Ruleset` is chosen once from the title option ``rules`` ("printed", the default,
or "18xx-games") and stored on the game as ``game.ruleset``; the steps read its fields and
never test the option's name.  Every 18xx-games value below is a row of facts/soh.md
§11.2 ("Printed rules (EN) vs T"); the printed value is EN's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from railhouse.engine.cloning import shared_on_copy
from railhouse.engine.steps.issues import IssueRules
from railhouse.map.restriction import PERMISSIVE, SEMI_RESTRICTIVE

#: EN/FAQ: any number of issues and buy-backs within the cumulative limit, the 50% pool
EN_ISSUES = IssueRules()


@shared_on_copy  # immutable fields only: a clone shares it, unchecked
@dataclass(frozen=True)
class Ruleset:
    """Behaviour knobs (all default to the printed rules, EN).

    ``dividend_up_at_equal``: a payout equal to the price (or twice it) already moves the
    price (§11.2 "Dividend thresholds": T uses >=; EN "Adjusting share price": more than).
    ``upgrade_same_turn_lay``: a hex laid this turn may be upgraded in the same turn (EN
    "Laying track" allows it; T forbids the second lay on a hex laid that turn).
    ``immediate_phase``: a phase starts when its first train is bought (T), not at the end
    of the buying company's turn (EN "Phases").
    ``first_sr_sales``: shares may be sold in the first stock round (EN yes; T no).
    ``sell_started_this_round``: shares of a company started this stock round may be sold
    (EN "Selling shares" no; T yes, after the first stock round).
    ``issues``: the core's :class:`~railhouse.engine.steps.issues.IssueRules`.  T (facts
    §11.2 "One issue or buy-back per turn", "Issuing shares"): one issue or one buy-back
    per turn, no buy-back after an issue, no emergency issue after a voluntary one (a
    buy-back does not count: T's ``issued_shares`` records issues only), at most 5 shares
    in the pool after an issue; EN/FAQ: any number within the cumulative limit, the 50%
    pool (the two caps agree at the printed 50%).
    ``issue_ledges``: the ledge caps apply to issues (T's apparent bug, §11.2).
    ``shared_6_3e_stack``: one stack of six trains, each bought as a 6 or a 3E (T).
    ``nrs_subsidy``: private #7's subsidy to NRS (EN yes; T yes too: its generic
    ``after_par`` pays it, facts §11.2 as corrected 2026-11-27).
    ``nrs_subsidy_unsold``: the subsidy is also paid when #7 was dealt but left unsold
    (T: ``after_par`` pays for every dealt private with the share ability, sold or not;
    found by the differential, seed 5); EN: it pays for the share that came with #7.
    ``one_token_per_hex``: a company may not have two tokens in one hex (T: no second
    token on Amsterdam's other station, facts §11.2 "Tokens on one hex"; EN is silent
    and forbids only two in one city).
    ``discount_trains``: train names private #6 discounts (None = every bank train, EN).
    ``free_token_amsterdam``: private #5's free token may go in Amsterdam (T: no).
    ``player_routes``: the president chooses the routes (RunRoutes with explicit routes,
    validated for legality), as on 18xx.games, when its reach test finds a route (the
    core's ``ClaimedRouteStep``); otherwise the engine runs the maximum.
    ``auction_tie_to_holder_left``: after the auction, a tie for most cash goes to the
    holder or the first tied player to the left (EN); T gives it to the first tied player
    counting from the player who opened the first auction (its seating order).
    ``opener_skips_broke``: the next private is opened by the player after the last
    opener, skipping for good one who cannot afford any private left (T); EN: the start
    card moves one seat left after each private.
    ``all_pass_ends_auction``: everybody passing on a private ends the auction, the rest
    removed unsold (T); EN: only that private is removed.
    ``track_restriction``: T's ``:semi_restrictive``: a company's own lay replacing track
    must add track it can use or change a stop's value (:mod:`railhouse.map.restriction`);
    EN ``permissive``: the tile must connect to the company's route.
    ``towns_make_a_route``: whether a company has a route (so must buy a train) is T's
    ``route_info``: two revenue stops reached, towns included
    (:func:`railhouse.map.restriction.route_available`); EN: a valid route, city to city.
    ``emergency_issue_capped``: an emergency issue may not exceed the shares the shortfall
    needs (T's ``selling_minimum_shares?``); EN: up to the normal limit.
    ``no_close_after_sale``: after the president's emergency sale the company must buy
    the train, it may no longer go bankrupt (T's ``BuyTrain#process_pass``), and each
    company's shares are sold in one block (``BuyTrain#can_sell?``), so each block
    offered keeps the train payable (``ForcedPurchaseRaise.whole_blocks``); EN lets the
    president choose bankruptcy instead of the sale, and sell the necessary shares.
    ``discards_to_depot``: a train discarded over the limit goes back to the depot, for
    sale again (T ``DISCARDED_TRAINS = :discard``); EN: it leaves the game.
    ``score_privates``: a player's final worth includes the face value of the privates
    still held (T's ``player.rb``, facts §11.2 "Player value at the end"); the same knob
    as the online edition's ``score_privates`` option (EN: cash and shares only).
    ``late_private_purchase``: a company may also buy a private after buying trains (T's
    buy-company step stays open to the end of the turn; EN lists it before track).
    ``late_issue``: a company may also issue or buy back after running its trains, before
    the dividend (T's share step stays open until then; EN: first step of the turn).
    """

    name: str = "printed"
    dividend_up_at_equal: bool = False
    upgrade_same_turn_lay: bool = True
    immediate_phase: bool = False
    first_sr_sales: bool = True
    sell_started_this_round: bool = False
    issues: IssueRules = EN_ISSUES
    issue_ledges: bool = False
    shared_6_3e_stack: bool = False
    nrs_subsidy: bool = True
    nrs_subsidy_unsold: bool = False
    one_token_per_hex: bool = False
    discount_trains: frozenset[str] | None = None
    free_token_amsterdam: bool = True
    player_routes: bool = False
    auction_tie_to_holder_left: bool = True
    opener_skips_broke: bool = False
    all_pass_ends_auction: bool = False
    score_privates: bool = False
    track_restriction: str = PERMISSIVE
    towns_make_a_route: bool = False
    emergency_issue_capped: bool = False
    no_close_after_sale: bool = False
    discards_to_depot: bool = False
    late_private_purchase: bool = False
    late_issue: bool = False


PRINTED = Ruleset()

XXGAMES = Ruleset(
    name="18xx-games",
    dividend_up_at_equal=True,
    upgrade_same_turn_lay=False,
    immediate_phase=True,
    first_sr_sales=False,
    sell_started_this_round=True,
    issues=IssueRules(per_turn=1, buy_back_after_issue=False, emergency_after_issue=False,
                      pool_share_cap=5),
    issue_ledges=True,
    shared_6_3e_stack=True,
    nrs_subsidy_unsold=True,
    one_token_per_hex=True,
    discount_trains=frozenset({"3", "4", "5"}),
    free_token_amsterdam=False,
    player_routes=True,
    auction_tie_to_holder_left=False,
    opener_skips_broke=True,
    all_pass_ends_auction=True,
    score_privates=True,
    track_restriction=SEMI_RESTRICTIVE,
    towns_make_a_route=True,
    emergency_issue_capped=True,
    no_close_after_sale=True,
    discards_to_depot=True,
    late_private_purchase=True,
    late_issue=True,
)

RULESETS: Mapping[str, Ruleset] = {PRINTED.name: PRINTED, XXGAMES.name: XXGAMES}


def ruleset_for(options: Mapping[str, Any]) -> Ruleset:
    """The ruleset the ``rules`` option names (printed when absent)."""
    name = options.get("rules", PRINTED.name)
    try:
        return RULESETS[name]
    except KeyError:
        raise ValueError(f"unknown rules {name!r}; choose one of {sorted(RULESETS)}") from None
