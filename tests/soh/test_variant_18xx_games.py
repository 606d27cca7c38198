"""The 18xx-games rule set vs the printed rules (facts §11.2), each under both rule sets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from railhouse.engine.steps.issues import may_buy_back, may_issue
from railhouse_soh.game import SohRules
from railhouse_soh.stepbase import SohTurn
from railhouse_soh.variants import PRINTED, XXGAMES, ruleset_for
from railhouse_soh.variants.issues import issue_steps


def started(make_game: Callable[..., Any], rules: str, price_pos: int) -> tuple[Any, Any]:
    game = make_game(3, 1, rules=rules)
    company = game.companies["NBD"]
    market = game.markets["main"]
    market.place("NBD", (0, price_pos))
    return game, company


@pytest.mark.parametrize("rules, moves", [("printed", []), ("18xx-games", ["up"])])
def test_11_2_dividend_equal_to_price_EN_adjusting_share_price(
        make_game: Callable[..., Any], rules: str, moves: list[str]) -> None:
    game, company = started(make_game, rules, 8)  # 100
    assert SohRules().railhouse_price_moves_after_dividend(game, company, "payout", 100) == moves


@pytest.mark.parametrize("rules, moves", [("printed", ["up"]), ("18xx-games", ["up", "up"])])
def test_11_2_dividend_twice_the_price_EN_adjusting_share_price(
        make_game: Callable[..., Any], rules: str, moves: list[str]) -> None:
    game, company = started(make_game, rules, 3)  # 65
    assert SohRules().railhouse_price_moves_after_dividend(game, company, "payout", 130) == moves


@pytest.mark.parametrize("pos, printed, xx, xx_two", [
    (10, 0, 1, 1),  # 125: one share; T lands on the 110 ledge cell
    (11, 0, 2, 1),  # 140: T's "two drops" cap keeps a drop of one (differential, seed 118)
    (9, 0, 0, 0),   # 110: never drops in T
    (8, 0, 0, 1),   # 100: EN drop (count - 1)
])
def test_11_2_issue_ledges_EN_sell_or_buy_its_own_shares(
        make_game: Callable[..., Any], pos: int, printed: int, xx: int, xx_two: int) -> None:
    """The EN drop of an issue of 1, 2 and 4 shares is 0, 1 and 3 steps."""
    game, _ = started(make_game, "printed", pos)
    market = game.markets["main"]
    assert issue_steps(PRINTED, market, "NBD", 0) == printed
    assert issue_steps(XXGAMES, market, "NBD", 0) == xx
    assert issue_steps(XXGAMES, market, "NBD", 1) == xx_two
    assert issue_steps(XXGAMES, market, "NBD", 3) == (3 if pos == 8 else xx)


def test_11_2_one_issue_per_turn_and_no_buy_back_after_EN_sell_or_buy_its_own_shares() -> None:
    after_issue = SohTurn(issue_actions=1, issued=1)
    assert may_issue(PRINTED.issues, after_issue) and may_buy_back(PRINTED.issues, after_issue)
    assert may_issue(PRINTED.issues, after_issue, emergency=True)
    assert not may_issue(XXGAMES.issues, after_issue)
    assert not may_buy_back(XXGAMES.issues, after_issue)
    assert not may_issue(XXGAMES.issues, after_issue, emergency=True)
    assert may_issue(XXGAMES.issues, SohTurn()) and may_buy_back(XXGAMES.issues, SohTurn())


def test_rules_option_chooses_the_ruleset(make_game: Callable[..., Any]) -> None:
    assert make_game(3, 1).ruleset is PRINTED
    assert make_game(3, 1, rules="18xx-games").ruleset is XXGAMES
    with pytest.raises(ValueError, match="unknown rules"):
        ruleset_for({"rules": "house"})


def test_11_2_routes_chosen_by_the_president_EN_running_trains(
        make_game: Callable[..., Any]) -> None:
    """Printed: the engine runs the maximum (no decision); 18xx-games: a RunRoutes claim,
    asked (as 18xx.games asks) only when the company's track reaches two stops."""
    from soh_scenario import BREDA_ANTWERPEN, home_token, lay

    from railhouse.engine.steps import RouteStep
    from railhouse_soh.steps import operating_steps

    for rules, track, asks in (("printed", True, False), ("18xx-games", True, True),
                               ("18xx-games", False, False)):
        game = make_game(3, 1, rules=rules)
        company = game.companies["AR"]
        home_token(game, "AR", "J7")
        if track:
            lay(game, BREDA_ANTWERPEN)
        company.trains.append(game.depot.take("2-0"))
        step = next(s for s in operating_steps(game, "AR") if isinstance(s, RouteStep))
        assert bool(step.legal_actions()) is asks  # else the engine runs the maximum


def test_setup_options_fix_the_draw(make_game: Callable[..., Any]) -> None:
    game = make_game(3, 1, privates="KKI,VES,W", start_seat=0, rules="18xx-games")
    assert game.dealt_privates == ["KKI", "VES", "W"]
    assert game.priority == 0
